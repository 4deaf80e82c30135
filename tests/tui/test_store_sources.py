"""Store-backed sources (replay, watch), the live run source and the play backend, without an app."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.config import validate_model_json
from arena_tui.dataset.loader import load_dataset
from arena_tui.providers.human import END_ROUND, HumanManager
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.store import EventStore
from arena_tui.tui.live_run import RunSource
from arena_tui.tui.store_sources import StoredEvents, StorePollSource
from tests.dataset.mini_dataset import make_dataset
from tests.runner.helpers import fast_settings, run_plan


async def _write(out: Path, n: int, finish: bool) -> None:
    store = await EventStore.open(out)
    bus = ev.EventBus("r1")
    bus.subscribe(store.append)
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=[], manager="m", pool={}))
    for i in range(n):
        bus.emit(ev.ToolCalled(run_id="", call_id=f"c{i}", tool="Read", arguments={}))
    if finish:
        bus.emit(ev.RunFinished(run_id="", status="completed"))
    await store.close()


async def test_stored_events_parse_lazily(tmp_path: Path) -> None:
    await _write(tmp_path, 10, finish=True)
    run_id, events = StoredEvents.load(tmp_path)
    assert run_id == "r1" and len(events) == 12
    assert events._parsed.count(None) == 12  # nothing parsed before it is needed
    assert isinstance(events[1], ev.ToolCalled) and events[-1].kind == "run_finished"
    assert [e.seq for e in events[2:5]] == [3, 4, 5]
    with pytest.raises(IndexError):
        events[12]


async def test_watch_follows_a_writer_until_it_finishes(tmp_path: Path) -> None:
    await _write(tmp_path, 3, finish=False)
    seen: list[int] = []

    async def follow() -> None:
        async for batch in StorePollSource(tmp_path, interval_s=0.02):
            seen.extend(e.seq for e in batch)

    task = asyncio.create_task(follow())
    for _ in range(500):  # until the stored events arrived, however slow the machine
        if len(seen) >= 4:
            break
        await asyncio.sleep(0.02)
    assert seen == [1, 2, 3, 4] and not task.done()  # the writer is gone: keep watching
    store = await EventStore.open(tmp_path)
    bus = ev.EventBus("r1", start_seq=4)
    bus.subscribe(store.append)
    bus.emit(ev.RunFinished(run_id="", status="completed"))
    await store.close()
    await asyncio.wait_for(task, 5)
    assert seen == [1, 2, 3, 4, 5]


async def test_run_source_runs_and_streams(tmp_path: Path) -> None:
    root = make_dataset(tmp_path / "ds")
    config = validate_model_json(
        {"main": {"provider": "scripted", "script": str(_script(tmp_path))}, "llm": {"provider": "sim"}}
    )
    plan = RunPlan(load_dataset(root, None, ["s_beta"]), config, fast_settings(), tmp_path / "out")
    source = RunSource(plan)
    kinds = [e.kind async for batch in source for e in batch]
    assert kinds[0] == "run_started" and kinds[-1] == "run_finished"
    assert source.outcome is not None and source.outcome.scores.rounds_total == 4


def _script(tmp_path: Path) -> Path:
    path = tmp_path / "manager.json"
    path.write_text('{"*": [{"content": "nothing to do"}]}')
    return path


async def test_play_backend_drives_the_same_loop(tmp_path: Path) -> None:
    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    human = HumanManager(timeout_s=30)
    config = validate_model_json({"main": {"provider": "human"}, "llm": {"provider": "sim"}})
    plan = RunPlan(load_dataset(root, None, ["s_beta"]), config, fast_settings(), out, human=human)
    run = asyncio.create_task(execute_run(plan))
    answer = out / "s_beta" / "workspace" / "output" / "answer.txt"
    result = await human.submit("Write", {"file_path": str(answer), "content": "42"})
    assert "wrote" in result.lower() or "created" in result.lower() or str(answer) in result
    refused = await human.submit("Read", {"file_path": str(out / "s_beta" / "workspace" / "evidence" / "log.csv")})
    assert refused.startswith("forbidden:")
    verdict = await human.submit(END_ROUND, {"text": "done"})
    assert verdict.startswith("round q1: PASS")
    for rid in ("q2", "q3", "q4"):
        assert (await human.submit(END_ROUND, {})).startswith(f"round {rid}: PASS")
    outcome = await asyncio.wait_for(run, 30)
    assert outcome.scores.rounds_passed == 4 and outcome.scores.maf == 1
    assert outcome.report is not None and outcome.report.manager == "human"


def test_replay_of_a_real_run_orders_events(tmp_path: Path) -> None:
    run_plan(tmp_path, only=["s_demo_supplier_shortfall_claim"])
    _, events = StoredEvents.load(tmp_path)
    seqs = [events[i].seq for i in range(len(events))]
    assert seqs == list(range(1, len(events) + 1))
