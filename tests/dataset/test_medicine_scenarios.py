"""The medicine scenarios: each its own story and arc, checked through the one engine.

Checks are specs (checks/<round>.json run by checks/_check.py). The reference manager replays
solution/trajectory.json against the simulated pool; every round must pass, its scores differ by
scenario (its archive reader searches a folder of past reviews, so it cannot read only what it
needs), and on its final workspace planted decoys, faked transcripts and wrong routing must fail.
"""

from __future__ import annotations

import difflib
import itertools
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.domain_index import assert_index_is_the_folders, index_ids
from tests.dataset.engine_call import run_check
from tests.dataset.kit_search import opening
from tests.dataset.oracle_run import (
    converted,
    empty_subagent_transcripts,
    final_workspace,
    oracle_run,
    record_media_readers_as_text_models,
    record_sensitive_grant,
    specs,
)
from tests.dataset.rebuild import check_rebuild

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
BUILD = ROOT / "data" / "build" / "medicine"
SIDS = index_ids("medicine")
MODEL_KEYS = re.compile(r"\b(llm|vlm|omni)\b")
AGENT = re.compile(
    r'defineAgent\(\{name: "(\w+)", model_key: "\w+", tools: (\[[^\]]*\]), accessible_paths: (\[[^\]]*\])'
)


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def questions(sid: str) -> list[dict[str, Any]]:
    qs: list[dict[str, Any]] = load(DATASET / "scenarios" / sid / "questions.json")
    return qs


def kind_round(sid: str, tag: str) -> str:
    """Id of the first round carrying ``tag``."""
    rid: str = next(q["id"] for q in questions(sid) if tag in q["tags"])
    return rid


def last_round(sid: str) -> str:
    rid: str = questions(sid)[-1]["id"]
    return rid


def cond(sid: str, rid: str, kind: str) -> list[dict[str, Any]]:
    return [c for c in specs(sid)[rid]["conditions"] if c["kind"] == kind]


