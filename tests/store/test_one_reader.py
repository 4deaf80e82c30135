"""One reader of stored runs: the same status and order in `runs --plain` as in the browser, and
one rule (the latest ``run_started``) for a run resumed several times."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui.cli import main
from arena_tui.commands.results import cmd_runs
from arena_tui.runner.stored_runs import load_run
from arena_tui.tui.run_list import list_runs
from tests.runner.helpers import demo_only
from tests.tui.stored_runs import T0, ScenarioPlan, write_run
from tests.tui.test_watch_and_runs import dead_pid, write_started


def test_runs_plain_shows_the_browsers_status_newest_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async def stores() -> None:
        plan = [ScenarioPlan("s_one", [True, False])]
        await write_run(tmp_path / "b_old", "r-old", "m", plan, ts=T0)
        await write_run(tmp_path / "a_new", "r-new", "m", plan, ts=T0 + 7200)
        await write_run(tmp_path / "c_mid", "r-mid", "m", plan, ts=T0 + 3600, status="failed")
        await write_started(tmp_path / "d_dead", "r-dead", dead_pid())  # its writer is gone: crashed

    asyncio.run(stores())
    assert cmd_runs(argparse.Namespace(root=str(tmp_path))) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    listed = [(r[2], r[-2]) for r in rows]
    browser = [(s.row.run_id, s.status) for s in list_runs(tmp_path).runs]
    assert listed == browser
    assert listed == [("r-dead", "crashed"), ("r-new", "completed"), ("r-mid", "failed"), ("r-old", "completed")]


def _report(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return data


def test_resume_then_rescore_writes_the_same_report(tmp_path: Path) -> None:
    """Resumed twice with new limits, the live report and ``rescore`` agree field for field."""
    out = tmp_path / "run"
    dataset = demo_only(tmp_path / "demo")
    one = "s_demo_treatment_room_fridge"
    assert main(["run", "-d", str(dataset), "-t", one, "--model", "oracle", "-o", str(out), "--headless"]) == 0
    for limit in ("7", "9"):
        assert main(["resume", str(out), "--headless", "--max-iterations", limit]) == 0
    live = _report(out)
    assert live["settings"]["max_iterations"] == 9
    assert load_run(out).started.settings["max_iterations"] == 9
    assert main(["rescore", str(out)]) == 0
    again = _report(out)
    assert again.keys() == live.keys()
    for key in live:
        assert again[key] == live[key], key
    assert main(["resume", str(out), "--headless"]) == 0  # no new limit: the latest one is kept
    assert _report(out)["settings"]["max_iterations"] == 9
