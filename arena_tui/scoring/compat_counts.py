"""The earlier release's counters, kept beside the scoring fold and fed the same events.

:mod:`arena_tui.scoring.compat` turns them into the earlier release's metrics; nothing of
the arena's own scores reads them. The fold decides which scenario attempt an event belongs
to (a retry or resume starts a fresh :class:`ScenarioCompat` with its fresh score) and which
arguments a finished tool call was made with; this module only counts what the earlier
release counted, so its definitions stay in one place and the fold stays the arena's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arena_tui import events as ev
from arena_tui.vocabulary import FILE_TOOLS


@dataclass
class SubagentCompat:
    """One subagent as the earlier release counted it."""

    reachable_at_creation: int = 0
    """Files reachable when the grant was made (its WPP denominator; later growth ignored)."""
    tools_done: set[str] = field(default_factory=set)
    """Tools that did their work (its "used": past the scope check, no error; Bash always)."""
    accessed: set[str] = field(default_factory=set)
    """Files handled by Read/Write/Edit, created ones included (its WPP numerator)."""
    forbidden: int = 0
    """Refusals it counted: file tools refused a path outside the scope."""


@dataclass
class ScenarioCompat:
    """One scenario attempt as the earlier release counted it."""

    maf: int = 0
    """The manager's refusals it counted (file tools outside the scope only)."""
    inv: dict[str, int] = field(default_factory=dict)
    """Its invocation keys: ``new+runtime``, ``continue+background``, ``workflow``…"""
    soc: int = 0
    """Foreground RunSubagent calls with a JSON schema (its structured output)."""
    subagents: dict[str, SubagentCompat] = field(default_factory=dict)


def count_compat(compat: ScenarioCompat, event: ev.Event, arguments: dict[str, Any] | None) -> None:
    """Count one event of the scenario attempt ``compat`` belongs to.

    ``arguments`` are those of the call a :class:`~arena_tui.events.ToolResult` finishes (the
    fold keeps them from its ``ToolCalled``); ``None`` for other events or an unknown call.
    """
    if isinstance(event, ev.SubagentCreated):
        compat.subagents[event.subagent_id] = SubagentCompat(reachable_at_creation=len(event.reachable_files))
    elif isinstance(event, ev.ForbiddenAccess):
        if not (event.reason == "path_outside_scope" and event.tool in FILE_TOOLS):
            return  # Bash, grants and ungranted tools were not counted there
        if event.agent_id in (None, ev.MAIN_AGENT):
            compat.maf += 1
        elif (sub := compat.subagents.get(event.agent_id)) is not None:
            sub.forbidden += 1
    elif isinstance(event, ev.ToolResult):
        sub = compat.subagents.get(event.agent_id or "")
        if sub is not None:
            _tool_result(sub, event)
        elif event.tool == "RunSubagent" and arguments and not event.invalid:
            compat.soc += isinstance(arguments.get("schema"), dict) and not arguments.get("run_in_background")
    elif isinstance(event, ev.SubagentRunStarted):
        mode = "runtime" if event.mode == "foreground" else event.mode
        key = "workflow" if event.via == "Workflow" else f"{'continue' if event.continued else 'new'}+{mode}"
        compat.inv[key] = compat.inv.get(key, 0) + 1


def _tool_result(sub: SubagentCompat, event: ev.ToolResult) -> None:
    if event.invalid or event.forbidden:
        return
    if not event.is_error:
        sub.tools_done.add(event.tool)
    elif event.tool == "Read":
        # A Read that found its file in scope but could not show it (a document that does not
        # parse, a file too large unpaged): the earlier Read had already counted itself used and
        # the file read, so TPS and WPS count it; the arena figures do not.
        if event.files:
            sub.tools_done.add(event.tool)
            sub.accessed.update(touch.path for touch in event.files)
        return
    sub.accessed.update(touch.path for touch in event.files if touch.op != "bash")
