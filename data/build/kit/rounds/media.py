"""The media reading: a subagent that perceives a media file reports its values, the manager writes them.

A media round's record is an image, a recording or a video that the manager cannot read itself,
and a text source in the workspace (an OCR or EXIF reading, a transcript, a scraped export) that
disagrees with it: the modality decoy. The mechanics are the same in every domain:

- a reader is created on the pool key that perceives the file's kind (``MEDIA_READER``) with
  ``Read`` and exactly the media file(s), while the manager reads the text source itself;
- the reader is asked, in the foreground, for the values; what the manager read off the text
  source is bound when the reply arrives (its wrong values, to quote them where they are rejected);
- the deliverables (a JSON record and notes with a ``## Rejected claims`` section) are written
  from the values bound from what the reader reported as perceived (``PERCEIVED``,
  ``PERCEIVED_ON_LINE``, ``PERCEIVED_ANY_LINE``);
- the checks: each value, the text source named under ``## Rejected claims`` (its wrong values
  quoted there), each wrong value never stated as fact outside that section nor in the record,
  and the values reported by a subagent whose model perceives the file (``MEDIA_MODELS``).

A domain passes its words (narration, prompts, file names) and its values; the way each value is
checked (its tolerance, the spellings accepted) and the patterns that bind it stay the domain's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kit import conditions
from kit.conditions import Condition
from kit.rounds import final
from kit.trajectory import MEDIA_READER, PERCEIVED_ON_LINE, Call, Turn, create, run, turn

REJECTED = "Rejected claims"
"""The section of the notes where the text source is named and its wrong values are quoted."""
PERCEIVED_ANY_LINE = PERCEIVED_ON_LINE + r"(?:\n[^\n]*?)*?"
"""Where a reader reports what it perceived, the value on that line or, line by line, on a later one."""


# ---------------------------------------------------------------------------------- turns
READER_PROMPT = (
    "You perceive media files and report exactly what they show or say, with every name, number, id, date and "
    "time as written."
)
"""A media reader's system prompt where the scenario has nothing of its own to tell it (what to look for)."""


@dataclass(frozen=True)
class Reader:
    """The subagent that perceives a media file: its name, the file's kind (image, audio, video),
    the workspace paths it is granted (the media file, and only what it must also see) and its
    system prompt (``READER_PROMPT`` unless the scenario says what to look for). Its pool key is
    the one that perceives that kind."""

    name: str
    kind: str
    paths: tuple[str, ...]
    system_prompt: str = READER_PROMPT

    @property
    def model_key(self) -> str:
        return MEDIA_READER[self.kind]

    def create(self) -> Call:
        """The CreateSubagent call: the perceiving key, ``Read`` only, exactly ``paths``."""
        return create(self.name, self.model_key, ["Read"], self.paths, self.system_prompt)

    def ask(self, description: str, prompt: str) -> Call:
        """The RunSubagent call asking for the values, in the foreground (the manager waits for them)."""
        return run(self.name, description, prompt)


@dataclass(frozen=True)
class Asking:
    """The words of a reading: the narration of the turn that creates the reader (``creates``)
    and of the turn that asks it (``asks``), the run's description and its prompt."""

    creates: str
    asks: str
    description: str
    prompt: str


def reading_turns(
    reader: Reader, words: Asking, *, also: Sequence[Call] = (), decoy_binds: dict[str, Any] | None = None
) -> list[Turn]:
    """The reader created (with ``also``, typically the manager's own Read of the text source), then asked.

    ``decoy_binds`` take the text source's wrong values off the manager's Read; they are bound on
    the turn of the question, once that Read's result has arrived.
    """
    return [
        turn(words.creates, reader.create(), *also),
        turn(words.asks, reader.ask(words.description, words.prompt), bind=decoy_binds or None),
    ]


def writing_turns(says: str, writes: Sequence[Call], binds: dict[str, Any], done: str) -> list[Turn]:
    """The deliverables written in one turn from the values ``binds`` take off the reader's report, then ``done``."""
    return [turn(says, *writes, bind=binds), turn(done)]


def json_record(rows: Iterable[tuple[str, str, bool]]) -> str:
    """A JSON record template: each ``(key, value, number)``, the value (a ``${var:...}``) quoted unless a
    number (the final record's form, ``kit.rounds.final.json_record``)."""
    return final.json_record({key: value if number else f'"{value}"' for key, value, number in rows})


def notes(title: str, paragraphs: Sequence[str], rejected: Sequence[str]) -> str:
    """Notes on a media file: the title, its paragraphs (where it was read, the values) and a
    ``## Rejected claims`` section with one bullet per claim of the text source rejected."""
    body = "".join(p + "\n\n" for p in paragraphs)
    return f"# {title}\n\n{body}## {REJECTED}\n\n" + "".join(f"- {r}\n" for r in rejected)


# ---------------------------------------------------------------------------------- conditions
def perceived(file: str, kind: str, values: list[Any], deliverable: str, *, as_text: bool = False) -> Condition:
    """The ``values`` were reported, before ``deliverable`` was written, by a subagent that opened
    ``file`` on a model that perceives its ``kind``."""
    return conditions.evidence(file, values, deliverable, conditions.MEDIA_MODELS[kind], as_text=as_text)


def named(path: str, names: Sequence[str], message: str) -> Condition:
    """``## Rejected claims`` of ``path`` names the text source (any of ``names``)."""
    return conditions.contains(path, any=names, section=REJECTED, message=message)


def quoted(path: str, values: Sequence[str]) -> Condition:
    """Every wrong value of the text source is quoted in ``## Rejected claims`` of ``path``."""
    return conditions.contains(path, all=values, section=REJECTED)


@dataclass(frozen=True)
class Decoy:
    """A wrong value of the text source: ``token``, the ``labels`` of its line in the notes and
    those in the JSON record (``json_labels``; ``None`` where the record is not checked for it)."""

    token: Any
    labels: Sequence[str] = ()
    json_labels: Sequence[str] | None = ()

    def refuted(self, notes_path: str) -> Condition:
        """The token stands in the notes only inside ``## Rejected claims``."""
        return conditions.decoy(notes_path, self.token, sections=[REJECTED], labels=self.labels)

    def kept_out(self, record: str) -> Condition:
        """The token is never a value of the JSON record."""
        return conditions.decoy(record, self.token, labels=self.json_labels or ())


def refutation(
    notes_path: str,
    record: str | None,
    decoys: Sequence[Decoy],
    *,
    names: Sequence[str],
    message: str,
    quote: Sequence[str] | None = None,
) -> list[Condition]:
    """The checks against the text source: named in the notes (its values ``quote`` quoted there),
    then each wrong value refuted in the notes and kept out of the JSON ``record``."""
    out = [named(notes_path, names, message)]
    if quote is not None:
        out.append(quoted(notes_path, quote))
    for d in decoys:
        out.append(d.refuted(notes_path))
        if record is not None and d.json_labels is not None:
            out.append(d.kept_out(record))
    return out
