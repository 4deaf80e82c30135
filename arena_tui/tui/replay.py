"""Replay transport: a stored event list played back at a chosen speed, with pause, step and seek.

The app pulls from it once per tick (``advance`` then ``take``), which keeps playback
deterministic and lets the app bound the work per frame. Seeking bumps ``generation``: the
consumer resets its state and fast-applies events up to the target. Textual-free.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator, Sequence

from arena_tui.events import Event, RoundStarted
from arena_tui.tui.sources import NoRunHere

SPEEDS: tuple[float, ...] = (1.0, 4.0, 16.0, 100.0, math.inf)


class ReplaySource(NoRunHere):
    """Plays ``events`` back in event time (``ts``) scaled by ``speed``; ``math.inf`` means as fast as possible.

    Args:
        events: The stored events, in ``seq`` order.
        speed: One of :data:`SPEEDS`.
        playing: Start playing (``True``) or paused.
        max_gap_s: Longest stretch of event time that is waited out (long model calls are skipped over).
    """

    def __init__(
        self, events: Sequence[Event], speed: float = 1.0, playing: bool = True, max_gap_s: float = 1.0
    ) -> None:
        self.events = events
        self.speed = speed if speed in SPEEDS else 1.0
        self.playing = playing
        self.max_gap_s = max_gap_s
        self.position = 0
        """Index of the next event to hand out (== events already handed out)."""
        self.due = 0
        """Events up to (not including) this index are due to be handed out."""
        self.generation = 0
        """Bumped on every seek: the consumer must reset its state when it changes."""
        self._clock = events[0].ts if events else 0.0
        self._rounds: list[tuple[int, str, str]] | None = None

    @property
    def total(self) -> int:
        """Number of events in the replay."""
        return len(self.events)

    @property
    def at_end(self) -> bool:
        """Whether every event has been handed out."""
        return self.position >= self.total

    def play(self) -> None:
        """Resume playback."""
        self.playing = True

    def pause(self) -> None:
        """Stop advancing (a pending seek still completes)."""
        self.playing = False

    def toggle(self) -> None:
        """Pause if playing, play if paused."""
        self.playing = not self.playing

    def faster(self) -> None:
        """Next speed up (stops at max)."""
        self.speed = SPEEDS[min(len(SPEEDS) - 1, SPEEDS.index(self.speed) + 1)]

    def slower(self) -> None:
        """Next speed down (stops at 1×)."""
        self.speed = SPEEDS[max(0, SPEEDS.index(self.speed) - 1)]

    def step(self) -> None:
        """Pause and make exactly one more event due."""
        self.playing = False
        self.due = min(self.total, max(self.due, self.position) + 1)

    def seek(self, index: int) -> None:
        """Restart from the first event and make everything before ``index`` due at once."""
        index = max(0, min(self.total, index))
        self.generation += 1
        self.position = 0
        self.due = index
        self._clock = self.events[index - 1].ts if index else (self.events[0].ts if self.events else 0.0)

    def advance(self, dt: float) -> None:
        """Let ``dt`` seconds of wall time pass: events whose time came become due."""
        if not self.playing or self.due >= self.total:
            return
        if math.isinf(self.speed):
            self.due = self.total
            return
        self._clock += dt * self.speed
        due, events = self.due, self.events
        while due < self.total and events[due].ts <= self._clock:
            due += 1
        if due < self.total and events[due].ts - self._clock > self.max_gap_s:
            self._clock = events[due].ts - self.max_gap_s
        self.due = max(due, self.position)

    def take(self, limit: int) -> Sequence[Event]:
        """Hand out up to ``limit`` due events (advances ``position``)."""
        end = min(self.due, self.position + max(0, limit))
        chunk = self.events[self.position : end]
        self.position = end
        return chunk

    def rounds(self) -> list[tuple[int, str, str]]:
        """``(event index, scenario id, round id)`` of every round start, for the seek picker."""
        if self._rounds is None:
            self._rounds = [
                (i, e.scenario_id or "", e.round_id) for i, e in enumerate(self.events) if isinstance(e, RoundStarted)
            ]
        return self._rounds

    async def _batches(self, tick_s: float) -> AsyncIterator[Sequence[Event]]:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while not self.at_end:
            await asyncio.sleep(tick_s)
            now = loop.time()
            self.advance(now - last)
            last = now
            chunk = self.take(self.total)
            if chunk:
                yield chunk

    def __aiter__(self) -> AsyncIterator[Sequence[Event]]:
        """Plain-source view (no seek semantics), so a replay can also feed the live path."""
        return self._batches(0.075)