def edit_json(ws: Path, rel: str, key: str, value: object) -> None:
    p = ws / rel
    text = p.read_text(encoding="utf-8")
    if rel.endswith(".md"):
        head, _, rest = text.partition("```json\n")
        block, _, tail = rest.partition("```")
        obj = json.loads(block)
        obj[key] = value
        p.write_text(head + "```json\n" + json.dumps(obj, indent=2) + "\n```" + tail, encoding="utf-8")
        return
    obj = json.loads(text)
    obj[key] = value
    p.write_text(json.dumps(obj, indent=2), encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# shape of the domain
# ---------------------------------------------------------------------------------------------
def test_index_is_what_the_builder_defines() -> None:
    """The index lists the scenarios of the sc_*.py spec modules in their RUN_ORDER, each with its folder."""
    assert assert_index_is_the_folders("medicine", "s_med_") == SIDS
    assert list(_scenarios()) == SIDS
    assert set(SIDS) <= set(converted())


def test_targets_and_arcs() -> None:
    """Floors: >= 44 rounds, 5-8 per scenario, >= 12 update groups (new and replace); every scenario its own arc."""
    rounds = {s: questions(s) for s in SIDS}
    assert sum(len(r) for r in rounds.values()) >= 44
    assert all(5 <= len(r) <= 8 for r in rounds.values())
    ops = [g["op"] for s in SIDS for g in load(DATASET / "scenarios" / s / "manifest.json")["updates"].values()]
    assert len(ops) >= 12 and ops.count("new") >= 7 and ops.count("replace") >= 5, ops
    arcs = {s: tuple(q["tags"][0] for q in r) for s, r in rounds.items()}
    assert len(set(arcs.values())) == len(SIDS), arcs
    assert len({a[0] for a in arcs.values()}) >= 4 and len({a[-1] for a in arcs.values()}) >= 3


def test_questions_are_distinct_and_ask_for_judgement() -> None:
    """Within the domain the questions share little text, and most model-choice rounds leave the key unnamed."""
    toks = {s: [re.findall(r"\w+", q["question"].lower()) for q in questions(s)] for s in SIDS}
    pairs = [
        difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
        for s, t in itertools.combinations(SIDS, 2)
        for a in toks[s]
        for b in toks[t]
    ]
    assert sum(pairs) / len(pairs) <= 0.30
    media = [q for s in SIDS for q in questions(s) if "media_extraction" in q["tags"]]
    unnamed = [q for q in media if not MODEL_KEYS.search(q["question"])]
    assert len(unnamed) * 2 >= len(media)


def test_deliverable_kinds_and_places() -> None:
    paths = set()
    for sid in SIDS:
        for spec in specs(sid).values():
            for c in spec["conditions"]:
                if "path" in c and c["kind"] in ("json", "table", "label", "headings", "seal"):
                    paths.add(c["path"])
                if "token_path" in c:
                    paths.add(c["token_path"])
    kinds = {Path(p).suffix for p in paths}
    assert {".json", ".csv", ".md", ".txt"} <= kinds, kinds
    fenced = [c["path"] for sid in SIDS for c in cond(sid, last_round(sid), "json") if c["path"].endswith(".md")]
    assert fenced, "no Markdown deliverable with a fenced JSON block"
    assert len({p.split("/")[0] for p in paths}) >= 8


def test_every_delegable_round_checks_evidence() -> None:
    for sid in SIDS:
        for q in questions(sid):
            if "needs_delegation" in q["tags"]:
                assert cond(sid, q["id"], "evidence"), (sid, q["id"])
            if "media_extraction" in q["tags"]:
                media_ev = [c for c in cond(sid, q["id"], "evidence") if "llm" not in c["models"]]
                assert media_ev, (sid, q["id"], "media evidence must exclude text-only models")


# ---------------------------------------------------------------------------------------------
# the reference manager
# ---------------------------------------------------------------------------------------------
def _scenarios() -> dict[str, dict[str, Any]]:
    """Each scenario's spec (``SCENARIO`` of its sc_*.py module) by id, in run order, found as build.py
    finds them (the builder's folder, then the kit's, on the path)."""
    for where in (str(BUILD.parent), str(BUILD)):
        if where not in sys.path:
            sys.path.insert(0, where)
    from kit.discover import spec_modules

    return {m.SCENARIO["sid"]: m.SCENARIO for m in spec_modules(BUILD, "sc_")}


def _search(sid: str) -> dict[str, Any]:
    spec: dict[str, Any] = _scenarios()[sid]["search"]
    return spec


def _archive_review(sid: str) -> str:
    """Last year's review: the archive/ file whose evidence the workflow round checks."""
    rid = kind_round(sid, "workflow")
    path: str = next(c["file"] for c in cond(sid, rid, "evidence") if c["file"].startswith("archive/"))
    return path


def _workflow_agents(sid: str) -> dict[str, dict[str, Any]]:
    """{agent name: {tools, paths, task}} of the reference's workflow scripts."""
    out: dict[str, dict[str, Any]] = {}
    for turns in load(DATASET / "scenarios" / sid / "solution" / "trajectory.json").values():
        for t in turns:
            for c in t.get("tool_calls", []):
                if c["name"] != "Workflow":
                    continue
                script = c["arguments"]["script"]
                for name, tools, paths in re.findall(AGENT, script):
                    task = re.search(r'agent\("((?:[^"\\]|\\.)*)", \{agentType: "' + name + '"', script)
                    out[name] = {
                        "tools": json.loads(tools),
                        "paths": json.loads(paths),
                        "task": task.group(1).replace('\\"', '"') if task else "",
                    }
    return out


def _scores(sid: str) -> tuple[float, float, float, float]:
    s = oracle_run(tuple(converted()))[0].scenarios[sid]
    return (round(s.tpp, 4), round(s.roc, 4), round(s.wpp, 4), round(s.mca, 4))


@pytest.mark.parametrize("sid", SIDS)
def test_reference_manager_passes_every_round(sid: str) -> None:
    """Every round passes at the ceiling: a search the manager cannot avoid is a declared need."""
    scores, _out = oracle_run(tuple(converted()))
    s = scores.scenarios[sid]
    assert all(s.passed.get(q["id"]) for q in questions(sid)), s.passed
    assert _search(sid)
    assert _scores(sid) == (1.0, 1.0, 1.0, 1.0), _scores(sid)


@pytest.mark.parametrize("sid", SIDS)
def test_archive_reader_searches_for_a_known_term(sid: str) -> None:
    """The reader gets the folder, Read and Grep, and a quoted term that is no checked value; no file is named."""
    reader = _workflow_agents(sid)["archive_reader"]
    term = _search(sid)["term"]
    assert reader["tools"] == ["Read", "Grep"] and reader["paths"] == ["archive"], reader
    assert opening("archive", term) in reader["task"], reader["task"]
    assert not re.search(r"archive/[\w.-]+\.\w+", reader["task"]), reader["task"]
    for spec in specs(sid).values():
        for c in spec["conditions"]:
            checked = [c.get("equals"), c.get("token"), *c.get("one_of", []), *c.get("values", [])]
            assert all(term.lower() not in str(v).lower() for v in checked if v is not None), (c, term)
    ws = DATASET / "scenarios" / sid / "workspace" / "archive"
    hits = [p.name for p in sorted(ws.iterdir()) if term.lower() in p.read_text(encoding="utf-8").lower()]
    picked = [
        p.name for p in sorted(ws.iterdir()) if re.search(_search(sid)["pick"], p.read_text(encoding="utf-8"), re.I)
    ]
    assert picked == [Path(_archive_review(sid)).name] and picked[0] in hits and len(hits) < len(list(ws.iterdir()))


def _reader_session(ws: Path) -> Path:
    return next(
        p
        for p in sorted((ws / "sessions").glob("sub_*.jsonl"))
        if "You are 'archive_reader'" in p.read_text(encoding="utf-8")
    )


@pytest.mark.parametrize("sid", SIDS)
def test_searching_worker_ran_grep_and_read_the_review(sid: str) -> None:
    """From the run's transcript: the reader ran Grep for the term over archive/, then read what matched,
    last year's review among it, and not the reviews that did not match."""
    out = oracle_run(tuple(converted()))[1]
    ws = out / sid / "workspace"
    lines = [json.loads(x) for x in _reader_session(ws).read_text(encoding="utf-8").splitlines()]
    calls = [c for ln in lines if ln.get("role") == "assistant" for c in ln.get("tool_calls") or []]
    args = [c["arguments"] if isinstance(c["arguments"], dict) else json.loads(c["arguments"]) for c in calls]
    greps = [a for c, a in zip(calls, args, strict=True) if c["name"] == "Grep"]
    reads = [
        Path(a["file_path"]).relative_to(ws).as_posix() for c, a in zip(calls, args, strict=True) if c["name"] == "Read"
    ]
    term = _search(sid)["term"]
    assert greps and all(g["path"].rstrip("/").endswith("/archive") for g in greps), greps
    assert all(re.search(g["pattern"], term) for g in greps), greps
    matching = sorted(
        f"archive/{p.name}" for p in (ws / "archive").iterdir() if term.lower() in p.read_text(encoding="utf-8").lower()
    )
    assert sorted(reads) == matching and _archive_review(sid) in reads, (reads, matching)
    assert len(reads) < len(list((ws / "archive").iterdir()))


@pytest.mark.parametrize("sid", SIDS)
def test_review_found_by_grep_but_never_opened_fails(sid: str, tmp_path: Path) -> None:
    """Adversarial: the reader's reply still quotes the review, but it never opened it (only Grep and
    the other matches), or it opened another year's review in its place: the evidence check fails."""
    rid = kind_round(sid, "workflow")
    target = _archive_review(sid)
    sibling = next(
        f"archive/{p.name}"
        for p in sorted((DATASET / "scenarios" / sid / "workspace" / "archive").iterdir())
        if f"archive/{p.name}" != target
    )
    for mode in ("drop", "swap"):
        ws = final_workspace(sid, tmp_path / mode)
        assert run_check(sid, rid, ws).returncode == 0, run_check(sid, rid, ws).stdout
        sess = _reader_session(ws)
        if mode == "swap":
            sess.write_text(sess.read_text(encoding="utf-8").replace(target, sibling), encoding="utf-8")
        else:
            kept = []
            for raw in sess.read_text(encoding="utf-8").splitlines():
                ln = json.loads(raw)
                if ln.get("tool_calls"):
                    ln["tool_calls"] = [c for c in ln["tool_calls"] if target not in json.dumps(c)]
                kept.append(json.dumps(ln))
            sess.write_text("\n".join(kept) + "\n", encoding="utf-8")
        r = run_check(sid, rid, ws)
        assert r.returncode == 1 and "evidence" in r.stdout, (mode, r.stdout)


def _secrets(sid: str) -> list[str]:
    c = _scenarios()[sid]
    out = [c["rule"]["decision"]]
    for m in c["media"]:
        out += [str(v[0]) for v in m["facts"].values() if len(str(v[0])) >= 4]
    return out


@pytest.mark.parametrize("sid", SIDS)
def test_reference_trajectory_writes_no_answer_value(sid: str) -> None:
    sol = load(DATASET / "scenarios" / sid / "solution" / "trajectory.json")
    writes = [
        json.dumps(c["arguments"])
        for turns in sol.values()
        for t in turns
        for c in t.get("tool_calls", [])
        if c["name"] in ("Write", "Edit")
    ]
    for v in _secrets(sid):
        assert not any(v in w for w in writes), f"{sid}: a Write/Edit carries {v!r}"
    for w in writes:  # every figure in a JSON deliverable comes from a bound variable
        assert not re.search(r'":\s*\d', w.replace('\\"', '"')), (sid, w[:200])


def test_reference_grants_are_file_level() -> None:
    """Each subagent gets the tools it uses; only the export folder (extended by an update) is granted whole."""
    for sid in SIDS:
        man = load(DATASET / "scenarios" / sid / "manifest.json")
        upd_dirs = {f["dst"].split("/")[0] for g in man["updates"].values() for f in g["files"]}
        for turns in load(DATASET / "scenarios" / sid / "solution" / "trajectory.json").values():
            for t in turns:
                for c in t.get("tool_calls", []):
                    if c["name"] != "CreateSubagent":
                        continue
                    for p in c["arguments"]["accessible_paths"]:
                        ws = DATASET / "scenarios" / sid / "workspace" / p
                        assert ws.is_file() or p in upd_dirs or "/" in p, (sid, p)


# ---------------------------------------------------------------------------------------------
# adversarial workspaces
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sid", SIDS)
def test_fresh_workspace_fails_every_round(sid: str, tmp_path: Path) -> None:
    ws = tmp_path / "fresh"
    shutil.copytree(DATASET / "scenarios" / sid / "workspace", ws)
    for q in questions(sid):
        assert run_check(sid, q["id"], ws).returncode == 1, q["id"]


@pytest.mark.parametrize("sid", SIDS)
def test_media_decoys_fail(sid: str, tmp_path: Path) -> None:
    """The media round passes on the reference workspace and fails once a text source's value is adopted."""
    rid = kind_round(sid, "media_extraction")
    ws = final_workspace(sid, tmp_path)
    assert run_check(sid, rid, ws).returncode == 0, run_check(sid, rid, ws).stdout
    decoys = [c for c in cond(sid, rid, "decoy") if c["path"].endswith(".json")]
    assert decoys, sid
    jpath, token = decoys[0]["path"], decoys[0]["token"]
    key = (decoys[0].get("labels") or list(load(ws / jpath)))[0]
    edit_json(ws, jpath, key, token)
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "FAIL" in r.stdout, r.stdout


def _distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def test_media_decoys_are_not_one_character_edits() -> None:
    """Every value an automatic text offers in place of a media fact differs from the truth by more than one
    character (another row, another patient, another week or unit), and a perceiving reader's truth text
    does not carry the decoy as the fact itself."""
    seen = 0
    for c in _scenarios().values():
        for m in c["media"]:
            for key, (truth, _hint, wrong) in m["facts"].items():
                if wrong is None:
                    continue
                seen += 1
                assert _distance(str(truth).lower(), str(wrong).lower()) >= 2, (c["sid"], key, truth, wrong)
    assert seen >= 20


@pytest.mark.parametrize("sid", SIDS)
def test_stale_threshold_fails(sid: str, tmp_path: Path) -> None:
    rid = kind_round(sid, "workflow")
    ws = final_workspace(sid, tmp_path)
    assert run_check(sid, rid, ws).returncode == 0
    jpath = cond(sid, rid, "json")[0]["path"]
    stale = next(c["token"] for c in cond(sid, rid, "decoy") if c["path"] == jpath)
    edit_json(ws, jpath, "threshold", int(stale))
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "threshold" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", SIDS)
def test_last_round_rejects_wrong_totals_and_stale_seals(sid: str, tmp_path: Path) -> None:
    rid = last_round(sid)
    ws = final_workspace(sid, tmp_path)
    assert run_check(sid, rid, ws).returncode == 0, run_check(sid, rid, ws).stdout
    total = next(c for c in cond(sid, rid, "json") if c["key"][0].startswith("total_"))
    edit_json(ws, total["path"], total["key"][0], total["equals"] + 3)
    assert run_check(sid, rid, ws).returncode == 1
    seals = cond(sid, rid, "seal")
    if seals:
        ws2 = final_workspace(sid, tmp_path / "b")
        summary = ws2 / seals[0]["path"]
        obj = load(summary)
        obj["note"] = "edited after sealing"
        summary.write_text(json.dumps(obj), encoding="utf-8")
        r = run_check(sid, rid, ws2)
        assert r.returncode == 1 and "token" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", SIDS)
def test_do_nothing_pool_fails_evidence(sid: str, tmp_path: Path) -> None:
    """Deliverables right, but no subagent transcript shows the evidence was opened and reported."""
    ws = final_workspace(sid, tmp_path)
    empty_subagent_transcripts(ws)
    for q in questions(sid):
        if "needs_delegation" in q["tags"]:
            r = run_check(sid, q["id"], ws)
            assert r.returncode == 1 and "evidence" in r.stdout, (q["id"], r.stdout)


@pytest.mark.parametrize("sid", SIDS)
def test_text_only_reader_fails_the_media_round(sid: str, tmp_path: Path) -> None:
    """The same transcript, but the media reader was created as a text-only model."""
    rid = kind_round(sid, "media_extraction")
    ws = final_workspace(sid, tmp_path)
    record_media_readers_as_text_models(ws)
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "evidence" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", SIDS)
def test_missing_transcripts_fail(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    shutil.rmtree(ws / "sessions")
    for q in questions(sid):
        if any(c["kind"] in ("never_granted", "evidence") for c in specs(sid)[q["id"]]["conditions"]):
            assert run_check(sid, q["id"], ws).returncode == 1, q["id"]


def test_sensitive_grant_fails_every_later_round(tmp_path: Path) -> None:
    """hr/ bound in the first round (``./notes/../hr/sickness_absence.md``, resolved) fails the guard from then on."""
    sid = "s_med_ward_handover"
    ws = final_workspace(sid, tmp_path)
    record_sensitive_grant(ws, "hr/sickness_absence.md")
    r = run_check(sid, last_round(sid), ws)
    assert r.returncode == 1 and "hr" in r.stdout, r.stdout


def test_lenient_spellings_pass(tmp_path: Path) -> None:
    """Honest variants: a section id without the sign, a quoted label, '5mg' for '5 mg', a number as a string."""
    sid = "s_med_dispensing_error_rca"
    ws = final_workspace(sid, tmp_path)
    rule = kind_round(sid, "workflow")
    edit_json(ws, "committee/escalation.json", "rule_ref", "Section 5.2")
    edit_json(ws, "committee/escalation.json", "decision", "'Trust-level RCA'")
    edit_json(ws, "committee/escalation.json", "threshold", "8")
    assert run_check(sid, rule, ws).returncode == 0, run_check(sid, rule, ws).stdout
    media = kind_round(sid, "media_extraction")
    edit_json(ws, "rca/chart_entry.json", "prescribed_dose", "5mg")
    assert run_check(sid, media, ws).returncode == 0, run_check(sid, media, ws).stdout


# ---------------------------------------------------------------------------------------------
# build and media
# ---------------------------------------------------------------------------------------------
def test_build_is_reproducible() -> None:
    assert "check: OK" in check_rebuild(BUILD / "build.py")


def test_media_are_realistic_and_dominate_bytes() -> None:
    """Scans and charts at least 1240 px, speech 22050 Hz 16-bit; across the domain media outweigh text."""
    import wave

    from PIL import Image

    media = text = 0
    for sid in SIDS:
        for p in (DATASET / "scenarios" / sid).rglob("*"):
            if not p.is_file():
                continue
            ext = p.suffix.lower()
            if ext == ".png":
                with Image.open(p) as im:
                    assert max(im.size) >= 1240, (sid, p.name, im.size)
            elif ext == ".wav":
                with wave.open(str(p)) as w:
                    assert w.getframerate() >= 22050 and w.getsampwidth() == 2, (sid, p.name)
            if ext in (".png", ".wav", ".mp4"):
                media += p.stat().st_size
            elif ext not in (".docx", ".xlsx", ".pdf"):
                text += p.stat().st_size
    assert media > text, (media, text)
