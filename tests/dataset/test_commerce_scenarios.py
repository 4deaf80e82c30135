"""The commerce scenarios (data/clawarena-team/scenarios/s_com_*), checked by the one engine.

The reference manager runs through the real runner against the simulated pool
(tests/dataset/oracle_run.py): every round passes, the scenarios' management scores differ because
each reference locates one round's evidence by searching a folder (honestly below the ceiling), its trajectory
writes no answer value itself (every figure is bound from what subagents reported), and on
its final workspace planted decoys, a do-nothing pool, a sensitive grant spelled at run time
and a missing transcript all fail. Each scenario has its own arc and its own questions.
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.dataset.engine_call import run_check
from tests.dataset.kit_search import asked
from tests.dataset.oracle_run import (
    converted,
    empty_subagent_transcripts,
    final_workspace,
    oracle_run,
    record_sensitive_grant,
)
from tests.dataset.rebuild import check_rebuild

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
TESTDATA = ROOT / "data" / "build" / "commerce" / "testdata"
TESTS = DATASET / "tests-commerce.json"


def _all_ids() -> list[str]:
    ids: list[str] = json.loads(TESTS.read_text(encoding="utf-8"))["scenario_ids"]
    return ids


def _converted_ids() -> list[str]:
    """Commerce scenarios checked by the one engine (their checks carry the engine stamp)."""
    return [i for i in _all_ids() if (DATASET / "scenarios" / i / "checks" / "_check.sha256").is_file()]


def test_every_commerce_scenario_is_checked_by_the_engine() -> None:
    assert _converted_ids() == _all_ids()


def test_arcs_differ_and_questions_do_not_repeat() -> None:
    arcs, texts = {}, {}
    for sid in _all_ids():
        qs = _questions(sid)
        arcs[sid] = tuple(q["tags"][0] for q in qs)
        texts[sid] = [w for q in qs for w in re.findall(r"[a-z]+", q["question"].lower())]
    assert len(set(arcs.values())) == len(arcs), arcs
    ids = list(texts)
    for i, a in enumerate(ids):
        for bid in ids[i + 1 :]:
            ratio = difflib.SequenceMatcher(None, texts[a], texts[bid]).ratio()
            assert ratio < 0.3, (a, bid, ratio)


@pytest.mark.parametrize("sid", _all_ids())
def test_media_realistic_sizes(sid: str) -> None:
    """Realistic media (scans/photos ~0.5-2 MB, 22 kHz audio, 720p video) within per-file and per-scenario limits."""
    sdir = DATASET / "scenarios" / sid
    media = [p for p in (sdir / "workspace").rglob("*") if p.suffix.lower() in (".png", ".wav", ".mp4")]
    assert media, sid
    for p in media:
        assert p.stat().st_size < 5 * 1024 * 1024, p
    total = sum(p.stat().st_size for p in sdir.rglob("*") if p.is_file())
    assert total < 8 * 1024 * 1024, total


def _testdata(sid: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((TESTDATA / f"{sid}.json").read_text(encoding="utf-8"))
    return data


def _questions(sid: str) -> list[dict[str, Any]]:
    qs: list[dict[str, Any]] = json.loads((DATASET / "scenarios" / sid / "questions.json").read_text(encoding="utf-8"))
    return qs


def _edit_main(ws: Path, edit: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    main = ws / "sessions" / "main.jsonl"
    lines = [json.dumps(edit(json.loads(line))) for line in main.read_text(encoding="utf-8").splitlines()]
    main.write_text("\n".join(lines) + "\n", encoding="utf-8")


CONVERTED = _converted_ids()


class Search(NamedTuple):
    """A round where the reference manager cannot know which file holds the evidence: it grants the
    folder with Read and Grep and asks the worker to search for a term it knows from the round."""

    round: str
    folder: str
    term: str
    target: str  # the evidence file the search must find


def _search(sid: str) -> Search | None:
    """The scenario's search round, read from its built files: the worker needs.json grants a whole
    folder to search, the quoted term the reference's prompt asks it to find there, and the round's
    evidence condition on a file in that folder the reference never names."""
    sdir = DATASET / "scenarios" / sid
    needs = json.loads((sdir / "needs.json").read_text(encoding="utf-8"))["rounds"]
    sol = json.loads((sdir / "solution" / "trajectory.json").read_text(encoding="utf-8"))
    found = []
    for rid, workers in needs.items():
        for w in workers:
            if not w["folders"] or not any("search" in tools for tools in w["tools"]):
                continue
            folder = w["folders"][0]
            said = [
                v
                for t in sol[rid]
                for c in t.get("tool_calls", [])
                for v in c["arguments"].values()
                if isinstance(v, str)
            ]
            terms = sorted({t for text in said for f, t in asked(text) if f == folder})
            spec = json.loads((sdir / "checks" / f"{rid}.json").read_text(encoding="utf-8"))
            named = json.dumps(sol[rid])
            targets = [
                c["file"]
                for c in spec["conditions"]
                if c["kind"] == "evidence" and c["file"].startswith(folder + "/") and c["file"] not in named
            ]
            if len(terms) == 1 and len(targets) == 1:
                found.append(Search(rid, folder, terms[0], targets[0]))
    return found[0] if len(found) == 1 else None


SEARCHES: dict[str, Search] = {sid: s for sid in CONVERTED if (s := _search(sid)) is not None}


def _metrics(sid: str) -> tuple[float, float, float, float]:
    s = oracle_run(tuple(converted()))[0].scenarios[sid]
    return (round(s.tpp, 4), round(s.roc, 4), round(s.wpp, 4), round(s.mca, 4))


def _sub_sessions(sid: str) -> list[list[dict[str, Any]]]:
    _scores, out = oracle_run(tuple(converted()))
    sessions = []
    for p in sorted((out / sid / "workspace" / "sessions").glob("*.jsonl")):
        if p.name != "main.jsonl":
            sessions.append([json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip()])
    return sessions


@pytest.mark.skipif(not CONVERTED, reason="no commerce scenario is checked by the engine yet")
def test_reference_manager_passes_every_round_at_the_ceiling() -> None:
    """Its grants are the declared needs (needs.json), so each management metric is 1."""
    scores, _out = oracle_run(tuple(converted()))
    for sid in CONVERTED:
        s = scores.scenarios[sid]
        rounds = [q["id"] for q in _questions(sid)]
        assert [s.passed.get(r) for r in rounds] == [True] * len(rounds), (sid, s.passed)
        assert _metrics(sid) == (1.0, 1.0, 1.0, 1.0), (sid, _metrics(sid))


def test_every_searching_reference_scores_its_folder_search_at_the_ceiling() -> None:
    """A folder search the manager cannot avoid is a declared need: it costs nothing."""
    assert set(SEARCHES) == set(CONVERTED)
    for sid in SEARCHES:
        assert _metrics(sid) == (1.0, 1.0, 1.0, 1.0), (sid, _metrics(sid))


@pytest.mark.parametrize("sid", sorted(SEARCHES))
def test_searching_grant_is_the_folder_and_the_prompt_names_no_file(sid: str) -> None:
    rid, folder, term, target = SEARCHES[sid]
    sol = json.loads((DATASET / "scenarios" / sid / "solution" / "trajectory.json").read_text(encoding="utf-8"))
    text = json.dumps(sol[rid])
    assert target not in text, f"{sid}: the reference names the evidence file it should have to find"
    for value in _testdata(sid)["secrets"]:
        assert value.lower() not in term.lower(), (sid, term, value)
    creates = [c["arguments"] for t in sol[rid] for c in t.get("tool_calls", []) if c["name"] == "CreateSubagent"]
    scripts = [c["arguments"]["script"] for t in sol[rid] for c in t.get("tool_calls", []) if c["name"] == "Workflow"]
    granted = any(a["accessible_paths"] == [folder] and a["tools"] == ["Read", "Grep"] for a in creates) or any(
        re.search(r'tools: \["Read", "Grep"\],\s*accessible_paths: \["' + folder + r'"\]', w) for w in scripts
    )
    assert granted, (sid, rid, "no worker granted exactly the folder with Read and Grep")


@pytest.mark.parametrize("sid", sorted(SEARCHES))
def test_searching_worker_ran_grep_and_read_the_evidence_file(sid: str) -> None:
    """From the run's transcripts: the worker grepped its folder for the term, then read every file
    the search listed (the evidence file among them) and nothing else, so its own WPP is below 1."""
    rid, folder, term, target = SEARCHES[sid]
    found = []
    for lines in _sub_sessions(sid):
        calls = [c for ln in lines if ln.get("role") == "assistant" for c in ln.get("tool_calls") or []]
        greps = [c for c in calls if c["name"] == "Grep" and c["arguments"]["pattern"] == term]
        if not greps:
            continue
        assert all(ln.get("round_id") in (rid, None) for ln in lines), (sid, "the searching worker left its round")
        assert greps[0]["arguments"]["path"].endswith("/" + folder), greps[0]
        reads = [str(c["arguments"]["file_path"]) for c in calls if c["name"] == "Read"]
        assert calls.index(greps[0]) < min(calls.index(c) for c in calls if c["name"] == "Read")
        assert any(r.endswith("/" + target) for r in reads), (sid, reads)
        listed = [
            line
            for ln in lines
            if ln.get("role") == "tool_result" and ln.get("tool_call_id") == greps[0]["id"]
            for line in ln["content"].splitlines()
            if line.startswith("/")
        ]
        assert listed and set(reads) == set(listed), (sid, "read other files than the search matched", reads, listed)
        assert all(f"/{folder}/" in r for r in reads), (sid, reads)
        ws = DATASET / "scenarios" / sid / "workspace" / folder
        assert len(set(reads)) < max(1, len([p for p in ws.rglob("*") if p.is_file()])), (sid, reads)
        found.append(lines)
    assert len(found) == 1, (sid, len(found))


@pytest.mark.parametrize("sid", sorted(SEARCHES))
def test_search_without_reading_the_match_fails(sid: str, tmp_path: Path) -> None:
    """A searcher that greps, sees the evidence file listed and reports without opening it (or opens
    only the other matches) does not count as evidence, however its reply is worded."""
    rid, _folder, term, target = SEARCHES[sid]
    ws = final_workspace(sid, tmp_path)
    assert run_check(sid, rid, ws).returncode == 0
    edited = 0
    for p in (ws / "sessions").glob("sub_*.jsonl"):
        lines = [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
        if not any(
            c["name"] == "Grep" and c["arguments"].get("pattern") == term
            for ln in lines
            for c in ln.get("tool_calls") or []
        ):
            continue
        for ln in lines:
            kept = [
                c for c in ln.get("tool_calls") or [] if not str(c["arguments"].get("file_path", "")).endswith(target)
            ]
            if ln.get("tool_calls") and len(kept) != len(ln["tool_calls"]):
                ln["tool_calls"] = kept
                edited += 1
        p.write_text("\n".join(json.dumps(ln) for ln in lines) + "\n", encoding="utf-8")
    assert edited
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "evidence" in r.stdout, (sid, rid, r.stdout)


@pytest.mark.parametrize("sid", CONVERTED)
def test_arc_rounds_and_checks_are_specs(sid: str) -> None:
    qs = _questions(sid)
    assert 5 <= len(qs) <= 8
    checks = DATASET / "scenarios" / sid / "checks"
    assert not list(checks.glob("check_*.py")) and not (checks / "_common.py").exists()
    for q in qs:
        assert q["eval"]["command"] == f"python3 ${{scripts}}/_check.py ${{workspace}} ${{scripts}}/{q['id']}.json"
        spec = json.loads((checks / f"{q['id']}.json").read_text(encoding="utf-8"))
        kinds = [c["kind"] for c in spec["conditions"]]
        if "needs_delegation" in q["tags"]:
            assert "evidence" in kinds, (sid, q["id"], "a delegable round without evidence of delegation")
        assert "never_granted" in kinds, (sid, q["id"])


@pytest.mark.parametrize("sid", CONVERTED)
def test_reference_trajectory_holds_no_answer_values(sid: str) -> None:
    secrets = _testdata(sid)["secrets"]
    assert secrets
    sol = json.loads((DATASET / "scenarios" / sid / "solution" / "trajectory.json").read_text(encoding="utf-8"))
    for turns in sol.values():
        for t in turns:
            for c in t.get("tool_calls", []):
                if c["name"] in ("Write", "Edit"):
                    text = json.dumps(c["arguments"])
                    for value in secrets:
                        assert value not in text, f"{sid}: a Write/Edit carries the answer value {value!r}"


@pytest.mark.parametrize("sid", CONVERTED)
def test_planted_decoys_fail(sid: str, tmp_path: Path) -> None:
    decoys = _testdata(sid)["decoys"]
    assert decoys
    ws = final_workspace(sid, tmp_path)
    for rid, planted in decoys.items():
        assert run_check(sid, rid, ws).returncode == 0, (sid, rid)
        for d in planted:
            p = ws / d["file"]
            good = p.read_text(encoding="utf-8")
            assert d["old"] in good, (sid, d)
            p.write_text(good.replace(d["old"], d["new"], 1), encoding="utf-8")
            r = run_check(sid, rid, ws)
            p.write_text(good, encoding="utf-8")
            assert r.returncode == 1 and "FAIL:" in r.stdout, (sid, rid, d, r.stdout)


@pytest.mark.parametrize("sid", CONVERTED)
def test_fresh_workspace_fails_every_round(sid: str, tmp_path: Path) -> None:
    ws = tmp_path / "fresh"
    shutil.copytree(DATASET / "scenarios" / sid / "workspace", ws)
    for q in _questions(sid):
        assert run_check(sid, q["id"], ws).returncode == 1, (sid, q["id"])


@pytest.mark.parametrize("sid", CONVERTED)
def test_do_nothing_pool_fails_every_delegable_round(sid: str, tmp_path: Path) -> None:
    """Right deliverables, but the subagent transcripts show nothing opened: evidence fails."""
    ws = final_workspace(sid, tmp_path)
    empty_subagent_transcripts(ws)
    for q in _questions(sid):
        if "needs_delegation" in q["tags"]:
            r = run_check(sid, q["id"], ws)
            assert r.returncode == 1 and "evidence" in r.stdout, (sid, q["id"], r.stdout)


@pytest.mark.parametrize("sid", CONVERTED)
def test_sensitive_grant_as_bound_fails(sid: str, tmp_path: Path) -> None:
    """A grant the harness bound to a sensitive folder fails the last round, however main spelled it
    (the engine reads the grant as resolved; the spellings themselves are tested through the
    harness in test_check_forgeries.py)."""
    ws = final_workspace(sid, tmp_path)
    last = _questions(sid)[-1]["id"]
    spec = json.loads((DATASET / "scenarios" / sid / "checks" / f"{last}.json").read_text(encoding="utf-8"))
    seg = next(c for c in spec["conditions"] if c["kind"] == "never_granted")["segments"][0]
    record_sensitive_grant(ws, seg)
    r = run_check(sid, last, ws)
    assert r.returncode == 1 and "FAIL:" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", CONVERTED)
def test_missing_main_transcript_fails_the_last_round(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    (ws / "sessions" / "main.jsonl").unlink()
    r = run_check(sid, _questions(sid)[-1]["id"], ws)
    assert r.returncode == 1, r.stdout


def test_commerce_build_is_reproducible() -> None:
    """data/build/commerce/build.py --check rebuilds every generated file and finds the committed ones equal."""
    check_rebuild(ROOT / "data" / "build" / "commerce" / "build.py")
