"""The contract between the workflow engine and the agent runtime that plugs it in.

The engine never creates sessions, reads files or talks to models itself: every side
effect a script asks for goes through a :class:`WorkflowHost`. Keeping that seam a small
``Protocol`` lets the engine be tested with a fake host and lets the runtime evolve
without touching the JS side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

WorkflowStatus = Literal["completed", "failed"]
LogLevel = Literal["phase", "log"]


class WorkflowHostError(Exception):
    """A refusal or failure the script is allowed to see and handle.

    The engine turns it into a JS ``Error`` (rejecting the ``agent()`` promise), so a
    script can ``try``/``catch`` it; only when the script does not catch it does the
    whole workflow fail.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class WorkflowHost(Protocol):
    """What the agent runtime provides to a running workflow script."""

    def define_agent(self, spec: dict[str, Any]) -> str:
        """Validate ``{name, model_key, tools, accessible_paths, system_prompt}`` and create a
        subagent exactly like CreateSubagent; return its agent type handle.

        Raise :class:`WorkflowHostError` for an invalid spec.
        """
        ...

    async def run_agent(
        self, agent_type: str, prompt: str, schema: dict[str, Any] | None, *, alongside: int = 0
    ) -> Any:
        """Open a fresh session of ``agent_type`` and return its final text, or the parsed
        JSON object when ``schema`` is given. Raise :class:`WorkflowHostError` on failure.
        ``alongside``: how many other ``agent()`` calls of this workflow the script had issued
        and not yet seen settle when it issued this one (its parallel work, as the engine ran it).
        """
        ...

    def log(self, level: LogLevel, message: str) -> None:
        """Record a ``phase(title)`` or ``log(...)`` line from the script."""
        ...


@dataclass(frozen=True)
class WorkflowResult:
    """How a workflow ended; ``run_workflow`` always returns one instead of raising.

    ``value`` is the script's JSON-able return value (``None`` when it failed or returned
    nothing); ``error`` is one readable line, with the script line number when known.
    """

    status: WorkflowStatus
    value: Any = None
    error: str = ""
    agent_calls: int = 0

    @property
    def ok(self) -> bool:
        """True when the script ran to its end."""
        return self.status == "completed"
