"""SIGKILL in the middle of a run, then resume: each scenario once, complete, store intact."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena_tui.cli import main
from arena_tui.store import StoreReader
from arena_tui.store.runs import load_run
from tests.runner.helpers import ROOT, demo_only

SECOND = "s_demo_supplier_shortfall_claim"


def _second_scenario_started(store: Path) -> bool:
    if not store.is_file():
        return False
    try:
        conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1)
        row = conn.execute(
            "SELECT COUNT(*) FROM events WHERE kind = 'round_scored' AND scenario_id = ?", (SECOND,)
        ).fetchone()
        conn.close()
        return bool(row[0])
    except sqlite3.Error:
        return False


def test_kill_then_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    dataset = demo_only(tmp_path / "demo")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "arena_tui",
            "run",
            "-d",
            str(dataset),
            "--model",
            "oracle",
            "-o",
            str(out),
            "--headless",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None and not _second_scenario_started(out / "arena.sqlite"):
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)

    reader = StoreReader(out)
    assert reader.integrity_ok()
    run_id = reader.latest_run_id()
    before = {s.scenario_id: s.status for s in reader.scenarios(run_id)}
    reader.close()
    assert before == {"s_demo_treatment_room_fridge": "completed", SECOND: "running"}

    assert main(["resume", str(out)]) == 0
    # Progress reads the run's fold, which holds the scenarios finished before the kill too.
    assert "run completed: 12/12 rounds, TCR 100.0" in capsys.readouterr().out

    reader = StoreReader(out)
    assert reader.integrity_ok()
    assert [r.run_id for r in reader.runs()] == [run_id]
    rows = reader.scenarios(run_id)
    reader.close()
    assert sorted((r.scenario_id, r.status) for r in rows) == sorted((sid, "completed") for sid in before)
    run = load_run(out)
    assert set(run.scores.scenarios) == {"s_demo_treatment_room_fridge", SECOND}
    assert run.scores.rounds_total == 12 and run.scores.rounds_passed == 12
    assert run.scores.unfinished == []
    report = json.loads((out / "report.json").read_text())
    assert [row["scenario_id"] for row in report["per_scenario"]].count(SECOND) == 1
    for sid in run.scores.scenarios:
        assert json.loads((out / sid / "metadata.json").read_text())["status"] == "completed"
