"""Science scenarios (s_sci_*): every round's check passes the reference deliverables and FAILS a planted decoy.

For each scenario the test replays the oracle trajectory's file writes into a temporary copy of the
workspace (applying each round's updates first) and synthesises sessions/main.jsonl in the SPEC §4
format from the trajectory's tool calls (ids, session ids and background task ids as the real tools
report them). Per round it then runs the check three ways:
  * reference deliverables + transcript           -> must pass,
  * the round's decoy deliverable(s) planted      -> must fail (data/build/science/decoys.json:
    the digest's / stale archive's / modality decoy's value, or a pre-update value without "superseded"),
  * the same deliverables without any transcript  -> must fail (behaviour cannot be verified),
  * the reference deliverables with one required behaviour removed from the round's transcript (no
    background run, media sent to a text-only model, no resumed session, no workflow, a sealer without
    Bash, no subagent run, a sensitive folder granted)   -> must fail.
The byte-for-byte reproduction of the generated files is checked by `data/build/science/build.py --check`.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import runpy
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "clawarena-team"
BUILD = ROOT / "data" / "build" / "science"


def _scenario_ids() -> list[str]:
    tests = DATA / "tests-science.json"
    if not tests.is_file():
        return []
    return json.loads(tests.read_text())["scenario_ids"]


DECOYS = json.loads((BUILD / "decoys.json").read_text()) if (BUILD / "decoys.json").is_file() else {}


class Transcript:
    def __init__(self, ws: str) -> None:
        self.ws = ws
        self.lines: list[dict] = [{"type": "system_meta", "owner": "main"}]
        self.by_name: dict[str, str] = {}
        self.session_of: dict[str, str] = {}
        self.sessions: set[str] = set()
        self.n = 0

    def _id(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n:08x}"

    def resolve(self, v):
        if isinstance(v, str):
            v = v.replace("${workspace}", self.ws)
            for name, sid in self.by_name.items():
                v = v.replace("${subagent:" + name + "}", sid)
                if name in self.session_of:
                    v = v.replace("${session:" + name + "}", self.session_of[name])
            return v
        if isinstance(v, dict):
            return {k: self.resolve(x) for k, x in v.items()}
        if isinstance(v, list):
            return [self.resolve(x) for x in v]
        return v

    def turn(self, rid: str, t: dict) -> list[tuple[str, dict]]:
        calls = [(c["name"], self.resolve(c.get("arguments", {}))) for c in t.get("tool_calls", [])]
        entries = [{"id": self._id("call_"), "name": n, "arguments": a} for n, a in calls]
        self.lines.append(
            {
                "uuid": self._id("u"),
                "role": "assistant",
                "content": t.get("content", ""),
                "tool_calls": entries,
                "round_id": rid,
            }
        )
        for e in entries:
            a, name = e["arguments"], e["name"]
            if name == "CreateSubagent":
                sid = self._id("sub_")
                self.by_name[a["name"]] = sid
                res = f"subagent_id={sid} name={a['name']}"
            elif name == "RunSubagent":
                sid = a["subagent_id"]
                ses = a.get("session_id") if a.get("session_id") in self.sessions else self._id("ses_")
                self.sessions.add(ses)
                for nm, i in self.by_name.items():
                    if i == sid:
                        self.session_of[nm] = ses
                if a.get("run_in_background"):
                    res = f"task_id={self._id('task_')} subagent_id={sid} session_id={ses} status=running"
                else:
                    res = f"subagent_id={sid} session_id={ses} status=completed\n(simulated answer)"
            elif name == "Workflow":
                res = f"task_id=workflow_{self.n} workflow_id=wf_{self.n} script=workflows/workflow_001.js"
            else:
                res = "ok"
            self.lines.append(
                {"uuid": self._id("u"), "role": "tool_result", "tool_call_id": e["id"], "content": res, "round_id": rid}
            )
        return calls

    def save(self, ws: Path) -> None:
        (ws / "sessions").mkdir(exist_ok=True)
        (ws / "sessions" / "main.jsonl").write_text("\n".join(json.dumps(x) for x in self.lines) + "\n")


def _apply_writes(calls) -> None:
    for name, a in calls:
        if name == "Write":
            p = Path(a["file_path"])
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(a["content"])
        elif name == "Edit":
            p = Path(a["file_path"])
            body = p.read_text()
            assert a["old_string"] in body
            p.write_text(body.replace(a["old_string"], a["new_string"], 1))


def _plant(ws: Path, d: dict) -> None:
    p = ws / d["file"]
    if "json" in d:
        obj = json.loads(p.read_text())
        keys, val = d["json"][0].split("/"), d["json"][1]
        cur = obj
        for k in keys[:-1]:
            cur = cur[k]
        cur[keys[-1]] = val
        p.write_text(json.dumps(obj, indent=2))
    else:
        old, new = d["sub"]
        body = p.read_text()
        assert old in body, (d["file"], old)
        p.write_text(body.replace(old, new))


def _run(scripts: Path, rid: str, ws: Path) -> tuple[int, str]:
    """Run one check in-process (same argv contract as `python3 check_qN.py <workspace>`)."""
    sys.dont_write_bytecode = True
    script = scripts / f"check_{rid}.py"
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [str(script), str(ws)]
    sys.path.insert(0, str(scripts))
    buf = io.StringIO()
    code = 0
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path(str(script), run_name="__main__")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
    return code, buf.getvalue()


def _spec(scripts: Path, rid: str) -> dict:
    body = (scripts / f"check_{rid}.py").read_text()
    return json.loads(re.search(r'json\.loads\(r"""(.*?)"""\)', body, re.S).group(1))


def _behaviour_mutation(spec: dict, turns: list, sensitive: str):
    """The round's turns with one required behaviour removed (first applicable), and a label."""
    kinds = [it["k"] for it in spec["items"]]
    turns = copy.deepcopy(turns)
    calls = [c for t in turns for c in t.get("tool_calls", [])]
    if "bg" in kinds:
        for c in calls:
            if c["name"] == "RunSubagent":
                c["arguments"]["run_in_background"] = False
        return turns, "no background run"
    if "media" in kinds:
        for c in calls:
            if c["name"] == "CreateSubagent":
                c["arguments"]["model_key"] = "llm"
        return turns, "media routed to a text-only model"
    if "reuse" in kinds:
        for c in calls:
            c["arguments"].pop("session_id", None)
        return turns, "no session resumed"
    if "workflow" in kinds:
        for t in turns:
            t["tool_calls"] = [c for c in t.get("tool_calls", []) if c["name"] != "Workflow"] or None
            if t["tool_calls"] is None:
                del t["tool_calls"]
                t["content"] = t["content"] or "..."
        return [t for t in turns if t.get("tool_calls")] + [turns[-1]], "no workflow"
    if "sealer" in kinds:
        for c in calls:
            if c["name"] == "CreateSubagent":
                c["arguments"]["tools"] = [x for x in c["arguments"]["tools"] if x != "Bash"]
        return turns, "sealer without Bash"
    if "ran_cover" in kinds:
        for t in turns:
            if t.get("tool_calls"):
                t["tool_calls"] = [c for c in t["tool_calls"] if c["name"] != "RunSubagent"] or [
                    {"name": "ListSubagents", "arguments": {}}
                ]
        return turns, "no subagent run"
    bad = {
        "name": "CreateSubagent",
        "arguments": {
            "name": "helper",
            "model_key": "omni",
            "tools": ["Read"],
            "accessible_paths": [sensitive],
            "system_prompt": "help",
        },
    }
    turns[0].setdefault("tool_calls", []).append(bad)
    return turns, f"{sensitive}/ granted"


