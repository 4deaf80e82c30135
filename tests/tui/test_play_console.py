"""Play console a person can finish with: junk never becomes a turn, clean input, echo that reads back,
failed conditions on FAIL, a Workflow example, answers first, a log that re-wraps."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from textual import events
from textual.widgets import Input, RichLog

from arena_tui import events as ev
from arena_tui.check_output import failed_conditions
from arena_tui.providers.human import HumanManager
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.formatting import short_args
from arena_tui.tui.play import command_line, parse_command
from arena_tui.tui.sources import ListSource
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.play_console import PlayConsole, answer_first
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import sample_run

Calls = list[tuple[str, dict[str, Any]]]
TOOLS = ["Read", "Write", "Grep", "RunSubagent", "Workflow", "EndRound"]


def _app(calls: Calls) -> ArenaApp:
    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        calls.append((tool_name, args))
        return f"{tool_name} ok"

    return ArenaApp(ListSource(sample_run()), mode="play", submit=submit, tools=TOOLS)


async def test_a_typo_is_never_sent_and_the_input_is_clean_with_the_line_one_key_away() -> None:
    calls: Calls = []
    app = _app(calls)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        console = app.screen.query_one(PlayConsole)
        field = console.query_one("#console-input", Input)
        field.focus()
        await pilot.press(*"iiWorkflow", "enter")
        await wait_for(pilot, lambda: "did you mean Workflow" in console.shown("console--error"), "typo named")
        await pilot.press("G", "enter")
        await wait_for(pilot, lambda: "unknown tool 'G'" in console.shown("console--error"), "bare letter refused")
        await pilot.press(*"Read oops", "enter")
        await wait_for(pilot, lambda: "not run:" in console.shown("console--error").split("\n")[-1], "parse error")
        assert field.value == "", "the input is clean after a rejected line"
        await pilot.press("up")
        assert (field.value, field.cursor_position) == ("Read oops", len("Read oops"))
        await pilot.press("up", "down")
        assert field.value == "Read oops"
        await pilot.press("down")
        assert field.value == ""
        await pilot.press(*"read file_path=a.md", "enter")  # the tool name in any case
        await wait_for(pilot, lambda: bool(calls), "submit called")
        await pilot.pause(0.05)
        assert calls == [("Read", {"file_path": "a.md"})], "only the well-formed call was sent"
        assert field.value == ""


async def test_the_log_echoes_the_call_in_the_form_the_console_reads() -> None:
    calls: Calls = []
    app = _app(calls)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        console = app.screen.query_one(PlayConsole)
        console.query_one("#console-input", Input).focus()
        await pilot.press(*'Grep {"pattern": "EU", "-n": true, "path": "data"}', "enter")
        await wait_for(pilot, lambda: bool(calls), "submit called")
        echoed = next(t for t, style in console.history if style == "console--call" and "Grep" in t)
        line = echoed.removeprefix("manager ▸ ")
        assert line == "Grep pattern=EU -n path=data"
        assert parse_command(line) == calls[0]


@pytest.mark.parametrize(
    "args",
    [
        {"file_path": "a b.md", "limit": 20},
        {"pattern": "x", "-n": True, "-A": 3},
        {"content": "3"},
        {"content": "true"},
        {"content": "[a, b]"},
        {"content": '{"k": 1}'},
        {"prompt": "say \"hi\" and 'bye'\nnext line", "run_in_background": True},
        {"run_in_background": False, "tools": ["Read", "Grep"]},
        {"weird key": "v", "empty": ""},
        {"n": None, "x": 1.5, "obj": {"a": [1]}},
    ],
)
def test_command_line_reads_back_exactly(args: dict[str, Any]) -> None:
    assert parse_command(command_line("Tool", args)) == ("Tool", args)


def test_grep_flags_are_shown_as_they_are_named() -> None:
    assert short_args({"pattern": "EU", "-n": True, "-i": True}) == "EU -n -i"


async def test_question_mark_workflow_shows_a_working_example() -> None:
    app = _app([])
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        console = app.screen.query_one(PlayConsole)
        console.query_one("#console-input", Input).focus()
        await pilot.press(*"? Workflow", "enter")
        await wait_for(pilot, lambda: "defineAgent(" in console.shown(), "example shown")
        shown = console.shown()
        assert "await parallel(" in shown and "agentType" in shown and "return {first, second}" in shown


def test_a_subagent_reply_puts_what_it_ran_before_what_it_read() -> None:
    reply = (
        "subagent sub_1 session s1 status=completed\n\n[simulated worker] What I read:\n\n"
        "data/a.csv:\nx,y\n1,2\n\n$ python3 tools/tally.py:\ntotal 42"
    )
    shown = answer_first(reply)
    assert shown.index("total 42") < shown.index("data/a.csv")
    assert shown.startswith("subagent sub_1 session s1 status=completed")
    assert answer_first("plain answer") == "plain answer"


def _check(stdout: str, passed: bool = False, **kw: Any) -> ev.CheckFinished:
    return ev.CheckFinished(
        run_id="r", scenario_id="s", round_id="q1", command="c", exit_code=0 if passed else 1,
        expect_exit=0, stdout=stdout, passed=passed, **kw,
    )  # fmt: skip


def test_failed_conditions_come_from_the_checks_output() -> None:
    stdout = "FAIL: output/claim_token.txt: missing\nFAIL: answer.md: no 'SKU-7'\n"
    assert failed_conditions(_check(stdout)) == ["output/claim_token.txt: missing", "answer.md: no 'SKU-7'"]
    assert failed_conditions(_check("PASS\n", passed=True)) == []
    assert failed_conditions(_check("", timed_out=True)) == ["the check timed out"]
    assert failed_conditions(_check("Traceback\nKeyError: 'x'")) == ["Traceback", "KeyError: 'x'"]
    assert "printed nothing" in failed_conditions(_check(""))[0]


async def test_a_fail_verdict_names_the_failed_condition() -> None:
    human = HumanManager()
    waiting = asyncio.ensure_future(human.submit("EndRound", {"text": "done"}))
    await asyncio.sleep(0)
    human(ev.RoundStarted(run_id="r", scenario_id="s", round_id="q1", index=0, question="?"))
    human(_check("FAIL: output/claim_token.txt: missing\n"))
    human(ev.RoundScored(run_id="r", scenario_id="s", round_id="q1", passed=False, feedback="see the brief"))
    text = await waiting
    assert text.startswith("round q1: FAIL") and "failed: output/claim_token.txt: missing" in text


def test_a_failed_check_row_names_the_condition() -> None:
    state = ArenaState()
    state.apply(_check("FAIL: output/claim_token.txt: missing\n"))
    line = state.stream.get(state.stream.next_no - 1)
    assert line is not None and "check failed: output/claim_token.txt: missing" in line.text


async def test_a_background_task_that_ends_is_said_in_the_console_at_once() -> None:
    events = [
        *sample_run(),
        ev.TaskFinished(
            run_id="r", ts=2e9, scenario_id="s_ab_test", agent_id="main", task_id="task_9", task_kind="workflow",
            status="completed", result=json.dumps(["Clause 4.4\n10 working days", "PO-55812,240"]),
        ),
        ev.NotificationDelivered(
            run_id="r", ts=2e9 + 1, scenario_id="s_ab_test", agent_id="main", task_id="task_9", task_kind="workflow",
            status="completed", body=json.dumps(["Clause 4.4\n10 working days", "PO-55812,240"]),
        ),
    ]  # fmt: skip

    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        return "ok"

    app = ArenaApp(ListSource(events), mode="play", submit=submit, tools=TOOLS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_ingested(pilot, app, len(events))
        console = app.screen.query_one(PlayConsole)
        await wait_for(pilot, lambda: "workflow task_9 completed" in console.shown(), "task said at once")
        assert "[1] Clause 4.4\n10 working days\n[2] PO-55812,240" in console.shown(), "the answers, readable"
        await wait_for(pilot, lambda: "← task-notification workflow task_9" in console.shown(), "notification said")
        assert console.shown().count("Clause 4.4") == 1, "the result is shown once, not again with its notification"


async def test_the_console_log_rewraps_when_the_terminal_resizes() -> None:
    app = _app([])
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        log = app.screen.query_one(PlayConsole).query_one("#console-log", RichLog)

        def widest() -> int:
            return max(strip.cell_length for strip in log.lines)

        assert widest() > 70
        await pilot.resize_terminal(70, 24)
        await wait_for(pilot, lambda: widest() <= log.scrollable_content_region.width, "log written again")


async def test_a_call_the_round_never_took_says_it_never_ran_and_is_not_carried_over() -> None:
    human = HumanManager()
    typed = asyncio.ensure_future(human.submit("Write", {"file_path": "/w/out.md", "content": "x"}))
    await asyncio.sleep(0)
    assert human.turns.qsize() == 1
    human(ev.RoundFinished(run_id="r", scenario_id="s", agent_id="main", round_id="q1", status="timed_out"))
    assert (await typed).startswith("not run: round q1 ended")
    assert human.turns.empty(), "the next round does not start with a stale call"


async def test_q_typed_in_the_console_leaves_once_the_run_is_over() -> None:
    events = [*sample_run(), ev.RunFinished(run_id="r", ts=2e9, status="completed")]

    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        return "ok"

    app = ArenaApp(ListSource(events), mode="play", submit=submit, tools=TOOLS)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(events))
        console = app.screen.query_one(PlayConsole)
        await wait_for(pilot, lambda: "type q and enter" in console.shown(), "how to leave is said")
        console.query_one("#console-input", Input).focus()
        await pilot.press("q", "enter")
        await wait_for(pilot, lambda: not app.is_running, "app left")


def _burst(app: ArenaApp, *keys: str) -> None:
    """Keys as a terminal delivers a burst: all queued before the first is handled."""
    names = {" ": "space", "=": "equals_sign", "/": "slash", ".": "full_stop", "_": "underscore"}
    for key in keys:
        if len(key) == 1:
            app.post_message(events.Key(names.get(key, key), key))
        else:
            app.post_message(events.Key(key, None))


async def test_keys_that_arrive_together_act_in_the_order_they_were_typed() -> None:
    """ctrl+u never wipes what is typed after it; Enter never submits part of the next line."""
    calls: Calls = []
    app = _app(calls)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        console = app.screen.query_one(PlayConsole)
        field = console.query_one("#console-input", Input)
        field.focus()
        await pilot.press(*"junk")
        _burst(app, "ctrl+u", *"Read file_path=a.md", "enter", *"Read file_path=b", "backspace", *"c.md")
        await wait_for(pilot, lambda: field.value == "Read file_path=c.md", "the next line typed, in order")
        assert calls == [("Read", {"file_path": "a.md"})], "the first line, whole, and only it"
        assert app.focused is field
        _burst(app, "ctrl+u", *"summary 42", "ctrl+e")
        await wait_for(pilot, lambda: len(calls) == 2, "the round ended")
        assert calls[1] == ("EndRound", {"text": "summary 42"}), "ctrl+e read the whole summary typed before it"
