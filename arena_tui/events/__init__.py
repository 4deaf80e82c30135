"""The event model: the only contract between the runner core, the store, scoring and the UI.

Every event carries ``run_id``, ``seq`` (monotonic per run, assigned by the bus), ``ts``
(UNIX seconds) and, where it applies, ``scenario_id``, ``agent_id`` and ``session_id``
(:mod:`.base`). The kinds are grouped by who emits them: the run, its scenarios and rounds
and their grading (:mod:`.run`); one agent's model and tool traffic (:mod:`.agent`); the team
of subagents, background tasks, workflows and the conversation (:mod:`.team`). Everything is
imported from here: ``from arena_tui.events import ToolResult`` or ``ev.ToolResult``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar, get_args

from pydantic import Field, TypeAdapter

from arena_tui.bus import EventBus as EventBus
from arena_tui.bus import SubscriberFailure as SubscriberFailure
from arena_tui.events.agent import (
    ForbiddenAccess as ForbiddenAccess,
)
from arena_tui.events.agent import (
    ModelError as ModelError,
)
from arena_tui.events.agent import (
    ModelRequest as ModelRequest,
)
from arena_tui.events.agent import (
    ModelResponse as ModelResponse,
)
from arena_tui.events.agent import (
    ToolCalled as ToolCalled,
)
from arena_tui.events.agent import (
    ToolResult as ToolResult,
)
from arena_tui.events.base import (
    MAIN_AGENT as MAIN_AGENT,
)
from arena_tui.events.base import (
    EventBase as EventBase,
)
from arena_tui.events.base import (
    FileTouch as FileTouch,
)
from arena_tui.events.base import (
    ReminderKind as ReminderKind,
)
from arena_tui.events.base import (
    RunMode as RunMode,
)
from arena_tui.events.base import (
    StopReason as StopReason,
)
from arena_tui.events.base import (
    TaskKind as TaskKind,
)
from arena_tui.events.base import (
    TaskStatus as TaskStatus,
)
from arena_tui.events.base import (
    ToolCallSpec as ToolCallSpec,
)
from arena_tui.events.base import (
    UpdateFile as UpdateFile,
)
from arena_tui.events.base import (
    Usage as Usage,
)
from arena_tui.events.run import (
    CheckFinished as CheckFinished,
)
from arena_tui.events.run import (
    RoundFinished as RoundFinished,
)
from arena_tui.events.run import (
    RoundScored as RoundScored,
)
from arena_tui.events.run import (
    RoundStarted as RoundStarted,
)
from arena_tui.events.run import (
    RunFinished as RunFinished,
)
from arena_tui.events.run import (
    RunStarted as RunStarted,
)
from arena_tui.events.run import (
    ScenarioFinished as ScenarioFinished,
)
from arena_tui.events.run import (
    ScenarioStarted as ScenarioStarted,
)
from arena_tui.events.run import (
    UpdateApplied as UpdateApplied,
)
from arena_tui.events.team import (
    AgentStopped as AgentStopped,
)
from arena_tui.events.team import (
    NotificationDelivered as NotificationDelivered,
)
from arena_tui.events.team import (
    ReminderDelivered as ReminderDelivered,
)
from arena_tui.events.team import (
    SubagentCreated as SubagentCreated,
)
from arena_tui.events.team import (
    SubagentRunFinished as SubagentRunFinished,
)
from arena_tui.events.team import (
    SubagentRunStarted as SubagentRunStarted,
)
from arena_tui.events.team import (
    SubagentScopeGrown as SubagentScopeGrown,
)
from arena_tui.events.team import (
    TaskFinished as TaskFinished,
)
from arena_tui.events.team import (
    TaskStarted as TaskStarted,
)
from arena_tui.events.team import (
    TurnRecorded as TurnRecorded,
)
from arena_tui.events.team import (
    WorkflowFinished as WorkflowFinished,
)
from arena_tui.events.team import (
    WorkflowLog as WorkflowLog,
)
from arena_tui.events.team import (
    WorkflowStarted as WorkflowStarted,
)

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

EVENT_KINDS: tuple[str, ...] = tuple(cls.model_fields["kind"].default for cls in get_args(AnyEvent))


def event_to_json(event: EventBase) -> str:
    """Serialise one event to compact JSON."""
    return event.model_dump_json()


def event_from_json(data: str | bytes) -> Event:
    """Parse one event from JSON, picking the right class by ``kind``."""
    return EVENT_ADAPTER.validate_json(data)


Subscriber = Callable[[Event], None]
