"""The event union: every kind round-trips through JSON and the bus stamps and delivers."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, get_args

import pytest

from arena_tui import events as ev
from arena_tui.store import EventStore, StoreReader

SAMPLES: list[ev.EventBase] = [
    ev.RunStarted(run_id="r", dataset="d", scenario_ids=["s"], manager="oracle", pool={"llm": "sim"}),
    ev.RunFinished(run_id="r", status="completed"),
    ev.ScenarioStarted(run_id="r", scenario_id="s", round_ids=["q1"]),
    ev.ScenarioFinished(run_id="r", scenario_id="s", status="crashed", reason="boom"),
    ev.RoundStarted(run_id="r", scenario_id="s", round_id="q1", index=0, question="?"),
    ev.RoundFinished(run_id="r", scenario_id="s", round_id="q1", status="completed"),
    ev.UpdateApplied(
        run_id="r", round_id="q3", update_id="u", op="new", files=[ev.UpdateFile(dst="a", op="new", files=["a"])]
    ),
    ev.ModelRequest(run_id="r", request_id="m1", model_key="main", model_name="x"),
    ev.ModelResponse(
        run_id="r",
        request_id="m1",
        model_key="main",
        model_name="x",
        usage=ev.Usage(prompt_tokens=3, completion_tokens=2, total_tokens=5),
        tool_calls=[ev.ToolCallSpec(id="c1", name="Read", arguments={"file_path": "/w/a"})],
    ),
    ev.ModelError(run_id="r", request_id="m1", model_key="main", model_name="x", attempt=1, error="429"),
    ev.ToolCalled(run_id="r", agent_id="main", call_id="c1", tool="Read", arguments={"file_path": "/w/a"}),
    ev.ToolResult(run_id="r", call_id="c1", tool="Read", files=[ev.FileTouch(path="a", op="read", modality="image")]),
    ev.ForbiddenAccess(run_id="r", agent_id="sub_1", tool="Read", path="/etc", reason="path_outside_scope"),
    ev.SubagentCreated(
        run_id="r",
        subagent_id="sub_1",
        name="n",
        model_key="vlm",
        tools=["Read"],
        accessible_paths=["a"],
        reachable_files=["a/x.png"],
    ),
    ev.SubagentScopeGrown(run_id="r", subagent_id="sub_1", added_files=["a/y.png"]),
    ev.SubagentRunStarted(run_id="r", subagent_id="sub_1", mode="background", continued=False),
    ev.SubagentRunFinished(run_id="r", subagent_id="sub_1", status="completed"),
    ev.TaskStarted(run_id="r", task_id="t1", task_kind="bash"),
    ev.TaskFinished(run_id="r", task_id="t1", task_kind="bash", status="failed"),
    ev.AgentStopped(run_id="r", reason="token_limit"),
    ev.TurnRecorded(run_id="r", uuid="u", role="user", content="hi", system_reminders=["x"]),
    ev.ReminderDelivered(run_id="r", reminder="environment", body="b"),
    ev.NotificationDelivered(run_id="r", task_id="t1", task_kind="subagent", status="completed", body="b"),
    ev.WorkflowStarted(run_id="r", workflow_id="w", task_id="t", name="wf", script_path="workflows/workflow_001.js"),
    ev.WorkflowLog(run_id="r", workflow_id="w", level="phase", message="p"),
    ev.WorkflowFinished(run_id="r", workflow_id="w", status="failed", error="x"),
    ev.CheckFinished(run_id="r", round_id="q1", command="c", exit_code=0, expect_exit=0, passed=True),
    ev.RoundScored(run_id="r", round_id="q1", passed=True),
]


def test_samples_cover_every_kind() -> None:
    kinds = {s.model_dump()["kind"] for s in SAMPLES}
    assert kinds == set(ev.EVENT_KINDS)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.model_dump()["kind"])
def test_json_round_trip(event: ev.EventBase) -> None:
    again = ev.event_from_json(ev.event_to_json(event))
    assert again == event
    assert type(again) is type(event)


def test_unknown_field_is_rejected() -> None:
    data: dict[str, Any] = SAMPLES[0].model_dump()
    data["surprise"] = 1
    with pytest.raises(ValueError):
        ev.EVENT_ADAPTER.validate_python(data)


async def test_bus_stamps_and_fans_out() -> None:
    bus = ev.EventBus("run-1")
    seen: list[ev.Event] = []
    bus.subscribe(seen.append)
    queue = bus.queue()

    def broken(_: ev.Event) -> None:
        raise RuntimeError("consumer bug")

    bus.subscribe(broken)
    first = bus.emit(ev.RoundScored(run_id="", round_id="q1", passed=True))
    second = bus.emit(ev.RoundScored(run_id="", round_id="q2", passed=False))
    bus.close()
    assert [e.seq for e in seen] == [1, 2]
    assert first.run_id == "run-1" and first.ts > 0
    got = [await asyncio.wait_for(queue.get(), 1) for _ in range(3)]
    assert got == [first, second, None]


async def test_emit_leaves_the_given_event_unchanged() -> None:
    """A caller's event stays as built; what subscribers, queues and the caller get back is stamped."""
    bus = ev.EventBus("run-7", start_seq=40)
    seen: list[ev.Event] = []
    bus.subscribe(seen.append)
    queue = bus.queue()
    built = ev.ToolResult(run_id="", call_id="c1", tool="Read", output="hello", agent_id="main")
    before = built.model_dump()
    stamped = bus.emit(built)
    assert built.model_dump() == before
    assert (built.seq, built.run_id, built.ts) == (0, "", 0.0)
    assert stamped is not built and type(stamped) is ev.ToolResult
    assert (stamped.seq, stamped.run_id) == (41, "run-7") and stamped.ts > 0
    assert stamped.model_dump(exclude={"seq", "run_id", "ts"}) == built.model_dump(exclude={"seq", "run_id", "ts"})
    assert seen == [stamped] and queue.get_nowait() is stamped
    # A time the caller gave is kept; a stored event keeps its stamps through JSON.
    timed = bus.emit(ev.RoundScored(run_id="", round_id="q1", passed=True, ts=123.5))
    assert (timed.seq, timed.ts) == (42, 123.5)
    again = ev.event_from_json(ev.event_to_json(stamped))
    assert again == stamped and (again.seq, again.run_id) == (41, "run-7")


