"""Our side of the overhead comparison: N agent turns, one scoped tool call each, full harness path.

The main agent is the scripted provider (no model latency), so the time measured is the
harness itself: the agent loop, the tool runner with its scope check, event emission, the
SQLite store writer and the transcript writer.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from arena_tui import events as ev
from arena_tui.agents.runtime import PoolMember, RuntimeLimits, ScenarioRuntime
from arena_tui.agents.subagents import Subagent
from arena_tui.agents.transcripts import TranscriptWriter
from arena_tui.providers.base import CallIdentity, Provider
from arena_tui.providers.model import Model
from arena_tui.providers.scripted import ScriptedProvider
from arena_tui.providers.trajectory import ScriptTurn
from arena_tui.store import EventStore

TRIVIAL = "ListSubagents"
"""A tool that does no I/O: what is left is the harness (loop, runner, events, store, transcripts)."""


def _call(tool: str, ws: Path) -> dict[str, object]:
    if tool == "Read":
        return {"name": "Read", "arguments": {"file_path": str(ws / "notes" / "a.txt")}}
    return {"name": tool, "arguments": {}}


async def run_turns(
    n_turns: int, workdir: Path, tool: str = TRIVIAL, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Seconds for one main-agent round of ``n_turns`` tool-calling turns plus a final reply."""
    ws = workdir / "ws"
    (ws / "notes").mkdir(parents=True)
    (ws / "notes" / "a.txt").write_text("alpha\nbeta\n")
    turns = [{"content": "", "tool_calls": [_call(tool, ws)]} for _ in range(n_turns)] + [{"content": "done"}]
    store = await EventStore.open(workdir / "out")
    bus = ev.EventBus("bench")
    bus.subscribe(store.append)
    transcripts = TranscriptWriter("s", workdir / "out" / "sessions")
    bus.subscribe(transcripts)

    def providers(model_key: str, identity: CallIdentity, subagent: Subagent | None) -> Provider:
        rounds = {"q1": [ScriptTurn.model_validate(t) for t in turns]}
        return Model(ScriptedProvider(rounds=rounds), identity=identity, emit=bus.emit)

    runtime = ScenarioRuntime(
        run_id="bench",
        scenario_id="s",
        workspace=ws,
        accessible=["notes"],
        delegable=[],
        emit=bus.emit,
        providers=providers,
        pool=[PoolMember("llm", "sim", {"text": True})],
        main_modalities={"text": True},
        enabled_tools=["Read", TRIVIAL],
        limits=RuntimeLimits(main_token_limit=10_000_000, max_iterations=n_turns + 5),
        workflows_dir=workdir / "wf",
    )
    start = clock()
    result = await runtime.ask("go", "q1")
    transcripts.flush()
    await store.close()
    elapsed = clock() - start
    await runtime.close()
    assert result.status == "completed", result
    assert runtime.main_session().turns == n_turns + 1, "the scripted turns did not all run"
    return elapsed


def per_turn_ms(
    n_turns: int, repeat: int, tool: str = TRIVIAL, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median ms per turn by ``clock``: wall time, or ``time.process_time`` (this process's CPU, all threads)."""
    samples = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            samples.append(1000 * asyncio.run(run_turns(n_turns, Path(tmp), tool, clock)) / n_turns)
    return statistics.median(samples)
