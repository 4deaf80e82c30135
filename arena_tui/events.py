"""The event model: the only contract between the runner core, the store, scoring and the UI.

Every event carries ``run_id``, ``seq`` (monotonic per run, assigned by the bus), ``ts``
(UNIX seconds) and, where it applies, ``scenario_id``, ``agent_id`` and ``session_id``.
``agent_id`` is ``"main"`` for the manager and the ``sub_<8hex>`` id for a subagent.
Paths inside events are workspace-relative POSIX strings so that stored runs stay
comparable across machines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from arena_tui.vocabulary import Modality, ModelKey, Need, ResultFacts, WorkflowRunFacts

MAIN_AGENT = "main"

RunMode = Literal["foreground", "background"]
TaskKind = Literal["subagent", "bash", "workflow"]
TaskStatus = Literal["completed", "failed", "cancelled"]
StopReason = Literal[
    "token_limit", "max_iterations", "provider_error", "provider_unavailable", "cancelled", "truncated"
]
ReminderKind = Literal[
    "environment", "context_usage", "context_threshold", "workspace_update", "multimodal_elision", "truncated_reply"
]


class EventBase(BaseModel):
    """Fields shared by every event."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    run_id: str
    seq: int = 0
    ts: float = 0.0
    scenario_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None


class Usage(BaseModel):
    """Token usage as reported by a provider (or estimated where it reports none)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    cached_tokens: int = 0
    """Prompt tokens served from the provider's prompt cache (priced at ``price_cached_in``)."""
    estimated: bool = False


class ToolCallSpec(BaseModel):
    """One tool call as the model asked for it (arguments always an object)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    arguments: dict[str, Any]
    malformed: bool = False
    """The model's arguments text was not a JSON object; ``arguments`` is empty, ``raw_arguments`` holds it."""
    raw_arguments: str = ""
    problem: str = ""
    """Why a malformed call cannot run (broken JSON, too deep, too large, cut by the output limit…)."""


class FileTouch(BaseModel):
    """A file an agent really read or wrote through a tool, for WPP and MCA.

    ``op="bash"``: an existing in-scope file a Bash command named (a resolved path argument).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    op: Literal["read", "write", "bash"]
    modality: Modality = "text"
    sha256: str | None = None


class UpdateFile(BaseModel):
    """One file (or folder) an update put into the workspace."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dst: str
    op: Literal["new", "replace"]
    files: list[str] = Field(default_factory=list)


# --- run and scenario lifecycle -------------------------------------------------------


class RunStarted(EventBase):
    kind: Literal["run_started"] = "run_started"
    dataset: str
    scenario_ids: list[str]
    # Round ids of every selected scenario, so scenarios that never finish still count as failed.
    round_ids: dict[str, list[str]] = Field(default_factory=dict)
    manager: str
    pool: dict[str, str]
    simulated: list[str] = Field(default_factory=list)
    sandbox_mode: str = "bwrap"
    settings: dict[str, Any] = Field(default_factory=dict)
    # Process id of the program writing the run, so a watcher can tell a stopped writer.
    writer_pid: int | None = None
    # How the scenarios were chosen (tests file, -t ids, retries), so `resume` reuses it.
    selection: dict[str, Any] = Field(default_factory=dict)
    model_json: dict[str, Any] = Field(default_factory=dict)  # without keys, for resume (runner/stored_model.py)


class RunFinished(EventBase):
    kind: Literal["run_finished"] = "run_finished"
    status: Literal["completed", "interrupted", "failed"]
    reason: str = ""


class ScenarioStarted(EventBase):
    kind: Literal["scenario_started"] = "scenario_started"
    round_ids: list[str]
    delegation_rounds: list[str] = Field(default_factory=list)  # marked needs_delegation: the metrics' room
    needs: dict[str, list[Need]] = Field(default_factory=dict)  # needs.json per round: what grants are judged against
    attempt: int = 1
    workspace: str = ""
    epoch: int = 1  # which of `run --epochs K` independent sessions; `attempt` counts on across epochs


class ScenarioFinished(EventBase):
    kind: Literal["scenario_finished"] = "scenario_finished"
    status: Literal["completed", "failed", "crashed", "interrupted", "unfinished"]
    reason: str = ""


class RoundStarted(EventBase):
    kind: Literal["round_started"] = "round_started"
    round_id: str
    index: int
    question: str
    update_ids: list[str] = Field(default_factory=list)


class RoundFinished(EventBase):
    kind: Literal["round_finished"] = "round_finished"
    round_id: str
    status: Literal["completed", "agent_stopped", "timed_out", "crashed", "skipped", "unavailable"]
    reason: str = ""
    truncated: int = 0
    """Replies of this round cut off by the model's output limit (``finish_reason: length``)."""


