"""Law-domain scenarios: every round's check passes the oracle's end-of-round state, and fails on
an empty workspace and on each planted decoy (data/build/law/decoys.json: the digest's / stale
archive's / modality decoy's wrong value, a stale token, or a missing behaviour).

The end-of-round state is rebuilt without the runner: the oracle trajectory's Write/Edit calls are
applied to a copy of the workspace (with the round's updates) and a SPEC §4 transcript is
synthesised from its tool calls, with result lines shaped like the real tools' results.
"""

from __future__ import annotations

import ast
import contextlib
import copy
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
DATA = ROOT / "data" / "clawarena-team"
DECOYS = ROOT / "data" / "build" / "law" / "decoys.json"


def _load(p: Path):
    return json.loads(p.read_text(encoding="utf-8"))


SCENARIOS = _load(DATA / "tests-law.json")["scenario_ids"] if (DATA / "tests-law.json").is_file() else []


CHECKED_DIRS = ("output", "vault", "sessions")


def _minimal_copy(src: Path, dst: Path) -> None:
    """Copy only what the checks read (deliverable area, seal key); keeps the test fast on slow disks."""
    dst.mkdir(parents=True)
    for d in CHECKED_DIRS:
        if (src / d).is_dir():
            shutil.copytree(src / d, dst / d)


def _subst(v, ws: str, names: dict, sessions: dict):
    if isinstance(v, str):
        v = v.replace("${workspace}", ws)
        for n, sid in names.items():
            v = v.replace("${subagent:" + n + "}", sid)
        for n, ses in sessions.items():
            v = v.replace("${session:" + n + "}", ses)
        return v
    if isinstance(v, list):
        return [_subst(x, ws, names, sessions) for x in v]
    if isinstance(v, dict):
        return {k: _subst(x, ws, names, sessions) for k, x in v.items()}
    return v


