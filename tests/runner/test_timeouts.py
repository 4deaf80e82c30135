"""Wall-clock limits: a scenario past its limit fails with a reason and keeps its rounds as failed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_tui.config import validate_model_json
from tests.dataset.mini_dataset import make_dataset
from tests.runner.helpers import run_plan


def test_scenario_timeout_is_recorded(tmp_path: Path) -> None:
    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    script = tmp_path / "manager.json"
    # The manager's first round runs a long command, so the scenario can only end by its limit
    # (a 1 s limit against a 60 s sleep: no race with a busy machine).
    turns = [
        {"tool_calls": [{"name": "Bash", "arguments": {"command": "sleep 60", "description": "wait"}}]},
        {"content": "done"},
    ]
    script.write_text(json.dumps({"*": turns}))
    config = validate_model_json({"main": {"provider": "scripted", "script": str(script)}, "llm": {"provider": "sim"}})
    outcome = run_plan(out, config, dataset_root=root, only=["s_beta"], scenario_timeout_s=1.0)
    scenario = outcome.scores.scenarios["s_beta"]
    assert scenario.status == "failed" and "timed out" in scenario.reason
    assert outcome.scores.rounds_total == 4 and outcome.scores.unfinished == ["s_beta"]
    report = json.loads((out / "report.json").read_text())
    assert report["unfinished_scenarios"] == ["s_beta"]
    assert not (out / "s_beta" / "metadata.json").exists()  # metadata marks completion only


def test_markdown_transcripts_are_written(tmp_path: Path) -> None:
    outcome = run_plan(tmp_path, only=["s_demo_supplier_shortfall_claim"])
    assert outcome.scores.rounds_passed == 6
    md = (tmp_path / "s_demo_supplier_shortfall_claim" / "sessions" / "main.md").read_text()
    assert md.startswith("# Session `main`") and "## Round q1" in md and "**CreateSubagent**" in md
    assert list((tmp_path / "s_demo_supplier_shortfall_claim" / "sessions").glob("sub_*.md"))


def test_relative_output_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    outcome = run_plan(Path("rel-out"), only=["s_demo_supplier_shortfall_claim"])
    assert outcome.scores.rounds_passed == 6
    assert (tmp_path / "rel-out" / "report.json").is_file()
