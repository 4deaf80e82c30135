"""`run --epochs K` end to end: stored epochs, reports, rescore, resume keeping finished epochs, compare."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from PIL import Image

from arena_tui import events as ev
from arena_tui.cli import main
from arena_tui.store import StoreReader
from tests.runner.helpers import DEMO

SID = "s_demo_treatment_room_fridge"


def run_cli(out: Path, model: str, epochs: int) -> int:
    args = ["run", "-d", str(DEMO), "--tests", "tests-demo.json", "-t", SID, "-m", model, "-o", str(out)]
    return main([*args, "--epochs", str(epochs), "--headless"])


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("epochs")
    assert run_cli(root / "oracle", "oracle", 2) == 0
    run_cli(root / "greedy", "greedy", 2)  # fails its rounds: exit 0 or 1, either way scored
    return root / "oracle", root / "greedy"


def starts(out: Path) -> list[ev.ScenarioStarted]:
    reader = StoreReader(out)
    try:
        return [e for e in reader.iter_events(reader.latest_run_id()) if isinstance(e, ev.ScenarioStarted)]
    finally:
        reader.close()


def test_each_epoch_is_its_own_stored_attempt(runs: tuple[Path, Path]) -> None:
    out = runs[0]
    assert [(s.epoch, s.attempt) for s in starts(out)] == [(1, 1), (2, 2)]
    assert (out / SID / "sessions").is_dir() and (out / SID / "epoch-2" / "sessions").is_dir()
    report = json.loads((out / "report.json").read_text())
    assert report["epochs"] == 2 and len(report["per_epoch"]) == 2
    assert report["pass_k"]["pass_hat_k"] == 1.0
    assert report["intervals"]["figures"]["SMS"]["value"] == report["scores"]["SMS"]
    assert "## 95 % intervals" in (out / "report.md").read_text()


def test_rescore_reproduces_the_report(runs: tuple[Path, Path]) -> None:
    out = runs[0]
    before = (out / "report.json").read_text()
    assert main(["rescore", str(out)]) == 0
    assert (out / "report.json").read_text() == before


def test_resume_keeps_finished_epochs(runs: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "cut"
    shutil.copytree(runs[0], out)
    second = starts(out)[1].seq
    with sqlite3.connect(out / "arena.sqlite") as conn:  # the run stopped while epoch 2 was running
        conn.execute("DELETE FROM events WHERE seq > ?", (second,))
        conn.execute("DELETE FROM scenarios WHERE attempt = 2")
        conn.execute("UPDATE runs SET status = 'interrupted'")
    conn.close()
    assert main(["resume", str(out), "--headless"]) == 0
    # Epoch 1 kept, epoch 2 run again as the next attempt (attempt numbers never repeat).
    assert [(s.epoch, s.attempt) for s in starts(out)] == [(1, 1), (2, 2), (2, 3)]
    report = json.loads((out / "report.json").read_text())
    assert report["rounds_passed"] == report["rounds_total"] == 12


def test_compare_shows_intervals_paired_table_and_figures(
    runs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cmp = tmp_path / "cmp"
    assert main(["compare", str(runs[0]), str(runs[1]), "-o", str(cmp)]) == 0
    printed = capsys.readouterr().out
    assert "SMS 100.0 [100.0, 100.0]" in printed
    stats = (cmp / "compare_stats.md").read_text()
    assert "## Paired differences" in stats and "## Leaderboard" in stats
    # One scenario: the smallest two-sided p is 2/2 = 1, so even +100 points is not significant.
    assert "| oracle (reference trajectory) | greedy | 1 | +100.0" in stats and "n.s." in stats
    data = json.loads((cmp / "compare_stats.json").read_text())
    assert data["pairs"][0]["SMS"]["p_value"] == 1.0
    tables = (cmp / "figures.md").read_text()
    for title in ("Forbidden accesses", "model keys", "Workflow and background", "forbidden access, by model key"):
        assert title in tables
    assert "100.0 ± 0.0" in tables
    for name in ("forbidden_accesses", "model_keys", "invocations", "subagent_forbidden", "sms_heatmap_epochs"):
        with Image.open(cmp / f"{name}.png") as image:
            image.verify()


def test_a_report_json_alone_gets_intervals_from_its_epochs(
    runs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alone = tmp_path / "copied" / "report.json"
    alone.parent.mkdir()
    shutil.copyfile(runs[0] / "report.json", alone)
    cmp = tmp_path / "cmp"
    assert main(["compare", str(alone), str(runs[1]), "-o", str(cmp)]) == 0
    data = json.loads((cmp / "compare_stats.json").read_text())
    label = next(k for k in data["intervals"] if k.startswith("oracle"))
    assert data["intervals"][label]["TCR"] == [1.0, 1.0]
    assert "| 1 × 2 |" in (cmp / "compare_stats.md").read_text()  # its two epochs were read from per_epoch
