"""The live run source: the run on its own thread and loop, the panels' fold fed on the app's loop."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.config import validate_model_json
from arena_tui.dataset.loader import load_dataset
from arena_tui.providers.human import END_ROUND, HumanManager
from arena_tui.runner.orchestrator import RunPlan
from arena_tui.tui.live_run import RunNotRunning, RunSource
from arena_tui.tui.state import ArenaState
from tests.dataset.mini_dataset import make_dataset
from tests.runner.helpers import fast_settings


def _plan(tmp_path: Path, human: HumanManager | None = None) -> RunPlan:
    root = make_dataset(tmp_path / "ds")
    script = tmp_path / "manager.json"
    script.write_text('{"*": [{"content": "nothing to do"}]}')
    main = {"provider": "human"} if human else {"provider": "scripted", "script": str(script)}
    config = validate_model_json({"main": main, "llm": {"provider": "sim"}})
    return RunPlan(load_dataset(root, None, ["s_beta"]), config, fast_settings(), tmp_path / "out", human=human)


async def test_the_run_has_its_own_thread_and_the_panels_fold_ends_equal_to_the_runs(tmp_path: Path) -> None:
    plan = _plan(tmp_path)
    threads: set[str] = set()
    plan.subscribers = [lambda _event: threads.add(threading.current_thread().name)]
    source = RunSource(plan)
    assert source.seed is not plan.fold, "the app continues a copy, never the fold the run's thread changes"
    state = ArenaState(seed=source.seed)
    seqs: list[int] = []
    async for batch in source:
        state.apply_many(batch)
        seqs.extend(e.seq for e in batch)
    assert threads == {"benchmark-run"}, "the run's bus delivers on the run's thread, never on the app's"
    assert seqs == list(range(1, len(seqs) + 1)), "every event, once, in the run's order"
    assert source.outcome is not None and source.error is None
    assert state.fold.result() == plan.fold.result() == source.outcome.scores
    assert state.so_far == source.outcome.scores, "at the end, 'so far' is the report"
    assert source.join(0) is True


async def test_a_stop_before_the_run_starts_records_nothing(tmp_path: Path) -> None:
    source = RunSource(_plan(tmp_path))
    source.stop()
    batches = [batch async for batch in source]
    assert batches == [] and source.outcome is None and source.error is None
    assert not (tmp_path / "out" / "report.json").exists()


async def test_leaving_mid_run_stops_it_cleanly(tmp_path: Path) -> None:
    human = HumanManager(timeout_s=30)
    source = RunSource(_plan(tmp_path, human))
    kinds: list[str] = []
    async with contextlib.aclosing(source._batches()) as batches:  # as the app's worker closes it
        async for batch in batches:
            kinds.extend(e.kind for e in batch)
            if "round_started" in kinds:
                break  # the app leaving while the run waits for the person
    assert source.join(0), "closing the batches stopped the run and waited for its report"
    assert source.outcome is not None and source.outcome.interrupted
    assert (tmp_path / "out" / "report.json").is_file(), "a stopped run still writes its report"


async def test_play_turns_run_in_the_runs_loop_and_fail_plainly_once_it_ended(tmp_path: Path) -> None:
    human = HumanManager(timeout_s=30)
    source = RunSource(_plan(tmp_path, human))
    submit = source.in_run(human.submit)
    kinds: list[str] = []

    async def drain() -> None:
        async for batch in source:
            kinds.extend(e.kind for e in batch)

    run = asyncio.ensure_future(drain())
    verdict = await submit(END_ROUND, {"text": "done"})
    assert verdict.startswith("round q1:")
    source.stop()
    await asyncio.wait_for(run, 30)
    assert kinds[-1] == "run_finished"
    with pytest.raises(RunNotRunning):
        await submit(END_ROUND, {})


async def test_a_failing_run_is_raised_and_kept(tmp_path: Path) -> None:
    plan = _plan(tmp_path)

    def broken(event: ev.Event) -> None:
        if isinstance(event, ev.RunStarted):
            raise RuntimeError("consumer broke")

    plan.subscribers = [broken]
    source = RunSource(plan)
    with pytest.raises(Exception) as caught:  # the run refuses to go on after a consumer failed on run_started
        async for _batch in source:
            pass
    assert source.error is caught.value
