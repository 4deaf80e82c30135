"""The tool contract: what a tool is given (ToolContext) and what it gives back (ToolOutput).

A tool never raises into the agent loop. Inside ``run`` it may raise :class:`ToolError`
(plain error text) or :class:`~arena_tui.sandbox.ForbiddenError` (a refused path); the
:class:`~arena_tui.tools.runner.ToolRunner` turns both into text and events. The same
classes serve the main agent and every subagent; they differ only by context.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from arena_tui.events import MAIN_AGENT, Event, FileTouch, TaskKind, TaskStatus
from arena_tui.origin import Origin, OriginFields
from arena_tui.sandbox.limits import DEFAULT_LIMITS, SandboxLimits
from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools.readstate import ReadLedger
from arena_tui.vocabulary import BASIC_TOOLS, Modality


class ToolError(Exception):
    """A plain, model-facing error (missing file, bad argument); never counted as forbidden."""


@dataclass(frozen=True)
class Attachment:
    """Media the agent perceives natively, handed to the provider layer next to the text."""

    modality: Modality
    mime: str
    data_b64: str
    path: str


@dataclass
class ToolOutput:
    """One tool result: text for the model, flags and side data for events and providers."""

    text: str
    is_error: bool = False
    forbidden: bool = False
    invalid: bool = False
    files: list[FileTouch] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    """What the harness resolved for this call, written on its transcript line (docs/running.md)."""


def count_by_modality(attachments: list[Attachment]) -> dict[str, int]:
    """How many attachments of each modality (the provider keeps the newest N per modality)."""
    return dict(Counter(a.modality for a in attachments))


TaskResult = tuple[TaskStatus, str]
"""How a background task ended and its result text."""


class BackgroundTasks(Protocol):
    """Where background work of a scenario runs; the main agent's context holds it."""

    def start(
        self, kind: TaskKind, label: str, summary: str, work: Coroutine[Any, Any, TaskResult], task_id: str = ""
    ) -> str:
        """Schedule ``work`` and return its task id at once; its end becomes a task-notification."""
        ...

    def running(self) -> list[str]:
        """Ids of the tasks still running."""
        ...


def _no_emit(event: Event) -> None:
    return None


@dataclass
class ToolContext:
    """Everything a tool needs to act for one agent session, and nothing else.

        ``modalities`` follows the model config: ``{"text": True, "image": 4}`` means the
        agent perceives images (up to 4 kept in context); a missing or zero entry means it
        does not. ``unsafe_bash`` lets Bash run without bubblewrap where bwrap is missing.
    ``limits`` caps every sandbox this agent starts and how many of its calls run at once.
    """

    agent_id: str
    scope: ScopeGuard
    granted_tools: frozenset[str] = frozenset(BASIC_TOOLS)
    session_id: str | None = None
    scenario_id: str | None = None
    round_id: str | None = None
    run_id: str = ""
    modalities: dict[str, int | bool] = field(default_factory=lambda: {"text": True})
    emit: Callable[[Event], object] = _no_emit
    reads: ReadLedger = field(default_factory=ReadLedger)
    unsafe_bash: bool = False
    background: BackgroundTasks | None = None
    limits: SandboxLimits = DEFAULT_LIMITS
    slots: asyncio.Semaphore | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.slots is None:
            # At most this many calls of one turn run at once; the rest queue.
            self.slots = asyncio.Semaphore(self.limits.parallel_tool_calls)

    @property
    def is_main(self) -> bool:
        return self.agent_id == MAIN_AGENT

    @property
    def workspace(self) -> str:
        return self.scope.workspace

    @property
    def cwd(self) -> str:
        """Bash cwd: main's workspace root if accessible, else the first scope path."""
        return self.scope.first_root()

    @property
    def can_write(self) -> bool:
        return bool({"Write", "Edit"} & self.granted_tools)

    def perceives(self, modality: str) -> bool:
        return modality == "text" or bool(self.modalities.get(modality))

    @property
    def origin(self) -> Origin:
        return Origin(self.run_id, self.scenario_id, self.agent_id, self.session_id)

    def event_fields(self) -> OriginFields:
        """The identity fields every event from this context carries."""
        return self.origin.fields()


class Tool(ABC):
    """A tool the model can call. Subclasses set the three class attributes and ``run``."""

    name: str
    description: str
    parameters: dict[str, Any]

    def spec(self) -> dict[str, Any]:
        """The OpenAI function-calling description of this tool."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }

    @abstractmethod
    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        """Do the work; raise ToolError or ForbiddenError for refusals, return otherwise."""


def schema(required: list[str], **props: dict[str, Any]) -> dict[str, Any]:
    """A JSON-schema object for tool parameters (names may contain ``-`` via dict keys)."""
    return {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }
