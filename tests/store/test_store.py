"""The event store: batched appends, lifecycle tables, read-back by seq, reopen and integrity."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.errors import BadInputError
from arena_tui.store import EventStore, StoreReader


async def _write_run(out: Path, n_tools: int = 500) -> list[ev.Event]:
    store = await EventStore.open(out, flush_interval=0.01, max_batch=100)
    bus = ev.EventBus("run-a")
    bus.subscribe(store.append)
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], manager="oracle", pool={"llm": "sim"}))
    bus.emit(ev.ScenarioStarted(run_id="", scenario_id="s1", round_ids=["q1"]))
    for i in range(n_tools):
        bus.emit(
            ev.ToolCalled(
                run_id="", scenario_id="s1", agent_id="main", call_id=f"c{i}", tool="Read", arguments={"i": i}
            )
        )
    bus.emit(ev.ScenarioFinished(run_id="", scenario_id="s1", status="completed"))
    bus.emit(ev.RunFinished(run_id="", status="completed"))
    await store.close()
    return []


async def test_round_trip(tmp_path: Path) -> None:
    await _write_run(tmp_path)
    reader = StoreReader(tmp_path)
    try:
        [run] = reader.runs()
        assert (run.run_id, run.manager, run.status, run.pool) == ("run-a", "oracle", "completed", {"llm": "sim"})
        [scenario] = reader.scenarios("run-a")
        assert (scenario.scenario_id, scenario.status, scenario.first_seq) == ("s1", "completed", 2)
        assert reader.count("run-a") == 504 and reader.max_seq("run-a") == 504
        events = list(reader.iter_events("run-a", batch=77))
        assert [e.seq for e in events] == list(range(1, 505))
        assert isinstance(events[2], ev.ToolCalled) and events[2].arguments == {"i": 0}
        assert [e.seq for e in reader.events("run-a", after_seq=500)] == [501, 502, 503, 504]
        assert reader.integrity_ok()
    finally:
        reader.close()


async def test_reopen_appends_a_second_run(tmp_path: Path) -> None:
    await _write_run(tmp_path, 3)
    store = await EventStore.open(tmp_path)
    bus = ev.EventBus("run-b")
    bus.subscribe(store.append)
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=[], manager="m", pool={}))
    await store.close()
    await store.close()  # idempotent
    reader = StoreReader(tmp_path)
    assert [r.run_id for r in reader.runs()] == ["run-a", "run-b"]
    assert reader.latest_run_id() == "run-b" and reader.runs()[1].status == "running"
    reader.close()


def test_missing_store_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="no run store"):
        StoreReader(tmp_path)
