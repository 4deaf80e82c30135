"""Tally rounds: large exports counted by a tool that a runner subagent runs, and the update that resumes it.

The manager may not open the exports (they are delegate-only and longer than a context), so it
creates a *runner*: an ``llm`` subagent granted the export folder (or files) and the tally tool,
with ``Bash`` (and ``Read`` where the domain lets it read the folder's index). The runner is asked
to run the tool and report its output verbatim, in the background while the manager does other
work, several side by side when the exports are split (fan-out). Every figure of the tally
deliverable is then a ``${var:NAME}`` bound from the ``--- stdout ---`` block of that reply.

When a late file or a corrected one lands, the *same* runner is resumed in its session
(``session_id``), the tally is run again, the deliverables are rewritten and the earlier total is
kept only where it is marked superseded.

The round's checks are one ``json`` condition per figure of the tally (and the file names as its
keys), an ``evidence`` condition per export file (a subagent that opened it reported its figures),
a background run (``in_background``) and, after an update, ``resumed``. The domains pass their
words (prompts, narration, keys of their tool) and their figures.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kit.conditions import SUPERSEDED, Condition, condition, decoy, evidence, jkeys, jv
from kit.trajectory import STDOUT, WS, Call, Turn, bind, call, create, run, turn

Binds = dict[str, dict[str, Any]]
"""Bind patterns by variable name (``kit.trajectory.bind``'s form)."""
Figure = tuple[str, Any, float]
"""One checked figure of a tally: its key, the expected value and the tolerance written in the spec."""

JSON_STDOUT = STDOUT + r"(\{.*?\n\})"
"""The JSON object a tool prints indented (its closing brace starts a line), whole."""
JSON_LINE_STDOUT = STDOUT + r'(\{"files": [^\n]*\})'
"""The JSON object a tool prints on one line (``{"files": ...}``), whole."""


@dataclass(frozen=True)
class Field:
    """One figure a tally tool prints on an output line as ``key=value``.

    ``value`` is the regex of the value (``\\d+``), ``kind`` the bind kind it is read as. A line
    is ``<row> key=value key=value ...``: the row is an export's file name or ``TOTAL``.
    """

    key: str
    value: str
    kind: str = "text"


# ---------------------------------------------------------------------------------- calls
def tool_command(tool: str, inputs: Iterable[str], flags: str = "") -> str:
    """The command line running the workspace tool ``tool`` over ``inputs`` (workspace-relative paths
    or globs), with ``flags`` appended as written."""
    return " ".join([f"python3 {WS}/{tool}", *(f"{WS}/{p}" for p in inputs)]) + flags


def runner_prompt(what: str) -> str:
    """The system prompt of a runner of ``what`` (the tool as the domain names it)."""
    return f"You run the {what} exactly as instructed and report its output verbatim."


def runner(name: str, paths: Sequence[str], system_prompt: str, *, tools: Sequence[str] = ("Read", "Bash")) -> Call:
    """The runner: an ``llm`` subagent granted ``paths`` (the exports and the tool) and ``tools``
    (``Bash`` to run the tool, ``Read`` where it also reads the folder's index); ``system_prompt``
    is the domain's wording, ``runner_prompt`` where it has none of its own."""
    return create(name, "llm", tools, paths, system_prompt)


def tool_prompt(command: str, *, before: str = "", first: str = "", after: str = "") -> str:
    """What a runner is asked: to run ``command`` and report its output verbatim (the reply's
    ``--- stdout ---`` block is what the tally binds read). ``before`` says why (a sentence),
    ``first`` is what it does before running it (reading the folder's index), ``after`` a remark."""
    verb = f"{first}, then run" if first else "Run"
    return f"{before}{verb} {command} and report the output verbatim{after}."


def run_tool(
    name: str,
    description: str,
    command: str,
    *,
    before: str = "",
    first: str = "",
    after: str = "",
    background: bool = False,
    resume: bool = False,
    session_last: bool = False,
) -> Call:
    """Run the runner ``name`` on ``command`` (``background``: side by side with the manager's work;
    ``resume``: in its earlier session, after an update)."""
    prompt = tool_prompt(command, before=before, first=first, after=after)
    return run(name, description, prompt, resume=resume, background=background, session_last=session_last)


def list_exports(name: str, description: str, folder: str) -> Call:
    """Ask the runner for the export folder's index (``_index.md``), which names every export."""
    return run(name, description, f"Read {WS}/{folder}/_index.md and report it verbatim.")


def exports_bind(pattern: str, fmt: str) -> dict[str, Any]:
    """The export files named in the index the runner reported (``pattern``'s group, each written
    through ``fmt``), joined by spaces: the arguments of the tool command."""
    return bind(pattern, "list", fmt=fmt)


def before_resume(says: str, name: str, *also: Call) -> Turn:
    """The turn before the runner ``name`` is resumed: the team listed, its session inspected, then ``also``."""
    return turn(says, call("ListSubagents"), call("InspectSubagent", session_id="${session:" + name + "}"), *also)


# ---------------------------------------------------------------------------------- binds
def line_binds(row: str, fields: Sequence[Field], names: Sequence[str | None]) -> Binds:
    """The figures of the output line ``row`` (a regex: ``re.escape`` of a file name, or ``TOTAL``):
    ``names[i]`` takes ``fields[i]``, read after the fields before it (a ``None`` name is skipped)."""
    out: Binds = {}
    lead = row
    for f, name in zip(fields, names, strict=True):
        if name is not None:
            out[name] = bind(lead + rf"\s+{f.key}=({f.value})", f.kind)
        lead += rf"\s+{f.key}={f.value}"
    return out


def file_binds(files: Sequence[str], fields: Sequence[Field], names: Sequence[Sequence[str]]) -> Binds:
    """``line_binds`` of every file's line, in file order (``names[i]``: the variables of ``files[i]``)."""
    out: Binds = {}
    for f, ns in zip(files, names, strict=True):
        out.update(line_binds(re.escape(f), fields, ns))
    return out


def json_figure(key: str, value: str, kind: str = "text", after: str = "") -> dict[str, Any]:
    """The figure ``key`` of the JSON a tool printed (``"key": value``, ``value`` its regex), found
    after ``after`` (a regex: where the object starts, when the key may stand earlier too)."""
    return bind(after + f'"{re.escape(key)}": ({value})', kind)


# ---------------------------------------------------------------------------------- deliverables
def json_doc(group: str, rows: Mapping[str, Sequence[tuple[str, str]]], totals: Sequence[tuple[str, str]]) -> str:
    """The tally deliverable as JSON text: ``{group: {file: {key: slot, ...}}, key: slot, ...}``, one
    file a line. A slot is the value as written, a ``${var:NAME}`` (quoted for text)."""
    lines = ",\n".join(
        f'    "{name}": {{' + ", ".join(f'"{k}": {slot}' for k, slot in figs) + "}" for name, figs in rows.items()
    )
    tail = ",\n".join(f'  "{k}": {slot}' for k, slot in totals)
    return f'{{\n  "{group}": {{\n{lines}\n  }},\n{tail}\n}}\n'


def csv_doc(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """The tally deliverable as CSV text: ``header`` and one line per row (cells as written)."""
    return "".join(",".join(cells) + "\n" for cells in [header, *rows])


# ---------------------------------------------------------------------------------- conditions
def json_tally(
    path: str, group: str, rows: Mapping[str, Sequence[Figure]], totals: Sequence[Figure]
) -> list[Condition]:
    """The tally JSON at ``path``: exactly the files of ``rows`` under ``group``, each figure of each
    file and each total (``jv``, with the tolerance each figure gives)."""
    out = [jkeys(path, [group], list(rows))]
    for name, figs in rows.items():
        out += [jv(path, [group, name, key], value, tol) for key, value, tol in figs]
    return out + [jv(path, [key], value, tol) for key, value, tol in totals]


def file_evidence(folder: str, values: Mapping[str, Sequence[Any]], deliverable: str) -> list[Condition]:
    """Per export file of ``folder``: a subagent that opened it reported ``values[file]`` before
    ``deliverable`` was written (only the tool's runner can have)."""
    return [evidence(f"{folder}/{name}", list(v), deliverable) for name, v in values.items()]


def in_background(message: str) -> Condition:
    """A RunSubagent ran with ``run_in_background`` in this round (``message`` when none did)."""
    return condition("called", tool="RunSubagent", args={"run_in_background": True}, message=message)


def table(
    path: str,
    key: str,
    keys: list[str],
    rows: list[dict[str, Any]],
    columns: list[str] | None = None,
    tol: float | None = None,
) -> Condition:
    """The CSV ``path`` (with ``columns``) has a row per ``keys`` in its ``key`` column, with the ``rows``'
    cells (numbers within ``tol`` where given)."""
    head = {"columns": columns} if columns else {}
    within = {"tol": tol} if tol is not None else {}
    return condition("table", path=path, **head, key=key, keys=keys, **within, rows=rows)


def superseded(path: str, old: Any, labels: Sequence[str], markers: Sequence[str] = SUPERSEDED) -> Condition:
    """The total an update replaced (``old``) is never stated as current in ``path``: only beside a
    word of ``markers`` (or, with no markers, not at all under ``labels``)."""
    return decoy(path, str(old), markers=markers, labels=labels)
