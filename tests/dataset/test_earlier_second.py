"""Three more earlier-format scenarios, run the way its README runs them.

tests/fixtures/earlier/tests-second.json: a YAML deliverable (``s_vendor_renewal``, which
also lists ``brief`` in both manifest lists), a round preceded by two update groups
(``s_lab_protocol_update``) and a check that audits every grant in the manager's transcript
(``s_payroll_access_audit``). All use round ids ``q1``/``q2``, so the scripted manager is one
trajectory keyed ``<scenario>/<round>``; the settings come from an earlier-style
``configs/*.yaml`` (``managers/second.yaml``: paths, main, model_pool, probe).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arena_tui.cli import main

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "earlier"
CONFIG = FIXTURE / "managers" / "second.yaml"
SECOND = "tests-second.json"


def _evals(out: Path) -> dict[str, dict[str, object]]:
    paths = sorted(out.glob("*/evals/*.json"))
    return {f"{p.parent.parent.name}/{p.stem}": json.loads(p.read_text()) for p in paths}


@pytest.fixture(scope="module")
def scripted_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`run --config configs.yaml -o OUT` from the dataset folder, as its README types it."""
    out = tmp_path_factory.mktemp("second") / "run"
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(FIXTURE)  # its paths.data is relative to the working folder
        assert main(["run", "--config", str(CONFIG), "-o", str(out), "--headless", "--metrics", "compat"]) == 0
    return out


def test_check_with_its_config_file_and_strict(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(FIXTURE)
    assert main(["check", "--config", str(CONFIG)]) == 0  # paths.data, paths.tests_ref, paths.strict: true
    assert main(["check", "-d", ".", "--tests", SECOND, "-s"]) == 0
    captured = capsys.readouterr()
    assert "also accessible" not in captured.out and "brief" not in captured.out
    assert "OK: 3 scenarios, 4 rounds, 2 update groups" in captured.out
    assert "not used here: probe.timeout_sec, tokenizer.source" in captured.err


def test_one_trajectory_keyed_by_scenario_passes_every_round(scripted_run: Path) -> None:
    evals = _evals(scripted_run)
    assert sorted(evals) == [
        "s_lab_protocol_update/q1",
        "s_lab_protocol_update/q2",
        "s_payroll_access_audit/q1",
        "s_vendor_renewal/q1",
    ]
    assert all(e["passed"] for e in evals.values()), {k: e["stdout"] for k, e in evals.items()}
    assert (scripted_run / "s_vendor_renewal" / "workspace" / "output" / "vendors.yaml").is_file()
    report = json.loads((scripted_run / "report.json").read_text())
    assert report["metrics_profile"] == "compat" and report["compat"]["rounds_pass"] == 4
    assert report["compat"]["leaderboard"]["formula"] == "SMS = TCR × (TPP + ROC + WPP + MCA) / 4"
    md = (scripted_run / "report.md").read_text()
    assert "Leaderboard SMS (SMS = TCR × (TPP + ROC + WPP + MCA) / 4" in md and "Legacy composite" in md


def test_null_manager_fails_every_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE)
    out = tmp_path / "null"
    assert main(["run", "-d", ".", "--tests", SECOND, "-m", "null", "-o", str(out), "--headless"]) == 0
    evals = _evals(out)
    assert len(evals) == 4
    for e in evals.values():
        assert e["passed"] is False and e["exit_code"] == 1
        assert "Traceback" not in str(e["stdout"]) + str(e["stderr"])


@pytest.mark.parametrize("extra", ["${workspace}/hr", "${workspace}/ledger/../hr"])
def test_the_audit_check_fails_a_manager_that_also_grants_hr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: str
) -> None:
    managers = tmp_path / "managers"
    shutil.copytree(CONFIG.parent, managers)
    script = json.loads((managers / "second.json").read_text())
    for turn in script["s_payroll_access_audit/q1"]:
        for call in turn["tool_calls"]:
            if call["name"] == "CreateSubagent":
                call["arguments"]["accessible_paths"].append(extra)
    (managers / "second.json").write_text(json.dumps(script))
    monkeypatch.chdir(FIXTURE)
    out = tmp_path / "overgrant"
    args = ["run", "--config", str(managers / "second.yaml"), "-t", "s_payroll_access_audit", "-o", str(out)]
    assert main([*args, "--headless"]) == 0
    [verdict] = _evals(out).values()
    assert verdict["passed"] is False and "was granted" in str(verdict["stdout"]), verdict["stdout"]


def test_stale_answer_after_the_two_group_update_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A manager that repeats the first round's temperature after the protocol was replaced fails."""
    managers = tmp_path / "managers"
    shutil.copytree(CONFIG.parent, managers)
    script = json.loads((managers / "second.json").read_text())
    for turn in script["s_lab_protocol_update/q2"]:
        for call in turn["tool_calls"]:
            if call["name"] == "Write":
                call["arguments"]["content"] = "TEMP_C: 37\nMAX_OD_SAMPLE: S1\n"
    (managers / "second.json").write_text(json.dumps(script))
    monkeypatch.chdir(FIXTURE)
    out = tmp_path / "stale"
    args = ["run", "--config", str(managers / "second.yaml"), "-t", "s_lab_protocol_update", "-o", str(out)]
    assert main([*args, "--headless"]) == 0
    evals = _evals(out)
    assert evals["s_lab_protocol_update/q1"]["passed"] is True
    assert evals["s_lab_protocol_update/q2"]["passed"] is False
    assert "revised protocol" in str(evals["s_lab_protocol_update/q2"]["stdout"])


