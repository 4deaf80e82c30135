"""Forged evidence of delegation fails: the engine reads only what the harness resolved.

Each test is one adversarial manager (or pool) that passed the engine when it read script
text, prompt text, comments and failed calls: a grant through a link or a built string, a
background run that returned an error, a comment relabelling a Workflow agent's model, a
bare ``*``, ``parallel(`` in a comment, failed resumes, a deliverable written with Bash.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.oracle_run import ENGINE
from tests.dataset.transcript_builder import WS_ROUND, Transcripts

EVIDENCE = {"kind": "evidence", "file": "evidence/log.csv", "values": ["62", "10.6"], "deliverable": "output/t.json"}


def passes(ws: Path, *conditions: dict[str, Any]) -> bool:
    spec = ws.parent / "spec.json"
    spec.write_text(json.dumps({"round": WS_ROUND, "conditions": list(conditions)}), encoding="utf-8")
    r = subprocess.run([sys.executable, str(ENGINE), str(ws), str(spec)], capture_output=True, text=True, timeout=30)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    return r.returncode == 0


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    w = tmp_path / "workspace"
    for d in ("output", "evidence", "notes", "hr", "media"):
        (w / d).mkdir(parents=True)
    (w / "evidence" / "log.csv").write_text("minute,temp\n", encoding="utf-8")
    (w / "hr" / "staff.md").write_text("salary 90000\n", encoding="utf-8")
    (w / "media" / "call.wav").write_bytes(b"RIFF0000WAVE")
    return w


def test_a_grant_through_a_symlink_into_a_sensitive_folder_is_counted(ws: Path) -> None:
    os.symlink(ws / "hr", ws / "notes" / "team")  # absolute link inside main's own scope
    t = Transcripts(ws)
    t.create("sub_1", "w", "llm", [str(ws / "notes" / "team")])
    t.save()
    assert t.created["sub_1"]["grant"] == ["hr"]
    assert not passes(ws, {"kind": "never_granted", "segments": ["hr"]})


def test_a_workflow_grant_built_at_run_time_is_counted(ws: Path) -> None:
    t = Transcripts(ws)
    script = 'defineAgent({name: "x", model_key: "llm", tools: ["Read"], accessible_paths: [["h","r"].join("")]});'
    t.main_call("Workflow", {"script": script}, facts={"workflow_id": "wf_1"})
    t.note_created("sub_2", "x", "llm", [str(ws / "notes" / ".." / "hr")], "Workflow", WS_ROUND)
    t.save()
    assert not passes(ws, {"kind": "never_granted", "segments": ["hr"]})


def test_a_background_run_that_returned_an_error_is_not_a_background_run(ws: Path) -> None:
    t = Transcripts(ws)
    args = {"subagent_id": "sub_nope", "description": "x", "prompt": "x", "run_in_background": True}
    t.main_call("RunSubagent", args, "unknown subagent_id 'sub_nope'", ok=False)
    t.save()
    cond = {"kind": "called", "tool": "RunSubagent", "args": {"run_in_background": True}}
    assert not passes(ws, cond)
    t.main_call("RunSubagent", args, "task_id=t1", facts={"mode": "background", "session_id": "s1"})
    t.save()
    assert passes(ws, cond)


def test_a_comment_in_the_script_does_not_relabel_a_workflow_agents_model(ws: Path) -> None:
    t = Transcripts(ws)
    script = 'defineAgent({name:"x", model_key:"llm", tools:["Read"]});\n// defineAgent({name:"x", model_key:"omni"})'
    t.main_call("Workflow", {"script": script}, facts={"workflow_id": "wf_1"})
    t.note_created("sub_2", "x", "llm", [str(ws / "media")], "Workflow", WS_ROUND)
    t.sub(
        "sub_2:sess_1", "x", [("call", ("Read", {"file_path": str(ws / "media" / "call.wav")})), ("assistant", "GRN")]
    )
    t.save()
    cond = {"kind": "evidence", "file": "media/call.wav", "values": ["GRN"], "models": ["omni"]}
    assert not passes(ws, cond)
    assert passes(ws, {**cond, "models": ["llm"]})


def test_a_bare_star_opens_nothing_it_was_not_expanded_to(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "r", "llm", ["evidence"])
    t.sub("sub_1:sess_1", "r", [("call", ("Bash", {"command": "echo * 62 10.6"})), ("tool_result", "62 10.6")])
    t.save()
    assert not passes(ws, {k: v for k, v in EVIDENCE.items() if k != "deliverable"})


def test_a_failed_read_opens_nothing(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "r", "llm", ["evidence"])
    read = ("call", ("Read", {"file_path": str(ws / "evidence" / "log.csv")}))
    t.sub("sub_1:sess_1", "r", [read, ("tool_result", "forbidden"), ("assistant", "62 10.6")], ok=False)
    t.save()
    assert not passes(ws, {k: v for k, v in EVIDENCE.items() if k != "deliverable"})


def _workflow(ws: Path, alongside: list[int], script: str) -> Transcripts:
    t = Transcripts(ws)
    t.main_call("Workflow", {"script": script}, facts={"workflow_id": "wf_1"})
    for i, n in enumerate(alongside):
        t.note_created(f"sub_{i}", f"a{i}", "llm", ["notes"], "Workflow", WS_ROUND)
        t.sub(f"sub_{i}:sess_{i}", f"a{i}", [("assistant", "ok")], meta={"workflow_id": "wf_1", "alongside": n})
    t.save()
    return t


def test_parallel_and_define_agent_in_comments_count_for_nothing(ws: Path) -> None:
    script = (
        "// parallel([...]) defineAgent({}) defineAgent({})\nconst a = defineAgent({name:'a0'});\nawait agent('x');"
    )
    _workflow(ws, [0], script)
    assert not passes(ws, {"kind": "workflow", "parallel": True})
    assert not passes(ws, {"kind": "workflow", "min_agents": 2})
    assert passes(ws, {"kind": "workflow", "min_agents": 1})


def test_sequential_agents_are_not_parallel_and_overlapping_ones_are(ws: Path) -> None:
    _workflow(ws, [0, 0], "await parallel([])")  # the word, two agents one after the other
    assert not passes(ws, {"kind": "workflow", "parallel": True, "min_agents": 2})
    _workflow(ws, [0, 1], "")
    assert passes(ws, {"kind": "workflow", "parallel": True, "min_agents": 2})


def test_a_failed_workflow_call_counts_for_nothing(ws: Path) -> None:
    t = Transcripts(ws)
    t.main_call("Workflow", {"script": "defineAgent({}); parallel([])"}, "Workflow: pass script", ok=False)
    t.save()
    assert not passes(ws, {"kind": "workflow"})


def test_a_failed_resume_is_not_a_resume(ws: Path) -> None:
    t = Transcripts(ws)
    old = {"subagent_id": "sub_1", "session_id": "sess_old"}
    t.main_call("RunSubagent", {"subagent_id": "sub_1"}, "session_id=sess_old", rnd="q0", facts=old)
    t.sub("sub_1:sess_old", "w", [("assistant", "x")], rnd="q0")
    args = {"subagent_id": "sub_1", "session_id": "sess_old"}
    t.main_call("RunSubagent", args, "session 'sess_old' is still running", ok=False)
    t.save()
    assert not passes(ws, {"kind": "resumed"})


def test_the_evidence_deadline_holds_when_main_writes_the_deliverable_with_bash(ws: Path) -> None:
    (ws / "output" / "t.json").write_text("{}", encoding="utf-8")
    t = Transcripts(ws)
    t.create("sub_1", "r", "llm", ["evidence"])
    t.main_call("Bash", {"command": f"echo '{{}}' > {ws}/output/t.json"}, files=["output/t.json"])
    read = ("call", ("Read", {"file_path": str(ws / "evidence" / "log.csv")}))
    t.sub("sub_1:sess_1", "r", [read, ("assistant", "minutes_above=62 peak_c=10.6")])  # only after main wrote
    t.save()
    assert not passes(ws, EVIDENCE)


def test_evidence_after_the_round_ended_does_not_count_when_main_never_recorded_a_write(ws: Path) -> None:
    t = Transcripts(ws)
    t.create("sub_1", "r", "llm", ["evidence"])
    t.main.append({"role": "assistant", "round_id": WS_ROUND, "timestamp": t._t(), "content": "final"})
    read = ("call", ("Read", {"file_path": str(ws / "evidence" / "log.csv")}))
    t.sub("sub_1:sess_1", "r", [read, ("assistant", "minutes_above=62 peak_c=10.6")])
    t.save()
    assert not passes(ws, EVIDENCE)
