"""Workflow scripts: JS that orchestrates subagents, run in an embedded QuickJS engine.

The engine is independent of the agent runtime, which plugs in through
:class:`WorkflowHost`. Python owns every side effect; the script only computes.
See ``docs/workflow.md``.
"""

from __future__ import annotations

from arena_tui.tools.workflow.host import LogLevel, WorkflowHost, WorkflowHostError, WorkflowResult, WorkflowStatus
from arena_tui.tools.workflow.runner import run_workflow
from arena_tui.tools.workflow.scripts import resolve_script_path, save_script

__all__ = [
    "LogLevel",
    "WorkflowHost",
    "WorkflowHostError",
    "WorkflowResult",
    "WorkflowStatus",
    "resolve_script_path",
    "run_workflow",
    "save_script",
]
