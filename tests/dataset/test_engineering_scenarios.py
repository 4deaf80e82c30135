"""The engineering scenarios (s_eng_*): specs of the one check engine, an honest reference manager,
and checks that fail for decoys, stale figures, missing evidence and faked behaviour.

The reference manager replays solution/trajectory.json against the simulated pool (one shared run,
tests/dataset/oracle_run.py); the adversarial cases below edit its final workspace or transcripts.
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

from tests.dataset.oracle_run import converted, final_workspace, oracle_run, specs

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
IDS = json.loads((DATASET / "tests-engineering.json").read_text(encoding="utf-8"))["scenario_ids"]


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def rounds(sid: str) -> list[dict[str, Any]]:
    qs: list[dict[str, Any]] = load(DATASET / "scenarios" / sid / "questions.json")
    return qs


def round_with(sid: str, tag: str) -> str:
    rid: str = next(r["id"] for r in rounds(sid) if tag in r["tags"])
    return rid


def run_check(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess[str]:
    sdir = DATASET / "scenarios" / sid / "checks"
    return subprocess.run(
        [sys.executable, str(sdir / "_check.py"), str(ws), str(sdir / f"{rid}.json")],
        capture_output=True,
        text=True,
        timeout=30,
    )


def conds(sid: str, rid: str, kind: str) -> list[dict[str, Any]]:
    return [c for c in specs(sid)[rid]["conditions"] if c["kind"] == kind]


def test_ids_and_floors() -> None:
    assert len(IDS) == 8 and all(s.startswith("s_eng_") for s in IDS)
    assert load(DATASET / "manifests-engineering.json")["scenarios"].keys() == set(IDS)
    n_rounds = sum(len(rounds(s)) for s in IDS)
    n_updates = sum(len(load(DATASET / "scenarios" / s / "manifest.json")["updates"]) for s in IDS)
    assert n_rounds >= 50 and n_updates >= 14
    assert all(5 <= len(rounds(s)) <= 8 for s in IDS)


def test_every_scenario_is_converted_and_has_no_check_scripts() -> None:
    assert set(IDS) <= set(converted())
    for sid in IDS:
        checks = DATASET / "scenarios" / sid / "checks"
        assert not list(checks.glob("check_*.py")) and not (checks / "_common.py").exists()
        for r in rounds(sid):
            assert r["eval"]["command"] == f"python3 ${{scripts}}/_check.py ${{workspace}} ${{scripts}}/{r['id']}.json"


def test_arcs_are_distinct() -> None:
    arcs = [tuple(r["tags"][0] for r in rounds(s)) for s in IDS]
    assert len(set(arcs)) == len(arcs), arcs


def test_every_delegable_round_checks_evidence() -> None:
    for sid in IDS:
        for r in rounds(sid):
            if "needs_delegation" in r["tags"]:
                assert conds(sid, r["id"], "evidence"), f"{sid} {r['id']}: no evidence condition"
            assert conds(sid, r["id"], "never_granted"), f"{sid} {r['id']}: no sensitive guard"


def test_media_evidence_needs_a_perceiving_model() -> None:
    for sid in IDS:
        for r in rounds(sid):
            if "media_extraction" in r["tags"]:
                for c in conds(sid, r["id"], "evidence"):
                    assert "llm" not in c["models"], (sid, r["id"])


@pytest.mark.parametrize("sid", IDS)
def test_reference_manager_at_the_ceiling(sid: str) -> None:
    scores, _out = oracle_run(tuple(converted()))
    s = scores.scenarios[sid]
    assert all(s.passed.get(r["id"]) for r in rounds(sid)), s.passed
    assert s.tpp >= 0.99 and s.wpp >= 0.95 and s.sms >= 0.97, (s.tpp, s.wpp, s.sms)


def answer_values(sid: str) -> set[str]:
    """Figures and labels the checks expect (numbers of three digits or more, texts of four characters or more)."""
    out = set()
    for spec in specs(sid).values():
        for c in spec["conditions"]:
            if c["kind"] in ("json", "label") and "equals" in c:
                v = c["equals"]
                if (isinstance(v, str) and len(v) >= 4) or (isinstance(v, (int, float)) and abs(v) >= 100):
                    out.add(str(v))
    return out


@pytest.mark.parametrize("sid", IDS)
def test_reference_trajectory_holds_no_answer_values(sid: str) -> None:
    """Every figure the reference manager writes is a bound variable, never a stored value."""
    sol = load(DATASET / "scenarios" / sid / "solution" / "trajectory.json")
    writes = [json.dumps(c["arguments"]) for turns in sol.values() for t in turns for c in t.get("tool_calls", [])
              if c["name"] in ("Write", "Edit")]  # fmt: skip
    values = answer_values(sid)
    assert values
    for text in writes:
        for v in values:
            assert not re.search(r"(?<![\w.])" + re.escape(v) + r"(?![\w])", text), f"{sid}: a Write carries {v!r}"


@pytest.mark.parametrize("sid", IDS)
def test_reference_grants_are_file_level_and_minimal(sid: str) -> None:
    """Tools granted are tools used; a folder is granted only where an update later adds files to it."""
    sol = load(DATASET / "scenarios" / sid / "solution" / "trajectory.json")
    man = load(DATASET / "scenarios" / sid / "manifest.json")
    grown = {f["dst"].split("/")[0] for g in man["updates"].values() for f in g["files"] if g["op"] == "new"}
    for turns in sol.values():
        for t in turns:
            for c in t.get("tool_calls", []):
                if c["name"] == "CreateSubagent":
                    a = c["arguments"]
                    assert set(a["tools"]) <= {"Read", "Bash"} and len(a["tools"]) == 1, a
                    for p in a["accessible_paths"]:
                        assert "." in p.rsplit("/", 1)[-1] or p in grown, f"{sid}: folder grant {p}"


@pytest.mark.parametrize("sid", IDS)
def test_fresh_workspace_fails_every_round(sid: str, tmp_path: Path) -> None:
    ws = tmp_path / "fresh"
    shutil.copytree(DATASET / "scenarios" / sid / "workspace", ws)
    for r in rounds(sid):
        assert run_check(sid, r["id"], ws).returncode == 1, r["id"]


@pytest.mark.parametrize("sid", IDS)
def test_do_nothing_pool_fails_every_delegable_round(sid: str, tmp_path: Path) -> None:
    """Deliverables as the reference left them, but the subagents' transcripts hold nothing."""
    ws = final_workspace(sid, tmp_path)
    for p in (ws / "sessions").glob("*.jsonl"):
        first = p.read_text(encoding="utf-8").splitlines()[0]
        if '"main"' not in first:
            p.write_text(first + "\n", encoding="utf-8")
    for r in rounds(sid):
        if "needs_delegation" in r["tags"]:
            out = run_check(sid, r["id"], ws)
            assert out.returncode == 1 and "evidence" in out.stdout, (r["id"], out.stdout)


