"""Snapshot tests (pytest-textual-snapshot): fixed sizes, event-time clocks, no blinking cursors."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot

from arena_tui.tui.app import ArenaApp
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.sources import ListSource
from arena_tui.tui.widgets.agents_tree import AgentsTree
from arena_tui.tui.widgets.play_console import PlayConsole
from arena_tui.tui.widgets.tool_stream import ToolStream
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import CHART, T0, concurrent_run, long_run_start, sample_run, workspace_run

N = len(sample_run())
Snap = Callable[..., bool]


NOW = sample_run()[-1].ts + 7  # the status line's clock: 7 s after the last event


def _live(theme: str = "dark") -> ArenaApp:
    return ArenaApp(ListSource(sample_run()), theme=theme, clock=lambda: NOW)


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


def test_live_160x48(snap_compare: Snap) -> None:
    assert snap_compare(_live(), terminal_size=(160, 48), run_before=_settled)


def test_live_two_scenarios_at_once(snap_compare: Snap) -> None:
    app = ArenaApp(ListSource(concurrent_run()), theme="dark", clock=lambda: T0 + 30)

    async def settled(pilot: Pilot[Any]) -> None:
        await wait_ingested(pilot, app, len(concurrent_run()))

    assert snap_compare(app, terminal_size=(120, 30), run_before=settled)


def test_live_score_over_finished_rounds(snap_compare: Snap) -> None:
    app = ArenaApp(ListSource(long_run_start()), theme="dark", clock=lambda: T0 + 30)

    async def settled(pilot: Pilot[Any]) -> None:
        await wait_ingested(pilot, app, len(long_run_start()))

    assert snap_compare(app, terminal_size=(80, 24), run_before=settled)


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

    app = ArenaApp(
        ListSource(sample_run()), mode="play", theme="dark", submit=submit, tools=["Read", "RunSubagent"],
        clock=lambda: NOW,
    )  # fmt: skip

    async def type_a_call(pilot: Pilot[Any]) -> None:
        pilot.app.screen.query_one("#console-input").focus()
        await pilot.press(*"RunSub")

    assert snap_compare(app, terminal_size=(140, 40), run_before=_then(type_a_call))


def _play() -> ArenaApp:
    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        return "1\t# Brief\n2\tCount the widgets.\n3\tReport by Friday."

    events = [*workspace_run()[:3]]
    return ArenaApp(ListSource(events), mode="play", theme="dark", submit=submit, tools=["Read"], clock=lambda: NOW)


async def _played(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, ArenaApp)
    await wait_ingested(pilot, app, 3)
    app.screen.query_one("#console-input").focus()
    await pilot.press(*"Read file_path=requests/brief.md", "enter")
    console = app.screen.query_one(PlayConsole)
    await wait_for(pilot, lambda: "Report by Friday" in console.shown(), "result")
    await pilot.press(*"Glob pattern=*.md")
    frames = app.frames
    await wait_for(pilot, lambda: app.frames > frames + 1, "redraw")
    await pilot.pause()


def test_play_80x24(snap_compare: Snap) -> None:
    assert snap_compare(_play(), terminal_size=(80, 24), run_before=_played)


def test_play_160x48(snap_compare: Snap) -> None:
    assert snap_compare(_play(), terminal_size=(160, 48), run_before=_played)
