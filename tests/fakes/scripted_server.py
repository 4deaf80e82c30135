"""A fake server in its own thread (so a CLI run can talk to it), answering from a trajectory.

:class:`TrajectoryResponder` plays a scenario's reference trajectory through the HTTP API
the way a real tool-calling model would: the round is the number of questions asked so
far, the turn is the number of assistant turns since (its own waiting turns aside), and
``${subagent:NAME}`` / ``${session:NAME}`` come from the tool results in the conversation it
is sent. A turn whose ``bind`` values are not in the conversation yet is answered with a
waiting turn (a ``ListSubagents`` call, after a short pause), as the scripted manager does.
"""

from __future__ import annotations

import asyncio
import re
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from arena_tui.providers.script_vars import StaticScriptVars, resolve_bindings, substitute
from arena_tui.providers.trajectory import Trajectory, load_trajectory, turns_for
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply

_CREATED = re.compile(r"subagent_id=(sub_\w+)\nname=([^\n]+)")
_RAN = re.compile(r"subagent_id=(sub_\w+) session_id=(\w+)")
ATTACHMENTS = "Attachments returned by the tool calls above:"
WAIT_ID = "call_wait_"
MAX_WAITS = 40


class TrajectoryResponder:
    def __init__(
        self, trajectory: Trajectory, round_ids: list[str], workspace: Path, silent_calls: bool = False
    ) -> None:
        self.trajectory = trajectory
        self.silent_calls = silent_calls
        """Tool-call turns come without text (as many models send them)."""
        self.round_ids = round_ids
        self.workspace = str(workspace)

    @classmethod
    def for_scenario(
        cls, scenario_dir: Path, round_ids: list[str], workspace: Path, silent_calls: bool = False
    ) -> TrajectoryResponder:
        trajectory = load_trajectory(scenario_dir / "solution" / "trajectory.json")
        return cls(trajectory, round_ids, workspace, silent_calls)

    def __call__(self, body: dict[str, Any]) -> FakeReply:
        messages: list[dict[str, Any]] = body.get("messages", [])
        questions = [
            i
            for i, m in enumerate(messages)
            if m.get("role") == "user" and not str(m.get("content", "")).startswith(ATTACHMENTS)
        ]
        rid = self.round_ids[min(len(questions), len(self.round_ids)) - 1]
        since = messages[questions[-1] :]
        waits = sum(1 for m in since if m.get("role") == "assistant" and _is_wait(m))
        step = sum(1 for m in since if m.get("role") == "assistant" and not _is_wait(m))
        turns = turns_for(self.trajectory, rid)
        if step >= len(turns):
            return FakeReply(text="(script exhausted)")
        names: dict[str, str] = {}
        sessions: dict[str, str] = {}
        for m in messages:
            text = str(m.get("content", "")) if m.get("role") == "tool" else ""
            for sub, name in _CREATED.findall(text):
                names[sub] = name.strip()
            for sub, session in _RAN.findall(text):
                sessions[sub] = session
        by_name = {name: sub for sub, name in names.items()}
        script_vars = StaticScriptVars(
            self.workspace, by_name, {n: sessions[s] for n, s in by_name.items() if s in sessions}
        )
        bound = self._bound(messages, rid, step)
        turn = turns[step]
        if turn.bind and not set(turn.bind) <= set(bound) and waits < MAX_WAITS:
            wait = {"id": f"{WAIT_ID}{uuid.uuid4().hex[:8]}", "name": "ListSubagents", "arguments": {}}
            return FakeReply(tool_calls=[wait], delay_s=min(1.0, 0.05 * 2**waits))
        calls = [
            {
                "id": f"call_{uuid.uuid4().hex[:10]}",
                "name": c.name,
                "arguments": substitute(c.arguments, script_vars, bound),
            }
            for c in turn.tool_calls
        ]
        text = "" if calls and self.silent_calls else substitute(turn.content, script_vars, bound)
        return FakeReply(text=text, tool_calls=calls)

    def _bound(self, messages: list[dict[str, Any]], rid: str, step: int) -> dict[str, str]:
        """What the trajectory has bound up to this turn, each turn from what had been said before
        it was played (the scripted manager binds in that order, so a later value never leaks back)."""
        bound: dict[str, str] = {}
        texts: list[str] = []
        question, played = 0, 0
        for m in messages:
            role = m.get("role")
            if role == "user" and not str(m.get("content", "")).startswith(ATTACHMENTS):
                question, played = question + 1, 0
            if role == "assistant" and not _is_wait(m) and 0 < question <= len(self.round_ids):
                turns = turns_for(self.trajectory, self.round_ids[question - 1])
                if played < len(turns) and turns[played].bind:
                    bound.update(resolve_bindings(turns[played].bind, texts, bound))
                played += 1
            if role in ("user", "tool"):
                texts.append(str(m.get("content", "")))
        current = turns_for(self.trajectory, rid)[step]
        if current.bind:
            bound.update(resolve_bindings(current.bind, texts, bound))
        return bound


def _is_wait(message: dict[str, Any]) -> bool:
    calls = message.get("tool_calls") or []
    return bool(calls) and all(str(c.get("id", "")).startswith(WAIT_ID) for c in calls)


class ThreadedServer:
    """A :class:`FakeOpenAIServer` on its own event loop in a daemon thread."""

    def __init__(self, **behaviour: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = FakeOpenAIServer(**behaviour)

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=10)

    def start(self, port: int = 0) -> FakeOpenAIServer:
        self.call(self.server.start(port))
        return self.server

    def stop(self) -> None:
        self.call(self.server.stop())

    def close(self) -> None:
        self.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


@contextmanager
def threaded_server(**behaviour: Any) -> Iterator[ThreadedServer]:
    threaded = ThreadedServer(**behaviour)
    threaded.start()
    try:
        yield threaded
    finally:
        threaded.close()


_SCENARIO = re.compile(r"scenario: (\S+)")


class ScenarioResponder:
    """Picks the scenario's :class:`TrajectoryResponder` from the environment reminder it was sent."""

    def __init__(self, responders: dict[str, TrajectoryResponder]) -> None:
        self.responders = responders

    def __call__(self, body: dict[str, Any]) -> FakeReply:
        first = next((str(m.get("content", "")) for m in body.get("messages", []) if m.get("role") == "user"), "")
        found = _SCENARIO.search(first)
        if found is None or found.group(1) not in self.responders:
            return FakeReply(text="OK")
        return self.responders[found.group(1)](body)
