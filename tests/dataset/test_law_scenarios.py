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
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.domain_index import assert_index_is_the_folders
from tests.dataset.engine_call import run_check
from tests.dataset.kit_search import asked, opening
from tests.dataset.oracle_run import (
    converted,
    empty_subagent_transcripts,
    final_workspace,
    oracle_run,
    record_media_readers_as_text_models,
    record_sensitive_grant,
)
from tests.dataset.rebuild import check_rebuild

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
    assert assert_index_is_the_folders("law", "s_law_") == SCENARIOS
    assert set(SCENARIOS) <= set(converted())
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
def _search(sid: str) -> tuple[str, str] | None:
    """(term, documents folder) of the reference's content search, or None where it names its files."""
    sol = load(DATASET / "scenarios" / sid / "solution" / "trajectory.json")
    for turns in sol.values():
        for t in turns:
            for c in t.get("tool_calls", []):
                script = str(c["arguments"].get("script", "")) if c["name"] == "Workflow" else ""
                for folder, term in asked(script):
                    return term, folder
    return None


SEARCHING = [sid for sid in SCENARIOS if _search(sid)]


def test_reference_manager_passes_every_round_at_the_ceiling() -> None:
    """Every round passes; where the manager cannot know which file holds the governing terms its
    worker searches a whole folder, and the folder is the declared need, so it costs nothing."""
    scores, _out = oracle_run(tuple(converted()))
    quartets: dict[str, tuple[float, float, float, float]] = {}
    for sid in SCENARIOS:
        s = scores.scenarios[sid]
        assert all(s.passed.get(r["id"]) for r in rounds(sid)), (sid, s.passed)
        quartets[sid] = (round(s.tpp, 6), round(s.roc, 6), round(s.wpp, 6), round(s.mca, 6))
    assert len(SEARCHING) >= 6, SEARCHING
    assert all(q == (1.0, 1.0, 1.0, 1.0) for q in quartets.values()), quartets


def _session_of(ws: Path, prompt_part: str) -> list[dict[str, Any]]:
    for p in sorted((ws / "sessions").glob("sub_*.jsonl")):
        lines = [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]
        if any(m.get("role") == "user" and prompt_part in str(m.get("content")) for m in lines):
            return lines
    raise AssertionError(f"no subagent session was asked {prompt_part!r}")


def _workflow_evidence(sid: str) -> str:
    conds = spec(sid, rid_with(sid, "workflow"))["conditions"]
    file: str = next(c["file"] for c in conds if c["kind"] == "evidence")
    return file


@pytest.mark.parametrize("sid", SEARCHING)
def test_the_search_term_is_known_to_the_manager_and_is_no_checked_value(sid: str) -> None:
    term, _folder = _search(sid) or ("", "")
    known = (DATASET / "scenarios" / sid / "questions.json").read_text(encoding="utf-8")
    known += "".join(
        p.read_text(encoding="utf-8") for p in (DATASET / "scenarios" / sid / "workspace" / "requests").glob("*.md")
    )
    assert term.lower() in known.lower(), f"{sid}: {term!r} is not in the questions or the instructions"
    checked = set(_answer_values(sid))
    for r in rounds(sid):
        for c in spec(sid, r["id"])["conditions"]:
            checked |= {str(v) for v in c.get("values", [])} | ({str(c["token"])} if c["kind"] == "decoy" else set())
    assert not any(term.lower() in v.lower() or v.lower() in term.lower() for v in checked if len(v) >= 3), (sid, term)


