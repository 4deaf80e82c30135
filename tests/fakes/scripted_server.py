"""A fake server in its own thread (so a CLI run can talk to it), answering from a trajectory.

:class:`TrajectoryResponder` plays a scenario's reference trajectory through the HTTP API
the way a real tool-calling model would: the round is the number of questions asked so
far, the turn is the number of assistant turns since, and ``${subagent:NAME}`` /
``${session:NAME}`` come from the tool results in the conversation it is sent.
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

from arena_tui.providers.script_vars import StaticScriptVars, substitute
from arena_tui.providers.trajectory import Trajectory, load_trajectory, turns_for
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply

_CREATED = re.compile(r"subagent_id=(sub_\w+)\nname=([^\n]+)")
_RAN = re.compile(r"subagent_id=(sub_\w+) session_id=(\w+)")
ATTACHMENTS = "Attachments returned by the tool calls above:"


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
        step = sum(1 for m in messages[questions[-1] :] if m.get("role") == "assistant")
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
        turn = turns[step]
        calls = [
            {"id": f"call_{uuid.uuid4().hex[:10]}", "name": c.name, "arguments": substitute(c.arguments, script_vars)}
            for i, c in enumerate(turn.tool_calls)
        ]
        text = "" if calls and self.silent_calls else substitute(turn.content, script_vars)
        return FakeReply(text=text, tool_calls=calls)


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
