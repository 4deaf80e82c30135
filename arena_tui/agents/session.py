"""One agent session: its configuration, conversation history and token state.

The main agent has one session per scenario; every subagent run opens a session or
continues one. Main and subagents differ only by the values in here, never by code path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from arena_tui import events as ev
from arena_tui.agents.reminders import Reminder
from arena_tui.origin import OriginFields
from arena_tui.providers.base import Provider
from arena_tui.providers.messages import Message
from arena_tui.tools.base import ToolContext

TurnRole = Literal["system", "user", "assistant", "tool_result", "note"]


@dataclass
class AgentSession:
    """Everything the one agent loop needs to drive one conversation."""

    agent_id: str
    session_id: str | None
    model_key: str
    provider: Provider
    tool_specs: list[dict[str, Any]]
    ctx: ToolContext
    token_limit: int
    max_iterations: int
    system_prompt: str = ""
    label: str = ""
    history: list[Message] = field(default_factory=list)
    tokens: int = 0
    """Current context size: the last call's prompt plus completion tokens."""
    thresholds_hit: set[int] = field(default_factory=set)
    pending_reminders: list[Reminder] = field(default_factory=list)
    elided_seen: dict[str, int] = field(default_factory=dict)
    stopped: str | None = None
    """Why this session can take no more turns (token_limit), or None."""
    rounds: list[str] = field(default_factory=list)
    """Round ids in which this session received a prompt (session reuse across rounds)."""
    last_text: str = ""
    turns: int = 0

    def fields(self) -> OriginFields:
        """Identity fields for events of this session."""
        return self.ctx.origin.fields()

    def start(self) -> None:
        """Record the system prompt as the first turn (once)."""
        if self.history or not self.system_prompt:
            return
        self.history.append(Message(role="system", content=self.system_prompt))
        self.record("system", self.system_prompt, None)

    def record(
        self,
        role: TurnRole,
        content: str,
        round_id: str | None,
        *,
        tool_calls: Sequence[ev.ToolCallSpec] = (),
        tool_call_id: str | None = None,
        reminders: Sequence[Reminder] = (),
        notifications: Sequence[str] = (),
        usage: ev.Usage | None = None,
        truncated: bool = False,
    ) -> None:
        """One transcript line of this session."""
        self.ctx.emit(
            ev.TurnRecorded(
                **self.fields(),
                uuid=_uuid(),
                role=role,
                content=content,
                round_id=round_id,
                tool_calls=list(tool_calls),
                tool_call_id=tool_call_id,
                system_reminders=[r.body for r in reminders],
                task_notifications=list(notifications),
                usage=usage,
                truncated=truncated,
            )
        )


def _uuid() -> str:
    from arena_tui.ids import turn_uuid

    return turn_uuid()