def test_compare_reads_our_report_json_as_its_readme_types_it(
    scripted_run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(FIXTURE)
    subset = tmp_path / "subset"
    args = ["run", "--config", str(CONFIG), "-t", "s_vendor_renewal", "-o", str(subset), "--headless"]
    assert main([*args, "--metrics", "compat"]) == 0
    lines = capsys.readouterr().out.splitlines()
    closing = lines[lines.index(next(x for x in lines if x.startswith("report: "))) - 1]
    assert closing.startswith("leaderboard SMS 100.0 (TCR×(TPP+ROC+WPP+MCA)/4)  legacy SMS 100.0")
    assert "TPS 100.0" in closing and "TPP" not in closing.split(")", 1)[1]  # compat figures, not arena
    diff = tmp_path / "diff"
    report_a, report_b = str(scripted_run / "report.json"), str(subset / "report.json")
    assert main(["compare", "-r", report_a, "-r", report_b, "-o", str(diff)]) == 0
    captured = capsys.readouterr()
    assert "warning: the runs cover different rounds" in captured.err
    assert "4 rounds in 3 scenarios" in captured.err and "1 rounds in 1 scenarios" in captured.err
    ranking = [line for line in captured.out.splitlines() if line[:2] in ("1.", "2.")]
    labels = [line.split("SMS")[0].strip() for line in ranking]
    assert len(ranking) == 2 and len(set(labels)) == 2  # the same manager twice, two labels
    assert (diff / "compare.md").is_file() and (diff / "compare.csv").is_file()
    assert "not alike in every run: s_lab_protocol_update, s_payroll_access_audit" in captured.err
    assert "cover different rounds" in (diff / "compare.md").read_text()
    comparison = json.loads((diff / "comparison.json").read_text())  # the earlier release's output file
    assert comparison["labels"] == [row["label"] for row in comparison["summary"]] and len(comparison["labels"]) == 2
    assert {row["rounds_total"] for row in comparison["summary"]} == {4, 1}
    assert all(row["leaderboard"]["SMS"] == 1.0 for row in comparison["summary"])
    assert len(comparison["by_scenario"]) == 3

    # A report.json copied away from its store is read on its own, in either profile.
    away = tmp_path / "copied" / "report.json"
    away.parent.mkdir()
    shutil.copy(report_a, away)
    for metrics in ("arena", "compat"):
        assert main(["compare", "-r", report_a, "-r", str(away), "-o", str(diff), "--metrics", metrics]) == 0
        captured = capsys.readouterr()
        assert "cover different rounds" not in captured.err
        ranking = [line for line in captured.out.splitlines() if line[:2] in ("1.", "2.")]
        assert {line.split("SMS")[0].strip()[-2:] for line in ranking} == {"#1", "#2"}
        assert all(f"[{metrics}]" in line for line in ranking)
        assert sum("read from its report.json alone" in line for line in ranking) == 1


def test_report_i_prints_the_leaderboard_sms_labelled(
    scripted_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    earlier = tmp_path / "earlier" / "run1" / "s_a"
    earlier.mkdir(parents=True)
    metrics = {
        "task_success_rate": 1.0,
        "rounds_passed": 2,
        "rounds_total": 2,
        "tool_permission_score": 1.0,
        "readonly_subagent_score": 1.0,
        "workspace_permission_score": 0.5,
        "model_choice_score": 1.0,
    }
    rounds = [{"id": "q1", "passed": True}, {"id": "q2", "passed": True}]
    (earlier / "metadata.json").write_text(json.dumps({"scenario_id": "s_a", "rounds": rounds, "metrics": metrics}))
    out = tmp_path / "stitched"
    assert main(["report", "-i", str(tmp_path / "earlier"), "-o", str(out)]) == 0
    line = capsys.readouterr().out
    # The hand computation: legacy 0.9375, leaderboard 1 × (1 + 1 + 0.5 + 1) / 4 = 0.875.
    assert "leaderboard SMS 87.5 (TCR×(TPP+ROC+WPP+MCA)/4)" in line and "legacy SMS 93.8 (0.5·TCS+0.5·MQS)" in line
    data = json.loads((out / "report.json").read_text())
    assert data["leaderboard"]["SMS"] == pytest.approx(0.875) and data["composite"]["SMS"] == pytest.approx(0.9375)
    assert "**87.5**" in (out / "report.md").read_text()
    # Its documented stitching line: a label and the coverage of a dataset.
    args = ["report", "-i", str(tmp_path / "earlier"), "-o", str(out), "--run-id", "codex-x", "-d", str(FIXTURE)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "  coverage: 0/2 scenarios" in text
    assert "  MISSING (2): s_options_desk_review, s_radiology_followup" in text
    assert json.loads((out / "report.json").read_text())["run_id"] == "codex-x"
    mine = tmp_path / "mine"
    assert main(["report", "-i", str(scripted_run), "-o", str(mine), "--run-id", "label-1"]) == 0
    assert json.loads((mine / "report.json").read_text())["run_id"] == "label-1"


def test_resume_takes_the_manager_from_its_config_file(
    scripted_run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`resume -O OLD -o NEW --config cfg.yaml`: no --model, the config's main is the manager."""
    monkeypatch.chdir(FIXTURE)
    monkeypatch.delenv("CATEAM_MODEL_JSON", raising=False)
    new = tmp_path / "new"
    assert main(["resume", "--config", str(CONFIG), "-O", str(scripted_run), "-o", str(new), "--headless"]) == 0
    assert "3 finished scenarios kept, 0 to run" in capsys.readouterr().out
    assert (new / "report.json").is_file()
