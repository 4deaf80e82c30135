"""Event sources, the replay transport, the coalescing ingestor and theme loading (no App)."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.tui.ingest import Ingestor
from arena_tui.tui.live_run import RunSource
from arena_tui.tui.replay import SPEEDS, ReplaySource
from arena_tui.tui.sources import EventSource, ListSource, QueueSource, RunControl
from arena_tui.tui.state import ArenaState
from arena_tui.tui.store_sources import StorePollSource
from arena_tui.tui.themes import DEFAULT_THEME, THEME_ENV, load_themes, resolve_theme_name
from tests.tui.sample_events import sample_run, synthetic_run


async def test_list_source_batches() -> None:
    events = sample_run()
    source = ListSource(events, batch_size=10)
    assert isinstance(source, EventSource)
    batches = [list(b) async for b in source]
    assert [len(b) for b in batches] == [10, 10, 10, 10, len(events) - 40]
    assert [e for b in batches for e in b] == events


async def test_queue_source_drains_until_none() -> None:
    bus = ev.EventBus("r1")
    source = QueueSource(bus.queue(), max_batch=3)
    for event in sample_run()[:5]:
        bus.emit(event)
    bus.close()
    batches = [list(b) async for b in source]
    assert [len(b) for b in batches] == [3, 2]
    assert [e.seq for b in batches for e in b] == [1, 2, 3, 4, 5]


async def test_queue_source_waits_for_a_live_producer() -> None:
    queue: asyncio.Queue[ev.Event | None] = asyncio.Queue()
    events = sample_run()[:4]

    async def produce() -> None:
        for event in events:
            await asyncio.sleep(0)
            queue.put_nowait(event)
        queue.put_nowait(None)

    task = asyncio.create_task(produce())
    got = [e async for b in QueueSource(queue) for e in b]
    await task
    assert got == events


def test_replay_paces_by_event_time() -> None:
    events = sample_run()  # one second of event time apart
    replay = ReplaySource(events, speed=1.0)
    replay.advance(0.5)
    assert replay.due == 1  # the first event is due at once
    replay.advance(1.0)
    assert replay.due == 2
    replay.faster()
    replay.advance(1.0)  # 4 seconds of event time
    assert replay.due == 6
    assert [e.seq for e in replay.take(3)] == [1, 2, 3] and replay.position == 3


def test_replay_pause_step_speed_and_seek() -> None:
    replay = ReplaySource(sample_run(), playing=False)
    replay.advance(10.0)
    assert replay.due == 0
    replay.step()
    replay.step()
    assert not replay.playing and replay.due == 2 and len(replay.take(100)) == 2
    for _ in range(10):
        replay.faster()
    assert math.isinf(replay.speed)
    replay.play()
    replay.advance(0.01)
    assert replay.due == replay.total
    for _ in range(10):
        replay.slower()
    assert replay.speed == SPEEDS[0]
    generation = replay.generation
    replay.seek(7)
    assert replay.generation == generation + 1 and (replay.position, replay.due) == (0, 7)
    assert [index for index, _, _ in replay.rounds()] == [2, 21, 36]


async def test_replay_as_plain_source() -> None:
    replay = ReplaySource(sample_run(), speed=math.inf)
    got = [e async for b in replay for e in b]
    assert len(got) == len(sample_run())


def test_ingestor_live_budget_and_order() -> None:
    events = list(synthetic_run(30_000))
    ingest = Ingestor(ArenaState())
    ingest.push(events[:20_000])
    ingest.push(events[20_000:])
    ingest.source_done = True
    first = ingest.frame(0.075, budget_s=0.0)  # a zero budget still makes progress (one chunk)
    assert 0 < first < len(events) and not ingest.idle
    while not ingest.idle:
        ingest.frame(0.075, budget_s=1.0)
    assert ingest.state.events_applied == len(events) and ingest.pending == 0


def test_ingestor_replay_seek_resets_state() -> None:
    replay = ReplaySource(sample_run(), speed=math.inf)
    ingest = Ingestor(ArenaState(), replay)
    ingest.frame(0.075, 1.0)
    assert ingest.state.events_applied == len(sample_run())
    old = ingest.state
    replay.seek(3)
    replay.pause()
    ingest.frame(0.075, 1.0)
    assert ingest.state is not old and ingest.state.events_applied == 3 and ingest.idle


def test_first_frame_of_a_big_replay_is_bounded() -> None:
    replay = ReplaySource(list(synthetic_run(100_000)), speed=math.inf)
    ingest = Ingestor(ArenaState(), replay)
    applied = ingest.frame(0.075, budget_s=0.0)
    assert applied < 1000  # the first frame never waits for the whole replay


def test_themes_load_and_resolve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    themes = load_themes()
    assert {"arena-dark", "arena-light", "arena-high-contrast"} <= set(themes)
    assert not themes["arena-light"].dark
    assert set(load_themes(tmp_path / "missing")) >= {"arena-dark", "arena-light", "arena-high-contrast"}
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "extra.json").write_text('{"themes": [{"name": "x", "primary": "#ff0000"}, 3]}', encoding="utf-8")
    assert "x" in load_themes(tmp_path)
    monkeypatch.delenv(THEME_ENV, raising=False)
    assert resolve_theme_name(None, themes) == DEFAULT_THEME
    assert resolve_theme_name("light", themes) == "arena-light"
    monkeypatch.setenv(THEME_ENV, "high-contrast")
    assert resolve_theme_name(None, themes) == "arena-high-contrast"
    assert resolve_theme_name("no-such", set()) == DEFAULT_THEME


def test_every_source_says_whether_a_run_of_this_process_is_behind_it(tmp_path: Path) -> None:
    """Replays, watches and lists have no run here (the app folds their events, quitting just
    leaves); the live run (and play) brings its fold and is stopped cleanly on quit."""
    passive: list[RunControl] = [
        ReplaySource(sample_run()),
        StorePollSource(tmp_path),
        ListSource(sample_run()),
        QueueSource(asyncio.Queue()),
    ]
    for source in passive:
        assert (source.seed, source.stoppable) == (None, False), type(source).__name__
        source.stop()  # nothing to stop, and no error
    assert RunSource.stoppable is True
