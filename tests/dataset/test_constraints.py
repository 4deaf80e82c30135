"""C1–C10 are measured from the manifest, tags, workspace and reference trajectory."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_tui.cli import main
from arena_tui.dataset.constraints import evaluate
from arena_tui.dataset.loader import load_dataset
from tests.dataset.mini_dataset import make_dataset, read_json, write_json

ALL_MAIN = ["Read", "Write", "Edit", "Bash", "Grep", "Glob", "ListSubagents", "InspectSubagent", "Workflow"]


def _call(tool: str, **arguments: object) -> dict[str, object]:
    return {"name": tool, "arguments": arguments}


@pytest.fixture
def rich_mini(tmp_path: Path) -> Path:
    root = make_dataset(tmp_path / "ds")
    sdir = root / "scenarios" / "s_alpha"
    for folder in ("a", "b", "c", "bot_digest", "archive_2024"):
        (sdir / "workspace" / folder).mkdir()
        (sdir / "workspace" / folder / "x.txt").write_text("x")
    (sdir / "truth").mkdir()
    (sdir / "truth" / "evidence" / "scan.png.txt").parent.mkdir(parents=True)
    (sdir / "truth" / "evidence" / "scan.png.txt").write_text("says 7")
    questions = read_json(sdir / "questions.json")
    tags = [
        ["intake_plan", "needs_delegation", "background_fanout"],
        ["media_extraction", "image", "needs_delegation", "modality_decoy"],
        ["update_merge", "cross_round", "session_reuse"],
        ["final_synthesis", "cross_round"],
    ]
    for rnd, t in zip(questions, tags, strict=True):
        rnd["tags"] = t
    write_json(sdir / "questions.json", questions)
    calls = [_call(n) for n in ALL_MAIN] + [
        _call("CreateSubagent", name="w", tools=["Read", "Bash", "Edit"], accessible_paths=["evidence"]),
        _call("RunSubagent", subagent_id="${subagent:w}", run_in_background=True),
        _call("RunSubagent", subagent_id="${subagent:w}", session_id="${session:w}"),
        _call("RunSubagent", subagent_id="${subagent:w}"),
    ]
    write_json(sdir / "solution" / "trajectory.json", {"q1": [{"content": "", "tool_calls": calls}, {"content": "ok"}]})
    return root


def test_all_ten_met(rich_mini: Path) -> None:
    scenario = load_dataset(rich_mini, None, ["s_alpha"]).scenarios[0]
    results = {c.code: c for c in evaluate(scenario)}
    assert [code for code, c in results.items() if not c.met] == []


def test_gaps_are_named(rich_mini: Path) -> None:
    sdir = rich_mini / "scenarios" / "s_alpha"
    write_json(sdir / "solution" / "trajectory.json", {"q1": [{"content": "ok"}]})
    scenario = load_dataset(rich_mini, None, ["s_alpha"]).scenarios[0]
    results = {c.code: c for c in evaluate(scenario)}
    assert (
        not results["C3"].met
        and "Workflow" in results["C3"].detail
        and "RunSubagent background" in results["C3"].detail
    )
    assert not results["C6"].met and not results["C7"].met
    assert results["C4"].met and results["C5"].met and results["C9"].met


def test_check_reports_constraints_as_warnings(rich_mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sdir = rich_mini / "scenarios" / "s_alpha"
    questions = read_json(sdir / "questions.json")
    questions[1]["tags"] = ["media_extraction", "image", "needs_delegation"]
    write_json(sdir / "questions.json", questions)
    assert main(["check", "-d", str(rich_mini), "-t", "s_alpha"]) == 0
    assert main(["check", "-d", str(rich_mini), "-t", "s_alpha", "--strict"]) == 1
    out = capsys.readouterr().out
    assert "[warn] scenarios/s_alpha/manifest.json: C9: design constraint not met" in out
    assert "constraints s_alpha: C1 ✓" in out and "C9 ✗" in out


def test_relative_dataset_path(
    rich_mini: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(rich_mini.parent)
    assert main(["check", "-d", rich_mini.name, "-t", "s_alpha"]) == 0
    assert "constraints s_alpha:" in capsys.readouterr().out


def test_edit_is_needed_as_a_call_not_as_a_grant(rich_mini: Path) -> None:
    """An Edit grant nobody uses does not satisfy C3; an Edit call with no subagent granted Edit does."""
    sdir = rich_mini / "scenarios" / "s_alpha"
    traj = read_json(sdir / "solution" / "trajectory.json")
    calls = traj["q1"][0]["tool_calls"]
    no_edit_call = [c for c in calls if c["name"] != "Edit"]
    write_json(
        sdir / "solution" / "trajectory.json", {"q1": [{"content": "", "tool_calls": no_edit_call}, {"content": "ok"}]}
    )
    results = {c.code: c for c in evaluate(load_dataset(rich_mini, None, ["s_alpha"]).scenarios[0])}
    assert not results["C3"].met and "Edit" in results["C3"].detail
    for c in calls:
        if c["name"] == "CreateSubagent":
            c["arguments"]["tools"] = ["Read", "Bash"]
    write_json(sdir / "solution" / "trajectory.json", {"q1": [{"content": "", "tool_calls": calls}, {"content": "ok"}]})
    results = {c.code: c for c in evaluate(load_dataset(rich_mini, None, ["s_alpha"]).scenarios[0])}
    assert results["C3"].met, results["C3"].detail