async def test_stored_events_carry_the_bus_stamps(tmp_path: Path) -> None:
    store = await EventStore.open(tmp_path)
    bus = ev.EventBus("run-s")
    bus.subscribe(store.append)
    built: list[ev.Event] = [
        ev.RunStarted(run_id="", dataset="d", scenario_ids=["s"], manager="oracle", pool={}),
        ev.ToolResult(run_id="", scenario_id="s", agent_id="main", call_id="c1", tool="Read", output="text"),
        ev.RoundScored(run_id="", scenario_id="s", round_id="q1", passed=True),
    ]
    emitted = [bus.emit(e) for e in built]
    await store.close()
    assert all(e.seq == 0 and e.run_id == "" for e in built)
    reader = StoreReader(tmp_path)
    try:
        stored = list(reader.iter_events("run-s"))
    finally:
        reader.close()
    assert stored == emitted
    assert [(e.seq, e.run_id) for e in stored] == [(1, "run-s"), (2, "run-s"), (3, "run-s")]
    assert all(e.ts > 0 for e in stored)


def test_every_event_class_of_the_package_is_in_the_union() -> None:
    """A kind defined in one of the events modules but left out of ``AnyEvent`` could be emitted
    yet not read back from the store."""
    defined = {cls for cls in ev.EventBase.__subclasses__() if cls.__module__.startswith("arena_tui.events")}
    assert defined == set(get_args(ev.AnyEvent))
    assert len(ev.EVENT_KINDS) == len(set(ev.EVENT_KINDS)) == len(defined)
