"""A deterministic backend that plays scripted turns: the model double for tests and demos.

One instance belongs to one agent (or one subagent session), so scripts never compete.
A manager instance is keyed by round (it declares the ``rounds`` capability and
:meth:`ScriptedProvider.start_round` loads each round's turns); a pool instance plays the
turns of its subagent name from the start. Running out of turns yields a plain
``(script exhausted)`` reply, so an agent loop always ends.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena_tui.events import ToolCallSpec
from arena_tui.providers.base import Capabilities, GenerateRequest, ModelAPI
from arena_tui.providers.messages import AssistantMessage, Message, ToolSchema, deliver_delta
from arena_tui.providers.script_vars import ScriptVars, resolve_bindings, substitute
from arena_tui.providers.toolcalls import new_call_id
from arena_tui.providers.trajectory import ScriptToolCall, ScriptTurn, turns_for

EXHAUSTED = "(script exhausted)"
MAX_WAITS = 40  # polls of one turn waiting for its bound values: 0.05 s doubling up to 1 s, ~36 s in all
WAIT_S = 0.05
TurnSource = Sequence[ScriptTurn | Mapping[str, Any]]
TurnFunction = Callable[[Sequence[Message], Sequence[ToolSchema]], ScriptTurn | Mapping[str, Any]]


def _as_turn(turn: ScriptTurn | Mapping[str, Any]) -> ScriptTurn:
    return turn if isinstance(turn, ScriptTurn) else ScriptTurn.model_validate(turn)


class ScriptedProvider(ModelAPI):
    """Replays turns from a list, a per-round mapping, or a function of the conversation."""

    def __init__(
        self,
        turns: TurnSource | TurnFunction | None = None,
        *,
        rounds: Mapping[str, Sequence[ScriptTurn]] | None = None,
        script_vars: ScriptVars | None = None,
        name: str = "scripted",
        bound: Mapping[str, str] | None = None,
        scenario_id: str | None = None,
    ) -> None:
        self.name = name
        self.scenario_id = scenario_id
        """Rounds are looked up as ``<scenario_id>/<round>`` first (one trajectory for many scenarios)."""
        self.capabilities = Capabilities(rounds=rounds is not None)
        self.script_vars = script_vars
        self._function: TurnFunction | None = turns if callable(turns) else None
        self._rounds = {k: list(v) for k, v in (rounds or {}).items()}
        self._queue: list[ScriptTurn] = (
            [_as_turn(t) for t in turns] if turns is not None and not callable(turns) else []
        )
        self._calls = 0
        self._bound: dict[str, str] = dict(bound or {})
        self._waits = 0

    def start_round(self, round_id: str) -> None:
        """Load the turns for ``round_id`` (or ``"*"``); leftovers of the last round are dropped."""
        self._queue = [_as_turn(t) for t in turns_for(self._rounds, round_id, self.scenario_id)]

    def _next_turn(self, messages: Sequence[Message], tools: Sequence[ToolSchema]) -> ScriptTurn:
        if self._function is not None:
            return _as_turn(self._function(messages, tools))
        if not self._queue:
            return ScriptTurn(content=EXHAUSTED)
        return self._queue.pop(0)

    @property
    def bound(self) -> dict[str, str]:
        """Values bound so far from what the agent was told (``${var:NAME}`` in the script)."""
        return dict(self._bound)

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

    async def generate(self, request: GenerateRequest) -> AssistantMessage:
        self._calls += 1
        turn = await self._bound_turn(self._next_turn(request.messages, request.tools), request.messages)
        calls = [
            ToolCallSpec(
                id=tc.id or new_call_id(),
                name=tc.name,
                arguments=substitute(tc.arguments, self.script_vars, self._bound),
            )
            for tc in turn.tool_calls
        ]
        content = substitute(turn.content, self.script_vars, self._bound)
        await deliver_delta(request.on_delta, content)
        return AssistantMessage(content=content, tool_calls=calls, finish_reason="tool_calls" if calls else "stop")

    async def aclose(self) -> None:
        self._queue = []
