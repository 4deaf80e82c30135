"""Unit tests of the engineering scenarios' check scripts (data/clawarena-team/scenarios/s_eng_*).

For every round of every engineering scenario the check is run as `python3 check_qN.py <workspace>` on
  (a) a good workspace: workspace/ + updates up to that round + the reference deliverables written by
      replaying the Write/Edit calls of solution/trajectory.json + a synthetic sessions/main.jsonl
      (SPEC §4 lines built from the same trajectory)                                    -> exit 0;
  (b) the same workspace with the round's DECOY planted (the digest's / stale archive's / modality
      decoy's value, listed in data/build/engineering/decoys.json by the build)         -> exit 1;
  (c) a fresh workspace (template only, no deliverables, no transcript)                 -> exit 1;
plus behaviour-only mutations (foreground instead of background, wrong model key, fresh session
instead of a resume, no workflow, a sensitive grant) and dataset hygiene (helper copies, truth
entries for media, media-only facts absent from text files, sizes).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
BUILD = ROOT / "data" / "build" / "engineering"
TESTS = json.loads((DATASET / "tests-engineering.json").read_text(encoding="utf-8"))
IDS = TESTS["scenario_ids"]
DECOYS = json.loads((BUILD / "decoys.json").read_text(encoding="utf-8"))
MEDIA = (".png", ".wav", ".mp4")


def load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def scenario(sid: str):
    sdir = DATASET / "scenarios" / sid
    return (
        sdir,
        load(sdir / "manifest.json"),
        load(sdir / "questions.json"),
        load(sdir / "solution" / "trajectory.json"),
    )


def _hex(*parts: str) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:8]


def _subst(value, ws: Path, subs: dict, sess: dict):
    if isinstance(value, str):
        value = value.replace("${workspace}", str(ws))
        value = re.sub(r"\$\{subagent:([\w\-]+)\}", lambda m: subs.get(m.group(1), "sub_unknown0"), value)
        return re.sub(r"\$\{session:([\w\-]+)\}", lambda m: sess.get(m.group(1), "sess_unknown"), value)
    if isinstance(value, list):
        return [_subst(v, ws, subs, sess) for v in value]
    if isinstance(value, dict):
        return {k: _subst(v, ws, subs, sess) for k, v in value.items()}
    return value


def _skip_large(folder, names):
    return [n for n in names if (Path(folder) / n).is_file() and (Path(folder) / n).stat().st_size > 40_000]


def build_workspace(sid: str, upto: str | None, tmp: Path, mutate=None) -> Path:
    """Template + updates of rounds <= upto + replayed deliverables + sessions/main.jsonl."""
    sdir, man, rounds, sol = scenario(sid)
    ws = tmp / f"ws_{sid}_{upto or 'fresh'}"
    # the checks never read the large data slices or media: skip files above 40 KB to keep the suite fast
    shutil.copytree(sdir / man["workspace_template"], ws, ignore=_skip_large)
    if upto is None:
        return ws
    names_by_id: dict[str, str] = {}
    subs: dict[str, str] = {}
    sess: dict[str, str] = {}
    lines: list[dict] = [{"type": "system_meta", "owner": "main"}]
    n = 0
    for rnd in rounds:
        rid = rnd["id"]
        for uid in rnd.get("update_ids", []):
            grp = man["updates"][uid]
            for f in grp["files"]:
                src, dst = sdir / f["src"], ws / f["dst"]
                if grp["op"] == "replace" and dst.exists():
                    shutil.rmtree(dst) if dst.is_dir() else dst.unlink()
                assert not dst.exists(), f"update {uid}: {f['dst']} exists before a 'new'"
                dst.parent.mkdir(parents=True, exist_ok=True)
                dst.write_bytes(b"") if src.stat().st_size > 40_000 else shutil.copy2(src, dst)
        n += 1
        lines.append(
            {
                "uuid": f"u{n}",
                "role": "user",
                "content": rnd["question"],
                "round_id": rid,
                "timestamp": f"2026-01-01T00:00:{n % 60:02d}Z",
            }
        )
        for ti, t in enumerate(sol[rid]):
            calls = []
            for c in t.get("tool_calls", []):
                c = mutate(rid, ti, c) if mutate else c
                if c is not None:
                    calls.append(c)
            n += 1
            entry = {
                "uuid": f"u{n}",
                "role": "assistant",
                "content": t["content"],
                "round_id": rid,
                "timestamp": f"2026-01-01T01:00:{n % 60:02d}Z",
            }
            results = []
            if calls:
                entry["tool_calls"] = []
                for k, c in enumerate(calls):
                    cid = f"call_{rid}_{ti}_{k}"
                    args = _subst(c.get("arguments", {}), ws, subs, sess)
                    entry["tool_calls"].append({"id": cid, "name": c["name"], "arguments": args})
                    results.append((cid, c["name"], args))
            lines.append(entry)
            for cid, name, args in results:
                if name == "CreateSubagent":
                    sub = "sub_" + _hex(sid, args["name"], cid)
                    subs[args["name"]] = sub
                    names_by_id[sub] = args["name"]
                    text = f"subagent_id={sub} name={args['name']}"
                elif name == "RunSubagent":
                    sub = args["subagent_id"]
                    known = set(sess.values())
                    session = args.get("session_id") if args.get("session_id") in known else "ses_" + _hex(sid, cid)
                    sess[names_by_id.get(sub, "?")] = session
                    text = f"subagent_id={sub} session_id={session}"
                    text += (
                        f" task_id=task_{_hex(cid)} status=running"
                        if args.get("run_in_background")
                        else " status=completed\n(simulated answer)"
                    )
                elif name == "Write":
                    p = Path(args["file_path"])
                    p.parent.mkdir(parents=True, exist_ok=True)
                    p.write_text(args["content"], encoding="utf-8")
                    text = f"wrote {p}"
                elif name == "Edit":
                    p = Path(args["file_path"])
                    s = p.read_text(encoding="utf-8")
                    assert args["old_string"] in s
                    p.write_text(
                        s.replace(args["old_string"], args["new_string"], -1 if args.get("replace_all") else 1),
                        encoding="utf-8",
                    )
                    text = "edited"
                elif name == "Workflow":
                    text = f"task_id=workflow_{_hex(cid)} workflow_id=wf_{_hex(cid)} script=workflows/workflow_001.js"
                else:
                    text = "ok"
                n += 1
                lines.append(
                    {
                        "uuid": f"u{n}",
                        "role": "tool_result",
                        "content": text,
                        "tool_call_id": cid,
                        "round_id": rid,
                        "timestamp": f"2026-01-01T02:00:{n % 60:02d}Z",
                    }
                )
        if rid == upto:
            break
    (ws / "sessions").mkdir(exist_ok=True)
    (ws / "sessions" / "main.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return ws


def run_check_subprocess(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess:
    """Exactly as the runner does it: `python3 check_qN.py <workspace>`."""
    sdir, man, _r, _s = scenario(sid)
    script = sdir / man["scripts"] / f"check_{rid}.py"
    return subprocess.run([sys.executable, str(script), str(ws)], capture_output=True, text=True, timeout=10)


def run_check(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess:
    """The same check run in-process (runpy, SystemExit caught) to keep the suite fast; the helper modules
    (_common.py, _eng.py) are byte-identical in every scenario, so importing them once is equivalent."""
    sdir, man, _r, _s = scenario(sid)
    checks = sdir / man["scripts"]
    script = checks / f"check_{rid}.py"
    out = io.StringIO()
    old_argv, old_path = sys.argv, list(sys.path)
    sys.argv = [str(script), str(ws)]
    sys.path.insert(0, str(checks))
    code = 0
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(str(script), run_name="__main__")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv, sys.path[:] = old_argv, old_path
    return subprocess.CompletedProcess(sys.argv, code, out.getvalue(), "")


@pytest.mark.parametrize("sid", IDS)
def test_last_round_passes_as_a_subprocess(sid, tmp_path):
    rid = scenario(sid)[2][-1]["id"]
    r = run_check_subprocess(sid, rid, build_workspace(sid, rid, tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr


ALL_ROUNDS = [(sid, r["id"]) for sid in IDS for r in scenario(sid)[2]]


@pytest.mark.parametrize("sid,rid", ALL_ROUNDS)
def test_good_passes_and_decoy_fails(sid, rid, tmp_path):
    ws = build_workspace(sid, rid, tmp_path)
    r = run_check(sid, rid, ws)
    assert r.returncode == 0, r.stdout + r.stderr
    rel, good, bad = DECOYS[sid][rid]
    p = ws / rel
    s = p.read_text(encoding="utf-8")
    assert good in s, f"{rel}: {good!r} not found"
    p.write_text(s.replace(good, bad), encoding="utf-8")
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "FAIL:" in r.stdout, r.stdout + r.stderr
    (ws / "sessions" / "main.jsonl").unlink()
    p.write_text(s, encoding="utf-8")
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "transcript" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", IDS)
def test_fresh_workspace_fails(sid, tmp_path):
    ws = build_workspace(sid, None, tmp_path)
    for r in scenario(sid)[2]:
        res = run_check(sid, r["id"], ws)
        assert res.returncode == 1, (r["id"], res.stdout)


def _round_of(sid, tag):
    return [r["id"] for r in scenario(sid)[2] if tag in r["tags"]]


def _mut(pred, **changes):
    def mutate(rid, ti, c):
        if pred(rid, c):
            if changes.get("_drop"):
                return None
            return {**c, "arguments": {**c["arguments"], **changes}}
        return c

    return mutate


def behaviour_cases():
    cases = []
    for sid in IDS:
        _, man, rounds, _ = scenario(sid)
        fan = _round_of(sid, "background_fanout")[0]
        cases.append(
            (
                sid,
                fan,
                _mut(lambda r, c, q=fan: r == q and c["name"] == "RunSubagent", run_in_background=False),
                "run_in_background",
            )
        )
        for q in _round_of(sid, "media_extraction"):
            cases.append(
                (sid, q, _mut(lambda r, c, q=q: r == q and c["name"] == "CreateSubagent", model_key="llm"), "subagent")
            )
        reuse = _round_of(sid, "session_reuse")[0]
        cases.append(
            (
                sid,
                reuse,
                _mut(lambda r, c, q=reuse: r == q and c["name"] == "RunSubagent", session_id=None),
                "continued a session",
            )
        )
        wf = _round_of(sid, "workflow")[0]
        cases.append((sid, wf, _mut(lambda r, c, q=wf: r == q and c["name"] == "Workflow", _drop=True), "Workflow"))
        last = rounds[-1]["id"]
        sens = next(p for p in man["main_agent_accessible_paths"] if p in ("secrets", "hr", "customer_pii"))
        cases.append(
            (
                sid,
                last,
                _mut(lambda r, c, q=fan: r == q and c["name"] == "CreateSubagent", accessible_paths=["tools", sens]),
                "sensitive guard",
            )
        )
    return cases


@pytest.mark.parametrize("sid,rid,mutate,needle", behaviour_cases())
def test_missing_behaviour_fails(sid, rid, mutate, needle, tmp_path):
    r = run_check(sid, rid, build_workspace(sid, rid, tmp_path, mutate=mutate))
    assert r.returncode == 1, r.stdout
    assert needle in r.stdout, r.stdout


@pytest.mark.parametrize("sid", IDS)
def test_dataset_hygiene(sid):
    sdir, _man, rounds, sol = scenario(sid)
    assert (sdir / "checks" / "_common.py").read_bytes() == (ROOT / "data" / "build" / "_common.py").read_bytes()
    assert (sdir / "checks" / "_eng.py").read_bytes() == (BUILD / "_eng.py").read_bytes()
    assert [r["id"] for r in rounds] == list(sol)
    ws = sdir / "workspace"
    assert len([p for p in ws.iterdir() if p.is_dir()]) >= 8
    for r in rounds:
        assert r["eval"]["command"] == f"python3 ${{scripts}}/check_{r['id']}.py ${{workspace}}"
        assert not sol[r["id"]][-1].get("tool_calls")
    media = [p for p in ws.rglob("*") if p.suffix.lower() in MEDIA]
    assert media
    for p in media:
        assert (sdir / "truth" / (str(p.relative_to(ws)) + ".txt")).is_file(), p
    total = sum(p.stat().st_size for p in sdir.rglob("*") if p.is_file())
    assert total < 8 * 1024 * 1024, total  # realistic media: scans/photos ~0.5-1 MB, 22 kHz audio, 720p video
    for p in media:
        assert p.stat().st_size < 5 * 1024 * 1024, p


@pytest.mark.parametrize("sid", IDS)
def test_media_only_facts_do_not_leak(sid):
    """Values a media round must find appear in no text file of the workspace or the updates
    (numbers and times are not searched inside the large data slices, where they occur as data)."""
    sdir, man, rounds, _sol = scenario(sid)
    facts = []
    for r in rounds:
        if "media_extraction" not in r["tags"]:
            continue
        spec = (sdir / "checks" / f"check_{r['id']}.py").read_text(encoding="utf-8")
        m = re.search(r"\* json: (\{.*\})", spec)
        for _key, _kind, want, _tol in json.loads(m.group(1))["fields"]:
            for w in want if isinstance(want, list) else [want]:
                if len(str(w)) >= 3:  # one- and two-digit counts occur everywhere as ordinary numbers
                    facts.append(str(w))
    slices = set(man["main_agent_delegable_paths"][:1])
    texts = [
        p
        for p in list((sdir / "workspace").rglob("*")) + list((sdir / "updates").rglob("*"))
        if p.is_file() and p.suffix.lower() in (".md", ".txt", ".csv", ".json", ".jsonl", ".py", ".key", ".xml")
    ]
    for p in texts:
        s = p.read_text(encoding="utf-8").lower()
        in_slice = p.relative_to(sdir).parts[1] in slices or p.relative_to(sdir).parts[0] == "updates"
        for fact in facts:
            if in_slice and re.fullmatch(r"[\d:.]+", fact):
                continue
            assert not re.search(r"(?<![\w.])" + re.escape(fact.lower()) + r"(?![\w]|\.\d)", s), (
                f"{p}: media-only fact {fact!r}"
            )


def test_manifests_and_tests_files():
    mans = load(DATASET / "manifests-engineering.json")
    assert set(mans) == {"scenarios"} and list(mans["scenarios"]) == IDS
    assert TESTS["manifests_ref"] == "manifests-engineering.json"
    rounds = sum(len(scenario(s)[2]) for s in IDS)
    groups = [g["op"] for s in IDS for g in scenario(s)[1]["updates"].values()]
    assert rounds == sum(len(scenario(s)[2]) for s in IDS)
    assert all(5 <= len(scenario(s)[2]) <= 7 for s in IDS)
    assert all(1 <= len(scenario(s)[1]["updates"]) <= 3 for s in IDS)
    assert set(groups) <= {"new", "replace"}


@pytest.mark.parametrize("sid", IDS)
def test_old_total_must_be_marked_superseded(sid, tmp_path):
    rid = _round_of(sid, "session_reuse")[0]
    ws = build_workspace(sid, rid, tmp_path)
    p = ws / "output" / "revision_note.md"
    s = p.read_text(encoding="utf-8")
    p.write_text(s.replace(" (superseded)", "").replace("is superseded", "was counted earlier"), encoding="utf-8")
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "superseded" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", IDS)
def test_edit_after_sealing_invalidates_token(sid, tmp_path):
    rid = scenario(sid)[2][-1]["id"]
    ws = build_workspace(sid, rid, tmp_path)
    p = ws / "output" / "final_summary.json"
    obj = json.loads(p.read_text(encoding="utf-8"))
    obj["note"] = "edited after sealing"
    p.write_text(json.dumps(obj), encoding="utf-8")
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "token" in r.stdout, r.stdout


@pytest.mark.parametrize("sid", IDS)
def test_stale_archive_figure_outside_rejected_claims_fails(sid, tmp_path):
    rid = _round_of(sid, "workflow")[0]
    ws = build_workspace(sid, rid, tmp_path)
    spec = (DATASET / "scenarios" / sid / "checks" / f"check_{rid}.py").read_text(encoding="utf-8")
    stale = json.loads(re.search(r"\* rejected: (\{.*\})", spec).group(1))["decoys"][0]
    p = ws / "output" / "compliance.md"
    s = p.read_text(encoding="utf-8")
    p.write_text(
        s.replace("## Rejected claims", f"The earlier limit of {stale} still applies.\n\n## Rejected claims"),
        encoding="utf-8",
    )
    r = run_check(sid, rid, ws)
    assert r.returncode == 1, r.stdout
