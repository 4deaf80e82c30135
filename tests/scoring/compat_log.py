"""A hand-built event log whose numbers are derived by hand in tests/scoring/test_compat.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena_tui import events as ev
from arena_tui.store import EventStore

R = "run-compat"


def _f(sid: str, agent: str = "main", session: str | None = None) -> dict[str, Any]:
    return {"run_id": R, "scenario_id": sid, "agent_id": agent, "session_id": session}


def _created(sid: str, sub: str, key: str, tools: list[str], reach: list[str], via: str = "CreateSubagent") -> ev.Event:
    return ev.SubagentCreated(
        **_f(sid),
        subagent_id=sub,
        name=sub,
        model_key=key,  # type: ignore[arg-type]
        tools=tools,
        accessible_paths=["g"],
        reachable_files=reach,
        via=via,  # type: ignore[arg-type]
    )


def _call(sid: str, sub: str, cid: str, tool: str, args: dict[str, Any], **result: Any) -> list[ev.Event]:
    return [
        ev.ToolCalled(**_f(sid, sub), call_id=cid, tool=tool, arguments=args),
        ev.ToolResult(**_f(sid, sub), call_id=cid, tool=tool, **result),
    ]


def _read(path: str, modality: str = "text") -> list[ev.FileTouch]:
    return [ev.FileTouch(path=path, op="read", modality=modality)]  # type: ignore[arg-type]


def _rounds(sid: str, passed: list[bool | None]) -> list[ev.Event]:
    return [
        ev.RoundScored(**_f(sid), round_id=f"q{i + 1}", passed=bool(p)) for i, p in enumerate(passed) if p is not None
    ]


def _round(sid: str, n: int) -> ev.RoundStarted:
    return ev.RoundStarted(**_f(sid), round_id=f"q{n}", index=n - 1, question=f"question {n}")


def compat_events() -> list[ev.Event]:
    out: list[ev.Event] = [
        ev.RunStarted(
            run_id=R,
            dataset="d",
            scenario_ids=["s1", "s2", "s3"],
            round_ids={"s1": ["q1", "q2"], "s2": ["q1", "q2"], "s3": ["q1", "q2"]},
            manager="hand",
            pool={},
        ),
        # --- s1: three subagents, both rounds pass ---------------------------------------
        ev.ScenarioStarted(**_f("s1"), round_ids=["q1", "q2"], delegation_rounds=["q1", "q2"]),
        _round("s1", 1),
        _created("s1", "sub_a", "llm", ["Read", "Write"], ["g/f1", "g/f2", "g/f3", "g/f4"]),
        _created("s1", "sub_b", "vlm", ["Read", "Bash", "Grep"], ["g/img.png", "g/notes.txt"]),
        _created("s1", "sub_c", "omni", ["Read"], ["g/a.wav"]),
        ev.ToolCalled(**_f("s1"), call_id="m1", tool="RunSubagent", arguments={"subagent_id": "sub_a", "prompt": "p"}),
        ev.SubagentRunStarted(**_f("s1", "sub_a", "sa"), subagent_id="sub_a", mode="foreground", continued=False),
        *_call("s1", "sub_a", "a1", "Read", {"file_path": "/w/g/f1"}, files=_read("g/f1")),
        *_call("s1", "sub_a", "a2", "Read", {"file_path": "/w/g/f2"}, files=_read("g/f2")),
        *_call(
            "s1",
            "sub_a",
            "a3",
            "Write",
            {"file_path": "/w/g/new.md"},
            files=[ev.FileTouch(path="g/new.md", op="write")],
        ),
        *_call("s1", "sub_a", "a4", "Read", {"file_path": "/w/g/f9"}, is_error=True),
        ev.ToolResult(**_f("s1"), call_id="m1", tool="RunSubagent"),
        ev.ToolCalled(
            **_f("s1"),
            call_id="m2",
            tool="RunSubagent",
            arguments={"subagent_id": "sub_a", "session_id": "sa", "prompt": "p", "schema": {"type": "object"}},
        ),
        ev.SubagentRunStarted(**_f("s1", "sub_a", "sa"), subagent_id="sub_a", mode="foreground", continued=True),
        ev.ToolResult(**_f("s1"), call_id="m2", tool="RunSubagent"),
        # A schema the tool surface rejected (malformed call) is no structured output.
        *_call("s1", "main", "m3", "RunSubagent", {"subagent_id": "sub_a", "schema": {}}, invalid=True),
        _round("s1", 2),
        ev.SubagentScopeGrown(**_f("s1"), subagent_id="sub_a", added_files=["g/u1", "g/u2"]),
        ev.SubagentRunStarted(**_f("s1", "sub_b", "sb"), subagent_id="sub_b", mode="background", continued=False),
        *_call("s1", "sub_b", "b1", "Read", {"file_path": "/w/g/notes.txt"}, files=_read("g/notes.txt")),
        *_call("s1", "sub_b", "b2", "Grep", {"pattern": "x"}),
        *_call("s1", "sub_b", "b3", "Bash", {"command": "cat /etc/passwd"}, forbidden=True, is_error=True),
        ev.ForbiddenAccess(**_f("s1", "sub_b"), tool="Bash", path="/etc/passwd", reason="bash_path_outside_scope"),
        *_call("s1", "sub_b", "b4", "Edit", {"file_path": "/w/g/notes.txt"}, forbidden=True, is_error=True),
        ev.ForbiddenAccess(**_f("s1", "sub_b"), tool="Edit", reason="tool_not_granted"),
        ev.ForbiddenAccess(**_f("s1"), tool="Read", path="/w/secret", reason="path_outside_scope"),
        ev.ForbiddenAccess(**_f("s1"), tool="CreateSubagent", path="/w/secret", reason="path_outside_scope"),
        ev.ForbiddenAccess(**_f("s1"), tool="Bash", path="/w/secret", reason="bash_path_outside_scope"),
        *_rounds("s1", [True, True]),
        ev.ScenarioFinished(**_f("s1"), status="completed"),
        # --- s2: one workflow agent that reads its two files; one round of two passes ----------
        ev.ScenarioStarted(**_f("s2"), round_ids=["q1", "q2"], delegation_rounds=["q1", "q2"]),
        _round("s2", 1),
        ev.WorkflowStarted(**_f("s2"), workflow_id="wf", task_id="t", name="w", script_path="w.js"),
        _created("s2", "sub_d", "llm", ["Read"], ["g/x", "g/y"], via="Workflow"),
        ev.SubagentRunStarted(
            **_f("s2", "sub_d", "sd"), subagent_id="sub_d", mode="background", continued=False, via="Workflow"
        ),
        *_call("s2", "sub_d", "d1", "Read", {"file_path": "/w/g/x"}, files=_read("g/x")),
        *_call("s2", "sub_d", "d2", "Read", {"file_path": "/w/g/y"}, files=_read("g/y")),
        _round("s2", 2),
        *_rounds("s2", [True, False]),
        ev.ScenarioFinished(**_f("s2"), status="completed"),
        # --- s3: crashes after one passed round (the earlier release wrote no metadata) ------
        ev.ScenarioStarted(**_f("s3"), round_ids=["q1", "q2"], delegation_rounds=["q1"]),
        _round("s3", 1),
        _created("s3", "sub_e", "llm", ["Read"], ["g/z"]),
        *_call("s3", "sub_e", "e1", "Read", {"file_path": "/w/g/z"}, files=_read("g/z")),
        *_rounds("s3", [True, None]),
        ev.ScenarioFinished(**_f("s3"), status="crashed", reason="provider down"),
        ev.RunFinished(run_id=R, status="completed"),
    ]
    return out


async def write_store(out: Path, events: list[ev.Event]) -> None:
    store = await EventStore.open(out, flush_interval=0.01)
    bus = ev.EventBus(R)
    bus.subscribe(store.append)
    for event in events:
        bus.emit(event)
    await store.close()
