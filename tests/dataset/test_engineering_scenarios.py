"""The engineering scenarios (s_eng_*): specs of the one check engine, an honest reference manager,
and checks that fail for decoys, stale figures, missing evidence and faked behaviour.

The reference manager replays solution/trajectory.json against the simulated pool (one shared run,
tests/dataset/oracle_run.py); the adversarial cases below edit its final workspace or transcripts.
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
IDS = json.loads((DATASET / "tests-engineering.json").read_text(encoding="utf-8"))["scenario_ids"]


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def rounds(sid: str) -> list[dict[str, Any]]:
    qs: list[dict[str, Any]] = load(DATASET / "scenarios" / sid / "questions.json")
    return qs


def round_with(sid: str, tag: str) -> str:
    rid: str = next(r["id"] for r in rounds(sid) if tag in r["tags"])
    return rid


def conds(sid: str, rid: str, kind: str) -> list[dict[str, Any]]:
    return [c for c in specs(sid)[rid]["conditions"] if c["kind"] == kind]


def test_ids_and_floors() -> None:
    assert assert_index_is_the_folders("engineering", "s_eng_") == IDS
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


def scores_of(sid: str) -> tuple[float, float, float, float]:
    scores, _out = oracle_run(tuple(converted()))
    s = scores.scenarios[sid]
    return (round(s.tpp, 6), round(s.roc, 6), round(s.wpp, 6), round(s.mca, 6))


def searches(sid: str) -> list[dict[str, Any]]:
    """Workflow agents of the reference that locate a file by content: name, folder grant, tools, term."""
    sol = load(DATASET / "scenarios" / sid / "solution" / "trajectory.json")
    out = []
    for turns in sol.values():
        for t in turns:
            for c in t.get("tool_calls", []):
                if c["name"] != "Workflow":
                    continue
                script = c["arguments"]["script"]
                for m in re.finditer(r"defineAgent\((\{.*?\})\);", script):
                    agent = json.loads(re.sub(r"(\w+):", r'"\1":', m.group(1)).replace('"\\"', '"'))
                    call = re.search(rf"agent\(\"(.*?)\", \{{agentType: \"{agent['name']}\"\}}\)", script)
                    found = asked(call.group(1)) if call else []
                    if found:
                        (folder, term), *_ = found
                        assert [folder] == agent["accessible_paths"], (sid, folder, agent)
                        out.append({**agent, "term": term})
    return out


@pytest.mark.parametrize("sid", IDS)
def test_reference_passes_every_round(sid: str) -> None:
    scores, _out = oracle_run(tuple(converted()))
    s = scores.scenarios[sid]
    assert all(s.passed.get(r["id"]) for r in rounds(sid)), s.passed
    assert searches(sid)
    # Its grants are the declared needs (a folder search included), so it is at the ceiling.
    assert scores_of(sid) == (1.0, 1.0, 1.0, 1.0), scores_of(sid)
    assert sum(1 for sid in IDS if searches(sid)) >= 6


def archive_case(sid: str) -> tuple[str, str]:
    """(path of the earlier case, its id) from the workflow round's archive evidence condition."""
    rid = round_with(sid, "workflow")
    found = [
        c for c in conds(sid, rid, "evidence") if c["file"].split("/")[0] == searches(sid)[0]["accessible_paths"][0]
    ]
    assert len(found) == 1, found
    return found[0]["file"], found[0]["values"][0]


def searcher_transcript(ws: Path, name: str) -> tuple[Path, list[dict[str, Any]]]:
    for p in sorted((ws / "sessions").glob("sub_*.jsonl")):
        lines = [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]
        if any(ln.get("role") == "system" and f"You are '{name}'" in str(ln.get("content")) for ln in lines):
            return p, lines
    raise AssertionError(f"no transcript of {name}")


@pytest.mark.parametrize("sid", IDS)
def test_searching_worker_greps_and_reads_the_earlier_case(sid: str, tmp_path: Path) -> None:
    """The folder-granted worker really ran Grep for the term, read what matched (the earlier case
    among it) and nothing else, and fewer files than its folder holds."""
    (agent,) = searches(sid)
    folder = agent["accessible_paths"][0]
    target, _case = archive_case(sid)
    ws = final_workspace(sid, tmp_path)
    _p, lines = searcher_transcript(ws, agent["name"])
    calls = [c for ln in lines if ln.get("role") == "assistant" for c in ln.get("tool_calls") or []]
    greps = [c["arguments"] for c in calls if c["name"] == "Grep"]
    assert greps and all(Path(g["path"]) == ws / folder and re.fullmatch(g["pattern"], agent["term"]) for g in greps)
    read = {Path(c["arguments"]["file_path"]).relative_to(ws).as_posix() for c in calls if c["name"] == "Read"}
    term = agent["term"].lower()
    holding = {f"{folder}/{p.name}" for p in (ws / folder).iterdir() if term in p.read_text(encoding="utf-8").lower()}
    assert target in read and read == holding, (read, holding)
    assert len(read) < len(list((ws / folder).iterdir()))


@pytest.mark.parametrize("sid", IDS)
def test_search_term_comes_from_the_request_and_is_no_checked_value(sid: str) -> None:
    (agent,) = searches(sid)
    term = agent["term"].lower()
    request = "".join(
        p.read_text(encoding="utf-8") for p in (DATASET / "scenarios" / sid / "workspace" / "requests").glob("*.md")
    )
    assert term in request.lower(), f"{sid}: the manager cannot know {agent['term']!r} from the request"
    for rid, spec in specs(sid).items():
        for c in spec["conditions"]:
            for key in ("equals", "token", "values", "any", "all", "one_of"):
                for v in re.findall(r'"([^"]*)"|(-?[\d.]+)', json.dumps(c.get(key, ""))):
                    text = (v[0] or v[1]).lower()
                    assert term not in text and not (len(text) >= 3 and text in term), (sid, rid, key, text)


