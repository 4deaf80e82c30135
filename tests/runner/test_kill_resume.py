"""SIGKILL in the middle of a run, then resume: each scenario once, complete, store intact."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.cli import main
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.stored_runs import load_run
from arena_tui.store import StoreReader
from tests.runner.helpers import DEMO, ROOT, demo_only

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


def _start_run(out: Path, *extra: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "arena_tui", "run", "--model", "oracle", "-o", str(out), "--headless", *extra],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _kill_when(proc: subprocess.Popen[bytes], ready: Callable[[], bool]) -> None:
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None and not ready():
            time.sleep(0.02)
        assert proc.poll() is None, "the run ended before it could be killed"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


def _started_ids(out: Path) -> list[str]:
    reader = StoreReader(out)
    try:
        run_id = reader.latest_run_id()
        return [e.scenario_id or "" for e in reader.iter_events(run_id) if isinstance(e, ev.ScenarioStarted)]
    finally:
        reader.close()


def test_resume_runs_only_the_scenarios_the_run_was_started_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    dataset = demo_only(tmp_path / "demo")
    proc = _start_run(out, "-d", str(dataset), "-t", SECOND, "--retry", "1")
    _kill_when(proc, lambda: _second_scenario_started(out / "arena.sqlite"))

    assert main(["resume", str(out), "--headless"]) == 0  # no -t: the stored selection
    printed = capsys.readouterr().out
    assert "0 finished scenarios kept, 1 to run" in printed
    assert _started_ids(out) == [SECOND, SECOND]  # killed once, resumed once; the other scenario never ran
    run = load_run(out)
    assert set(run.scores.scenarios) == {SECOND}
    rounds = len(load_dataset(dataset, None, [SECOND]).scenarios[0].rounds)
    assert run.scores.rounds_total == rounds == run.scores.rounds_passed
    report = json.loads((out / "report.json").read_text())
    assert [row["scenario_id"] for row in report["per_scenario"]] == [SECOND]
    reader = StoreReader(out)
    started = reader.last_run_started(reader.latest_run_id())
    reader.close()
    assert started is not None and started.scenario_ids == [SECOND]
    assert started.selection["retries"] == 1  # --retry of the original run, reused
    assert not (out / "s_demo_treatment_room_fridge").exists()


def test_resume_reuses_the_subset_file_and_a_new_selection_replaces_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    # The bundled dataset holds many scenarios; the subset file picks the two demo ones.
    proc = _start_run(out, "-d", str(DEMO), "--tests", "tests-demo.json")
    _kill_when(proc, lambda: _second_scenario_started(out / "arena.sqlite"))

    assert main(["resume", str(out), "--headless"]) == 0
    assert "1 finished scenario kept, 1 to run" in capsys.readouterr().out
    run = load_run(out)
    assert set(run.scores.scenarios) == {"s_demo_treatment_room_fridge", SECOND}
    assert run.scores.rounds_total == 12 == run.scores.rounds_passed
    assert sorted(_started_ids(out)) == sorted(["s_demo_treatment_room_fridge", SECOND, SECOND])

    # Everything finished: a resume that names a new selection runs exactly that one, nothing else.
    assert main(["resume", str(out), "--headless", "-t", "s_demo_treatment_room_fridge"]) == 0
    assert "1 finished scenario kept, 0 to run" in capsys.readouterr().out
    assert sorted(_started_ids(out)) == sorted(["s_demo_treatment_room_fridge", SECOND, SECOND])


def test_resume_into_a_new_folder_keeps_the_selection_and_the_old_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "old"
    dataset = demo_only(tmp_path / "demo")
    proc = _start_run(old, "-d", str(dataset), "-t", SECOND)
    _kill_when(proc, lambda: _second_scenario_started(old / "arena.sqlite"))
    reader = StoreReader(old)
    old_count = reader.count(reader.latest_run_id())
    reader.close()

    new = tmp_path / "new"
    assert main(["resume", "-O", str(old), "-o", str(new), "--headless"]) == 0
    assert "0 finished scenarios kept, 1 to run" in capsys.readouterr().out
    assert _started_ids(new) == [SECOND, SECOND]
    assert set(load_run(new).scores.scenarios) == {SECOND}
    reader = StoreReader(old)
    assert reader.count(reader.latest_run_id()) == old_count  # the interrupted folder is left as it was
    reader.close()
    assert (new / ".arena.lock").read_text().strip() == str(os.getpid())
    # The continued run is resumable again, and a second copy into the same new folder is refused.
    assert main(["resume", "-O", str(old), "-o", str(new), "--headless"]) == 2
    assert "already holds a run" in capsys.readouterr().err
