"""Snapshot tests (pytest-textual-snapshot): fixed sizes, event-time clocks, no blinking cursors."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

from arena_tui.tui.app import ArenaApp
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.sources import ListSource
from arena_tui.tui.widgets.agents_tree import AgentsTree
from arena_tui.tui.widgets.tool_stream import ToolStream
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import CHART, sample_run

N = len(sample_run())
Snap = Callable[..., bool]


def _live(theme: str = "dark") -> ArenaApp:
    return ArenaApp(ListSource(sample_run()), theme=theme)


async def _settled(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, ArenaApp)
    await wait_ingested(pilot, app, N)


def _then(action: Callable[[Pilot[Any]], Awaitable[None]]) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run(pilot: Pilot[Any]) -> None:
        await _settled(pilot)
        await action(pilot)
        app = pilot.app
        assert isinstance(app, ArenaApp)
        frames = app.frames
        await wait_for(pilot, lambda: app.frames > frames + 1, "redraw")
        await pilot.pause()

    return run


async def _select_chart_reader(pilot: Pilot[Any]) -> None:
    tree = pilot.app.screen.query_one(AgentsTree)
    tree.focus()
    tree.move_cursor(tree._agents[CHART])
    await pilot.press("enter")


async def _open_forbidden_detail(pilot: Pilot[Any]) -> None:
    stream = pilot.app.screen.query_one(ToolStream)
    stream.focus()
    await pilot.press("f", "f")  # chart-reader only: its forbidden read is the last line
    await pilot.press("end", "up", "down", "enter")


def test_live_mid_run(snap_compare: Snap) -> None:
    assert snap_compare(_live(), terminal_size=(140, 40), run_before=_settled)


def test_grants_panel(snap_compare: Snap) -> None:
    assert snap_compare(_live(), terminal_size=(140, 40), run_before=_then(_select_chart_reader))


def test_narrow_80x24_with_forbidden_counters(snap_compare: Snap) -> None:
    assert snap_compare(_live(), terminal_size=(80, 24), run_before=_settled)


def test_detail_modal(snap_compare: Snap) -> None:
    assert snap_compare(_live(), terminal_size=(120, 32), run_before=_then(_open_forbidden_detail))


def test_replay_paused(snap_compare: Snap) -> None:
    replay = ReplaySource(sample_run(), playing=False)
    app = ArenaApp(replay, mode="replay", theme="dark")

    async def step_then_pause(pilot: Pilot[Any]) -> None:
        replay.seek(20)
        await wait_for(pilot, lambda: app.state.events_applied == 20 and app.ingest.idle, "seek")
        frames = app.frames
        await wait_for(pilot, lambda: app.frames > frames + 1, "redraw")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(140, 40), run_before=step_then_pause)


def test_theme_light(snap_compare: Snap) -> None:
    assert snap_compare(_live("light"), terminal_size=(120, 30), run_before=_settled)


def test_theme_high_contrast(snap_compare: Snap) -> None:
    assert snap_compare(_live("high-contrast"), terminal_size=(120, 30), run_before=_settled)


def test_play_console(snap_compare: Snap) -> None:
    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        return f"{tool_name} ok"

    app = ArenaApp(ListSource(sample_run()), mode="play", theme="dark", submit=submit, tools=["Read", "RunSubagent"])

    async def type_a_call(pilot: Pilot[Any]) -> None:
        pilot.app.screen.query_one("#console-input").focus()
        await pilot.press(*"RunSub")

    assert snap_compare(app, terminal_size=(140, 40), run_before=_then(type_a_call))
