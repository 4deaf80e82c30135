"""The reference manager's trajectory: turns, tool calls and the patterns that bind values.

A turn is ``{"content": ..., "tool_calls": [...], "bind": {...}}`` (the last two only when
given); a bind pattern ``{"re": ..., "as": ...}`` names the value a regex takes from what the
manager was told, so a deliverable is filled from ``${var:NAME}`` and never by the script.

Paths in calls are workspace-relative and prefixed with ``${workspace}`` (``WS``); a subagent is
named once and its id and session are the ``${subagent:NAME}`` and ``${session:NAME}``
placeholders the runner fills in. Keyword order is the order of the arguments in
solution/trajectory.json, so each builder writes them in one fixed order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Call = dict[str, Any]
Turn = dict[str, Any]

WS = "${workspace}"
"""The placeholder the runner replaces with the workspace's absolute path."""
STDOUT = r"--- stdout ---\s*"
"""Where a subagent's reply quotes the output of the command it ran."""
PERCEIVED = r"\(perceived\):.*?"
"""Where a subagent's reply reports what it perceived in a media file; the value may stand on a later
line (a bind pattern is matched with ``re.S``)."""
PERCEIVED_ON_LINE = r"\(perceived\):[^\n]*?"
"""Where a subagent's reply reports what it perceived in a media file, the value on that same line."""
MEDIA_READER = {"image": "vlm", "video": "vlm", "audio": "omni"}
"""The pool key of the subagent created to read a media file of each kind."""


def call(_tool: str, **arguments: Any) -> Call:
    """One tool call (``_tool`` is positional so a tool argument may be called ``tool``)."""
    return {"name": _tool, "arguments": arguments}


def turn(content: str, *calls: Call, bind: dict[str, Any] | None = None) -> Turn:
    t: Turn = {"content": content}
    if calls:
        t["tool_calls"] = list(calls)
    if bind:
        t["bind"] = bind
    return t


def bind(pattern: str, kind: str = "text", **extra: Any) -> dict[str, Any]:
    """A value to take from the text the manager was told: the first group of ``pattern``, read as ``kind``."""
    return {"re": pattern, "as": kind, **extra}


def calc(op: str, *args: Any) -> dict[str, Any]:
    """A value the runner calculates (``op``: sum, sub, add_workdays, ...) over values bound before."""
    return {"calc": op, "args": list(args)}


def var(name: str) -> str:
    """The placeholder of the bound value ``name``."""
    return "${var:" + name + "}"


# ---------------------------------------------------------------------------------- tool calls
def read(rel: str) -> Call:
    return call("Read", file_path=f"{WS}/{rel}")


def write_call(rel: str, content: str) -> Call:
    """A Write of the workspace file ``rel`` (the build's own file writer is ``kit.files.write``)."""
    return call("Write", file_path=f"{WS}/{rel}", content=content)


def edit(rel: str, old: str, new: str) -> Call:
    """An Edit of the workspace file ``rel`` replacing the first ``old`` with ``new``."""
    return call("Edit", file_path=f"{WS}/{rel}", old_string=old, new_string=new, replace_all=False)


def bash(command: str, description: str) -> Call:
    return call("Bash", command=command, description=description)


def create(name: str, model_key: str, tools: Sequence[str], paths: Sequence[str], prompt: str) -> Call:
    """A subagent with exactly ``tools`` and the workspace paths ``paths``."""
    return call(
        "CreateSubagent",
        name=name,
        model_key=model_key,
        tools=list(tools),
        accessible_paths=list(paths),
        system_prompt=prompt,
    )


def run(
    name: str,
    description: str,
    prompt: str,
    *,
    resume: bool = False,
    background: bool = False,
    session_last: bool = False,
) -> Call:
    """Run the subagent ``name`` (``resume``: in its earlier session).

    ``session_id`` stands after ``subagent_id``, or with ``session_last`` after every other argument.
    """
    session = {"session_id": f"${{session:{name}}}"} if resume else {}
    first, last = ({}, session) if session_last else (session, {})
    return call(
        "RunSubagent",
        subagent_id=f"${{subagent:{name}}}",
        **first,
        description=description,
        prompt=prompt,
        run_in_background=background,
        **last,
    )


def run_workflow(name: str, script: str) -> Call:
    """A Workflow call running ``script`` (its agents defined in the script itself)."""
    return call("Workflow", name=name, args={}, script=script)
