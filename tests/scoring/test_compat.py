"""Both scoring profiles from one hand-built event log (tests/scoring/compat_log.py).

Every expected number is derived by hand below from the earlier release's definitions
(src/clawarena_team/scoring/metrics.py and scoring/report.py, see docs/scoring.md) and
from ours; none is read back from the code under test.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from arena_tui.cli import main
from arena_tui.scoring import score_events
from arena_tui.scoring.compat import compat_report
from tests.scoring.compat_log import R, compat_events, write_store

# --- the earlier definitions ---------------------------------------------------------------
# s1 (finished, rounds 1/1 → TCR 1):
#   sub_a llm [Read, Write], 4 files reachable at grant (2 more added later: ignored there).
#     did its work: Read (f1, f2), Write (new.md); the Read of a missing f9 failed.
#     TPS = |{Read, Write}| / 2 = 1;  ROS = 1 (it used Write);
#     WPS = |{f1, f2, new.md}| / 4 = 0.75 (the file it created counts there);  MCS = 1 (llm).
#   sub_b vlm [Read, Bash, Grep], 2 files reachable. Read notes.txt, Grep, a Bash call refused
#     by our pre-check (a tool counts as used only when a call succeeded, so Bash is not used),
#     an Edit it was not granted ("unknown tool" there: not counted anywhere).
#     TPS = |{Read, Grep}| / 3 = 2/3;  ROS = 0 (only reads, Bash granted);  WPS = 1/2;  MCS = 0.
#   sub_c omni [Read], never run: TPS = 0; ROS = 1 (nothing used); WPS = 0/1 = 0; MCS = 0.
#   plain means over 3: TPS (1 + 2/3 + 0)/3 = 5/9, ROS 2/3, WPS (0.75+0.5+0)/3 = 5/12, MCS 1/3
#   MQS_s1 = (20/36 + 24/36 + 15/36 + 12/36) / 4 = 71/144
#   MAF there: only the main agent's Read outside its scope (a refused grant and a refused Bash
#   were not counted) → 1.  SAFt there: 0 (neither the Bash nor the ungranted Edit counted).
# s2 (finished, rounds 1/0 → TCR 1/2): sub_d llm [Read] reads both of its 2 files:
#   TPS 1, ROS 1 (read-only, no mutating grant), WPS 1, MCS 1 → MQS_s2 = 1; SMS_s2 = 0.25 + 0.5 = 0.75.
# s3 crashed → dropped (no metadata.json there).
# run: TCR = 3 passes / 4 rounds = 0.75; SCR = (1 + 0.5)/2 = 0.75; SFR = 1/2;
#   TCS = (0.75 + 0.75 + 0.5)/3 = 2/3; MQS = (71/144 + 1)/2 = 215/288;
#   SMS = 0.5·2/3 + 0.5·215/288 = 192/576 + 215/576 = 407/576
#   TPS = (5/9 + 1)/2 = 7/9; ROS = (2/3 + 1)/2 = 5/6; WPS = (5/12 + 1)/2 = 17/24; MCS = (1/3 + 1)/2 = 2/3
#   INV: new+runtime 1, continue+runtime 1, new+background 1, workflow 1 (a workflow agent run)
#   SOC 1 (one foreground RunSubagent with a schema); SUB 4; SAFa 0.
EARLIER = {
    "SMS": 407 / 576,
    "TCS": 2 / 3,
    "MQS": 215 / 288,
    "TCR": 0.75,
    "SCR": 0.75,
    "SFR": 0.5,
    "TPS": 7 / 9,
    "ROS": 5 / 6,
    "WPS": 17 / 24,
    "MCS": 2 / 3,
}

# --- the arena definitions -------------------------------------------------------------------
# per subagent:
#   sub_a: TPP 1; ROC 1; WPP = |{f1, f2}| / 6 reachable (the 2 added count; new.md is its own) = 1/3;
#     MCA 1 (it read text).
#   sub_b: TPP = |{Read, Grep}| / 3 = 2/3; ROC 0 (only reads, Bash granted); WPP 1/2; MCA 0.
#   sub_c: granted Read, never run: TPP 0; ROC 1 (no mutating grant); WPP 0; MCA 0.
# s1 (both rounds marked needs_delegation): q1 holds a, b, c (created there); q2 holds b (run there).
#   shortfall q1 (the worst of a, b, c): TPP 1, ROC 1, WPP 1, MCA 1;  q2 (b): TPP 1/3, ROC 1, WPP 1/2, MCA 1.
#   TPP 1 − (1 + 1/3)/2 = 1/3;  ROC 1 − 2/2 = 0;  WPP 1 − (1 + 1/2)/2 = 1/4;  MCA 0.
# s2 (both marked): sub_d (all 1) works in q1 only; q2 has no subagent and falls short by 1 → all 1/2.
# s3 (q1 marked): sub_e reads its 1 file in q1: all 1; its unplayed round counts as failed.
# run: TCR = 4/6; TPP (1/3 + 1/2 + 1)/3 = 11/18; ROC (0 + 1/2 + 1)/3 = 1/2; WPP (1/4 + 1/2 + 1)/3 = 7/12;
#   MCA 1/2.  SMS = 2/3 · (22 + 18 + 21 + 18)/36/4 = 2/3 · 79/144 = 79/216;  MAF 3, SAFt 2.
ARENA = {"TCR": 2 / 3, "TPP": 11 / 18, "ROC": 1 / 2, "WPP": 7 / 12, "MCA": 1 / 2, "SMS": 79 / 216}


def test_earlier_definitions_reproduced() -> None:
    scores = score_events(compat_events())
    report = compat_report(scores, R)
    for key, value in EARLIER.items():
        assert report["composite"][key] == pytest.approx(value), key
    assert report["dropped_unfinished"] == ["s3"]
    assert report["rounds_pass"] == 3 and report["rounds_total"] == 4 and report["scenarios_count"] == 2
    st = report["statistics"]
    assert (st["SUB"], st["MAF"], st["SAFt"], st["SAFa"], st["SOC"]) == (4, 1, 0, 0.0, 1)
    assert st["INV"] == {"new+runtime": 1, "continue+runtime": 1, "new+background": 1, "workflow": 1}
    s1 = report["scenarios"][0]
    assert s1["scenario_id"] == "s1"
    m = s1["metrics"]
    assert m["readonly_subagent_score"] == pytest.approx(2 / 3)
    assert m["workspace_permission_score"] == pytest.approx(5 / 12)
    assert (m["main_agent_forbidden_count"], m["subagent_forbidden_total"]) == (1, 0)
    assert s1["sms_scenario"] == pytest.approx(215 / 288)


def test_arena_definitions_on_the_same_log() -> None:
    scores = score_events(compat_events())
    got = {"TCR": scores.tcr, "TPP": scores.tpp, "ROC": scores.roc, "WPP": scores.wpp, "MCA": scores.mca}
    got["SMS"] = scores.sms
    for key, value in ARENA.items():
        assert got[key] == pytest.approx(value), key
    assert (scores.maf, scores.saft) == (3, 2)
    assert scores.inv == {
        "new_foreground": 1,
        "continue_foreground": 1,
        "new_background": 1,
        "workflow": 1,
        "workflow_agent": 1,
    }


def test_rescore_metrics_compat_on_a_stored_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    asyncio.run(write_store(out, compat_events()))
    assert main(["rescore", str(out), "--metrics", "compat"]) == 0
    printed = capsys.readouterr().out
    assert "SMS 70.7" in printed  # 407/576 = 70.66 %
    report = json.loads((out / "report.json").read_text())
    assert report["metrics_profile"] == "compat"
    assert report["compat"]["composite"]["SMS"] == pytest.approx(407 / 576)
    assert report["scores"]["SMS"] == pytest.approx(79 / 216, abs=1e-6)  # both blocks, always
    assert "Earlier-release metrics" in (out / "report.md").read_text().splitlines()[2]
    assert main(["rescore", str(out)]) == 0
    again = json.loads((out / "report.json").read_text())
    assert again["metrics_profile"] == "arena" and again["compat"] == report["compat"]
