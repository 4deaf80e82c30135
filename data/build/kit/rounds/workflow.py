"""A workflow of parallel readers: one Workflow script whose agents read independent sources side by side.

The round is the same in every domain: the manager may not open the governing document nor the
superseded one it replaces, so it composes one Workflow script that defines a reader per source
(each with exactly the tools and paths it uses) and runs them with ``parallel()``; from the
results (a JSON-encoded notification) it binds the governing figures and the stale ones, and
writes a note whose ``## Rejected claims`` section names the superseded source and its figures.
The check spec asks for the workflow itself (``workflow(n, parallel)``), evidence that a reader
opened the governing document, and a decoy of each superseded figure outside that section.

The script has one form everywhere (``script``): ``derive_needs.py`` and the domain tests read
each ``defineAgent`` from one line, and every ``agent()`` names its type by the string
``defineAgent`` returns, so a reader's grant and task can be found by its name.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kit import conditions as cond
from kit.conditions import Condition
from kit.trajectory import Call, run_workflow

REJECTED = "Rejected claims"
"""The section of a note where a superseded source and its figures may be named."""
RESULT_NL = r"(?:\\n|\n)"
"""A line break in a bind pattern over a Workflow's results: the notification is JSON, so it reads ``\\n``."""


@dataclass(frozen=True)
class Reader:
    """One agent type of a workflow and the one task it is given.

    ``paths`` are workspace-relative (the grant), ``task`` is the prompt of its ``agent()`` call
    as plain text (the script quotes it), ``system_prompt`` what it is told it is for.
    """

    name: str
    tools: tuple[str, ...]
    paths: tuple[str, ...]
    system_prompt: str
    task: str
    model_key: str = "llm"


def js(text: str) -> str:
    """``text`` as a JavaScript string literal (JSON's form, UTF-8 kept)."""
    return json.dumps(text, ensure_ascii=False)


def const_name(name: str) -> str:
    """The script's constant for the agent type ``name`` (``doc_reader`` -> ``docReader``)."""
    head, *rest = name.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def define(r: Reader) -> str:
    """The ``defineAgent`` line of reader ``r`` (one line: the form ``derive_needs.py`` reads)."""
    return (
        f"const {const_name(r.name)} = defineAgent({{name: {js(r.name)}, model_key: {js(r.model_key)}, "
        f"tools: {js_list(r.tools)}, accessible_paths: {js_list(r.paths)}, system_prompt: {js(r.system_prompt)}}});"
    )


def js_list(items: Iterable[str]) -> str:
    return "[" + ", ".join(js(i) for i in items) + "]"


def script(phase: str, readers: Sequence[Reader]) -> str:
    """The Workflow script: every reader defined, then all of them run at once with ``parallel()``.

    The results come back in the order of ``readers``; the script logs and returns them.
    """
    thunks = [f"  () => agent({js(r.task)}, {{agentType: {js(r.name)}}})," for r in readers]
    return (
        "\n".join(define(r) for r in readers)
        + f"\nphase({js(phase)});\nconst results = await parallel([\n"
        + "\n".join(thunks)
        + "\n]);\nlog(results);\nreturn results;\n"
    )


def call(name: str, phase: str, readers: Sequence[Reader]) -> Call:
    """The Workflow call named ``name`` running ``readers`` in parallel under ``phase``."""
    if len(readers) < 2:
        raise ValueError(f"workflow {name!r}: a parallel workflow needs at least two readers")
    return run_workflow(name, script(phase, readers))


# ---------------------------------------------------------------------------------- the note
def note(title: str, lines: Sequence[str], rejected: Sequence[str], text: str = "") -> str:
    """The rule/decision note: a title, its labelled lines (``${var:..}`` values), an optional
    paragraph, and the ``## Rejected claims`` bullets that name the superseded source."""
    body = f"# {title}\n\n" + "".join(f"{line}\n" for line in lines)
    if text:
        body += f"\n{text}\n"
    return body + f"\n## {REJECTED}\n\n" + "".join(f"- {r}\n" for r in rejected)


# ---------------------------------------------------------------------------------- conditions
def parallel_readers(min_agents: int = 2) -> Condition:
    """The round ran one Workflow whose ``min_agents`` agents ran side by side."""
    return cond.workflow(min_agents, True)


def stale_named(path: str, names: Iterable[str], message: str | None = None) -> Condition:
    """The note's ``## Rejected claims`` names the superseded source (one of ``names``)."""
    return cond.contains(path, any=names, section=REJECTED, message=message)


def superseded(
    path: str,
    tokens: Iterable[str | int | float],
    *,
    markers: Iterable[str] = (),
    labels: Sequence[str] = (),
    short_only: bool = True,
    as_text: bool = False,
) -> list[Condition]:
    """A decoy per figure of the superseded source: stated only inside ``## Rejected claims``.

    ``labels`` go with a token under four characters (the engine needs them there), or with
    every token when ``short_only`` is false.
    """
    out = []
    for t in tokens:
        short = len(str(t)) < 4
        given = labels if short or not short_only else ()
        out.append(cond.decoy(path, t, sections=[REJECTED], markers=markers, labels=given, as_text=as_text))
    return out