@pytest.mark.parametrize("sid", _scenario_ids())
def test_missing_behaviour_fails(sid: str, tmp_path: Path) -> None:
    """Per round: the reference deliverables with one required behaviour removed from the transcript must fail."""
    sdir = DATA / "scenarios" / sid
    man = json.loads((sdir / "manifest.json").read_text())
    rounds = json.loads((sdir / "questions.json").read_text())
    traj = json.loads((sdir / "solution" / "trajectory.json").read_text())
    sensitive = next(p for p in man["main_agent_accessible_paths"] if p in ("hr", "participant_data", "embargoed"))
    ws = tmp_path / "ws"
    shutil.copytree(sdir / "workspace", ws)
    for i, r in enumerate(rounds):
        rid = r["id"]
        tr = Transcript(str(ws))
        for earlier in rounds[:i]:
            for t in traj[earlier["id"]]:
                _apply_writes(tr.turn(earlier["id"], t))
        mutated, label = _behaviour_mutation(_spec(sdir / "checks", rid), traj[rid], sensitive)
        for t in mutated:
            _apply_writes(tr.turn(rid, t))
        tr.save(ws)
        code, out = _run(sdir / "checks", rid, ws)
        assert code == 1, f"{sid} {rid}: passes with '{label}':\n{out}"


