"""The oracle demo end to end: every round passes, files are written, rescore reproduces the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_tui.cli import main
from arena_tui.runner.stored_runs import load_run
from arena_tui.scoring.report import report_dict
from arena_tui.store import StoreReader
from tests.runner.helpers import DEMO, run_plan


@pytest.fixture(scope="module")
def oracle_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("oracle")
    outcome = run_plan(out)
    assert not outcome.interrupted
    return out


def test_every_round_passes(oracle_out: Path) -> None:
    report = json.loads((oracle_out / "report.json").read_text())
    assert report["rounds_total"] == 12 and report["rounds_passed"] == 12
    assert report["scores"]["TCR"] == 1.0
    assert report["unfinished_scenarios"] == []
    assert any("simulated" in label for label in report["simulated"])
    assert report["SUB"] >= 4 and report["MAF"] == 0


def test_compatibility_files(oracle_out: Path) -> None:
    for sid in ("s_demo_treatment_room_fridge", "s_demo_supplier_shortfall_claim"):
        folder = oracle_out / sid
        meta = json.loads((folder / "metadata.json").read_text())
        assert meta["status"] == "completed" and meta["rounds_passed"] == 6
        assert sorted(p.name for p in (folder / "evals").iterdir()) == [f"q{i}.json" for i in range(1, 7)]
        lines = (folder / "sessions" / "main.jsonl").read_text().splitlines()
        assert json.loads(lines[0]) == {"type": "system_meta", "owner": "main"}
        assert all("round_id" in json.loads(line) for line in lines[1:])
        subs = list((folder / "sessions").glob("sub_*.jsonl"))
        assert subs and json.loads(subs[0].read_text().splitlines()[0])["owner"].startswith("sub_")
    assert (oracle_out / "s_demo_treatment_room_fridge" / "workflows" / "workflow_001.js").is_file()
    assert (oracle_out / "report.md").read_text().startswith("# ClawArena-Team run")


def test_rescore_reproduces_the_report(oracle_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original = json.loads((oracle_out / "report.json").read_text())
    run = load_run(oracle_out)
    assert json.loads(json.dumps(report_dict(run.scores, run.meta))) == original
    assert main(["rescore", str(oracle_out)]) == 0
    assert json.loads((oracle_out / "report.json").read_text()) == original
    assert "SMS" in capsys.readouterr().out


def test_store_is_the_record(oracle_out: Path) -> None:
    reader = StoreReader(oracle_out)
    run_id = reader.latest_run_id()
    assert reader.integrity_ok()
    assert [s.status for s in reader.scenarios(run_id)] == ["completed", "completed"]
    kinds = {e.kind for e in reader.iter_events(run_id)}
    reader.close()
    for kind in ("subagent_created", "subagent_run_started", "tool_result", "check_finished", "round_scored", "turn"):
        assert kind in kinds


def test_gate_passes_on_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["check", "-d", str(DEMO), "--tests", "tests-demo.json", "--gate", "-t", "s_demo_supplier_shortfall_claim"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "gate OK: oracle 6/6 rounds passed, null manager 0/6 passed, greedy manager 0/6 passed" in out


def test_existing_output_is_refused(oracle_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--model", "oracle", "-o", str(oracle_out)]) == 2
    assert "already holds a run" in capsys.readouterr().err
