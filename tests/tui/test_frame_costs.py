"""What keeps a busy run's frames cheap: a followed stream grows without laying out the screen,
and the Agents tree catches up at most twice a second while events stream in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widget import Widget

from arena_tui import events as ev
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.screens.run_screen import TREE_EVERY_S, RunScreen
from arena_tui.tui.sources import QueueSource
from arena_tui.tui.widgets.agents_tree import AgentsTree
from arena_tui.tui.widgets.tool_stream import ToolStream
from tests.tui.conftest import wait_for
from tests.tui.sample_events import CHART, RUN, SID, sample_run, synthetic_run


def _created(seq: int, subagent_id: str) -> ev.SubagentCreated:
    return ev.SubagentCreated(
        run_id=RUN, seq=seq, ts=0.0, scenario_id=SID, agent_id="main", subagent_id=subagent_id, name=subagent_id,
        model_key="llm", tools=["Read"], accessible_paths=[], reachable_files=[],
    )  # fmt: skip


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Names of the widget classes that asked for a layout pass."""
    asked: list[str] = []
    refresh = Widget.refresh

    def counting(self: Widget, *regions: object, **kwargs: bool) -> Widget:
        if kwargs.get("layout"):
            asked.append(type(self).__name__)
        return refresh(self, *regions, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Widget, "refresh", counting)
    yield asked


async def test_a_followed_stream_grows_without_a_layout_and_keeps_its_scrollbar_true(layouts: list[str]) -> None:
    bus = ev.EventBus(RUN)
    app = ArenaApp(QueueSource(bus.queue()), clock=lambda: 0.0)
    events = list(synthetic_run(3000))
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_for(pilot, lambda: app.frames > 0, "first frame")
        stream = app.screen.query_one(ToolStream)
        for event in events[:1500]:  # the screen fills at once: the scrollbar appears and the view follows
            bus.emit(event)
        await wait_for(pilot, lambda: app.state.events_applied == 1500 and app.ingest.pending == 0, "applied")
        await wait_for(pilot, lambda: stream.max_scroll_y > 0 and stream.scroll_y == stream.max_scroll_y, "following")
        layouts.clear()
        for start in range(1500, 3000, 100):
            for event in events[start : start + 100]:
                bus.emit(event)
            applied = start + 100

            def caught_up() -> bool:
                return app.state.events_applied == applied and app.ingest.pending == 0  # noqa: B023

            await wait_for(pilot, caught_up, "applied")
            await pilot.pause(0.02)
            rows = len(stream.rows)
            assert stream.virtual_size.height == rows
            assert stream.vertical_scrollbar.window_virtual_size == rows, "the scrollbar knows the new length"
            assert stream.scroll_y == stream.max_scroll_y, "still following the newest line"
        assert "ToolStream" not in layouts, "growing rows never lay out the whole screen"
        bus.close()


async def test_the_tree_catches_up_on_frames_at_most_twice_a_second_while_events_stream() -> None:
    bus = ev.EventBus(RUN)
    app = ArenaApp(QueueSource(bus.queue()), clock=lambda: 0.0)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_for(pilot, lambda: app.frames > 0, "first frame")
        for event in sample_run():
            bus.emit(event)
        await wait_for(pilot, lambda: app.ingest.pending == 0, "applied")
        screen = app.screen
        assert isinstance(screen, RunScreen)
        tree = screen.query_one(AgentsTree)
        await wait_for(pilot, lambda: CHART in tree._agents, "subagent in the tree")
        state = app.state
        state.apply(_created(10_000, "sub_new"))
        screen._tree_due = float("inf")  # the last tree sync was just now
        screen.sync(state, streaming=True)
        assert "sub_new" not in tree._agents, "a frame while streaming leaves the tree for later"
        screen.sync(state)  # after a key press: the tree waits for a frame too
        assert "sub_new" not in tree._agents
        screen._tree_due = 0.0
        screen.sync(state, streaming=True)
        assert "sub_new" in tree._agents, f"at most {TREE_EVERY_S} s later a frame brings it"
        state.apply(_created(10_001, "sub_last"))
        screen.sync(state, streaming=False)
        assert "sub_last" in tree._agents, "once events stop, the tree is brought up to date at once"
        bus.close()