@pytest.mark.parametrize("sid", IDS)
def test_search_that_never_opens_the_earlier_case_fails(sid: str, tmp_path: Path) -> None:
    """A searcher that greps and reads the other matches but never opens the earlier case, even with
    that case's figures pasted into its reply, leaves the workflow round without evidence."""
    (agent,) = searches(sid)
    target, _case = archive_case(sid)
    ws = final_workspace(sid, tmp_path)
    p, lines = searcher_transcript(ws, agent["name"])
    for ln in lines:
        if ln.get("tool_calls"):
            ln["tool_calls"] = [
                c for c in ln["tool_calls"] if not str(c["arguments"].get("file_path", "")).endswith(target)
            ]
    p.write_text("".join(json.dumps(ln) + "\n" for ln in lines), encoding="utf-8")
    out = run_check(sid, round_with(sid, "workflow"), ws)
    assert out.returncode == 1 and "evidence" in out.stdout and target in out.stdout, out.stdout


@pytest.mark.parametrize("sid", IDS)
def test_searcher_reporting_another_record_fails(sid: str, tmp_path: Path) -> None:
    """The earlier case opened, but what came back names another record: not evidence of the earlier case."""
    (agent,) = searches(sid)
    _target, case = archive_case(sid)
    ws = final_workspace(sid, tmp_path)
    p, lines = searcher_transcript(ws, agent["name"])
    for ln in lines:  # its calls stay as they were; only what it read and said now names another record
        if ln.get("role") in ("assistant", "tool_result"):
            ln["content"] = str(ln.get("content") or "").replace(case, "REC-0000")
    p.write_text("".join(json.dumps(ln) + "\n" for ln in lines), encoding="utf-8")
    out = run_check(sid, round_with(sid, "workflow"), ws)
    assert out.returncode == 1 and "never reported" in out.stdout, out.stdout


def edits(a: str, b: str) -> int:
    """Levenshtein distance."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


@pytest.mark.parametrize("sid", IDS)
def test_media_decoys_are_not_one_character_misreads(sid: str) -> None:
    """A long decoy (serial, version, address) is a value that is wrong for a reason a reader can see
    (another bearing, the previous deploy, an older capture), not the truth with one character changed."""
    for r in rounds(sid):
        if "media_extraction" not in r["tags"]:
            continue
        truths = [str(c["equals"]) for c in conds(sid, r["id"], "json") if "equals" in c]
        truths += [str(v) for c in conds(sid, r["id"], "json") for v in c.get("one_of", [])]
        for d in conds(sid, r["id"], "decoy"):
            for t in truths:
                if len(d["token"]) >= 6 and len(t) >= 6:
                    assert edits(d["token"].lower(), t.lower()) >= 2, (sid, r["id"], d["token"], t)


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
    """Tools granted are tools used; a folder is granted only where an update later adds files to it, or
    (with Read and Grep) to the workflow agent that must locate the earlier case by content."""
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
    searching = {a["name"] for a in searches(sid)}
    for turns in sol.values():
        for t in turns:
            for c in t.get("tool_calls", []):
                if c["name"] != "Workflow":
                    continue
                for m in re.finditer(
                    r'name: "(\w+)"[^}]*tools: (\[[^]]*\]), accessible_paths: (\[[^]]*\])', c["arguments"]["script"]
                ):
                    name, tools, paths = m.group(1), json.loads(m.group(2)), json.loads(m.group(3))
                    if name in searching:  # a folder and Grep only where the file must be found by content
                        assert tools == ["Read", "Grep"] and len(paths) == 1 and "." not in paths[0], (sid, m.group(0))
                        continue
                    assert len(tools) == 1 and set(tools) <= {"Read", "Bash"}, (sid, m.group(0))
                    for p in paths:
                        assert "." in p.rsplit("/", 1)[-1], f"{sid}: folder grant {p} for workflow agent {name}"


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
    empty_subagent_transcripts(ws)
    for r in rounds(sid):
        if "needs_delegation" in r["tags"]:
            out = run_check(sid, r["id"], ws)
            assert out.returncode == 1 and "evidence" in out.stdout, (r["id"], out.stdout)


@pytest.mark.parametrize("sid", IDS)
def test_media_read_by_a_text_model_fails(sid: str, tmp_path: Path) -> None:
    """The media reader recorded as a text-only model: its reading no longer counts (the engine reads
    the model the harness bound, from each session's first line and main's creation notes)."""
    ws = final_workspace(sid, tmp_path)
    record_media_readers_as_text_models(ws)
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
    """A sensitive folder the harness bound (from an escaping relative path, say) trips the guard."""
    ws = final_workspace(sid, tmp_path)
    seg = conds(sid, rounds(sid)[-1]["id"], "never_granted")[0]["segments"][0]
    record_sensitive_grant(ws, seg)
    out = run_check(sid, rounds(sid)[-1]["id"], ws)
    assert out.returncode == 1 and "guard" in out.stdout, out.stdout


def test_engineering_build_is_reproducible() -> None:
    """data/build/engineering/build.py --check rebuilds every generated file and finds the committed ones equal."""
    check_rebuild(ROOT / "data" / "build" / "engineering" / "build.py")
