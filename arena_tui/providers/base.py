"""The thin interface every model backend implements, and what the agent layer calls.

A backend (:class:`ModelAPI`) does one thing: :meth:`ModelAPI.generate` answers a
conversation once. Everything around a call — events, request ids, retries, timeouts,
the circuit breaker, token estimates and prices — belongs to the one wrapper,
:class:`arena_tui.providers.model.Model`, which is what agents hold (the
:class:`Provider` protocol). Optional behaviour is declared in :class:`Capabilities`,
never discovered by probing attributes.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from arena_tui.events import Event
from arena_tui.origin import Origin, OriginFields
from arena_tui.providers.messages import AssistantMessage, DeltaCallback, Message, ToolSchema

Emit = Callable[[Event], object]


def no_emit(event: Event) -> None:
    """An event sink that drops everything (tests, probes)."""


@dataclass(frozen=True)
class CallIdentity(Origin):
    """Who is calling: the event origin plus the pool key of the model it calls."""

    model_key: str = "main"


class ModelEventFields(OriginFields):
    """The identity fields every model event of one call carries."""

    model_key: str
    model_name: str
    request_id: str


def model_event_fields(identity: CallIdentity, model_name: str) -> ModelEventFields:
    """The identity fields of every model event of one call, with a fresh request id."""
    return {
        **identity.fields(),
        "model_key": identity.model_key,
        "model_name": model_name,
        "request_id": new_request_id(),
    }


def new_request_id() -> str:
    """The one request-id format of every model call."""
    return f"req_{uuid.uuid4().hex[:12]}"


class ProviderError(Exception):
    """A model call that failed for good; the message is one line naming the host and the fix."""

    def __init__(self, message: str, *, status_code: int | None = None, host: str = "", fix: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code
        self.host = host
        self.fix = fix
        """The fix alone (the message ends with it), so a shortened display can keep it whole."""


class ProviderNotAvailable(ProviderError):
    """A provider name that cannot be built from what the caller supplied."""


class ProviderUnavailable(ProviderError):
    """The circuit breaker is open: the host failed too many requests in a row and its health check."""


@dataclass(frozen=True)
class Capabilities:
    """What a backend supports beyond :meth:`ModelAPI.generate`."""

    remote: bool = False
    """It talks to a server: calls are retried, time-limited, priced and guarded by the breaker."""
    rounds: bool = False
    """Its turns are keyed by round: :meth:`ModelAPI.start_round` must be called before each round."""


@dataclass(frozen=True)
class GenerateRequest:
    """One call: the conversation, the tools, and (for the probe) a forced tool choice."""

    messages: Sequence[Message]
    tools: Sequence[ToolSchema] = ()
    on_delta: DeltaCallback | None = None
    tool_choice: str | None = None
    """Name of a tool the model must call (sent as ``tool_choice``), or None for auto."""


class ModelAPI:
    """A model backend. Subclasses implement :meth:`generate`; the rest has safe defaults."""

    name: str = "model"
    capabilities: Capabilities = Capabilities()
    endpoint: str = ""
    """Where calls go (``host:port``, several joined by ``, ``); keys the circuit breaker."""

    async def generate(self, request: GenerateRequest) -> AssistantMessage:
        """Answer once; raise on failure (the wrapper classifies and retries)."""
        raise NotImplementedError

    def start_round(self, round_id: str) -> None:
        """Called before each round when ``capabilities.rounds`` is set."""

    async def health(self) -> str | None:
        """None when the server answers a cheap health request, else why not (asked before the breaker opens)."""
        return "no health check for this backend"

    async def aclose(self) -> None:
        """Release connections; the backend is unusable afterwards."""


@runtime_checkable
class Provider(Protocol):
    """What the agent loop talks to: a :class:`~arena_tui.providers.model.Model` (or a test double)."""

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

    def start_round(self, round_id: str) -> None:
        """A new round begins (backends that key turns by round reload them)."""
        ...

    async def aclose(self) -> None:
        """Release connections; the provider is unusable afterwards."""
        ...