@pytest.mark.parametrize("sid", IDS)
def test_media_read_by_a_text_model_fails(sid: str, tmp_path: Path) -> None:
    """The media reader relabelled as a text-only model: its reading no longer counts."""
    ws = final_workspace(sid, tmp_path)
    main = ws / "sessions" / "main.jsonl"
    main.write_text(re.sub(r'("model_key":\s*)"(vlm|omni)"', r'\1"llm"', main.read_text(encoding="utf-8")))
    rid = round_with(sid, "media_extraction")
    out = run_check(sid, rid, ws)
    assert out.returncode == 1 and "evidence" in out.stdout, out.stdout


@pytest.mark.parametrize("sid", IDS)
def test_missing_transcripts_fail(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    shutil.rmtree(ws / "sessions")
    rid = rounds(sid)[-1]["id"]
    out = run_check(sid, rid, ws)
    assert out.returncode == 1 and "transcript missing" in out.stdout, out.stdout


def edit_json(ws: Path, rel: str, key: str, value: object) -> None:
    p = ws / rel
    obj = json.loads(p.read_text(encoding="utf-8"))
    obj[key] = value
    p.write_text(json.dumps(obj, indent=2), encoding="utf-8")


@pytest.mark.parametrize("sid", IDS)
def test_stale_verdict_in_final_summary_fails(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    rid = rounds(sid)[-1]["id"]
    assert run_check(sid, rid, ws).returncode == 0
    stale = [c["token"] for c in conds(sid, rid, "decoy") if c["path"] == "output/final_summary.json"]
    wrong = stale[0] if stale else "Line certified"
    edit_json(ws, "output/final_summary.json", "verdict", wrong)
    out = run_check(sid, rid, ws)
    assert out.returncode == 1 and "FAIL:" in out.stdout, out.stdout


@pytest.mark.parametrize("sid", IDS)
def test_edit_after_sealing_invalidates_token(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    rid = rounds(sid)[-1]["id"]
    edit_json(ws, "output/final_summary.json", "case_id", "X-1")
    out = run_check(sid, rid, ws)
    assert out.returncode == 1 and "token" in out.stdout, out.stdout


@pytest.mark.parametrize("sid", IDS)
def test_old_total_as_current_fails(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    rid = round_with(sid, "update_merge")
    assert "revision_note" not in run_check(sid, rid, ws).stdout
    note = ws / "output" / "revision_note.md"
    text = note.read_text(encoding="utf-8")
    previous = re.search(r"Previous total: (\d+)", text)
    assert previous, text
    old = previous.group(1)
    note.write_text(re.sub(r"Total now: \d+", f"Total now: {old}", text), encoding="utf-8")
    out = run_check(sid, rid, ws)
    assert out.returncode == 1 and "output/revision_note.md" in out.stdout, out.stdout


@pytest.mark.parametrize("sid", IDS)
def test_stale_figure_outside_rejected_claims_fails(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    rid = round_with(sid, "workflow")
    limit_decoys = [c for c in conds(sid, rid, "decoy") if c["path"] == "output/compliance.md"]
    assert limit_decoys
    c = limit_decoys[0]
    label = (c.get("labels") or ["Note"])[0]
    p = ws / "output" / "compliance.md"
    p.write_text(f"{label}: {c['token']}\n\n" + p.read_text(encoding="utf-8"), encoding="utf-8")
    out = run_check(sid, rid, ws)
    assert out.returncode == 1 and "FAIL:" in out.stdout, out.stdout


@pytest.mark.parametrize("sid", IDS)
def test_sensitive_grant_fails_every_later_round(sid: str, tmp_path: Path) -> None:
    """A grant of a sensitive folder spelled as an escaping relative path still trips the guard."""
    ws = final_workspace(sid, tmp_path)
    seg = conds(sid, rounds(sid)[-1]["id"], "never_granted")[0]["segments"][0]
    main = ws / "sessions" / "main.jsonl"
    text = main.read_text(encoding="utf-8")
    text = re.sub(r'("accessible_paths":\s*\[)', rf'\1"./output/../{seg}/", ', text, count=1)
    main.write_text(text, encoding="utf-8")
    out = run_check(sid, rounds(sid)[-1]["id"], ws)
    assert out.returncode == 1 and "guard" in out.stdout, out.stdout
