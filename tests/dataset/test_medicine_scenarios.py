"""Unit tests of the medicine-domain check scripts (data/clawarena-team/scenarios/s_med_*).

For every round of every medicine scenario the check is run as `python3 check_qN.py <workspace>` on
  (a) a good workspace: template + updates up to that round + the reference deliverables written by
      replaying solution/trajectory.json + a synthetic sessions/main.jsonl (SPEC section 4)  -> exit 0;
  (b) the same workspace with the round's planted decoy deliverable (data/build/medicine/decoys.json:
      the digest's / stale archive's / modality decoy's wrong value, or a stale pre-update figure) -> exit 1;
  (c) a fresh workspace (template only, no deliverables, no transcript)                        -> exit 1;
plus behaviour-only mutations (foreground instead of background, wrong model key, fresh session instead
of a resume, no workflow, overlapping track grants, a sensitive grant) and dataset hygiene.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
BUILD = ROOT / "data" / "build" / "medicine"
TESTS = json.loads((DATASET / "tests-medicine.json").read_text(encoding="utf-8"))
SIDS = TESTS["scenario_ids"]
DECOYS = json.loads((BUILD / "decoys.json").read_text(encoding="utf-8"))


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


def build_workspace(sid: str, upto: str | None, tmp: Path, mutate=None) -> Path:
    """Template + updates of rounds <= upto + replayed deliverables + sessions/main.jsonl.

    `mutate(round_id, turn_index, call)` may return a modified call (or None to drop it) to fake
    a different behaviour. upto=None gives a fresh workspace with no transcript.
    """
    sdir, man, rounds, sol = scenario(sid)
    ws = tmp / f"ws_{sid}_{upto or 'fresh'}"
    shutil.copytree(sdir / man["workspace_template"], ws, copy_function=os.link)  # hard links: fast, never written
    if upto is None:
        return ws
    names_by_id = {}
    subs: dict[str, str] = {}
    sess: dict[str, str] = {}
    lines = [{"type": "system_meta", "owner": "main"}]
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
                shutil.copytree(src, dst) if src.is_dir() else shutil.copy2(src, dst)
        n += 1
        lines.append(
            {
                "uuid": f"u{n}",
                "role": "user",
                "content": rnd["question"],
                "timestamp": f"2026-01-01T00:{n // 60:02d}:{n % 60:02d}Z",
                "round_id": rid,
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
                "timestamp": f"2026-01-01T01:{n // 60:02d}:{n % 60:02d}Z",
                "round_id": rid,
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
                    text = f"created subagent_id={sub}"
                elif name == "RunSubagent":
                    sub = args["subagent_id"]
                    sid_arg = args.get("session_id")
                    known = set(sess.values())
                    session = sid_arg if sid_arg in known else "sess_" + _hex(sid, cid)
                    sess[names_by_id.get(sub, "?")] = session
                    text = f"subagent_id={sub} session_id={session}"
                    text += f" task_id=task_{_hex(cid)}" if args.get("run_in_background") else "\n(simulated answer)"
                elif name == "Write":
                    p = Path(args["file_path"])
                    p.parent.mkdir(parents=True, exist_ok=True)
                    p.write_text(args["content"], encoding="utf-8")
                    text = f"wrote {p}"
                elif name == "Edit":
                    p = Path(args["file_path"])
                    s = p.read_text(encoding="utf-8")
                    p.write_text(
                        s.replace(args["old_string"], args["new_string"], -1 if args.get("replace_all") else 1),
                        encoding="utf-8",
                    )
                    text = "edited"
                else:
                    text = "ok"
                n += 1
                lines.append(
                    {
                        "uuid": f"u{n}",
                        "role": "tool_result",
                        "content": text,
                        "tool_call_id": cid,
                        "timestamp": f"2026-01-01T02:{n // 60:02d}:{n % 60:02d}Z",
                        "round_id": rid,
                    }
                )
        if rid == upto:
            break
    (ws / "sessions").mkdir(exist_ok=True)
    (ws / "sessions" / "main.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return ws


def run_check(sid: str, rid: str, ws: Path, subprocess_run: bool = False):
    """Run checks/check_<rid>.py on `ws`: in-process by default (fast; the same code path as
    `python3 check_qN.py WS`, SystemExit code = exit status), or as a real subprocess."""
    sdir, man, _rounds, _ = scenario(sid)
    script = sdir / man["scripts"] / f"check_{rid}.py"
    if subprocess_run:
        return subprocess.run([sys.executable, str(script), str(ws)], capture_output=True, text=True, timeout=10)
    sys.dont_write_bytecode = True  # never leave __pycache__ in the dataset
    old_argv, old_path = sys.argv, list(sys.path)
    sys.argv, sys.path[:0] = [str(script), str(ws)], [str(script.parent)]
    for mod in ("_common", "_medicine"):
        sys.modules.pop(mod, None)
    buf, code = io.StringIO(), 0
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path(str(script), run_name="__main__")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv, sys.path[:] = old_argv, old_path
    return SimpleNamespace(returncode=code, stdout=buf.getvalue(), stderr="")


def test_checks_run_as_commands(tmp_path):
    """The real command form (`python3 check_qN.py WS`) on a good and a fresh workspace."""
    sid = SIDS[0]
    assert run_check(sid, "q2", build_workspace(sid, "q2", tmp_path), subprocess_run=True).returncode == 0
    assert run_check(sid, "q2", build_workspace(sid, None, tmp_path), subprocess_run=True).returncode == 1


def apply_decoy(ws: Path, d: dict) -> None:
    p = ws / d["file"]
    if "json_set" in d:
        obj = json.loads(p.read_text(encoding="utf-8"))
        path, value = d["json_set"]
        cur = obj
        for k in path[:-1]:
            cur = cur[k]
        assert cur[path[-1]] != value
        cur[path[-1]] = value
        p.write_text(json.dumps(obj, indent=2), encoding="utf-8")
    else:
        old, new = d["text_sub"]
        s = p.read_text(encoding="utf-8")
        assert old in s, f"{d['file']}: {old!r} not found"
        p.write_text(s.replace(old, new), encoding="utf-8")


ALL_ROUNDS = [(sid, r["id"]) for sid in SIDS for r in scenario(sid)[2]]


@pytest.mark.parametrize("sid,rid", ALL_ROUNDS)
def test_good_decoy_fresh(sid, rid, tmp_path):
    ws = build_workspace(sid, rid, tmp_path)
    r = run_check(sid, rid, ws)
    assert r.returncode == 0, r.stdout + r.stderr
    for d in DECOYS[sid][rid]:
        apply_decoy(ws, d)
    r = run_check(sid, rid, ws)
    assert r.returncode == 1 and "FAIL:" in r.stdout, (d, r.stdout + r.stderr)
    r = run_check(sid, rid, build_workspace(sid, None, tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr


def _set_args(pred, **changes):
    def mutate(rid, ti, c):
        if pred(rid, c):
            return {**c, "arguments": {**c["arguments"], **changes}}
        return c

    return mutate


def _drop(pred):
    return lambda rid, ti, c: None if pred(rid, c) else c


def behaviour_cases():
    out = []
    for sid in SIDS:
        _, _, rounds, _ = scenario(sid)
        tags = {r["id"]: r["tags"] for r in rounds}
        out.append(
            (
                sid,
                "q1",
                _set_args(lambda r, c: r == "q1" and c["name"] == "RunSubagent", run_in_background=False),
                "run_in_background",
            )
        )
        out.append(
            (
                sid,
                "q2",
                _set_args(lambda r, c: r == "q2" and c["name"] == "CreateSubagent", model_key="llm"),
                "subagent",
            )
        )
        out.append(
            (
                sid,
                "q3",
                _set_args(lambda r, c: r == "q3" and c["name"] == "RunSubagent", session_id=None),
                "continued a session",
            )
        )
        out.append((sid, "q4", _drop(lambda r, c: r == "q4" and c["name"] == "Workflow"), "Workflow"))
        last = rounds[-1]["id"]
        out.append(
            (
                sid,
                last,
                _set_args(
                    lambda r, c: r == "q1" and c["name"] == "CreateSubagent",
                    accessible_paths=["site_exports", "tools", "patient_records"],
                ),
                "sensitive guard",
            )
        )
        for rid, tg in tags.items():
            if "disjoint_tracks" in tg:
                out.append(
                    (
                        sid,
                        rid,
                        _set_args(
                            lambda r, c, rid=rid: (
                                r == rid
                                and c["name"] == "CreateSubagent"
                                and c["arguments"]["name"] == "track_document"
                            ),
                            accessible_paths=[
                                "protocol",
                                "reference",
                                "policy",
                                "standards",
                                "formulary",
                                "guidelines",
                                "coding_rules",
                            ]
                            + [p for p in c_paths(sid, rid)],
                        ),
                        "disjoint",
                    )
                )
    return out


def c_paths(sid, rid):
    _, _, _, sol = scenario(sid)
    for t in sol[rid]:
        for c in t.get("tool_calls", []):
            if c["name"] == "CreateSubagent" and c["arguments"]["name"] == "track_media":
                return c["arguments"]["accessible_paths"]
    return []


@pytest.mark.parametrize("sid,rid,mutate,needle", behaviour_cases())
def test_missing_behaviour_fails(sid, rid, mutate, needle, tmp_path):
    r = run_check(sid, rid, build_workspace(sid, rid, tmp_path, mutate=mutate))
    assert r.returncode == 1, r.stdout
    assert needle in r.stdout, r.stdout


def test_edit_after_sealing_invalidates_token(tmp_path):
    for sid in SIDS:
        ws = build_workspace(sid, "q5", tmp_path / sid)
        p = ws / "output" / "summary.json"
        obj = json.loads(p.read_text(encoding="utf-8"))
        obj["note"] = "edited after sealing"
        p.write_text(json.dumps(obj), encoding="utf-8")
        r = run_check(sid, "q5", ws)
        assert r.returncode == 1 and "token" in r.stdout, r.stdout


def test_dataset_files():
    mans = load(DATASET / "manifests-medicine.json")
    assert set(mans) == {"scenarios"} and list(mans["scenarios"]) == SIDS
    assert TESTS["manifests_ref"] == "manifests-medicine.json"
    common = (ROOT / "data" / "build" / "_common.py").read_bytes()
    med = (BUILD / "_medicine.py").read_bytes()
    n_rounds = n_groups = 0
    for sid in SIDS:
        assert sid.startswith("s_med_")
        sdir, man, rounds, sol = scenario(sid)
        n_rounds += len(rounds)
        n_groups += len(man["updates"])
        assert man["scenario_id"] == sid
        ws = sdir / man["workspace_template"]
        assert len([p for p in ws.iterdir() if p.is_dir()]) >= 8
        for p in man["main_agent_accessible_paths"] + man["main_agent_delegable_paths"]:
            assert (ws / p).exists(), p
            assert p.split("/")[0] not in ("hr", "pii"), p
        assert [r["id"] for r in rounds] == list(sol)
        for r in rounds:
            assert r["eval"]["command"] == f"python3 ${{scripts}}/check_{r['id']}.py ${{workspace}}"
            assert not sol[r["id"]][-1].get("tool_calls")
        assert (sdir / "checks" / "_common.py").read_bytes() == common
        assert (sdir / "checks" / "_medicine.py").read_bytes() == med
        for p in ws.rglob("*"):
            if p.suffix.lower() in (".png", ".wav", ".mp4"):
                assert (sdir / "truth" / (str(p.relative_to(ws)) + ".txt")).is_file(), p
        # realistic media (A4 scans at 150 dpi, 22050 Hz speech, 720p captures): <= 8 MiB per scenario, <= 5 MiB a file
        sizes = {p: p.stat().st_size for p in sdir.rglob("*") if p.is_file()}
        size = sum(sizes.values())
        assert size <= 8 * 1024 * 1024, (sid, size)
        assert max(sizes.values()) <= 5 * 1024 * 1024, (sid, max(sizes, key=sizes.get))


def test_targets():
    """Assignment: 7 scenarios, 44 rounds (five with 6, two with 7), 12 update groups (7 new, 5 replace)."""
    rounds = [len(scenario(s)[2]) for s in SIDS]
    ops = [g["op"] for s in SIDS for g in scenario(s)[1]["updates"].values()]
    assert len(SIDS) == 7 and sum(rounds) == 44 and sorted(rounds) == [6, 6, 6, 6, 6, 7, 7]
    assert ops.count("new") == 7 and ops.count("replace") == 5


@pytest.mark.skipif(not all(shutil.which(t) for t in ("espeak-ng", "sox", "ffmpeg")), reason="media tools missing")
def test_build_is_reproducible():
    r = subprocess.run([sys.executable, str(BUILD / "build.py"), "--check"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "check: OK" in r.stdout, r.stdout + r.stderr


def test_lenient_spellings_pass(tmp_path):
    """Honest variants the questions allow: a section id without '§', a quoted label, '5mg' for '5 mg'."""
    sid = "s_med_dispensing_error_rca"
    ws = build_workspace(sid, "q4", tmp_path)
    p = ws / "output" / "rule_check.json"
    obj = json.loads(p.read_text(encoding="utf-8"))
    obj["rule_ref"] = "Section 5.2"
    obj["decision"] = "'Trust-level RCA'"
    p.write_text(json.dumps(obj), encoding="utf-8")
    assert run_check(sid, "q4", ws).returncode == 0
    p = ws / "output" / "chart_facts.json"
    obj = json.loads(p.read_text(encoding="utf-8"))
    obj["prescribed_dose"] = "5mg"
    p.write_text(json.dumps(obj), encoding="utf-8")
    assert run_check(sid, "q2", ws).returncode == 0


def test_media_are_realistic_and_dominate_bytes():
    """Scans are A4 at 150 dpi, charts 1800 px wide, speech 22050 Hz 16-bit, captures 1280x720; across the
    domain the media outweigh the text files in bytes."""
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
            elif ext == ".mp4":
                head = (
                    subprocess.run(
                        [
                            "ffprobe",
                            "-v",
                            "error",
                            "-select_streams",
                            "v:0",
                            "-show_entries",
                            "stream=width,height",
                            "-of",
                            "csv=p=0",
                            str(p),
                        ],
                        capture_output=True,
                        text=True,
                    ).stdout.strip()
                    if shutil.which("ffprobe")
                    else "1280,720"
                )
                assert head == "1280,720", (sid, p.name, head)
            if ext in (".png", ".wav", ".mp4"):
                media += p.stat().st_size
            elif ext not in (".docx", ".xlsx", ".pdf"):
                text += p.stat().st_size
    assert media > text, (media, text)