class UpdateApplied(EventBase):
    kind: Literal["update_applied"] = "update_applied"
    round_id: str
    update_id: str
    op: Literal["new", "replace"]
    files: list[UpdateFile]
    refused: list[str] = Field(default_factory=list)
    """Destinations not written because an agent had put a symbolic link on the way."""


# --- model traffic --------------------------------------------------------------------


class ModelRequest(EventBase):
    kind: Literal["model_request"] = "model_request"
    request_id: str
    model_key: str
    model_name: str
    attempt: int = 1
    n_messages: int = 0
    n_attachments: int = 0


class ModelResponse(EventBase):
    kind: Literal["model_response"] = "model_response"
    request_id: str
    model_key: str
    model_name: str
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float = 0.0
    cost_nocache_usd: float = 0.0
    """The same call priced as if no prompt tokens were cache hits."""
    latency_ms: float = 0.0
    queued_ms: float = 0.0  # waiting for one of the endpoint's request slots (back-pressure)
    finish_reason: str | None = None
    content: str = ""
    tool_calls: list[ToolCallSpec] = Field(default_factory=list)


class ModelError(EventBase):
    kind: Literal["model_error"] = "model_error"
    request_id: str
    model_key: str
    model_name: str
    attempt: int
    error: str
    status_code: int | None = None
    retry_in_s: float | None = None
    final: bool = False
    elapsed_ms: float = 0.0  # from asking for a request slot to the verdict (a timeout's whole wait included)
    backpressure: bool = False  # a busy server (429, 503, full context slot…): not counted as a failure


# --- tools and scope ------------------------------------------------------------------


class ToolCalled(EventBase):
    kind: Literal["tool_call"] = "tool_call"
    call_id: str
    tool: str
    arguments: dict[str, Any]


class ToolResult(EventBase, ResultFacts):
    kind: Literal["tool_result"] = "tool_result"
    call_id: str
    tool: str
    is_error: bool = False
    forbidden: bool = False
    # Malformed calls (unknown tool, missing or mistyped parameters) do not count as tool use.
    invalid: bool = False
    output: str = ""
    duration_ms: float = 0.0
    files: list[FileTouch] = Field(default_factory=list)


class ForbiddenAccess(EventBase):
    """A refused access; scoring derives MAF (main) and SAFt/SAFa (subagents) from these."""

    kind: Literal["forbidden_access"] = "forbidden_access"
    tool: str
    path: str | None = None
    reason: Literal["path_outside_scope", "tool_not_granted", "bash_path_outside_scope"]
    call_id: str | None = None


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


# --- grading --------------------------------------------------------------------------


class CheckFinished(EventBase):
    kind: Literal["check_finished"] = "check_finished"
    round_id: str
    command: str
    exit_code: int
    expect_exit: int
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    duration_ms: float = 0.0
    passed: bool


class RoundScored(EventBase):
    kind: Literal["round_scored"] = "round_scored"
    round_id: str
    passed: bool
    reason: str = ""
    feedback: str = ""


AnyEvent = (
    RunStarted
    | RunFinished
    | ScenarioStarted
    | ScenarioFinished
    | RoundStarted
    | RoundFinished
    | UpdateApplied
    | ModelRequest
    | ModelResponse
    | ModelError
    | ToolCalled
    | ToolResult
    | ForbiddenAccess
    | SubagentCreated
    | SubagentScopeGrown
    | SubagentRunStarted
    | SubagentRunFinished
    | TaskStarted
    | TaskFinished
    | AgentStopped
    | TurnRecorded
    | ReminderDelivered
    | NotificationDelivered
    | WorkflowStarted
    | WorkflowLog
    | WorkflowFinished
    | CheckFinished
    | RoundScored
)
Event = Annotated[AnyEvent, Field(discriminator="kind")]
E = TypeVar("E", bound=AnyEvent)

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)

EVENT_KINDS: tuple[str, ...] = tuple(cls.model_fields["kind"].default for cls in EventBase.__subclasses__())


def event_to_json(event: EventBase) -> str:
    """Serialise one event to compact JSON."""
    return event.model_dump_json()


def event_from_json(data: str | bytes) -> Event:
    """Parse one event from JSON, picking the right class by ``kind``."""
    return EVENT_ADAPTER.validate_json(data)


Subscriber = Callable[[Event], None]

# The bus lives in its own module (it needs nothing of the event classes but their stamp fields).
from arena_tui.bus import EventBus as EventBus  # noqa: E402
from arena_tui.bus import SubscriberFailure as SubscriberFailure  # noqa: E402
