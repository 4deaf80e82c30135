"""A person as the manager (``play``): each console command becomes one assistant turn.

The human backend plugs into the same agent loop as any model: ``generate`` waits for the
next turn the person submits. ``HumanManager.submit`` is what the play console calls: a tool
call becomes a turn with that one call and returns the tool's result text once it ran; the
special ``EndRound`` becomes a turn with no tool call (the round's final reply) and returns
the check's verdict and feedback once the round is scored.
"""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path
from typing import Any

from arena_tui import events as ev
from arena_tui.check_output import failed_conditions
from arena_tui.providers.base import GenerateRequest, ModelAPI
from arena_tui.providers.messages import AssistantMessage
from arena_tui.providers.toolcalls import new_call_id
from arena_tui.vocabulary import HUMAN_NAME

END_ROUND = "EndRound"
NOT_RUN = "not run:"
"""How a result starts when the call never reached the tools (the round ended first)."""
PATH_ARGS = ("file_path", "path", "notebook_path")
"""Arguments that hold one path (resolved in the workspace when typed relative)."""
TEXT_ARGS = ("prompt", "system_prompt")
"""Free-text arguments in which words naming something in the workspace become workspace paths."""
_WORD = re.compile(r"(?<![\w/.~$-])([\w.-]+(?:/[\w.-]+)*/?)")


def resolve_in_workspace(workspace: Path | None, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """A person's relative paths as the workspace paths the tools require (models must write them absolute).

    Path arguments that are relative are joined to ``workspace``; in a prompt, a relative word that
    names an existing file or folder of the workspace becomes its absolute path (so a simulated worker
    finds it). Nothing is checked here: the tools still decide what is allowed.

    Args:
        workspace: The scenario's workspace folder (``None``: arguments come back unchanged).
        tool: The tool called.
        args: Its arguments as typed.
    """
    if workspace is None:
        return args
    root = str(workspace)
    out = dict(args)
    for key in PATH_ARGS:
        value = out.get(key)
        if isinstance(value, str) and value and not value.startswith(("/", "~")):
            out[key] = os.path.normpath(os.path.join(root, value))
    grants = out.get("accessible_paths")
    if isinstance(grants, list):
        out["accessible_paths"] = [
            os.path.normpath(os.path.join(root, g)) if isinstance(g, str) and not g.startswith(("/", "~")) else g
            for g in grants
        ]
    for key in TEXT_ARGS:
        value = out.get(key)
        if isinstance(value, str) and value:
            out[key] = _WORD.sub(lambda m: _absolute_word(root, m.group(1)), value)
    return out


def _absolute_word(root: str, word: str) -> str:
    if "/" not in word and "." not in word.strip("."):
        return word  # plain words ("the", "report") are never paths
    candidate = os.path.join(root, word.rstrip("."))
    if not os.path.lexists(candidate) or os.path.realpath(candidate) == os.path.realpath(root):
        return word
    return os.path.join(root, word)


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

    def __init__(self, timeout_s: float = 3600.0, workspace: Path | None = None) -> None:
        self.workspace = workspace
        """The scenario's workspace: relative paths the person types are resolved in it."""
        self.turns: asyncio.Queue[AssistantMessage] = asyncio.Queue()
        self.timeout_s = timeout_s
        self._results: dict[str, asyncio.Future[str]] = {}
        self._round_waiters: list[asyncio.Future[str]] = []
        self.round_id: str | None = None
        self.question = ""
        self._failed: list[str] = []
        """The failed conditions of the latest check (named in the next FAIL verdict)."""
        self.subagents: dict[str, str] = {}
        """Subagent name → id (the person may call a subagent by the name they gave it)."""

    def provider(self) -> HumanProvider:
        return HumanProvider(self.turns)

    def __call__(self, event: ev.Event) -> None:
        if isinstance(event, ev.ToolResult) and event.agent_id == ev.MAIN_AGENT:
            future = self._results.pop(event.call_id, None)
            if future is not None and not future.done():
                future.set_result(event.output)
        elif isinstance(event, ev.SubagentCreated):
            self.subagents[event.name] = event.subagent_id
        elif isinstance(event, ev.ScenarioStarted):
            self.subagents = {}
        elif isinstance(event, ev.RoundFinished) and event.agent_id in (None, ev.MAIN_AGENT):
            self._drop_unrun(f"round {event.round_id} ended before it ran")
        elif isinstance(event, ev.RoundStarted):
            self.round_id, self.question, self._failed = event.round_id, event.question, []
        elif isinstance(event, ev.CheckFinished):
            self._failed += failed_conditions(event)
        elif isinstance(event, ev.RoundScored):
            verdict = "PASS" if event.passed else "FAIL"
            why = f" ({event.reason})" if event.reason else ""
            text = f"round {event.round_id}: {verdict}{why} — {event.feedback}"
            if not event.passed and self._failed:  # a person can only fix what the screen names
                text += "\nfailed: " + "\nfailed: ".join(self._failed)
            self._failed = []
            for waiter in self._round_waiters:
                if not waiter.done():
                    waiter.set_result(text)
            self._round_waiters.clear()
        elif isinstance(event, ev.RunFinished):
            for future in [*self._results.values(), *self._round_waiters]:
                if not future.done():
                    future.set_result(f"the run ended ({event.status})")

    def _drop_unrun(self, why: str) -> None:
        """Calls typed but never taken by the agent loop are not carried into the next round: each says so."""
        while not self.turns.empty():
            turn = self.turns.get_nowait()
            for call in turn.tool_calls:
                future = self._results.pop(call.id, None)
                if future is not None and not future.done():
                    future.set_result(f"{NOT_RUN} {why}")

    async def submit(self, tool_name: str, args: dict[str, Any]) -> str:
        """Play one manager turn; returns what the person should see."""
        loop = asyncio.get_running_loop()
        if tool_name == END_ROUND:
            waiter: asyncio.Future[str] = loop.create_future()
            self._round_waiters.append(waiter)
            await self.turns.put(AssistantMessage(content=str(args.get("text") or "Round finished.")))
            return await asyncio.wait_for(waiter, self.timeout_s)
        args = resolve_in_workspace(self.workspace, tool_name, args)
        named = args.get("subagent_id")
        if isinstance(named, str) and named in self.subagents and named not in self.subagents.values():
            args = {**args, "subagent_id": self.subagents[named]}
        call_id = new_call_id()
        future: asyncio.Future[str] = loop.create_future()
        self._results[call_id] = future
        await self.turns.put(AssistantMessage(tool_calls=[ev.ToolCallSpec(id=call_id, name=tool_name, arguments=args)]))
        return await asyncio.wait_for(future, self.timeout_s)
