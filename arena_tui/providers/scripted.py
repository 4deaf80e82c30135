"""A deterministic provider that plays scripted turns: the model double for tests and demos.

One instance belongs to one agent (or one subagent session), so scripts never compete.
A manager instance is keyed by round (:meth:`ScriptedProvider.start_round`); a pool
instance plays the turns of its subagent name from the start. Running out of turns
yields a plain ``(script exhausted)`` reply, so an agent loop always ends.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena_tui.events import ModelRequest, ModelResponse, ToolCallSpec, Usage
from arena_tui.providers.base import CallIdentity, Emit, model_event_fields, new_request_id, no_emit
from arena_tui.providers.messages import (
    AssistantMessage,
    DeltaCallback,
    Message,
    ToolSchema,
    deliver_delta,
)
from arena_tui.providers.script_vars import ScriptVars, resolve_bindings, substitute
from arena_tui.providers.trajectory import ScriptToolCall, ScriptTurn, turns_for

EXHAUSTED = "(script exhausted)"
MAX_WAITS = 40  # polls of one turn waiting for its bound values: 0.05 s doubling up to 1 s, ~36 s in all
WAIT_S = 0.05
TurnSource = Sequence[ScriptTurn | Mapping[str, Any]]
TurnFunction = Callable[[Sequence[Message], Sequence[ToolSchema]], ScriptTurn | Mapping[str, Any]]


def _as_turn(turn: ScriptTurn | Mapping[str, Any]) -> ScriptTurn:
    return turn if isinstance(turn, ScriptTurn) else ScriptTurn.model_validate(turn)


class ScriptedProvider:
    """Replays turns from a list, a per-round mapping, or a function of the conversation."""

    def __init__(
        self,
        turns: TurnSource | TurnFunction | None = None,
        *,
        rounds: Mapping[str, Sequence[ScriptTurn]] | None = None,
        script_vars: ScriptVars | None = None,
        name: str = "scripted",
        identity: CallIdentity | None = None,
        emit: Emit = no_emit,
        bound: Mapping[str, str] | None = None,
    ) -> None:
        self.name = name
        self.identity = identity or CallIdentity()
        self.emit = emit
        self.script_vars = script_vars
        self._function: TurnFunction | None = turns if callable(turns) else None
        self._rounds = {k: list(v) for k, v in (rounds or {}).items()}
        self._queue: list[ScriptTurn] = (
            [_as_turn(t) for t in turns] if turns is not None and not callable(turns) else []
        )
        self._calls = 0
        self._bound: dict[str, str] = dict(bound or {})
        self._waits = 0
        self._seen_messages = 0
        self._seen_chars = 0

    def start_round(self, round_id: str) -> None:
        """Load the turns for ``round_id`` (or ``"*"``); leftovers of the last round are dropped."""
        self._queue = [_as_turn(t) for t in turns_for(self._rounds, round_id)]

    @property
    def bound(self) -> dict[str, str]:
        """The values bound so far from what the agent was told (``${var:NAME}``)."""
        return dict(self._bound)

    @property
    def remaining(self) -> int:
        return len(self._queue)

    def _next_turn(self, messages: Sequence[Message], tools: Sequence[ToolSchema]) -> ScriptTurn:
        if self._function is not None:
            return _as_turn(self._function(messages, tools))
        if not self._queue:
            return ScriptTurn(content=EXHAUSTED)
        return self._queue.pop(0)

    async def _bound_turn(self, turn: ScriptTurn, messages: Sequence[Message]) -> ScriptTurn:
        """Bind the turn's values from what the agent was told; while they are missing, poll."""
        if not turn.bind:
            return turn
        values = resolve_bindings(turn.bind, [m.content for m in messages if m.role in ("user", "tool")], self._bound)
        if len(values) == len(turn.bind) or self._waits >= MAX_WAITS:
            self._waits = 0
            self._bound.update(values)
            return turn
        self._waits += 1
        self._queue.insert(0, turn)
        await asyncio.sleep(min(1.0, WAIT_S * 2 ** (self._waits - 1)))
        return ScriptTurn(content="Waiting for results.", tool_calls=[ScriptToolCall(name="ListSubagents")])

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSchema] = (),
        *,
        on_delta: DeltaCallback | None = None,
    ) -> AssistantMessage:
        self._calls += 1
        ids = {**model_event_fields(self.identity, self.name), "request_id": new_request_id()}
        self.emit(ModelRequest(**ids, n_messages=len(messages)))
        turn = await self._bound_turn(self._next_turn(messages, tools), messages)
        calls = [
            ToolCallSpec(
                id=tc.id or f"call_{uuid.uuid4().hex[:12]}",
                name=tc.name,
                arguments=substitute(tc.arguments, self.script_vars, self._bound),
            )
            for tc in turn.tool_calls
        ]
        content = substitute(turn.content, self.script_vars, self._bound)
        await deliver_delta(on_delta, content)
        # Scripted turns cost nothing; token counts are estimates so limits still apply.
        prompt = self._prompt_chars(messages) // 4
        completion = (len(content) + sum(len(str(c.arguments)) for c in calls)) // 4
        usage = Usage(
            prompt_tokens=prompt, completion_tokens=completion, total_tokens=prompt + completion, estimated=True
        )
        reply = AssistantMessage(
            content=content, tool_calls=calls, usage=usage, finish_reason="tool_calls" if calls else "stop"
        )
        self.emit(
            ModelResponse(**ids, usage=usage, finish_reason=reply.finish_reason, content=content, tool_calls=calls)
        )
        return reply

    def _prompt_chars(self, messages: Sequence[Message]) -> int:
        """Characters of the conversation, counted incrementally: histories only grow."""
        if len(messages) < self._seen_messages:
            self._seen_messages, self._seen_chars = 0, 0
        self._seen_chars += sum(len(m.content) for m in messages[self._seen_messages :])
        self._seen_messages = len(messages)
        return self._seen_chars

    async def aclose(self) -> None:
        self._queue = []
