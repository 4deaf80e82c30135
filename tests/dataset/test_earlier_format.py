"""Scenarios in the earlier release's format (tests/fixtures/earlier) run here unchanged.

Two scenarios written in its style: agent-created access folders missing from the data,
its tag vocabulary, checks that count caller-named sessions and read the sub-transcripts by
its file names (``sub_<subagent_id>_<session_id>.jsonl``) and line fields.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from arena_tui.cli import main

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "earlier"
MODEL = FIXTURE / "managers" / "model.json"


def _run(out: Path, model: str, *extra: str) -> int:
    return main(["run", "-d", str(FIXTURE), "-m", model, "-o", str(out), "--headless", *extra])


def _evals(out: Path) -> list[dict[str, object]]:
    return [json.loads(p.read_text()) for p in sorted(out.glob("*/evals/*.json"))]


def test_check_and_strict_accept_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "-d", str(FIXTURE)]) == 0
    assert main(["check", "--data", str(FIXTURE), "-s"]) == 0
    out = capsys.readouterr().out
    created = re.findall(r"^\[warn\] .*'(\w+)' exists neither", out, re.M)
    assert sorted(set(created)) == ["audit", "findings", "notes", "output"]
    assert "unknown tag" not in out


def test_scripted_manager_with_named_sessions_passes_with_real_continuation(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert _run(out, f"@{MODEL}", "--metrics", "compat") == 0
    evals = _evals(out)
    assert len(evals) == 5 and all(e["passed"] for e in evals), [e["stdout"] for e in evals]
    report = json.loads((out / "report.json").read_text())
    assert report["rounds_passed"] == 5 and report["INV"]["continue_foreground"] == 3
    assert report["compat"]["statistics"]["INV"] == {"new+runtime": 3, "continue+runtime": 3}
    assert report["metrics_profile"] == "compat"
    [desk] = (out / "s_options_desk_review" / "sessions").glob("sub_sub_*_desk-s1.jsonl")
    assert re.fullmatch(r"sub_sub_[0-9a-f]{8}_desk-s1\.jsonl", desk.name)
    lines = [json.loads(x) for x in desk.read_text().splitlines()[1:]]
    questions = [x["content"] for x in lines if x["is_real_user_question"]]
    assert len(questions) == 3 and "largest" in questions[1]
    assert all(isinstance(x["timestamp"], float) and "context_size_after" in x for x in lines)


def test_null_manager_fails_every_round_without_traceback(tmp_path: Path) -> None:
    out = tmp_path / "null"
    assert _run(out, "null") == 0
    evals = _evals(out)
    assert len(evals) == 5
    for e in evals:
        assert e["passed"] is False and e["exit_code"] == 1
        assert "Traceback" not in str(e["stdout"]) + str(e["stderr"])


def test_naming_a_new_session_each_time_is_not_continuation(tmp_path: Path) -> None:
    """Shape alone (two RunSubagent calls with a session_id) must not pass the reuse rounds."""
    managers = tmp_path / "managers"
    shutil.copytree(MODEL.parent, managers)
    script = json.loads((managers / "manager.json").read_text())
    for rid, fresh in (("desk_q2", "desk-s2"), ("rad_q2", "rad-reader-2")):
        for turn in script[rid]:
            for call in turn["tool_calls"]:
                if call["name"] == "RunSubagent":
                    call["arguments"]["session_id"] = fresh
    (managers / "manager.json").write_text(json.dumps(script))
    out = tmp_path / "fresh"
    assert _run(out, f"@{managers / 'model.json'}") == 0
    verdicts = {e["round_id"]: (e["passed"], e["stdout"]) for e in _evals(out)}
    assert verdicts["desk_q1"][0] and verdicts["rad_q1"][0]
    assert not verdicts["desk_q2"][0] and "did not continue" in str(verdicts["desk_q2"][1])
    assert not verdicts["rad_q2"][0]
