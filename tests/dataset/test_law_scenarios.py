"""The law scenarios (data/build/law/): each its own arc and questions, checks as specs of the one
engine, and a reference manager that passes every round through the real runner while deriving
every answer from what its subagents report.

On the reference manager's final workspaces, planted decoys, a do-nothing pool, a pool of the
wrong modality and missing transcripts must fail.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.oracle_run import converted, final_workspace, oracle_run

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
SCENARIOS = json.loads((DATASET / "tests-law.json").read_text(encoding="utf-8"))["scenario_ids"]
MODEL_KEYS = re.compile(r"\b(vlm|omni)\b")


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def rounds(sid: str) -> list[dict[str, Any]]:
    qs: list[dict[str, Any]] = load(DATASET / "scenarios" / sid / "questions.json")
    return qs


def spec(sid: str, rid: str) -> dict[str, Any]:
    sp: dict[str, Any] = load(DATASET / "scenarios" / sid / "checks" / f"{rid}.json")
    return sp


def run_check(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess[str]:
    sdir = DATASET / "scenarios" / sid / "checks"
    return subprocess.run(
        [sys.executable, str(sdir / "_check.py"), str(ws), str(sdir / f"{rid}.json")],
        capture_output=True,
        text=True,
        timeout=30,
    )


def rid_with(sid: str, kind: str) -> str:
    """The round whose spec holds a condition of ``kind`` (first such round)."""
    for r in rounds(sid):
        if any(c["kind"] == kind for c in spec(sid, r["id"])["conditions"]):
            rid: str = r["id"]
            return rid
    raise AssertionError(f"{sid}: no round with a {kind} condition")


def final_rid(sid: str) -> str:
    rid: str = rounds(sid)[-1]["id"]
    return rid


# ---------------------------------------------------------------------------------------------
# structure: arcs, sizes, questions
# ---------------------------------------------------------------------------------------------
def test_law_scenarios_are_converted_and_sized() -> None:
    assert len(SCENARIOS) == 8 and set(SCENARIOS) <= set(converted())
    counts = [len(rounds(s)) for s in SCENARIOS]
    assert all(5 <= n <= 8 for n in counts) and sum(counts) >= 50, counts
    groups = sum(len(load(DATASET / "scenarios" / s / "manifest.json")["updates"]) for s in SCENARIOS)
    assert groups >= 14
    for sid in SCENARIOS:
        for r in rounds(sid):
            assert r["eval"]["command"] == f"python3 ${{scripts}}/_check.py ${{workspace}} ${{scripts}}/{r['id']}.json"
        assert not list((DATASET / "scenarios" / sid / "checks").glob("check_*.py"))


def test_law_arcs_are_distinct_and_questions_do_not_repeat() -> None:
    arcs = {sid: tuple(r["tags"][0] for r in rounds(sid)) for sid in SCENARIOS}
    assert len(set(arcs.values())) == len(arcs), arcs
    seen: dict[str, str] = {}
    for sid in SCENARIOS:
        for r in rounds(sid):
            for sentence in re.split(r"(?<=[.?!])\s+", r["question"]):
                key = re.sub(r"\d+", "#", sentence.lower()).strip()
                if len(key.split()) >= 8:
                    assert seen.setdefault(key, sid) == sid, f"{sid} repeats a sentence of {seen[key]}: {sentence}"


def test_media_questions_mostly_leave_the_model_choice_to_the_manager() -> None:
    media = [r for sid in SCENARIOS for r in rounds(sid) if "media_extraction" in r["tags"]]
    named = [r for r in media if MODEL_KEYS.search(r["question"])]
    assert len(media) >= 10 and len(named) * 2 <= len(media)


def test_every_delegable_round_checks_evidence() -> None:
    for sid in SCENARIOS:
        for r in rounds(sid):
            kinds = [c["kind"] for c in spec(sid, r["id"])["conditions"]]
            if "needs_delegation" in r["tags"]:
                assert "evidence" in kinds, (sid, r["id"])
            assert "never_granted" in kinds, (sid, r["id"])


# ---------------------------------------------------------------------------------------------
# the reference manager
# ---------------------------------------------------------------------------------------------
def test_reference_manager_passes_every_round_at_the_ceiling() -> None:
    """Every round passes and every management mean is 1: 20 padding subagents (each a perfect
    one-file reader) cannot raise the reference's SMS only when the reference is at the ceiling."""
    scores, _out = oracle_run(tuple(converted()))
    for sid in SCENARIOS:
        s = scores.scenarios[sid]
        assert all(s.passed.get(r["id"]) for r in rounds(sid)), (sid, s.passed)
        assert (s.tpp, s.roc, s.wpp, s.mca) == (1.0, 1.0, 1.0, 1.0), (sid, s.tpp, s.roc, s.wpp, s.mca)


def _answer_values(sid: str) -> set[str]:
    """Every figure and fact the checks require, as written (numbers of 3+ digits, texts of 4+ chars)."""
    out: set[str] = set()
    for r in rounds(sid):
        for c in spec(sid, r["id"])["conditions"]:
            if c["kind"] == "json" and "equals" in c and c["key"][0] != "matter_id":
                v = c["equals"]
                if isinstance(v, str) and len(v) >= 4:
                    out.add(v)
                elif isinstance(v, (int, float)) and abs(v) >= 100:
                    out.add(repr(v) if isinstance(v, float) else str(v))
    return out