def _replay(sid: str, tmp: Path) -> dict[str, Path]:
    """Workspace snapshot (with sessions/main.jsonl) after each round of the oracle trajectory."""
    sd = DATA / "scenarios" / sid
    man = _load(sd / "manifest.json")
    rounds = _load(sd / "questions.json")
    traj = _load(sd / "solution" / "trajectory.json")
    ws = tmp / "ws"
    _minimal_copy(sd / "workspace", ws)
    names, sessions, by_id = {}, {}, {}
    lines = [{"type": "system_meta", "owner": "main"}]
    n = 0
    snaps = {}
    for rnd in rounds:
        for uid in rnd["update_ids"]:
            grp = man["updates"][uid]
            for f in grp["files"]:
                if f["dst"].split("/")[0] not in CHECKED_DIRS:
                    continue  # the checks read only deliverables, transcripts and the seal
                dst = ws / f["dst"]
                if grp["op"] == "replace" and dst.exists():
                    dst.unlink()
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(sd / f["src"], dst)
        lines.append({"uuid": f"u{n}", "role": "user", "content": rnd["question"], "round_id": rnd["id"]})
        for t in traj[rnd["id"]]:
            n += 1
            calls = []
            results = []
            for k, c in enumerate(t.get("tool_calls") or []):
                args = _subst(c["arguments"], str(ws), names, sessions)
                cid = f"call_{n}_{k}"
                calls.append({"id": cid, "name": c["name"], "arguments": args})
                res = "ok"
                if c["name"] == "Write":
                    p = Path(args["file_path"])
                    p.parent.mkdir(parents=True, exist_ok=True)
                    p.write_text(args["content"], encoding="utf-8")
                elif c["name"] == "Edit":
                    p = Path(args["file_path"])
                    p.write_text(
                        p.read_text(encoding="utf-8").replace(args["old_string"], args["new_string"], 1),
                        encoding="utf-8",
                    )
                elif c["name"] == "CreateSubagent":
                    sub = f"sub_{n:04d}{k:04d}"
                    names[args["name"]] = sub
                    by_id[sub] = args["name"]
                    res = f"subagent_id={sub} name={args['name']}"
                elif c["name"] == "RunSubagent":
                    sub = args["subagent_id"]
                    ses = args.get("session_id") or f"ses_{n:04d}{k:04d}"
                    sessions[by_id.get(sub, sub)] = ses
                    if args.get("run_in_background"):
                        res = f"task_id=task_{n:04d} subagent_id={sub} session_id={ses} status=running"
                    else:
                        res = f"subagent_id={sub} session_id={ses} status=completed\n(answer)"
                elif c["name"] == "Workflow":
                    res = f"task_id=workflow_{n} workflow_id=wf_{n} script=workflows/workflow_001.js"
                results.append(
                    {
                        "uuid": f"r{n}_{k}",
                        "role": "tool_result",
                        "tool_call_id": cid,
                        "content": res,
                        "round_id": rnd["id"],
                    }
                )
            turn = {"uuid": f"a{n}", "role": "assistant", "content": t["content"], "round_id": rnd["id"]}
            if calls:
                turn["tool_calls"] = calls
            lines.append(turn)
            lines.extend(results)
        snap = tmp / f"after_{rnd['id']}"
        shutil.copytree(ws, snap)
        (snap / "sessions").mkdir(exist_ok=True)
        (snap / "sessions" / "main.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
        snaps[rnd["id"]] = snap
    return snaps


def _check(sid: str, rid: str, ws: Path) -> tuple[int, str]:
    """Run check_<rid>.py in-process (as __main__, argv = [script, ws]); returns (exit code, stdout)."""
    checks = DATA / "scenarios" / sid / "checks"
    script = checks / f"check_{rid}.py"
    buf = io.StringIO()
    old_argv, old_path = sys.argv, list(sys.path)
    sys.argv = [str(script), str(ws)]
    sys.path.insert(0, str(checks))
    for mod in ("_common", "_law"):
        sys.modules.pop(mod, None)
    code = 0
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path(str(script), run_name="__main__")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv, sys.path[:] = old_argv, old_path
    return code, buf.getvalue()


def _check_subprocess(sid: str, rid: str, ws: Path) -> tuple[int, str]:
    script = DATA / "scenarios" / sid / "checks" / f"check_{rid}.py"
    res = subprocess.run([sys.executable, str(script), str(ws)], capture_output=True, text=True, timeout=20)
    return res.returncode, res.stdout


def _mutate_transcript(ws: Path, rid: str, d: dict) -> None:
    p = ws / "sessions" / "main.jsonl"
    rows = [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]
    out = []
    for r in rows:
        if r.get("round_id") == rid and r.get("role") == "assistant" and r.get("tool_calls"):
            calls = []
            for c in r["tool_calls"]:
                a = c["arguments"]
                if d["what"] == "no_background" and c["name"] == "RunSubagent":
                    a["run_in_background"] = False
                if d["what"] == "model_key_llm" and c["name"] == "CreateSubagent":
                    a["model_key"] = "llm"
                if d["what"] == "no_resume" and c["name"] == "RunSubagent":
                    a.pop("session_id", None)
                if d["what"] == "no_workflow" and c["name"] == "Workflow":
                    continue
                calls.append(c)
            r["tool_calls"] = calls
        out.append(r)
    if d["what"] == "grant_sensitive":
        out.append(
            {
                "uuid": "x1",
                "role": "assistant",
                "content": "",
                "round_id": rid,
                "tool_calls": [
                    {
                        "id": "x_call",
                        "name": "CreateSubagent",
                        "arguments": {
                            "name": "helper",
                            "model_key": "llm",
                            "tools": ["Read"],
                            "system_prompt": "x",
                            "accessible_paths": [d["segment"]],
                        },
                    }
                ],
            }
        )
        out.append(
            {
                "uuid": "x2",
                "role": "tool_result",
                "tool_call_id": "x_call",
                "content": "subagent_id=sub_ffffffff",
                "round_id": rid,
            }
        )
    p.write_text("\n".join(json.dumps(x) for x in out) + "\n", encoding="utf-8")


def _plant(ws: Path, rid: str, d: dict) -> None:
    if d["kind"] == "json":
        p = ws / d["file"]
        obj = json.loads(p.read_text(encoding="utf-8"))
        obj[d["key"]] = d["value"]
        p.write_text(json.dumps(obj, indent=2), encoding="utf-8")
    elif d["kind"] == "md":
        p = ws / d["file"]
        text = p.read_text(encoding="utf-8")
        assert d["old"] in text, f"decoy anchor {d['old']!r} not in {d['file']}"
        p.write_text(text.replace(d["old"], d["new"], 1), encoding="utf-8")
    else:
        _mutate_transcript(ws, rid, d)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_law_rounds_pass_oracle_and_reject_decoys(sid: str, tmp_path: Path) -> None:
    decoys = _load(DECOYS)[sid]
    snaps = _replay(sid, tmp_path)
    empty = tmp_path / "empty"
    _minimal_copy(DATA / "scenarios" / sid / "workspace", empty)
    jobs = []  # (round id, workspace, expected exit code, what)
    for rid, snap in snaps.items():
        jobs.append((rid, snap, 0, "oracle state"))
        jobs.append((rid, empty, 1, "empty workspace"))
        assert decoys[rid], f"{sid} {rid}: no decoy planted"
        for k, d in enumerate(decoys[rid]):
            ws = tmp_path / f"decoy_{rid}_{k}"
            shutil.copytree(snap, ws)
            _plant(ws, rid, copy.deepcopy(d))
            jobs.append((rid, ws, 1, f"decoy {d}"))
    for rid, ws, want, what in jobs:
        code, out = _check(sid, rid, ws)
        assert code == want, f"{sid} {rid}: {what}: exit {code}, want {want}:\n{out}"
        if want == 1:
            assert "FAIL" in out, f"{sid} {rid}: {what}: no failure line printed"
    last = list(snaps)[-1]  # the real contract: a subprocess with the workspace as its only argument
    assert _check_subprocess(sid, last, snaps[last])[0] == 0
    assert _check_subprocess(sid, last, empty)[0] == 1


def test_law_build_is_reproducible_inputs_present() -> None:
    assert SCENARIOS, "tests-law.json missing (run data/build/law/build.py)"
    for sid in SCENARIOS:
        sd = DATA / "scenarios" / sid
        assert (sd / "checks" / "_common.py").read_bytes() == (ROOT / "data" / "build" / "_common.py").read_bytes()
        assert (sd / "checks" / "_law.py").read_bytes() == (ROOT / "data" / "build" / "law" / "_law.py").read_bytes()
        man = _load(sd / "manifest.json")
        for p in Path(sd / "workspace").rglob("*"):
            if p.suffix.lower() in (".png", ".wav", ".mp4"):
                rel = p.relative_to(sd / "workspace").as_posix()
                assert (sd / "truth" / (rel + ".txt")).is_file(), f"{sid}: no truth for {rel}"
        assert man["scenario_id"] == sid


def _spec(sid: str, rid: str) -> dict:
    src = (DATA / "scenarios" / sid / "checks" / f"check_{rid}.py").read_text(encoding="utf-8")
    return ast.literal_eval(src.split("SPEC = ", 1)[1].split("\n\nif __name__", 1)[0])


def _leaves(obj):
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _leaves(v)
    else:
        yield obj


def _spelled(v) -> list[str]:
    if isinstance(v, bool) or v is None:
        return []
    if isinstance(v, str):
        return [v] if len(v) >= 5 else []
    if isinstance(v, int):
        return [str(v)] if v >= 100 else []
    return [f"{v:.2f}", f"{v:,.2f}"] if v >= 100 else []


@pytest.mark.parametrize("sid", SCENARIOS)
def test_law_no_leaks(sid: str) -> None:
    """No value a round must find appears in the asset map, an index, a tool, any question or any feedback;
    no true media field appears in any workspace or update text file."""
    sd = DATA / "scenarios" / sid
    rounds = _load(sd / "questions.json")
    man = _load(sd / "manifest.json")
    public = [(sd / "workspace" / "_sandbox_hint.md").read_text(encoding="utf-8")]
    public += [p.read_text(encoding="utf-8") for p in (sd / "workspace").rglob("_index.md")]
    public += [p.read_text(encoding="utf-8") for p in (sd / "workspace" / "tools").iterdir()]
    public += [r["question"] + "\n" + r["feedback"]["correct"] + "\n" + r["feedback"]["incorrect"] for r in rounds]
    blob = "\n".join(public)
    texts, csvs = [], []
    for base in (sd / "workspace", sd / "updates"):
        for p in base.rglob("*"):
            if p.is_file() and p.suffix.lower() in (".md", ".txt", ".py", ".json"):
                texts.append(p.read_text(encoding="utf-8"))
            elif p.is_file() and p.suffix.lower() == ".csv":
                csvs.append(p.read_text(encoding="utf-8"))
    every_text = "\n".join(texts)
    every_csv = "\n".join(csvs)  # ledger rows carry dates of unrelated entries: only non-date facts are checked there
    for r in rounds:
        sp = _spec(sid, r["id"])
        for item in sp.get("json", []):
            for leaf in _leaves(item["expect"]):
                if leaf == man["scenario_id"] or (
                    isinstance(leaf, str)
                    and leaf.startswith(("DSAR-", "LIT-", "COM-", "ET-", "TMO-", "CIV-", "CON-", "SUB-"))
                ):
                    continue
                for s in _spelled(leaf):
                    assert s not in blob, (
                        f"{sid} {r['id']}: expected value {s!r} leaks into the hint/indexes/tools/questions"
                    )
        if any(c.get("model_key") in ("vlm", "omni") for c in sp.get("create", [])):
            for item in sp["json"]:
                for leaf in _leaves(item["expect"]):
                    for s in _spelled(leaf) if isinstance(leaf, str) else []:
                        assert s not in every_text, f"{sid} {r['id']}: media-only fact {s!r} appears in a text file"
                        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
                            assert s not in every_csv, f"{sid} {r['id']}: media-only fact {s!r} appears in a CSV"


def test_law_media_sizes_are_realistic_and_bounded() -> None:
    """Media come at realistic resolution (A4 scans at 150 dpi, photos >= 1280 px, 22050 Hz speech,
    720p video) and dominate each scenario's bytes, yet every scenario stays <= 8 MiB and no file > 5 MiB."""
    import wave

    from PIL import Image

    for sid in SCENARIOS:
        sd = DATA / "scenarios" / sid
        files = [p for p in sd.rglob("*") if p.is_file()]
        total = sum(p.stat().st_size for p in files)
        assert total <= 8 * 1024 * 1024, (sid, total)
        media = 0
        for p in files:
            size = p.stat().st_size
            assert size <= 5 * 1024 * 1024, (sid, p.name, size)
            ext = p.suffix.lower()
            if ext == ".png":
                with Image.open(p) as im:
                    assert max(im.size) >= 1240, (sid, p.name, im.size)
            elif ext == ".wav":
                with wave.open(str(p)) as w:
                    assert w.getframerate() >= 22050 and w.getsampwidth() == 2, (sid, p.name)
            if ext in (".png", ".wav", ".mp4"):
                media += size
        assert media > total - media, (sid, media, total)
