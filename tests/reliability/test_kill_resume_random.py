"""SIGKILL after a seeded random number of stored events, then ``resume``: nothing lost.

The run is the committed demo dataset with the oracle manager, in a subprocess. It is
killed as soon as the events table holds at least the seeded count. After ``resume``:
the same run id, each scenario exactly once and complete, the store intact, every
``metadata.json`` complete. Each real kill is added to ``TALLY["kills"]``.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.cli import main
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.stored_runs import load_run
from arena_tui.scoring.report import report_dict
from arena_tui.store import StoreReader
from tests.reliability.common import TALLY, all_events, assert_nothing_lost
from tests.runner.helpers import ROOT

KILL_MAX = 350  # a full oracle run of the committed demo stores about 520 events; kill points stay below


def _count(store: Path) -> int:
    if not store.is_file():
        return 0
    try:
        conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


@pytest.mark.parametrize(
    "seed",
    [pytest.param(7, id="seed7")]
    + [pytest.param(s, id=f"seed{s}", marks=pytest.mark.reliability) for s in (19, 23, 41, 97)],
)
def test_kill_at_random_event_then_resume(
    demo_dataset: Path, tmp_path: Path, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    target = random.Random(seed).randint(1, KILL_MAX)
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "arena_tui", "run", "-d", str(demo_dataset), "--model", "oracle", "-o", str(out)]
    proc = subprocess.Popen(
        [*cmd, "--headless"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None and _count(out / "arena.sqlite") < target:
            time.sleep(0.005)
        assert proc.poll() is None, f"the run ended before {target} events were stored"
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        assert proc.stderr is not None
        proc.stderr.close()
    TALLY["kills"] += 1
    stored = _count(out / "arena.sqlite")
    assert stored >= target

    reader = StoreReader(out)
    assert reader.integrity_ok()
    run_id = reader.latest_run_id()
    finished_before = {r.scenario_id for r in reader.scenarios(run_id) if r.status == "completed"}
    reader.close()

    assert main(["resume", str(out)]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out

    dataset = load_dataset(demo_dataset, None, None)
    selected = {s.id: [r.id for r in s.rounds] for s in dataset.scenarios}
    report = assert_nothing_lost(out, selected, captured.err)
    reader = StoreReader(out)
    assert [r.run_id for r in reader.runs()] == [run_id]
    rows = reader.scenarios(run_id)
    assert reader.count(run_id) >= stored  # nothing written before the kill was dropped
    reader.close()
    assert sorted(r.scenario_id for r in rows) == sorted(selected)
    assert all(r.status == "completed" for r in rows), rows
    run = load_run(out)
    assert run.scores.unfinished == []
    assert run.scores.rounds_total == sum(len(v) for v in selected.values())
    assert run.scores.rounds_passed == run.scores.rounds_total  # the oracle passes every round
    assert report["run_id"] == run_id and report["unfinished_scenarios"] == []
    assert sorted(row["scenario_id"] for row in report["per_scenario"]) == sorted(selected)
    rescored = report_dict(run.scores, run.meta)  # what `rescore` computes from the store alone
    for key in ("scores", "rounds_passed", "rounds_total", "coverage", "per_scenario", "unfinished_scenarios", "MAF"):
        assert report[key] == rescored[key], key
    starts = Counter(e.scenario_id for e in all_events(out) if isinstance(e, ev.ScenarioStarted))
    for sid in selected:  # finished before the kill: kept, never re-run; the rest ran again
        assert starts[sid] == 1 if sid in finished_before else 1 <= starts[sid] <= 2, (sid, starts)
    for sid, rounds in selected.items():
        meta = json.loads((out / sid / "metadata.json").read_text(encoding="utf-8"))
        assert meta["run_id"] == run_id and meta["status"] == "completed"
        assert meta["rounds_total"] == len(rounds) == meta["rounds_passed"]
        assert [r["round_id"] for r in meta["rounds"]] == rounds