@pytest.mark.parametrize("sid", SCENARIOS)
def test_reference_trajectory_writes_no_answer_value(sid: str) -> None:
    sol = load(DATASET / "scenarios" / sid / "solution" / "trajectory.json")
    writes = [
        json.dumps(c["arguments"])
        for turns in sol.values()
        for t in turns
        for c in t.get("tool_calls", [])
        if c["name"] in ("Write", "Edit", "Bash")
    ]
    secrets = _answer_values(sid)
    assert len(secrets) >= 8
    for text in writes:
        for v in secrets:
            pattern = r"(?<![\w.])" + re.escape(v) + r"(?![\w])"
            assert not re.search(pattern, text), f"{sid}: a Write/Edit/Bash carries the answer value {v!r}"


# ---------------------------------------------------------------------------------------------
# adversarial workspaces
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sid", SCENARIOS)
def test_fresh_workspace_fails_every_round(sid: str, tmp_path: Path) -> None:
    ws = tmp_path / "fresh"
    shutil.copytree(DATASET / "scenarios" / sid / "workspace", ws)
    for r in rounds(sid):
        assert run_check(sid, r["id"], ws).returncode == 1, r["id"]


def _final_json(sid: str) -> tuple[str, dict[str, Any]]:
    c = next(c for c in spec(sid, final_rid(sid))["conditions"] if c["kind"] == "json" and c["key"] == ["matter_id"])
    return c["path"], spec(sid, final_rid(sid))


@pytest.mark.parametrize("sid", SCENARIOS)
def test_planted_decoys_fail_the_final_round(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    rid = final_rid(sid)
    assert run_check(sid, rid, ws).returncode == 0, run_check(sid, rid, ws).stdout
    conds = spec(sid, rid)["conditions"]
    memo_decoy = next(c for c in conds if c["kind"] == "decoy" and c["path"].endswith(".md"))
    memo = ws / memo_decoy["path"]
    original = memo.read_text(encoding="utf-8")
    # the digest's figure stated as fact in the summary, report dated and numbered harmlessly
    memo.write_text(
        original.replace(
            "## Summary\n\n", f"## Summary\n\nReport prepared 2026-03-12. Total: {memo_decoy['token']}.\n", 1
        ),
        encoding="utf-8",
    )
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "rejected value" in r.stdout, r.stdout
    memo.write_text(original, encoding="utf-8")
    # a wrong number in the final JSON (its total nudged) and a missing Rejected claims section
    path, _ = _final_json(sid)
    data = load(ws / path)
    total_key = next(k for k in data if k.startswith("total_"))
    data[total_key] = float(data[total_key]) + 1
    (ws / path).write_text(json.dumps(data), encoding="utf-8")
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "does not agree" in r.stdout, r.stdout
    memo.write_text(original.replace("## Rejected claims", "## Notes"), encoding="utf-8")
    assert run_check(sid, rid, ws).returncode == 1


@pytest.mark.parametrize("sid", SCENARIOS)
def test_do_nothing_pool_fails_the_delegated_rounds(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    sealed = rid_with(sid, "seal")
    checked = [r["id"] for r in rounds(sid) if "media_extraction" in r["tags"]] + [sealed]
    for rid in checked:
        assert run_check(sid, rid, ws).returncode == 0, (rid, run_check(sid, rid, ws).stdout)
    for p in (ws / "sessions").glob("*.jsonl"):
        first = p.read_text(encoding="utf-8").splitlines()[0]
        if '"main"' not in first:
            p.write_text(first + "\n", encoding="utf-8")
    for rid in checked:
        r = run_check(sid, rid, ws)
        assert r.returncode == 1 and "evidence" in r.stdout, (rid, r.stdout)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_media_read_by_a_text_model_fails(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    main = ws / "sessions" / "main.jsonl"
    text = main.read_text(encoding="utf-8")
    main.write_text(re.sub(r"model_key(\\?\"?[:=]\s*\\?\"?)(vlm|omni)", r"model_key\1llm", text), encoding="utf-8")
    for r in rounds(sid):
        if "media_extraction" in r["tags"]:
            out = run_check(sid, r["id"], ws)
            assert out.returncode == 1 and "evidence" in out.stdout, (r["id"], out.stdout)


@pytest.mark.parametrize("sid", SCENARIOS[:2])
def test_missing_transcripts_fail_the_final_round(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    shutil.rmtree(ws / "sessions")
    r = run_check(sid, final_rid(sid), ws)
    assert r.returncode == 1 and "transcript missing" in r.stdout, r.stdout


def test_sensitive_grant_fails_every_later_round(tmp_path: Path) -> None:
    sid = SCENARIOS[0]
    ws = final_workspace(sid, tmp_path)
    segment = spec(sid, final_rid(sid))["conditions"][-1]["segments"][0]
    main = ws / "sessions" / "main.jsonl"
    lines = main.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if '"CreateSubagent"' in line and "accessible_paths" in line:
            lines[i] = line.replace('"accessible_paths": [', f'"accessible_paths": ["./{segment}/../{segment}", ', 1)
            break
    main.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = run_check(sid, final_rid(sid), ws)
    assert r.returncode == 1 and segment in r.stdout, r.stdout


def test_law_build_is_reproducible() -> None:
    r = subprocess.run(
        [sys.executable, str(ROOT / "data" / "build" / "law" / "build.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout + r.stderr
