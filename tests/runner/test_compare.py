"""compare, report (stitch) and runs over stored runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from arena_tui.cli import main
from tests.runner.helpers import run_plan


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("runs")  # its own folder: `runs` lists only these two
    a, b = root / "a", root / "b"
    run_plan(a, only=["s_demo_supplier_shortfall_claim"])
    run_plan(b, only=["s_demo_treatment_room_fridge"])
    return a, b


def test_compare_writes_four_outputs(two_runs: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    assert main(["compare", str(two_runs[0]), str(two_runs[1]), "-o", str(out)]) == 0
    md = (out / "compare.md").read_text()
    assert md.count("oracle (reference trajectory)") == 2
    assert (out / "compare.csv").read_text().startswith("rank,manager,run_id,TCR")
    for name in ("sms_heatmap.png", "sms_vs_cost.png"):
        with Image.open(out / name) as image:
            image.verify()


def test_compare_needs_two_runs(two_runs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(two_runs[0])]) == 2
    assert "at least two" in capsys.readouterr().err


def test_report_stitches_runs(two_runs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "stitched"
    assert main(["report", str(two_runs[0]), str(two_runs[1]), "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "coverage 2/2 scenarios finished" in text
    assert "rounds 12/12" in text
    assert (out / "report.json").is_file()


def test_runs_lists_both(two_runs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root = two_runs[0].parent
    assert main(["runs", str(root)]) == 0
    out = capsys.readouterr().out
    assert str(two_runs[0]) in out and str(two_runs[1]) in out


def test_rescore_without_store_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rescore", str(tmp_path)]) == 2
    assert "no run store" in capsys.readouterr().err
