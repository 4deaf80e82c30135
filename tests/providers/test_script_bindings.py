"""Values a scripted manager binds from what it was told (``bind`` / ``${var:NAME}``)."""

from __future__ import annotations

import asyncio

from arena_tui.providers.base import GenerateRequest
from arena_tui.providers.messages import Message
from arena_tui.providers.script_vars import StaticScriptVars, resolve_bindings, substitute, words_to_int
from arena_tui.providers.scripted import ScriptedProvider


def test_kinds() -> None:
    texts = [
        "old: TOTAL minutes_above=96",
        "(perceived): I moved nineteen pens at three fifty. Date received: 03/02/2026\n"
        "--- stdout ---\nTOTAL minutes_above=127\n| a.csv |\n| b.csv |\nline,1.50\nline,2.25",
    ]
    got = resolve_bindings(
        {
            "total": {"re": r"TOTAL minutes_above=(\d+)", "as": "int"},
            "pens": {"re": r"moved (\w+) pens", "as": "int"},
            "at": {"re": r"at ([\w ]+?)\.", "as": "hhmm"},
            "day": {"re": r"received: ([\d/]+)", "as": "date_dmy"},
            "files": {"re": r"\| (\w\.csv) \|", "as": "list", "fmt": "${workspace}/{}"},
            "n": {"re": r"\| (\w\.csv) \|", "as": "count"},
            "sum": {"re": r"line,([\d.]+)", "as": "sum"},
            "net": {"calc": "sub", "args": ["sum", "0.75"]},
            "due": {"calc": "add_workdays", "args": ["day", "10"]},
        },
        texts,
    )
    assert got == {
        "total": "127",
        "pens": "19",
        "at": "03:50",
        "day": "2026-02-03",
        "files": "${workspace}/a.csv ${workspace}/b.csv",
        "n": "2",
        "sum": "3.75",
        "net": "3",
        "due": "2026-02-17",
    }
    assert substitute("run ${var:files}", StaticScriptVars(workspace="/ws"), got) == "run /ws/a.csv /ws/b.csv"


def test_missing_values_are_left_out_and_placeholders_stay() -> None:
    got = resolve_bindings({"x": {"re": r"x=(\d+)"}, "y": {"calc": "sub", "args": ["x", "1"]}}, ["nothing"])
    assert got == {}
    assert substitute("${var:x}", None, got) == "${var:x}"
    assert words_to_int("forty-two") == 42 and words_to_int("many") is None


def test_a_turn_waits_for_its_values_then_plays() -> None:
    turns = [
        {
            "content": "write",
            "tool_calls": [{"name": "Write", "arguments": {"content": "${var:v}"}}],
            "bind": {"v": {"re": r"value=(\d+)", "as": "int"}},
        }
    ]
    p = ScriptedProvider(turns)
    first = asyncio.run(p.generate(GenerateRequest([Message(role="user", content="go")])))
    assert [c.name for c in first.tool_calls] == ["ListSubagents"]
    second = asyncio.run(
        p.generate(GenerateRequest([Message(role="user", content="go"), Message(role="tool", content="value=7")]))
    )
    assert second.tool_calls[0].arguments == {"content": "7"} and p.bound == {"v": "7"}


def test_preset_values_need_no_telling() -> None:
    turns = [{"content": "", "tool_calls": [{"name": "Write", "arguments": {"content": "${var:v}"}}]}]
    p = ScriptedProvider(turns, bound={"v": "9"})
    out = asyncio.run(p.generate(GenerateRequest([Message(role="user", content="go")])))
    assert out.tool_calls[0].arguments == {"content": "9"}
