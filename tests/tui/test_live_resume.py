"""A live run stopped after its first scenario, then resumed on the live screen: the panel ends equal to the report."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from arena_tui import events as ev
from arena_tui.config import load_model_config
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunOutcome, RunPlan, execute_run
from arena_tui.runner.stored_runs import read_run
from arena_tui.store import StoreReader
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.live_run import RunSource
from arena_tui.tui.widgets.score_panel import ScorePanel
from tests.runner.helpers import DEMO, fast_settings
from tests.tui.conftest import wait_for


async def test_resumed_live_run_ends_with_the_panel_equal_to_the_report(tmp_path: Path) -> None:
    dataset = load_dataset(DEMO, "tests-demo.json", None)
    config = load_model_config("oracle")
    out = tmp_path / "out"
    plan = RunPlan(dataset, config, fast_settings(concurrency=1), out)
    run: asyncio.Task[RunOutcome] | None = None

    def stop_after_the_first_scenario(event: ev.Event) -> None:
        if isinstance(event, ev.ScenarioFinished) and run is not None:
            run.cancel()

    plan.subscribers = [stop_after_the_first_scenario]
    run = asyncio.ensure_future(execute_run(plan))
    first = await run
    assert first.interrupted

    reader = StoreReader(out)
    try:
        run_id = reader.latest_run_id()
        stored = read_run(reader, out, run_id)
        kept = {row.scenario_id for row in reader.scenarios(run_id) if row.status == "completed"}
    finally:
        reader.close()
    assert len(kept) == 1
    resumed = RunPlan(dataset, config, fast_settings(concurrency=1), out, resume=stored, skip=kept)
    source = RunSource(resumed)
    app = ArenaApp(source, clock=lambda: 0.0)
    async with app.run_test(size=(160, 48)) as pilot:
        await wait_for(pilot, lambda: app.ingest.source_done and app.ingest.idle, "resumed run finished", tries=3000)
        frames = app.frames
        await wait_for(pilot, lambda: app.frames > frames + 1, "final frame")
        lines = str(app.screen.query_one(ScorePanel).query_one("#score-lines").render())
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["rounds_total"] == 12 and report["rounds_passed"] == 12, "the kept scenario's rounds count"
    shown = {k: float(v) for k, v in re.findall(r"(TCR|SMS|TPP|ROC|WPP|MCA)\s+([\d.]+)", lines)}
    assert shown == {k: round(100 * report["scores"][k], 1) for k in ("TCR", "SMS", "TPP", "ROC", "WPP", "MCA")}
    assert f"{report['rounds_passed']}/{report['rounds_total']} rounds passed" in lines
    assert app.state.round_strip() == ["pass"] * 12
