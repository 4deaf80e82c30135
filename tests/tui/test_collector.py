"""The full garbage-collection pass waits for quiet input while a screen is up, and is given back after."""

from __future__ import annotations

import gc

import pytest

from arena_tui.tui.collector import NEVER, QuietCollector
from tests.tui.conftest import wait_for
from tests.tui.sample_events import sample_run


@pytest.fixture(autouse=True)
def _collector_as_it_was() -> object:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)
    gc.unfreeze()


def test_start_freezes_what_is_alive_and_takes_the_full_pass_over() -> None:
    before = gc.get_threshold()
    collector = QuietCollector()
    collector.start(now=100.0)
    assert collector.active and gc.get_freeze_count() > 0
    assert gc.get_threshold() == (before[0], before[1], NEVER), "the young generations are collected as usual"
    collector.stop()
    assert not collector.active and gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_the_full_pass_waits_for_quiet_input_but_never_past_the_longest_wait() -> None:
    collector = QuietCollector(every_s=20, quiet_s=1, longest_s=120)
    assert not collector.tick(150.0), "not started: nothing to do"
    collector.start(now=100.0)
    assert not collector.tick(110.0), "too soon after the last pass"
    collector.input_seen(119.5)
    assert not collector.tick(120.2), "due, but a key was pressed under a second ago"
    assert collector.tick(121.0) and len(collector.passes) == 1, "due and quiet"
    collector.stop()

    typing = QuietCollector(every_s=20, quiet_s=1, longest_s=120)
    typing.start(now=0.0)
    for second in range(1, 120):
        typing.input_seen(float(second))
        assert not typing.tick(second + 0.1), f"a person typing at {second} s"
    typing.input_seen(120.0)
    assert typing.tick(120.1), "typing never holds the pass back longer than longest_s"
    typing.stop()


def test_start_and_stop_are_idempotent() -> None:
    collector = QuietCollector()
    collector.start()
    frozen = gc.get_freeze_count()
    collector.start()
    assert gc.get_freeze_count() == frozen
    collector.stop()
    collector.stop()
    assert gc.get_threshold()[2] != NEVER


async def test_the_app_holds_the_collector_while_its_screen_is_up_and_gives_it_back() -> None:
    from arena_tui.tui.app import ArenaApp
    from arena_tui.tui.sources import ListSource

    before = gc.get_threshold()
    app = ArenaApp(ListSource(sample_run()), clock=lambda: 0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.collector.active, "collector started with the source")
        assert gc.get_threshold()[2] == NEVER
        seen = app.collector._last_input
        await pilot.press("f")
        assert app.collector._last_input > seen, "a key press counts as input"
    assert not app.collector.active and gc.get_threshold() == before
