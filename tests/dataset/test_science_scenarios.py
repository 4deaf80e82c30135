"""Science scenarios (s_sci_*): specs of the one check engine, an honest reference manager, and
checks that fail for wrong answers, planted decoys and faked behaviour.

The reference manager replays solution/trajectory.json through the real runner against the
simulated pool (tests/dataset/oracle_run.py); every round must pass. On its final workspace the
tests then plant decoys, strip the subagent transcripts, grant a sensitive folder and swap the
media reader's model, and require the checks to fail.
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

from tests.dataset.domain_index import assert_index_is_the_folders
from tests.dataset.engine_call import run_check
from tests.dataset.kit_search import asked
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
SCI = json.loads((DATASET / "tests-science.json").read_text(encoding="utf-8"))["scenario_ids"]


def rounds(sid: str) -> list[str]:
    return list(specs(sid))


def test_every_science_scenario_is_converted() -> None:
    assert assert_index_is_the_folders("science", "s_sci_") == SCI
    assert set(SCI) <= set(converted())
    for sid in SCI:
        checks = DATASET / "scenarios" / sid / "checks"
        assert not list(checks.glob("check_*.py")) and not (checks / "_science.py").exists(), sid
        for rid, sp in specs(sid).items():
            kinds = [c["kind"] for c in sp["conditions"]]
            assert "never_granted" in kinds, (sid, rid)


def test_delegable_rounds_check_evidence() -> None:
    """Every round tagged needs_delegation proves delegation with an evidence condition, not shape alone."""
    for sid in SCI:
        qs = json.loads((DATASET / "scenarios" / sid / "questions.json").read_text(encoding="utf-8"))
        for q in qs:
            if "needs_delegation" in q["tags"]:
                assert any(c["kind"] == "evidence" for c in specs(sid)[q["id"]]["conditions"]), (sid, q["id"])


def test_round_arcs_and_counts() -> None:
    arcs = {}
    total = groups = 0
    for sid in SCI:
        sdir = DATASET / "scenarios" / sid
        qs = json.loads((sdir / "questions.json").read_text(encoding="utf-8"))
        man = json.loads((sdir / "manifest.json").read_text(encoding="utf-8"))
        assert 5 <= len(qs) <= 8, sid
        arcs[sid] = tuple(q["tags"][0] for q in qs)
        total += len(qs)
        groups += len(man["updates"])
    assert total >= 58 and groups >= 16, (total, groups)


def searching(sid: str) -> dict[str, Any]:
    """The document round's archive reader as the reference defines it: its folder grant and search term."""
    sol = json.loads((DATASET / "scenarios" / sid / "solution" / "trajectory.json").read_text(encoding="utf-8"))
    for rid, turns in sol.items():
        for t in turns:
            for c in t.get("tool_calls", []):
                script = str(c["arguments"].get("script") or "") if c["name"] == "Workflow" else ""
                grant = re.search(r'name: "archive_reader".*?accessible_paths: (\[[^\]]*\])', script, re.S)
                found = asked(script)
                if grant and found:
                    (folder, term), *_ = found
                    assert [folder] == json.loads(grant.group(1)), (sid, folder, grant.group(1))
                    return {"round": rid, "folders": json.loads(grant.group(1)), "term": term}
    return {}


def test_reference_manager_passes_every_round_at_the_ceiling() -> None:
    """Every round passes; the archive searches (a folder granted, only its matches read) are
    declared needs, so the reference is at the ceiling however much of the folder it read."""
    scores, _out = oracle_run(tuple(converted()))
    for sid in SCI:
        s = scores.scenarios[sid]
        assert all(s.passed.get(r) for r in rounds(sid)), (sid, s.passed)
        assert searching(sid), sid
        assert (s.tpp, s.roc, s.wpp, s.mca) == (1.0, 1.0, 1.0, 1.0), (sid, s.tpp, s.roc, s.wpp, s.mca)


def session_of(ws: Path, name: str) -> list[dict[str, Any]]:
    for p in sorted((ws / "sessions").glob("sub_*.jsonl")):
        lines = [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines()]
        if any(ln.get("role") == "system" and f"You are '{name}'" in str(ln.get("content")) for ln in lines):
            return lines
    raise AssertionError(f"no session of {name} in {ws}")


