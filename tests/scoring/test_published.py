"""Outputs of the earlier release (its report.json / metadata.json) read by report and compare."""

from __future__ import annotations

import asyncio
import csv
import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui.cli import main
from tests.scoring.compat_log import compat_events, write_store


def _metadata(
    sid: str, passed: list[bool], quartet: tuple[float, float, float, float], finished: str
) -> dict[str, Any]:
    tps, ros, wps, mcs = quartet
    return {
        "scenario_id": sid,
        "started_at": 1.0,
        "finished_at": finished,
        "token_limit": 200000,
        "rounds": [{"id": f"q{i + 1}", "passed": p, "exit_code": 0 if p else 1} for i, p in enumerate(passed)],
        "metrics": {
            "scenario_id": sid,
            "task_success_rate": sum(passed) / len(passed),
            "rounds_passed": sum(passed),
            "rounds_total": len(passed),
            "tool_permission_score": tps,
            "readonly_subagent_score": ros,
            "workspace_permission_score": wps,
            "model_choice_score": mcs,
            "main_agent_forbidden_count": 1,
            "subagent_forbidden_total": 2,
            "subagent_create_count": 4,
            "model_key_distribution": {"llm": 3, "vlm": 1},
            "invocation_distribution": {"new+runtime": 4, "continue+runtime": 1},
        },
    }


def write_published(root: Path) -> Path:
    """An earlier results folder: run dir with two finished scenarios, one rerun later in another run."""
    run = root / "run_1700000000_abc123"
    old = _metadata("s_alpha", [False, False], (0.0, 0.0, 0.0, 0.0), "2026-01-01T00:00:00")
    for sid, md in (
        ("s_alpha", _metadata("s_alpha", [True, True], (1.0, 1.0, 0.5, 1.0), "2026-01-02T00:00:00")),
        ("s_beta", _metadata("s_beta", [True, False], (0.5, 1.0, 0.5, 0.0), "2026-01-02T00:00:00")),
    ):
        (run / sid).mkdir(parents=True)
        (run / sid / "metadata.json").write_text(json.dumps(md))
    (root / "run_older" / "s_alpha").mkdir(parents=True)
    (root / "run_older" / "s_alpha" / "metadata.json").write_text(json.dumps(old))
    return root


# By hand, from the earlier report.py: s_alpha (newest) MQS = (1+1+0.5+1)/4 = 0.875, TCR 1, full pass;
# s_beta MQS = (0.5+1+0.5+0)/4 = 0.5, TCR 0.5. TCR = 3/4, SCR = 0.75, SFR = 0.5, TCS = 2/3,
# MQS = 0.6875, SMS = 1/3 + 0.34375 = 0.677083; paper SMS = 0.75 · (0.75+1+0.5+0.5)/4 = 0.515625.
PUBLISHED_SMS = 1 / 3 + 0.6875 / 2
PAPER_SMS = 0.75 * (0.75 + 1.0 + 0.5 + 0.5) / 4


def test_report_stitches_earlier_metadata(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = write_published(tmp_path / "results")
    out = tmp_path / "stitched"
    assert main(["report", "-i", str(results), "-o", str(out)]) == 0
    report = json.loads((out / "report.json").read_text())
    assert report["composite"]["SMS"] == pytest.approx(PUBLISHED_SMS)
    assert report["composite"]["WPS"] == pytest.approx(0.5)
    assert report["statistics"]["INV"] == {"new+runtime": 8, "continue+runtime": 2}
    assert (report["statistics"]["MAF"], report["statistics"]["SAFt"], report["statistics"]["SAFa"]) == (2, 4, 0.5)
    assert "SMS 67.7" in capsys.readouterr().out


def test_compare_ranks_a_new_run_beside_published_ones(tmp_path: Path) -> None:
    ours = tmp_path / "ours"
    asyncio.run(write_store(ours, compat_events()))
    results = write_published(tmp_path / "results")
    report_file = tmp_path / "published_report.json"
    main(["report", "-i", str(results), "-o", str(tmp_path / "pub")])
    report_file.write_text((tmp_path / "pub" / "report.json").read_text())

    out = tmp_path / "cmp"
    assert main(["compare", str(ours), "-r", str(report_file), "--metrics", "compat", "-o", str(out)]) == 0
    rows = list(csv.DictReader((out / "compare.csv").open()))
    assert [r["metrics"] for r in rows] == ["compat", "compat"]
    by_metrics = {r["manager"]: float(r["SMS"]) for r in rows}
    assert by_metrics["hand"] == pytest.approx(100 * 407 / 576, abs=0.05)
    assert by_metrics["published_report.json (published)"] == pytest.approx(100 * PUBLISHED_SMS, abs=0.05)
    assert rows[0]["manager"] == "hand"  # 70.7 beats 67.7

    arena = tmp_path / "cmp-arena"
    assert main(["compare", str(ours), str(results), "-o", str(arena)]) == 0
    by_manager = {r["manager"]: r for r in csv.DictReader((arena / "compare.csv").open())}
    assert by_manager["results (published)"]["metrics"] == "earlier"
    assert float(by_manager["results (published)"]["SMS"]) == pytest.approx(100 * PAPER_SMS, abs=0.05)
    assert by_manager["hand"]["metrics"] == "arena"


def test_unreadable_inputs_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    ours = tmp_path / "ours"
    asyncio.run(write_store(ours, compat_events()))
    assert main(["compare", str(ours), str(tmp_path / "empty")]) == 2
    err = capsys.readouterr().err
    assert "neither a run store" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert main(["compare", str(ours), str(tmp_path / "nope")]) == 2
    assert main(["report", "-i", str(tmp_path / "empty"), "-o", str(tmp_path / "r")]) == 2
