"""The team around the manager: subagents, background tasks, workflows, and the conversation
(transcript turns, reminders and task notifications)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from arena_tui.events.base import (
    EventBase,
    ReminderKind,
    RunMode,
    StopReason,
    TaskKind,
    TaskStatus,
    ToolCallSpec,
    Usage,
)
from arena_tui.vocabulary import ModelKey, WorkflowRunFacts

# --- subagents and background work ----------------------------------------------------


class SubagentCreated(EventBase):
    kind: Literal["subagent_created"] = "subagent_created"
    subagent_id: str
    name: str
    model_key: ModelKey
    tools: list[str]
    accessible_paths: list[str]
    reachable_files: list[str]
    via: Literal["CreateSubagent", "Workflow"] = "CreateSubagent"
    system_prompt: str = ""


class SubagentScopeGrown(EventBase):
    """Files an update added under an existing grant (they join WPP's denominator)."""

    kind: Literal["subagent_scope_grown"] = "subagent_scope_grown"
    subagent_id: str
    added_files: list[str]


class SubagentRunStarted(EventBase, WorkflowRunFacts):
    kind: Literal["subagent_run_started"] = "subagent_run_started"
    subagent_id: str
    mode: RunMode
    continued: bool
    task_id: str | None = None
    description: str = ""
    prompt: str = ""
    via: Literal["RunSubagent", "Workflow"] = "RunSubagent"


class SubagentRunFinished(EventBase):
    kind: Literal["subagent_run_finished"] = "subagent_run_finished"
    subagent_id: str
    status: Literal["completed", "failed", "stopped"]
    result: str = ""
    reason: str = ""
    turns: int = 0


class TaskStarted(EventBase):
    """A background task entered the registry (subagent run, Bash command or workflow)."""

    kind: Literal["task_started"] = "task_started"
    task_id: str
    task_kind: TaskKind
    label: str = ""


class TaskFinished(EventBase):
    kind: Literal["task_finished"] = "task_finished"
    task_id: str
    task_kind: TaskKind
    status: TaskStatus
    result: str = ""


class AgentStopped(EventBase):
    """An agent loop ended for a reason other than a final reply."""

    kind: Literal["agent_stopped"] = "agent_stopped"
    reason: StopReason
    detail: str = ""


# --- conversation ---------------------------------------------------------------------


class TurnRecorded(EventBase):
    """One transcript line (docs/running.md); the transcript writer folds these into JSONL."""

    kind: Literal["turn"] = "turn"
    uuid: str
    role: Literal["system", "user", "assistant", "tool_result", "note"]
    """``note``: what the harness records for the reader (a failed call, a stopped round)."""
    content: str
    round_id: str | None = None
    tool_calls: list[ToolCallSpec] = Field(default_factory=list)
    tool_call_id: str | None = None
    system_reminders: list[str] = Field(default_factory=list)
    task_notifications: list[str] = Field(default_factory=list)
    usage: Usage | None = None
    truncated: bool = False
    """The reply stopped at the output limit (``finish_reason: length``)."""


class ReminderDelivered(EventBase):
    kind: Literal["reminder"] = "reminder"
    reminder: ReminderKind
    body: str


class NotificationDelivered(EventBase):
    kind: Literal["notification"] = "notification"
    task_id: str
    task_kind: TaskKind
    status: TaskStatus
    body: str


class WorkflowStarted(EventBase):
    kind: Literal["workflow_started"] = "workflow_started"
    workflow_id: str
    task_id: str
    name: str
    script_path: str


class WorkflowLog(EventBase):
    kind: Literal["workflow_log"] = "workflow_log"
    workflow_id: str
    level: Literal["phase", "log"]
    message: str


class WorkflowFinished(EventBase):
    kind: Literal["workflow_finished"] = "workflow_finished"
    workflow_id: str
    status: Literal["completed", "failed"]
    result: str = ""
    error: str = ""
    agent_calls: int = 0
