"""Token thresholds, the token limit and the iteration limit of the one agent loop."""

from __future__ import annotations

import re
from collections.abc import Sequence

from arena_tui import events as ev
from arena_tui.agents.runtime import RuntimeLimits
from arena_tui.providers.messages import Message, ToolSchema
from tests.agents.conftest import MakeHarness
from tests.agents.harness import Script, call, turn

LIMITS = RuntimeLimits(main_token_limit=1000, subagent_token_limit=1000, max_iterations=20)


def _glob() -> dict[str, object]:
    return call("Glob", pattern="*.txt", path="${workspace}/docs")


def _threshold(body: str) -> int:
    m = re.match(r"Context usage passed (\d+)%", body)
    assert m, body
    return int(m.group(1))


async def test_threshold_reminders_at_each_crossing_once(harness: MakeHarness) -> None:
    turns = [turn("", _glob()) for _ in range(4)] + [turn("done")]
    h = harness(Script({"r1": turns}, usage=[400, 550, 720, 860, 870]), limits=LIMITS)
    result = await h.ask("go")
    assert result.status == "completed" and result.text == "done"

    thresholds = [r for r in h.of(ev.ReminderDelivered) if r.reminder == "context_threshold"]
    assert [_threshold(r.body) for r in thresholds] == [50, 60, 70, 80, 85]
    assert all(r.agent_id == "main" for r in thresholds)
    assert "550 of 1,000 tokens" in thresholds[0].body
    assert "720 of 1,000 tokens" in thresholds[1].body and "860 of 1,000" in thresholds[4].body

    # Each rides on the tool result that follows the reply which crossed it.
    results = [t for t in h.of(ev.TurnRecorded) if t.role == "tool_result"]
    assert [[_threshold(r) for r in t.system_reminders] for t in results] == [[], [50], [60, 70], [80, 85]]
    tool_messages = [m for m in h.runtime.main_session().history if m.role == "tool"]
    assert "<system-reminder>" not in tool_messages[0].content
    assert tool_messages[1].content.count("<system-reminder>\nContext usage passed") == 1
    assert "<system-reminder>\nContext usage passed 50%" in tool_messages[1].content
    assert tool_messages[3].content.count("<system-reminder>\nContext usage passed") == 2
    assert not h.runtime.main_session().pending_reminders
    # The question itself carried the context-usage reminder (0 tokens so far).
    [usage] = [r for r in h.of(ev.ReminderDelivered) if r.reminder == "context_usage"]
    assert usage.body == "Context usage: 0 of 1,000 tokens (0.0%)."


async def test_token_limit_stops_main_for_good(harness: MakeHarness) -> None:
    h = harness(
        Script({"*": [turn("", _glob()), turn("one more", _glob()), turn("never")]}, usage=[500, 1000]), limits=LIMITS
    )
    result = await h.ask("go")
    assert result.status == "token_limit"
    assert result.text == "one more"
    assert result.detail == "context reached 1,000 of 1,000 tokens"
    [stopped] = h.of(ev.AgentStopped)
    assert (stopped.agent_id, stopped.reason) == ("main", "token_limit")
    assert stopped.detail == result.detail
    assert len(h.of(ev.ToolCalled)) == 1  # the reply at the limit does not get its tools run

    [provider] = h.factory.providers("main")
    calls, n_events = provider.calls, len(h.events)
    later = await h.ask("another question", "r2")
    assert later.status == "token_limit" and later.detail == result.detail
    assert provider.calls == calls  # no model call at all
    assert len(h.events) == n_events


async def test_subagent_token_limit_stops_its_run(harness: MakeHarness) -> None:
    h = harness(
        {
            "r1": [
                turn(
                    "",
                    call(
                        "CreateSubagent",
                        name="big",
                        system_prompt="",
                        model_key="llm",
                        tools=["Glob"],
                        accessible_paths=["${workspace}/deleg"],
                    ),
                ),
                turn("", call("RunSubagent", subagent_id="${subagent:big}", description="d", prompt="p")),
                turn("main goes on"),
            ]
        },
        {"big": Script([turn("", call("Glob", pattern="*", path="${workspace}/deleg"))] * 3, usage=[300, 1200])},
        limits=LIMITS,
    )
    result = await h.ask("go")
    assert result.status == "completed" and result.text == "main goes on"
    sid = h.of(ev.SubagentCreated)[0].subagent_id
    [stopped] = h.of(ev.AgentStopped)
    assert (stopped.agent_id, stopped.reason) == (sid, "token_limit")
    [finished] = h.of(ev.SubagentRunFinished)
    assert finished.status == "stopped" and "1,200 of 1,000" in finished.reason
    [run] = h.tool_results("RunSubagent")
    assert run.is_error and "status=token_limit" in run.output


async def test_max_iterations_stops_a_looping_agent(harness: MakeHarness) -> None:
    def forever(messages: Sequence[Message], tools: Sequence[ToolSchema]) -> dict[str, object]:
        return turn("still looking", call("Glob", pattern="*", path="${workspace}/docs"))

    h = harness(forever, limits=RuntimeLimits(max_iterations=3))
    result = await h.ask("go")
    assert result.status == "max_iterations"
    assert result.detail == "stopped after 3 model calls without a final answer"
    assert result.text == "still looking"
    [stopped] = h.of(ev.AgentStopped)
    assert (stopped.agent_id, stopped.reason) == ("main", "max_iterations")
    assert h.factory.providers("main")[0].calls == 3
    assert len(h.tool_results("Glob")) == 3
    # Not a permanent stop: the next question runs again.
    assert h.runtime.main_session().stopped is None
