"""The two demo scenarios: dataset files, media truth, reproducible build, and the reference
manager through the real runner.

Checks are specs of the one engine (checks/<round>.json run by checks/_check.py). The
reference manager replays solution/trajectory.json against the simulated pool; every round
must pass, and on its final workspace planted decoys and faked behaviour must fail.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.engine_call import run_check
from tests.dataset.oracle_run import converted, empty_subagent_transcripts, final_workspace, oracle_run
from tests.dataset.rebuild import check_rebuild

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
FRIDGE = "s_demo_treatment_room_fridge"
CLAIM = "s_demo_supplier_shortfall_claim"

MANIFEST_KEYS = {
    "scenario_id",
    "desc",
    "workspace_template",
    "scripts",
    "main_agent_accessible_paths",
    "main_agent_delegable_paths",
    "updates",
    "rounds_ref",
}


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def scenario(sid: str) -> tuple[Path, Any, Any, Any]:
    sdir = DATASET / "scenarios" / sid
    return (
        sdir,
        load(sdir / "manifest.json"),
        load(sdir / "questions.json"),
        load(sdir / "solution" / "trajectory.json"),
    )


# ---------------------------------------------------------------------------------------------
# synthetic oracle replay: workspace files + transcripts (docs/running.md)
# ---------------------------------------------------------------------------------------------
def test_dataset_files() -> None:
    tests = load(DATASET / "tests.json")
    assert tests["manifests_ref"] == "manifests.json" and tests["scenario_ids"][:2] == [FRIDGE, CLAIM]
    assert load(DATASET / "tests-demo.json")["scenario_ids"] == [FRIDGE, CLAIM]
    mans = load(DATASET / "manifests.json")
    assert set(mans) == {"scenarios"}
    for sid in (FRIDGE, CLAIM):
        assert mans["scenarios"][sid] == f"scenarios/{sid}/manifest.json"
        sdir, man, rounds, sol = scenario(sid)
        # The earlier release's keys, plus our read-only marking of the workspace tools main runs.
        assert set(man) == MANIFEST_KEYS | {"main_agent_readonly_paths"} and man["scenario_id"] == sid
        assert set(man["main_agent_readonly_paths"]) <= set(man["main_agent_accessible_paths"])
        ws = sdir / man["workspace_template"]
        assert len([p for p in ws.iterdir() if p.is_dir()]) >= 8
        for p in man["main_agent_accessible_paths"] + man["main_agent_delegable_paths"]:
            assert (ws / p).exists(), p
        for _uid, grp in man["updates"].items():
            for f in grp["files"]:
                assert (sdir / f["src"]).exists()
        assert [r["id"] for r in rounds] == list(sol)
        for r in rounds:
            assert r["type"] == "exec_check"
            assert r["eval"]["command"] == f"python3 ${{scripts}}/_check.py ${{workspace}} ${{scripts}}/{r['id']}.json"
            assert (sdir / man["scripts"] / f"{r['id']}.json").exists()
            assert not sol[r["id"]][-1].get("tool_calls"), "a round must end with a turn without tool calls"
        assert (sdir / "checks" / "_check.py").read_bytes() == (ROOT / "data" / "build" / "_check.py").read_bytes()
        assert not list((sdir / "checks").glob("check_*.py")), "converted scenarios carry specs only"


def test_media_truth_and_no_leak() -> None:
    """Every media file has a truth entry; media-only facts appear in no workspace text file."""
    media_only = {
        FRIDGE: ["nineteen", "03:50", "three fifty", "door seal", "Priya"],
        CLAIM: ["GRN-0203-17", "Okafor", "216", "455", "Lindqvist"],
    }
    for sid in (FRIDGE, CLAIM):
        sdir, man, _, _ = scenario(sid)
        ws = sdir / man["workspace_template"]
        for p in ws.rglob("*"):
            if p.suffix.lower() in (".png", ".wav"):
                assert (sdir / "truth" / (str(p.relative_to(ws)) + ".txt")).is_file(), p
        texts = [
            p
            for p in list(ws.rglob("*")) + list((sdir / "updates").rglob("*"))
            if p.is_file() and p.suffix.lower() in (".md", ".txt", ".csv", ".json", ".py", ".key")
        ]
        for p in texts:
            s = p.read_text(encoding="utf-8")
            for fact in media_only[sid]:
                if p.suffix == ".csv" and re.fullmatch(r"[\d:]+", fact):
                    continue  # logger timestamps / order quantities are values of another kind
                assert fact.lower() not in s.lower(), f"{p}: media-only fact {fact!r} leaks into text"


def test_demo_size_budget() -> None:
    """The two demo scenarios together stay under 6 MiB (realistic 22.05 kHz audio and a 150 dpi scan;
    other scenarios have their own budgets); no single file exceeds 5 MiB."""
    total = sum(
        p.stat().st_size for sid in (FRIDGE, CLAIM) for p in (DATASET / "scenarios" / sid).rglob("*") if p.is_file()
    )
    assert total < 6 * 1024 * 1024, total
    for sid in (FRIDGE, CLAIM):
        for p in (DATASET / "scenarios" / sid).rglob("*"):
            assert not p.is_file() or p.stat().st_size <= 5 * 1024 * 1024, p


def test_build_is_reproducible() -> None:
    """data/build/demo/build.py --check builds both scenario folders (workspace, updates, media,
    office files, manifest, questions, specs, trajectories, asset maps) and tests-demo.json into a
    temp dir and finds them identical to the committed ones, with no committed file left unbuilt
    (without espeak-ng/sox the committed WAV is kept and said so)."""
    assert "identical" in check_rebuild(ROOT / "data" / "build" / "demo" / "build.py", tools=("espeak-ng", "sox"))


ROUNDS = ("q1", "q2", "q3", "q4", "q5", "q6")


def test_demo_is_converted() -> None:
    assert {FRIDGE, CLAIM} <= set(converted())


@pytest.mark.parametrize("sid", [FRIDGE, CLAIM])
def test_reference_manager_passes_every_round(sid: str) -> None:
    scores, _out = oracle_run(tuple(converted()))
    s = scores.scenarios[sid]
    assert [s.passed.get(r) for r in ROUNDS] == [True] * 6, s.passed
    assert (s.tpp, s.roc, s.wpp, s.mca) == (1.0, 1.0, 1.0, 1.0), (s.tpp, s.roc, s.wpp, s.mca)


def test_reference_trajectories_hold_no_answer_values() -> None:
    """The reference manager writes no figure of the answer itself: every value comes from a bound variable."""
    for sid, secrets in (
        (FRIDGE, ["127", "1645.2", "1669", "nineteen", "03:50", "quarantine"]),
        (CLAIM, ["515.1", "527.1", "496.1", "2026-02-17", "GRN-0203-17", "1200", "Okafor"]),
    ):
        sol = (DATASET / "scenarios" / sid / "solution" / "trajectory.json").read_text(encoding="utf-8")
        writes = [
            c["arguments"]
            for turns in json.loads(sol).values()
            for t in turns
            for c in t.get("tool_calls", [])
            if c["name"] in ("Write", "Edit")
        ]
        for args in writes:
            text = json.dumps(args)
            for v in secrets:
                assert v not in text, f"{sid}: a Write/Edit carries the answer value {v!r}"


def replace_in(ws: Path, rel: str, old: str, new: str) -> None:
    p = ws / rel
    s = p.read_text(encoding="utf-8")
    assert old in s, f"{rel}: {old!r} not found"
    p.write_text(s.replace(old, new), encoding="utf-8")


# (file, text in the reference deliverable, decoy text) checked by the final round
FINAL_DECOYS = [
    (FRIDGE, "output/final_summary.json", '"insulin_pens_moved": 19', '"insulin_pens_moved": 9'),
    (FRIDGE, "output/final_summary.json", '"replacement_cost_gbp": 1645.2', '"replacement_cost_gbp": 1669.0'),
    (
        FRIDGE,
        "output/final_review.md",
        "disposition is quarantine.",
        "disposition is quarantine. 138 minutes in total.",
    ),
    (FRIDGE, "output/final_review.md", "is superseded by the recount", "is the order total"),
    (FRIDGE, "output/final_review.md", "## Rejected claims", "## Notes"),
    (CLAIM, "output/claim_summary.json", '"credit_note": "KP-CN-2391"', '"credit_note": "KP-CN-2207"'),
    (CLAIM, "output/claim_summary.json", '"net_short_pay_eur": 496.1', '"net_short_pay_eur": 515.1'),
    (CLAIM, "output/claim_letter.md", "Amount to short-pay (EUR): 496.1", "Amount to short-pay (EUR): 515.1"),
    (CLAIM, "output/claim.json", '"total_eur": 515.1', '"total_eur": 515.10, "note": "edited"'),
]


@pytest.mark.parametrize("sid,rel,old,new", FINAL_DECOYS)
def test_decoy_in_final_deliverable_fails(sid: str, rel: str, old: str, new: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    assert run_check(sid, "q6", ws).returncode == 0
    replace_in(ws, rel, old, new)
    r = run_check(sid, "q6", ws)
    assert r.returncode == 1 and "FAIL:" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", [FRIDGE, CLAIM])
def test_fresh_workspace_fails_every_round(sid: str, tmp_path: Path) -> None:
    sdir = DATASET / "scenarios" / sid
    ws = tmp_path / "fresh"
    shutil.copytree(sdir / "workspace", ws)
    for rid in ROUNDS:
        assert run_check(sid, rid, ws).returncode == 1, rid


@pytest.mark.parametrize("sid", [FRIDGE, CLAIM])
def test_missing_transcripts_fail_the_final_round(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    shutil.rmtree(ws / "sessions")
    r = run_check(sid, "q6", ws)
    assert r.returncode == 1 and "transcript missing" in r.stdout, r.stdout


def test_do_nothing_pool_fails_evidence(tmp_path: Path) -> None:
    """Deliverables right, but no subagent transcript shows the evidence was opened."""
    ws = final_workspace(FRIDGE, tmp_path)
    empty_subagent_transcripts(ws)
    r = run_check(FRIDGE, "q6", ws)
    assert r.returncode == 1 and "evidence" in r.stdout, r.stdout