@pytest.mark.parametrize("sid", _scenario_ids())
def test_rounds_pass_reference_and_fail_decoys(sid: str, tmp_path: Path) -> None:
    sdir = DATA / "scenarios" / sid
    man = json.loads((sdir / "manifest.json").read_text())
    rounds = json.loads((sdir / "questions.json").read_text())
    traj = json.loads((sdir / "solution" / "trajectory.json").read_text())
    scripts = sdir / "checks"
    ws = tmp_path / "ws"
    shutil.copytree(sdir / "workspace", ws)
    tr = Transcript(str(ws))
    decoys = DECOYS[sid]
    for r in rounds:
        rid = r["id"]
        for uid in r["update_ids"]:
            grp = man["updates"][uid]
            for f in grp["files"]:
                dst = ws / f["dst"]
                if grp["op"] == "replace" and dst.exists():
                    dst.unlink()
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(sdir / f["src"], dst)
        for t in traj[rid]:
            _apply_writes(tr.turn(rid, t))
        tr.save(ws)
        code, out = _run(scripts, rid, ws)
        assert code == 0, f"{sid} {rid}: reference deliverables fail:\n{out}"
        assert decoys[rid], f"{sid} {rid}: no decoy planted"
        for d in decoys[rid]:
            target = ws / d["file"]
            original = target.read_bytes()
            _plant(ws, d)
            code, out = _run(scripts, rid, ws)
            assert code == 1, f"{sid} {rid}: decoy {d} passes:\n{out}"
            target.write_bytes(original)
        transcript = ws / "sessions" / "main.jsonl"
        kept = transcript.read_bytes()
        transcript.unlink()
        code, out = _run(scripts, rid, ws)
        assert code == 1, f"{sid} {rid}: passes without a transcript"
        transcript.write_bytes(kept)


def test_null_workspace_fails_every_round(tmp_path: Path) -> None:
    for sid in _scenario_ids():
        sdir = DATA / "scenarios" / sid
        ws = tmp_path / sid
        ws.mkdir()
        tr = Transcript(str(ws))
        for r in json.loads((sdir / "questions.json").read_text()):
            tr.turn(r["id"], {"content": "Done."})
            tr.save(ws)
            code, _ = _run(sdir / "checks", r["id"], ws)
            assert code == 1, f"{sid} {r['id']}: passes with no deliverables"


def test_checks_helpers_identical() -> None:
    common = (ROOT / "data" / "build" / "_common.py").read_text()
    science = (BUILD / "_science.py").read_text()
    for sid in _scenario_ids():
        d = DATA / "scenarios" / sid / "checks"
        assert (d / "_common.py").read_text() == common, sid
        assert (d / "_science.py").read_text() == science, sid
