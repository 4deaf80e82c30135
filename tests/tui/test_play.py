"""Play mode: the console parser and the console submitting through the injected callback."""

from __future__ import annotations

from typing import Any

import pytest

from arena_tui.tui.app import ArenaApp
from arena_tui.tui.play import CommandError, parse_command
from arena_tui.tui.sources import ListSource
from arena_tui.tui.widgets.play_console import PlayConsole
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import sample_run


def test_parse_key_values_flags_and_json() -> None:
    assert parse_command('RunSubagent subagent_id=sub_1 prompt="tally the US slice" --background') == (
        "RunSubagent",
        {"subagent_id": "sub_1", "prompt": "tally the US slice", "background": True},
    )
    assert parse_command("Read file_path=a.csv limit=20 tools='[\"Read\"]'") == (
        "Read",
        {"file_path": "a.csv", "limit": 20, "tools": ["Read"]},
    )
    assert parse_command('Grep {"pattern": "EU"}') == ("Grep", {"pattern": "EU"})
    assert parse_command("Glob") == ("Glob", {})


def test_list_parameters_take_the_words_a_person_types() -> None:
    line = "CreateSubagent name=r tools=Read accessible_paths=scans/a.png,tools/ model_key=vlm"
    assert parse_command(line)[1] == {
        "name": "r",
        "tools": ["Read"],
        "accessible_paths": ["scans/a.png", "tools/"],
        "model_key": "vlm",
    }
    assert parse_command("CreateSubagent tools=Read,Grep")[1] == {"tools": ["Read", "Grep"]}
    assert parse_command("Write content=Read,Grep")[1] == {"content": "Read,Grep"}, "only the list parameters split"


@pytest.mark.parametrize("line", ["", "Read positional", "Read 'open", "Grep {bad json", "Grep [1, 2]"])
def test_parse_errors(line: str) -> None:
    with pytest.raises(CommandError):
        parse_command(line)


async def test_console_submits_and_shows_the_reply() -> None:
    calls: list[tuple[str, dict[str, Any]]] = []

    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        calls.append((tool_name, args))
        return "exit 0\nfoo [bold]bar[/bold]"

    app = ArenaApp(ListSource(sample_run()), mode="play", submit=submit, tools=["Read", "RunSubagent"])
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        console = app.screen.query_one(PlayConsole)
        console.query_one("#console-input").focus()
        await pilot.press(*"Read file_path=notes.md --quiet")  # 'f' and 'q' type, they don't filter or quit
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(calls), "submit called")
        assert calls == [("Read", {"file_path": "notes.md", "quiet": True})]
        await wait_for(pilot, lambda: "exit 0\nfoo [bold]bar[/bold]" in console.shown(), "reply shown verbatim")
        await pilot.press(*"Read oops", "enter")
        await wait_for(pilot, lambda: "key=value" in console.shown("console--error"), "parse error shown")
        assert app.is_running


def test_play_mode_needs_a_callback() -> None:
    with pytest.raises(ValueError):
        ArenaApp(ListSource([]), mode="play")