def calls_in(lines: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [c["arguments"] for ln in lines for c in ln.get("tool_calls") or [] if c["name"] == name]


@pytest.mark.parametrize("sid", SCI)
def test_archive_reader_searches_and_reads_the_evidence(sid: str, tmp_path: Path) -> None:
    """The archive reader ran Grep for the term over its folder and read exactly the files that hold it,
    among them the stale reference the round's evidence condition names."""
    look = searching(sid)
    ws = final_workspace(sid, tmp_path)
    lines = session_of(ws, "archive_reader")
    folder = ws / look["folders"][0]
    assert [(g["pattern"], g["path"]) for g in calls_in(lines, "Grep")] == [(look["term"], str(folder))]
    holding = sorted(str(p) for p in folder.iterdir() if look["term"].lower() in p.read_text(encoding="utf-8").lower())
    read = sorted(r["file_path"] for r in calls_in(lines, "Read"))
    assert read == holding and 0 < len(read) < len(list(folder.iterdir())), (read, holding)
    evid = [c["file"] for c in specs(sid)[look["round"]]["conditions"] if c["kind"] == "evidence"]
    assert any(str(ws / f) in read for f in evid), (evid, read)


@pytest.mark.parametrize("sid", SCI)
def test_archive_reader_that_only_lists_matches_fails(sid: str, tmp_path: Path) -> None:
    """A reader that greps and answers from the match list without opening the stale reference does not
    count as having read it: the document round fails on its evidence."""
    look = searching(sid)
    ws = final_workspace(sid, tmp_path)
    assert run_check(sid, look["round"], ws).returncode == 0
    for p in (ws / "sessions").glob("sub_*.jsonl"):
        text = p.read_text(encoding="utf-8")
        if "You are 'archive_reader'" in text:
            kept = [x for x in text.splitlines() if '"name": "Read"' not in x]
            p.write_text("\n".join(kept) + "\n", encoding="utf-8")
    r = run_check(sid, look["round"], ws)
    assert r.returncode == 1 and "evidence" in r.stdout, r.stdout


def answer_values(sid: str) -> set[str]:
    out = set()
    for sp in specs(sid).values():
        for c in sp["conditions"]:
            if c["kind"] in ("json", "label") and "equals" in c:
                v = c["equals"]
                text = v if isinstance(v, str) else f"{v:g}" if isinstance(v, float) else str(v)
                if len(text) >= 4 or (not isinstance(v, str) and len(text) >= 3):
                    out.add(text)
    return out


@pytest.mark.parametrize("sid", SCI)
def test_reference_trajectory_holds_no_answer_values(sid: str) -> None:
    """The reference manager writes no figure of the answer itself: every value comes from a bound variable."""
    sol = json.loads((DATASET / "scenarios" / sid / "solution" / "trajectory.json").read_text(encoding="utf-8"))
    writes = [
        json.dumps(c["arguments"])
        for turns in sol.values()
        for t in turns
        for c in t.get("tool_calls", [])
        if c["name"] in ("Write", "Edit")
    ]
    secrets = answer_values(sid)
    assert secrets, sid
    for text in writes:
        for v in secrets:
            assert v not in text, f"{sid}: a Write/Edit carries the answer value {v!r}"


@pytest.mark.parametrize("sid", SCI)
def test_grants_are_exact(sid: str) -> None:
    """Subagents get only the tools they use; every grant but the slice folder names files."""
    sol = json.loads((DATASET / "scenarios" / sid / "solution" / "trajectory.json").read_text(encoding="utf-8"))
    for turns in sol.values():
        for t in turns:
            for c in t.get("tool_calls", []):
                if c["name"] == "CreateSubagent":
                    a = c["arguments"]
                    assert "Edit" not in a["tools"] and "Glob" not in a["tools"], (sid, a["name"])
                    folders = [p for p in a["accessible_paths"] if "." not in p.rsplit("/", 1)[-1]]
                    assert len(folders) <= 1, (sid, a["name"], folders)


def final_round(sid: str) -> str:
    return rounds(sid)[-1]


def seal_round(sid: str) -> str:
    return rounds(sid)[-2]


@pytest.mark.parametrize("sid", SCI)
def test_planted_decoys_fail(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    fin, seal = final_round(sid), seal_round(sid)
    assert run_check(sid, fin, ws).returncode == 0
    assert run_check(sid, seal, ws).returncode == 0
    decoys = json.loads((ROOT / "data" / "build" / "science" / "decoys.json").read_text(encoding="utf-8"))[sid]
    for rid in (fin, seal):
        for d in decoys[rid]:
            case = tmp_path / f"case_{rid}_{d['file'].replace('/', '_')}"
            shutil.copytree(ws, case, symlinks=True)
            p = case / d["file"]
            if "json" in d:
                data = json.loads(p.read_text(encoding="utf-8"))
                data[d["json"][0]] = d["json"][1]
                p.write_text(json.dumps(data, indent=2), encoding="utf-8")
            else:
                old, new = d["sub"]
                text = p.read_text(encoding="utf-8")
                assert old in text, (sid, d)
                p.write_text(text.replace(old, new), encoding="utf-8")
            r = run_check(sid, rid, case)
            assert r.returncode == 1 and "FAIL:" in r.stdout, (sid, rid, d, r.stdout)


@pytest.mark.parametrize("sid", SCI)
def test_stale_and_digest_figures_outside_rejected_claims_fail(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    fin = final_round(sid)
    bad = [c for c in specs(sid)[fin]["conditions"] if c["kind"] == "decoy"]
    assert bad, sid
    report = ws / bad[0]["path"]
    text = report.read_text(encoding="utf-8")
    head, _sep, rest = text.partition("## Rejected claims")
    for c in bad:
        word = " ".join(c.get("labels", [])[:1])
        report.write_text(head + f"\nThe {word} figure is {c['token']}.\n\n## Rejected claims" + rest, encoding="utf-8")
        r = run_check(sid, fin, ws)
        assert r.returncode == 1 and "rejected value" in r.stdout, (sid, c, r.stdout)
    report.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("sid", SCI)
def test_fresh_workspace_fails_every_round(sid: str, tmp_path: Path) -> None:
    ws = tmp_path / "fresh"
    shutil.copytree(DATASET / "scenarios" / sid / "workspace", ws)
    for rid in rounds(sid):
        assert run_check(sid, rid, ws).returncode == 1, rid


@pytest.mark.parametrize("sid", SCI)
def test_missing_transcripts_fail(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    shutil.rmtree(ws / "sessions")
    r = run_check(sid, final_round(sid), ws)
    assert r.returncode == 1 and "transcript missing" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", SCI)
def test_do_nothing_pool_fails_evidence(sid: str, tmp_path: Path) -> None:
    """Deliverables right, but no subagent transcript shows the seal file was opened and the token reported."""
    ws = final_workspace(sid, tmp_path)
    empty_subagent_transcripts(ws)
    r = run_check(sid, seal_round(sid), ws)
    assert r.returncode == 1 and "evidence" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", SCI)
def test_sensitive_grant_fails_every_later_round(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    seg = specs(sid)[final_round(sid)]["conditions"][-1]["segments"][0]

    record_sensitive_grant(ws, seg)  # what `./<seg>/../<seg>` (or a link to it) is bound as
    r = run_check(sid, final_round(sid), ws)
    assert r.returncode == 1 and "guard" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", SCI)
def test_media_sent_to_a_text_model_fails(sid: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    qs = json.loads((DATASET / "scenarios" / sid / "questions.json").read_text(encoding="utf-8"))
    media = next(q["id"] for q in qs if "media_extraction" in q["tags"])
    assert run_check(sid, media, ws).returncode == 0

    record_media_readers_as_text_models(ws)
    r = run_check(sid, media, ws)
    assert r.returncode == 1 and "evidence" in r.stdout, r.stdout


def tables_of(sid: str) -> list[dict[str, Any]]:
    return [c for sp in specs(sid).values() for c in sp["conditions"] if c["kind"] == "table"]


def test_some_scenarios_file_a_table() -> None:
    assert len([sid for sid in SCI if tables_of(sid)]) >= 3


@pytest.mark.parametrize("sid", [sid for sid in SCI if tables_of(sid)])
def test_per_file_table_fails_for_a_wrong_row(sid: str, tmp_path: Path) -> None:
    tables = tables_of(sid)
    ws = final_workspace(sid, tmp_path)
    cond = tables[0]
    spec = tmp_path / "table.json"
    spec.write_text(json.dumps({"round": "t", "conditions": [cond]}), encoding="utf-8")
    engine = DATASET / "scenarios" / sid / "checks" / "_check.py"

    def check() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(engine), str(ws), str(spec)], capture_output=True, text=True)

    assert check().returncode == 0
    p = ws / cond["path"]
    lines = p.read_text(encoding="utf-8").splitlines()
    first = lines[1].split(",")
    first[1] = str(int(first[1]) + 3)
    p.write_text("\n".join([lines[0], ",".join(first), *lines[2:]]) + "\n", encoding="utf-8")
    r = check()
    assert r.returncode == 1 and "FAIL:" in r.stdout, r.stdout
    p.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # a file's row dropped
    r = check()
    assert r.returncode == 1 and "no row" in r.stdout, r.stdout


def test_science_build_is_reproducible() -> None:
    """data/build/science/build.py --check rebuilds every generated file and finds the committed ones equal."""
    check_rebuild(ROOT / "data" / "build" / "science" / "build.py")
