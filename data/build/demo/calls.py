"""The tool calls both demo reference managers make (``sc_*.py``: ``trajectory()``).

Built on ``kit.trajectory``: paths are workspace-relative and prefixed with ``${workspace}``;
a subagent is named once and its id and session are the ``${subagent:NAME}`` and
``${session:NAME}`` placeholders the runner fills in. Keyword order is the order of the
arguments in solution/trajectory.json, so it stays as written.
"""

from __future__ import annotations

from collections.abc import Sequence

from kit.trajectory import Call, call

WS = "${workspace}"
STDOUT = r"--- stdout ---\s*"
"""Where a subagent's reply quotes the output of the command it ran."""
PERCEIVED = r"\(perceived\):.*?"
"""Where a subagent's reply reports what it perceived in a media file."""


def read(rel: str) -> Call:
    return call("Read", file_path=f"{WS}/{rel}")


def write(rel: str, content: str) -> Call:
    return call("Write", file_path=f"{WS}/{rel}", content=content)


def edit(rel: str, old: str, new: str) -> Call:
    return call("Edit", file_path=f"{WS}/{rel}", old_string=old, new_string=new, replace_all=False)


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


def run(name: str, description: str, prompt: str, *, resume: bool = False, background: bool = False) -> Call:
    """Run the subagent ``name`` (``resume``: in its earlier session)."""
    session = {"session_id": f"${{session:{name}}}"} if resume else {}
    return call(
        "RunSubagent",
        subagent_id=f"${{subagent:{name}}}",
        **session,
        description=description,
        prompt=prompt,
        run_in_background=background,
    )


def run_workflow(name: str, script: str) -> Call:
    """A Workflow call running ``script`` (its agents defined in the script itself)."""
    return call("Workflow", name=name, args={}, script=script)
