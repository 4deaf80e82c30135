"""A person as the manager (``play``): each console command becomes one assistant turn.

The human backend plugs into the same agent loop as any model: ``generate`` waits for the
next turn the person submits. ``HumanManager.submit`` is what the play console calls: a tool
call becomes a turn with that one call and returns the tool's result text once it ran; the
special ``EndRound`` becomes a turn with no tool call (the round's final reply) and returns
the check's verdict and feedback once the round is scored.
"""

from __future__ import annotations

import asyncio
from typing import Any

from arena_tui import events as ev
from arena_tui.providers.base import GenerateRequest, ModelAPI
from arena_tui.providers.messages import AssistantMessage
from arena_tui.providers.toolcalls import new_call_id

END_ROUND = "EndRound"
HUMAN_NAME = "human"


class HumanProvider(ModelAPI):
    """The manager's turns, typed by a person (a model backend with no time limit)."""

    def __init__(self, turns: asyncio.Queue[AssistantMessage]) -> None:
        self.name = HUMAN_NAME
        self.turns = turns

    async def generate(self, request: GenerateRequest) -> AssistantMessage:
        reply = await self.turns.get()
        return AssistantMessage(
            content=reply.content,
            tool_calls=reply.tool_calls,
            finish_reason="tool_calls" if reply.tool_calls else "stop",
        )


class HumanManager:
    """Connects the play console to the human provider and to the run's events (a bus subscriber)."""

    def __init__(self, timeout_s: float = 3600.0) -> None:
        self.turns: asyncio.Queue[AssistantMessage] = asyncio.Queue()
        self.timeout_s = timeout_s
        self._results: dict[str, asyncio.Future[str]] = {}
        self._round_waiters: list[asyncio.Future[str]] = []
        self.round_id: str | None = None
        self.question = ""

    def provider(self) -> HumanProvider:
        return HumanProvider(self.turns)

    def __call__(self, event: ev.Event) -> None:
        if isinstance(event, ev.ToolResult) and event.agent_id == ev.MAIN_AGENT:
            future = self._results.pop(event.call_id, None)
            if future is not None and not future.done():
                future.set_result(event.output)
        elif isinstance(event, ev.RoundStarted):
            self.round_id, self.question = event.round_id, event.question
        elif isinstance(event, ev.RoundScored):
            verdict = "PASS" if event.passed else "FAIL"
            why = f" ({event.reason})" if event.reason else ""
            text = f"round {event.round_id}: {verdict}{why} — {event.feedback}"
            for waiter in self._round_waiters:
                if not waiter.done():
                    waiter.set_result(text)
            self._round_waiters.clear()
        elif isinstance(event, ev.RunFinished):
            for future in [*self._results.values(), *self._round_waiters]:
                if not future.done():
                    future.set_result(f"the run ended ({event.status})")

    async def submit(self, tool_name: str, args: dict[str, Any]) -> str:
        """Play one manager turn; returns what the person should see."""
        loop = asyncio.get_running_loop()
        if tool_name == END_ROUND:
            waiter: asyncio.Future[str] = loop.create_future()
            self._round_waiters.append(waiter)
            await self.turns.put(AssistantMessage(content=str(args.get("text") or "Round finished.")))
            return await asyncio.wait_for(waiter, self.timeout_s)
        call_id = new_call_id()
        future: asyncio.Future[str] = loop.create_future()
        self._results[call_id] = future
        await self.turns.put(AssistantMessage(tool_calls=[ev.ToolCallSpec(id=call_id, name=tool_name, arguments=args)]))
        return await asyncio.wait_for(future, self.timeout_s)
