"""Pilot tests: the App fed by an injected ListSource / ReplaySource."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Sequence

from arena_tui import events as ev
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.screens.detail_modal import DetailModal
from arena_tui.tui.screens.help_screen import HelpScreen
from arena_tui.tui.screens.round_picker import RoundPicker
from arena_tui.tui.screens.run_screen import RunScreen
from arena_tui.tui.sources import ListSource, NoRunHere, QueueSource
from arena_tui.tui.state import MAIN
from arena_tui.tui.widgets.agents_tree import AgentsTree
from arena_tui.tui.widgets.grants_panel import GrantsPanel
from arena_tui.tui.widgets.tool_stream import ToolStream
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import CHART, RUN, SLICER, sample_run, synthetic_run

N = len(sample_run())


def _text(widget: GrantsPanel) -> str:
    return str(widget.render())


async def test_live_ingest_and_select_subagent_shows_grants() -> None:
    app = ArenaApp(ListSource(sample_run(), batch_size=7), theme="dark")
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, N)
        assert isinstance(app.screen, RunScreen)
        tree = app.screen.query_one(AgentsTree)
        assert set(tree._agents) == {MAIN, CHART, SLICER}
        assert "chart-reader" in str(tree._agents[CHART].label)
        await pilot.press("g")
        assert tree.has_focus
        tree.move_cursor(tree._agents[CHART])
        await pilot.press("enter")
        grants = app.screen.query_one(GrantsPanel)
        await wait_for(pilot, lambda: grants.agent_id == CHART, "grants selection")
        shown = _text(grants)
        assert "Read ●" in shown and "Grep ○" in shown and "1 touched of 4 reachable" in shown
        assert "TPP  50.0" in shown and grants.border_title == "Grants · chart-reader (vlm)"
        stream = app.screen.query_one(ToolStream)
        assert stream.agent_filter == CHART
        assert {app.state.stream.get(no).agent_id for no in stream.rows} == {CHART}  # type: ignore[union-attr]


async def test_filter_cycles_with_f_and_escape_clears() -> None:
    app = ArenaApp(ListSource(sample_run()))
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, N)
        stream = app.screen.query_one(ToolStream)
        everything = len(stream.rows)
        seen = []
        for _ in range(4):
            await pilot.press("f")
            seen.append(stream.agent_filter)
        assert seen == [MAIN, CHART, SLICER, None]
        await pilot.press("f", "f")
        assert stream.agent_filter == CHART and len(stream.rows) == 2
        assert "chart-reader" in str(stream.border_title)
        await pilot.press("escape")
        assert stream.agent_filter is None and len(stream.rows) == everything


async def test_enter_opens_the_detail_modal_without_markup() -> None:
    app = ArenaApp(ListSource(sample_run()))
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, N)
        stream = app.screen.query_one(ToolStream)
        stream.focus()
        bash_row = next(i for i, no in enumerate(stream.rows) if app.state.stream.get(no).tool == "Bash")  # type: ignore[union-attr]
        await pilot.press("end")
        for _ in range(len(stream.rows) - 1 - bash_row):
            await pilot.press("up")
        assert stream.cursor == bash_row
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DetailModal), "detail modal")
        modal = app.screen
        assert isinstance(modal, DetailModal) and modal.line.call_id == "c7"
        body = str(modal.query_one("#detail-body").render())
        assert "python tools/tally.py [red]x[/red]" in body and "exit 0" in body
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), "modal closed")


async def test_replay_pause_step_and_seek() -> None:
    replay = ReplaySource(sample_run(), playing=False)
    app = ArenaApp(replay, mode="replay")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("right", "full_stop", "full_stop")
        await wait_for(pilot, lambda: app.state.events_applied == 3, "three steps")
        assert app.state.header.round_id == "q1" and not replay.playing
        await pilot.press("plus", "plus", "plus", "plus")
        assert math.isinf(replay.speed)
        await pilot.press("space")
        await wait_for(pilot, lambda: app.state.events_applied == N, "played to the end")
        await pilot.press("space", "minus")
        assert not replay.playing and replay.speed == 100.0
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, RoundPicker), "round picker")
        await pilot.press("down", "enter")  # the second round: q2
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.ingest.idle, "seek done")
        assert app.state.header.round_id == "q2"
        assert app.state.events_applied == replay.rounds()[1][0] + 1
        assert app.state.round_strip()[:2] == ["pass", "running"]


async def test_help_screen_and_quit() -> None:
    app = ArenaApp(ListSource(sample_run()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, N)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), "help closed")
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, "quit")


async def test_command_palette_lists_arena_commands() -> None:
    app = ArenaApp(ReplaySource(sample_run(), playing=False), theme="light")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"Theme: arena-high-contrast", "Filter: next agent", "Replay: seek to round"} <= set(titles)
        assert app.theme == "arena-light"
        next(c for c in app.get_system_commands(app.screen) if c.title == "Theme: arena-high-contrast").callback()
        assert app.theme == "arena-high-contrast"


async def test_agent_text_is_never_markup() -> None:
    events = sample_run()
    created = next(i for i, e in enumerate(events) if e.kind == "subagent_created")
    events[created] = events[created].model_copy(update={"name": "[red]evil[/red]"})
    app = ArenaApp(ListSource(events))
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, N)
        tree = app.screen.query_one(AgentsTree)
        assert "[red]evil[/red]" in str(tree._agents[CHART].label)
        stream = app.screen.query_one(ToolStream)
        note = next(app.state.stream.get(n) for n in stream.rows if app.state.stream.get(n).kind == "notification")  # type: ignore[union-attr]
        assert note is not None and "[bold]42[/bold]" in stream._line_text(note, 200).plain


async def test_queue_source_feeds_a_live_app() -> None:
    bus = ev.EventBus(RUN)
    app = ArenaApp(QueueSource(bus.queue()))
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_for(pilot, lambda: app.frames > 0, "first frame")
        for event in sample_run():
            bus.emit(event)
        await wait_for(pilot, lambda: app.state.events_applied == N, "live events applied")
        bus.close()
        await wait_for(pilot, lambda: app.ingest.idle, "source closed")
        assert app.state.scores.maf == 1 and app.screen.query_one(ToolStream).rows


async def test_failing_source_is_reported() -> None:
    class Broken(NoRunHere):
        def __aiter__(self) -> AsyncIterator[Sequence[ev.Event]]:
            return self._gen()

        async def _gen(self) -> AsyncIterator[Sequence[ev.Event]]:
            yield sample_run()[:3]
            raise RuntimeError("store went away")

    app = ArenaApp(Broken())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: any("store went away" in str(n.message) for n in app._notifications), "toast")
        await wait_for(pilot, lambda: app.state.events_applied == 3, "events before the failure")
        assert app.is_running


async def test_big_replay_draws_before_applying_everything() -> None:
    events = list(synthetic_run(60_000))
    app = ArenaApp(ReplaySource(events, speed=math.inf))
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_for(pilot, lambda: app.frames >= 1, "first frame")
        assert app.state.events_applied < len(events)
        await wait_for(pilot, lambda: app.state.events_applied == len(events), "whole replay", tries=1000)
