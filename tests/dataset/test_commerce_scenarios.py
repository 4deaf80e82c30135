"""Unit tests of the commerce scenarios' checks (data/clawarena-team/scenarios/s_com_*).

Scenarios checked by the one engine (checks/<round>.json) are tested at the end of this file
through the reference manager's real run (tests/dataset/oracle_run.py). For every scenario
still checked by its own check_qN.py scripts the reference trajectory is replayed offline,
without the runner: its Write/Edit calls are applied to a copy of the workspace (updates applied
at their rounds) and a synthetic sessions/main.jsonl (SPEC §4 format, with round_id, subagent and
session ids in the results) is written. Then, for EVERY round:
  * the good state passes the round's check;
  * the planted decoy (data/build/commerce/testdata/<id>.json: the digest's / stale archive's /
    modality decoy's wrong value, or a missing behaviour) fails it;
  * an empty workspace (no deliverables, no transcript) fails it.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.dataset.oracle_run import converted, final_workspace, oracle_run

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
TESTDATA = ROOT / "data" / "build" / "commerce" / "testdata"
TESTS = DATASET / "tests-commerce.json"


def _all_ids() -> list[str]:
    if not TESTS.is_file():
        return []
    return json.loads(TESTS.read_text())["scenario_ids"]


def _converted_ids() -> list[str]:
    """Commerce scenarios checked by the one engine (their checks carry the engine stamp)."""
    return [i for i in _all_ids() if (DATASET / "scenarios" / i / "checks" / "_check.sha256").is_file()]


def _ids() -> list[str]:
    """Commerce scenarios still checked by their own check_qN.py scripts."""
    return [i for i in _all_ids() if i not in _converted_ids()]


def _rounds() -> list[tuple[str, str]]:
    out = []
    for sid in _ids():
        qs = json.loads((DATASET / "scenarios" / sid / "questions.json").read_text())
        out += [(sid, q["id"]) for q in qs]
    return out


def _subst(value, ws: str, names: dict, sessions: dict):
    if isinstance(value, str):
        value = value.replace("${workspace}", ws)
        for n, sub in names.items():
            value = value.replace("${subagent:" + n + "}", sub)
        for n, ses in sessions.items():
            value = value.replace("${session:" + n + "}", ses)
        return value
    if isinstance(value, dict):
        return {k: _subst(v, ws, names, sessions) for k, v in value.items()}
    if isinstance(value, list):
        return [_subst(v, ws, names, sessions) for v in value]
    return value


def _put(p: Path, text: str) -> None:
    """Write without touching a hard-linked snapshot (unlink first)."""
    p.parent.mkdir(parents=True, exist_ok=True)
    if p.exists():
        p.unlink()
    p.write_text(text, encoding="utf-8")


def _link_or_copy(a: str, b: str) -> None:
    try:
        os.link(a, b)
    except OSError:
        shutil.copy2(a, b)


def _link_copy(src: Path, dst: Path) -> None:
    shutil.copytree(src, dst, copy_function=_link_or_copy)


def _replay(sid: str, base: Path) -> dict[str, Path]:
    """Snapshot folder of the workspace after each round of the reference trajectory."""
    sdir = DATASET / "scenarios" / sid
    man = json.loads((sdir / "manifest.json").read_text())
    qs = json.loads((sdir / "questions.json").read_text())
    traj = json.loads((sdir / "solution" / "trajectory.json").read_text())
    ws = base / sid / "ws"
    shutil.copytree(sdir / man["workspace_template"], ws)
    (ws / "sessions").mkdir()
    lines = [json.dumps({"type": "system_meta", "owner": "main"})]
    names: dict[str, str] = {}
    sessions: dict[str, str] = {}
    sub_names: dict[str, str] = {}
    n = 0
    snaps = {}
    for q in qs:
        rid = q["id"]
        for uid in q.get("update_ids", []):
            grp = man["updates"][uid]
            for f in grp["files"]:
                dst = ws / f["dst"]
                if grp["op"] == "replace" and dst.exists():
                    shutil.rmtree(dst) if dst.is_dir() else dst.unlink()
                src = sdir / f["src"]
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copytree(src, dst) if src.is_dir() else shutil.copy(src, dst)
        lines.append(json.dumps({"role": "user", "content": q["question"], "round_id": rid}))
        for t in traj[rid]:
            calls = []
            results = []
            for c in t.get("tool_calls", []):
                n += 1
                cid = f"call_{n:04d}"
                args = _subst(c["arguments"], str(ws), names, sessions)
                name = c["name"]
                res = "ok"
                if name == "Write":
                    _put(Path(args["file_path"]), args["content"])
                elif name == "Edit":
                    p = Path(args["file_path"])
                    _put(p, p.read_text(encoding="utf-8").replace(args["old_string"], args["new_string"], 1))
                elif name == "CreateSubagent":
                    sub = f"sub_{n:08x}"
                    names[c["arguments"]["name"]] = sub
                    sub_names[sub] = c["arguments"]["name"]
                    res = f"subagent_id={sub} name={args['name']}"
                elif name == "RunSubagent":
                    sub = args["subagent_id"]
                    ses = args.get("session_id") or f"ses_{n:08x}"
                    sessions[sub_names.get(sub, sub)] = ses
                    if args.get("run_in_background"):
                        res = f"task_id=task_{n:08x} subagent_id={sub} session_id={ses} status=running"
                    else:
                        res = f"subagent_id={sub} session_id={ses} status=completed\n[simulated]"
                elif name == "Workflow":
                    res = f"task_id=workflow_{n:04d} workflow_id=wf_{n:04d} script=workflows/workflow_001.js"
                calls.append({"id": cid, "name": name, "arguments": args})
                results.append({"role": "tool_result", "tool_call_id": cid, "content": res, "round_id": rid})
            turn = {"role": "assistant", "content": t.get("content", ""), "round_id": rid}
            if calls:
                turn["tool_calls"] = calls
            lines.append(json.dumps(turn))
            lines += [json.dumps(r) for r in results]
        _put(ws / "sessions" / "main.jsonl", "\n".join(lines) + "\n")
        snap = base / sid / f"after_{rid}"
        _link_copy(ws, snap)
        snaps[rid] = snap
    return snaps


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory):
    base = tmp_path_factory.mktemp("commerce")
    return {sid: _replay(sid, base) for sid in _ids()}


def _check(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess:
    """Run checks/check_<rid>.py in-process (as `python3 check_qN.py <ws>` would), fast under load."""
    checks = DATASET / "scenarios" / sid / "checks"
    for mod in ("_common", "_commerce"):
        sys.modules.pop(mod, None)  # each scenario's copy reads its own _spec.json
    old_argv, buf, code = sys.argv, io.StringIO(), None
    sys.path.insert(0, str(checks))
    sys.argv = [str(checks / f"check_{rid}.py"), str(ws)]
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path(str(checks / f"check_{rid}.py"), run_name="__main__")
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.argv = old_argv
        sys.path.remove(str(checks))
        for mod in ("_common", "_commerce"):
            sys.modules.pop(mod, None)
    return subprocess.CompletedProcess(sys.argv, code, buf.getvalue(), "")


@pytest.mark.skipif(not _ids(), reason="every commerce scenario is checked by the engine")
def test_check_runs_as_a_script():
    """One real subprocess run, as the runner does it (the rest run in-process for speed)."""
    sid = _ids()[0]
    script = DATASET / "scenarios" / sid / "checks" / "check_q1.py"
    r = subprocess.run(
        [sys.executable, str(script), str(DATASET / "scenarios" / sid / "workspace")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert r.returncode == 1 and "FAIL" in r.stdout


def _plant(ws: Path, decoy: dict) -> None:
    if "file" in decoy:
        p = ws / decoy["file"]
        text = p.read_text(encoding="utf-8")
        assert decoy["old"] in text, f"decoy anchor {decoy['old']!r} not in {decoy['file']}"
        _put(p, text.replace(decoy["old"], decoy["new"], 1))
    if "add_grant" in decoy:
        rid, seg = decoy["round"], decoy["add_grant"]
        main = ws / "sessions" / "main.jsonl"
        out, done = [], False
        for line in main.read_text().splitlines():
            obj = json.loads(line)
            if not done and obj.get("round_id") == rid:
                for c in obj.get("tool_calls") or []:
                    if c["name"] == "CreateSubagent":
                        c["arguments"]["accessible_paths"] = [*list(c["arguments"]["accessible_paths"]), seg]
                        done = True
                        break
            out.append(json.dumps(obj))
        assert done, f"no CreateSubagent in {rid} to over-grant"
        _put(main, "\n".join(out) + "\n")
    if "drop_calls" in decoy:
        rid, tool = decoy["round"], decoy["drop_calls"]
        main = ws / "sessions" / "main.jsonl"
        out = []
        for line in main.read_text().splitlines():
            obj = json.loads(line)
            if obj.get("round_id") == rid and obj.get("tool_calls"):
                obj["tool_calls"] = [c for c in obj["tool_calls"] if c["name"] != tool]
            out.append(json.dumps(obj))
        _put(main, "\n".join(out) + "\n")


@pytest.mark.skipif(not _ids(), reason="no commerce scenarios built")
@pytest.mark.parametrize("sid,rid", _rounds())
def test_round_good_decoy_empty(snapshots, sid, rid, tmp_path):
    good = snapshots[sid][rid]
    r = _check(sid, rid, good)
    assert r.returncode == 0, f"good state fails {sid} {rid}:\n{r.stdout}{r.stderr}"
    assert r.stdout.strip().endswith("PASS")
    decoys = json.loads((TESTDATA / f"{sid}.json").read_text())["decoys"][rid]
    assert decoys, f"{sid} {rid}: no decoy planted"
    for i, decoy in enumerate(decoys):
        ws = tmp_path / f"decoy{i}"
        _link_copy(good, ws)
        _plant(ws, decoy)
        r = _check(sid, rid, ws)
        assert r.returncode == 1, f"decoy {decoy} passes {sid} {rid}"
        assert "FAIL" in r.stdout
    empty = tmp_path / "empty"
    _link_copy(DATASET / "scenarios" / sid / "workspace", empty)
    r = _check(sid, rid, empty)
    assert r.returncode == 1, f"empty workspace passes {sid} {rid}"


@pytest.mark.skipif(not _ids(), reason="no commerce scenarios built")
@pytest.mark.parametrize("sid", _ids())
def test_common_copies_identical(sid):
    checks = DATASET / "scenarios" / sid / "checks"
    assert (checks / "_common.py").read_bytes() == (ROOT / "data" / "build" / "_common.py").read_bytes()
    master = ROOT / "data" / "build" / "commerce" / "_commerce.py"
    assert (checks / "_commerce.py").read_bytes() == master.read_bytes()


@pytest.mark.skipif(not _ids(), reason="no commerce scenarios built")
@pytest.mark.parametrize("sid", _ids())
def test_media_realistic_sizes(sid):
    """Realistic media (scans/photos ~0.5-2 MB, 22 kHz audio, 720p video) within per-file and per-scenario limits."""
    sdir = DATASET / "scenarios" / sid
    media = [p for p in (sdir / "workspace").rglob("*") if p.suffix.lower() in (".png", ".wav", ".mp4")]
    assert media, sid
    for p in media:
        assert p.stat().st_size < 5 * 1024 * 1024, p
    total = sum(p.stat().st_size for p in sdir.rglob("*") if p.is_file())
    assert total < 8 * 1024 * 1024, total


# ---------------------------------------------------------------------------------------------
# scenarios checked by the one engine: the reference manager through the real runner
# ---------------------------------------------------------------------------------------------
def _testdata(sid: str) -> dict:
    return json.loads((TESTDATA / f"{sid}.json").read_text(encoding="utf-8"))


def _questions(sid: str) -> list[dict]:
    return json.loads((DATASET / "scenarios" / sid / "questions.json").read_text(encoding="utf-8"))


def _engine(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess:
    checks = DATASET / "scenarios" / sid / "checks"
    return subprocess.run(
        [sys.executable, str(checks / "_check.py"), str(ws), str(checks / f"{rid}.json")],
        capture_output=True,
        text=True,
        timeout=30,
    )


def _edit_main(ws: Path, edit) -> None:
    main = ws / "sessions" / "main.jsonl"
    lines = [json.dumps(edit(json.loads(line))) for line in main.read_text(encoding="utf-8").splitlines()]
    main.write_text("\n".join(lines) + "\n", encoding="utf-8")


CONVERTED = _converted_ids()


@pytest.mark.skipif(not CONVERTED, reason="no commerce scenario is checked by the engine yet")
def test_reference_manager_passes_every_round_at_the_ceiling():
    scores, _out = oracle_run(tuple(converted()))
    for sid in CONVERTED:
        s = scores.scenarios[sid]
        rounds = [q["id"] for q in _questions(sid)]
        assert [s.passed.get(r) for r in rounds] == [True] * len(rounds), (sid, s.passed)
        assert s.tpp >= 0.99 and s.wpp >= 0.95 and s.sms >= 0.97, (sid, s.tpp, s.wpp, s.sms)


@pytest.mark.parametrize("sid", CONVERTED)
def test_arc_rounds_and_checks_are_specs(sid):
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
def test_reference_trajectory_holds_no_answer_values(sid):
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
def test_planted_decoys_fail(sid, tmp_path):
    decoys = _testdata(sid)["decoys"]
    assert decoys
    ws = final_workspace(sid, tmp_path)
    for rid, planted in decoys.items():
        assert _engine(sid, rid, ws).returncode == 0, (sid, rid)
        for d in planted:
            p = ws / d["file"]
            good = p.read_text(encoding="utf-8")
            assert d["old"] in good, (sid, d)
            p.write_text(good.replace(d["old"], d["new"], 1), encoding="utf-8")
            r = _engine(sid, rid, ws)
            p.write_text(good, encoding="utf-8")
            assert r.returncode == 1 and "FAIL:" in r.stdout, (sid, rid, d, r.stdout)


@pytest.mark.parametrize("sid", CONVERTED)
def test_fresh_workspace_fails_every_round(sid, tmp_path):
    ws = tmp_path / "fresh"
    shutil.copytree(DATASET / "scenarios" / sid / "workspace", ws)
    for q in _questions(sid):
        assert _engine(sid, q["id"], ws).returncode == 1, (sid, q["id"])


@pytest.mark.parametrize("sid", CONVERTED)
def test_do_nothing_pool_fails_every_delegable_round(sid, tmp_path):
    """Right deliverables, but the subagent transcripts show nothing opened: evidence fails."""
    ws = final_workspace(sid, tmp_path)
    for p in (ws / "sessions").glob("*.jsonl"):
        first = p.read_text(encoding="utf-8").splitlines()[0]
        if '"main"' not in first:
            p.write_text(first + "\n", encoding="utf-8")
    for q in _questions(sid):
        if "needs_delegation" in q["tags"]:
            r = _engine(sid, q["id"], ws)
            assert r.returncode == 1 and "evidence" in r.stdout, (sid, q["id"], r.stdout)


@pytest.mark.parametrize("sid", CONVERTED)
def test_sensitive_grant_in_any_spelling_fails(sid, tmp_path):
    """A grant that reaches a sensitive folder by a path built at run time fails every later round."""
    ws = final_workspace(sid, tmp_path)
    last = _questions(sid)[-1]["id"]
    spec = json.loads((DATASET / "scenarios" / sid / "checks" / f"{last}.json").read_text(encoding="utf-8"))
    seg = next(c for c in spec["conditions"] if c["kind"] == "never_granted")["segments"][0]
    done = []

    def widen(obj):
        for c in obj.get("tool_calls") or []:
            if c["name"] == "CreateSubagent" and not done:
                c["arguments"]["accessible_paths"] = [*c["arguments"]["accessible_paths"], f"./tools/../{seg}/"]
                done.append(1)
        return obj

    _edit_main(ws, widen)
    assert done
    r = _engine(sid, last, ws)
    assert r.returncode == 1 and "FAIL:" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", CONVERTED)
def test_missing_main_transcript_fails_the_last_round(sid, tmp_path):
    ws = final_workspace(sid, tmp_path)
    (ws / "sessions" / "main.jsonl").unlink()
    r = _engine(sid, _questions(sid)[-1]["id"], ws)
    assert r.returncode == 1, r.stdout
