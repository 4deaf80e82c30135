"""The Workflow tool inside the runtime: subagents via defineAgent, notifications, limits."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence

from arena_tui import events as ev
from arena_tui.providers.messages import Message, ToolSchema
from arena_tui.scoring import score_events
from tests.agents.conftest import MakeHarness
from tests.agents.harness import SCENARIO, Harness, Script, call, last_user_text, turn

SCRIPT = """\
const reader = defineAgent({name: "wf_reader", model_key: "llm", tools: ["Read"],
  accessible_paths: [args.dir], system_prompt: "Answer briefly."});
phase("fan out");
const results = await parallel([
  () => agent("task A", {agentType: reader}),
  () => agent("task B", {agentType: reader}),
  () => { throw new Error("boom"); },
]);
const piped = await pipeline(["x", "y"], (item) => agent("stage " + item, {agentType: reader}), (v) => v.toUpperCase());
log("piped", piped.length);
return {results, piped};
"""


def _answer(messages: Sequence[Message], tools: Sequence[ToolSchema]) -> dict[str, object]:
    return turn(f"ans:{last_user_text(messages)}")


def _wait_for_notification(h: Harness, at_reply: int) -> Script:
    async def gate(index: int) -> None:
        if index != at_reply:
            return
        deadline = time.monotonic() + 20.0
        while not h.runtime.background.has_notifications() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    script = h.factory.main
    script.before = gate
    return script


async def test_workflow_parallel_pipeline_result_in_notification(harness: MakeHarness) -> None:
    h = harness(
        {
            "r1": [
                turn("", call("Workflow", script=SCRIPT, name="fan", args={"dir": "${workspace}/deleg"})),
                turn("", call("ListSubagents")),
                turn("done"),
            ]
        },
        {"wf_reader": _answer},
    )
    _wait_for_notification(h, at_reply=1)
    assert (await h.ask("go")).status == "completed"

    [wf_out] = h.tool_results("Workflow")
    assert not wf_out.is_error
    assert "script=workflows/workflow_001.js status=running" in wf_out.output
    assert (h.workflows / "workflow_001.js").read_text() == SCRIPT
    [started] = h.of(ev.WorkflowStarted)
    assert (started.name, started.script_path) == ("fan", "workflows/workflow_001.js")
    [finished] = h.of(ev.WorkflowFinished)
    expected = {"results": ["ans:task A", "ans:task B", None], "piped": ["ANS:STAGE X", "ANS:STAGE Y"]}
    assert finished.status == "completed" and finished.workflow_id == started.workflow_id
    assert json.loads(finished.result) == expected
    assert finished.agent_calls == 4
    logs = [(w.level, w.message) for w in h.of(ev.WorkflowLog)]
    assert ("phase", "fan out") in logs and ("log", "piped 2") in logs
    assert any(level == "log" and "parallel: a task failed:" in msg and "boom" in msg for level, msg in logs)

    [created] = h.of(ev.SubagentCreated)
    assert (created.name, created.via, created.accessible_paths) == ("wf_reader", "Workflow", ["deleg"])
    runs = h.of(ev.SubagentRunStarted)
    assert len(runs) == 4 and {r.via for r in runs} == {"Workflow"}
    assert len({r.session_id for r in runs}) == 4  # every agent() call is a fresh session
    assert {r.subagent_id for r in runs} == {created.subagent_id}

    # The notification rode on the ListSubagents result and carries the JSON return value.
    [note] = h.of(ev.NotificationDelivered)
    assert (note.task_id, note.task_kind, note.status) == (started.task_id, "workflow", "completed")
    assert f"workflow_id={started.workflow_id} name=fan script=workflows/workflow_001.js" in note.body
    assert note.body.endswith("result:\n" + json.dumps(expected, ensure_ascii=False))
    [listed] = [t for t in h.of(ev.TurnRecorded) if t.role == "tool_result" and t.task_notifications]
    assert listed.task_notifications == [note.body]
    assert f"<task-notification>\n{note.body}\n</task-notification>" in h.history_text()

    inv = score_events(h.events).scenarios[SCENARIO].inv
    assert inv == {"workflow": 1, "workflow_agent": 4}


async def test_runaway_workflow_hits_cpu_limit(harness: MakeHarness) -> None:
    # WorkflowTool has no knob for the CPU budget, so this runs into the default 5 s limit.
    h = harness({"r1": [turn("", call("Workflow", script="while (true) {}\n")), turn("started")], "r2": [turn("ok")]})
    assert (await h.ask("go")).text == "started"
    assert await h.runtime.wait_background(30.0) is True
    # The tool returned at once: its result was recorded before the workflow ended.
    kinds = [(e.kind, getattr(e, "tool", "")) for e in h.events]
    assert kinds.index(("tool_result", "Workflow")) < kinds.index(("workflow_finished", ""))
    [finished] = h.of(ev.WorkflowFinished)
    assert finished.status == "failed"
    assert finished.error.startswith("CPU time limit exceeded")
    await h.ask("status?", "r2")
    [note] = h.of(ev.NotificationDelivered)
    assert note.status == "failed" and note.task_kind == "workflow"
    assert "status=FAILED" in note.body and "CPU time limit exceeded" in note.body
    assert "status=FAILED" in h.history_text()
