"""The one interface every model backend implements, and what surrounds a call.

A provider is a small async object: messages and tool schemas in, one
:class:`AssistantMessage` out. Identity and the event sink are given at construction,
so the agent loop never has to know which backend it is talking to.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from arena_tui.events import Event
from arena_tui.providers.messages import AssistantMessage, DeltaCallback, Message, ToolSchema

Emit = Callable[[Event], object]


def no_emit(event: Event) -> None:
    """An event sink that drops everything (tests, probes)."""


@dataclass(frozen=True)
class CallIdentity:
    """Who is calling: stamped on every model event a provider emits."""

    run_id: str = ""
    scenario_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    model_key: str = "main"


def model_event_fields(identity: CallIdentity, model_name: str) -> dict[str, Any]:
    """The identity fields every model event of one provider call carries."""
    return {
        "run_id": identity.run_id,
        "scenario_id": identity.scenario_id,
        "agent_id": identity.agent_id,
        "session_id": identity.session_id,
        "model_key": identity.model_key,
        "model_name": model_name,
    }


def new_request_id() -> str:
    return f"req_{uuid.uuid4().hex[:12]}"


class ProviderError(Exception):
    """A model call that failed for good; the message names the host and the fix."""

    def __init__(self, message: str, *, status_code: int | None = None, host: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code
        self.host = host


class ProviderNotAvailable(ProviderError):
    """A provider name that exists but is supplied by the runner, not by the factory."""


@runtime_checkable
class Provider(Protocol):
    """Produce the next assistant turn for a conversation."""

    name: str
    """Display name of the model (for events and reports)."""

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSchema] = (),
        *,
        on_delta: DeltaCallback | None = None,
    ) -> AssistantMessage:
        """Answer ``messages``; raise :class:`ProviderError` on a final failure."""
        ...

    async def aclose(self) -> None:
        """Release connections; the provider is unusable afterwards."""
        ...