@pytest.mark.parametrize("sid", SEARCHING)
def test_the_searching_worker_greps_its_folder_and_reads_the_evidence(sid: str) -> None:
    """From the transcript: one Grep per granted folder for the term, then Reads of exactly the files
    it listed, the governing document among them, and fewer files than the folder holds."""
    term, folder = _search(sid) or ("", "")
    _scores, out = oracle_run(tuple(converted()))
    ws = out / sid / "workspace"
    msgs = _session_of(ws, opening(folder, term))
    calls = [c for m in msgs if m.get("role") == "assistant" for c in m.get("tool_calls") or []]
    greps = [c for c in calls if c["name"] == "Grep"]
    assert [g["arguments"]["path"] for g in greps] == [str(ws / folder)], greps
    assert re.sub(r"\\(.)", r"\1", greps[0]["arguments"]["pattern"]) == term
    listed = next(m["content"] for m in msgs if m.get("tool_call_id") == greps[0]["id"]).splitlines()
    reads = [c["arguments"]["file_path"] for c in calls if c["name"] == "Read"]
    assert str(ws / _workflow_evidence(sid)) in reads, (reads, _workflow_evidence(sid))
    assert sorted(reads) == sorted(listed), (reads, listed)
    in_folder = [p for p in (ws / folder).rglob("*") if p.is_file()]
    assert 0 < len(reads) < len(in_folder), (reads, in_folder)


@pytest.mark.parametrize("sid", SEARCHING)
def test_a_search_that_never_opens_the_evidence_fails_the_round(sid: str, tmp_path: Path) -> None:
    """The worker greps, sees the governing document listed, but reads only the other matches
    (an older version, a letter): the round's evidence condition fails."""
    ws = final_workspace(sid, tmp_path)
    rid = rid_with(sid, "workflow")
    assert run_check(sid, rid, ws).returncode == 0, run_check(sid, rid, ws).stdout
    term, folder = _search(sid) or ("", "")
    evidence_file = str(ws / _workflow_evidence(sid))
    for p in (ws / "sessions").glob("sub_*.jsonl"):
        text = p.read_text(encoding="utf-8")
        if json.dumps(opening(folder, term))[1:-1] not in text:
            continue
        kept, dropped = [], set()
        for line in text.splitlines():
            m = json.loads(line)
            calls = m.get("tool_calls") or []
            if any(c["arguments"].get("file_path") == evidence_file for c in calls):
                dropped |= {c["id"] for c in calls if c["arguments"].get("file_path") == evidence_file}
                m["tool_calls"] = [c for c in calls if c["id"] not in dropped]
            if m.get("tool_call_id") in dropped:
                continue
            kept.append(json.dumps(m))
        assert dropped, p
        p.write_text("\n".join(kept) + "\n", encoding="utf-8")
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "evidence" in r.stdout, r.stdout


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
    empty_subagent_transcripts(ws)
    for rid in checked:
        r = run_check(sid, rid, ws)
        assert r.returncode == 1 and "evidence" in r.stdout, (rid, r.stdout)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_media_read_by_a_text_model_fails(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    record_media_readers_as_text_models(ws)
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
    record_sensitive_grant(ws, segment)
    r = run_check(sid, final_rid(sid), ws)
    assert r.returncode == 1 and segment in r.stdout, r.stdout


def test_law_build_is_reproducible() -> None:
    check_rebuild(ROOT / "data" / "build" / "law" / "build.py")


def _edits(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


@pytest.mark.parametrize("sid", SCENARIOS)
def test_media_decoys_differ_from_the_truth_in_more_than_one_character(sid: str) -> None:
    """A careless reader copies the OCR, EXIF or transcript export; a decoy one keystroke away is a typo, not a trap."""
    compared: list[str] = []
    for r in rounds(sid):
        if "modality_decoy" not in r["tags"] and "image" not in r["tags"]:
            continue
        conds = spec(sid, r["id"])["conditions"]
        truths = {c["key"][0]: str(c["equals"]) for c in conds if c["kind"] == "json" and "equals" in c}
        for c in conds:
            key = c["labels"][0].replace(" ", "_") if c["kind"] == "decoy" and c.get("labels") else ""
            if key in truths:
                assert _edits(truths[key], c["token"]) >= 2, (sid, key, truths[key], c["token"])
                compared.append(key)
    assert not [r for r in rounds(sid) if "image" in r["tags"] and "modality_decoy" in r["tags"]] or compared
