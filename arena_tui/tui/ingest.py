"""Coalescing intake: batches from a source wait here and are folded into the state per frame.

A frame applies events until its time budget is spent, so a flood (a 100,000-event replay or a
live burst) never blocks key handling or delays the first frame. Textual-free.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence

from arena_tui.events import Event
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.state import ArenaState

CHUNK = 256


class Ingestor:
    """Holds pending batches and applies them to an :class:`ArenaState` within a time budget.

    Args:
        state: The state to fold into (replaced on a replay seek).
        replay: The replay transport in replay mode, else ``None`` (batches come via :meth:`push`).
    """

    def __init__(self, state: ArenaState, replay: ReplaySource | None = None) -> None:
        self.state = state
        self.replay = replay
        self.source_done = False
        """Set by the app when a live source is exhausted."""
        self._pending: deque[Sequence[Event]] = deque()
        self._offset = 0
        self._generation = replay.generation if replay else 0

    def push(self, batch: Sequence[Event]) -> None:
        """Queue a batch from a live source (cheap; applied on the next frame)."""
        if batch:
            self._pending.append(batch)

    @property
    def pending(self) -> int:
        """Events waiting to be applied."""
        if self.replay is not None:
            return self.replay.due - self.replay.position
        return sum(len(b) for b in self._pending) - self._offset

    @property
    def idle(self) -> bool:
        """Nothing waiting and nothing more coming (live) or nothing due (replay)."""
        if self.replay is not None:
            return self.replay.position >= self.replay.due
        return self.source_done and not self._pending

    def frame(self, dt: float, budget_s: float) -> int:
        """Advance the replay clock by ``dt`` and apply pending events for at most ``budget_s``.

        Returns:
            How many events were applied.
        """
        deadline = time.perf_counter() + budget_s
        if self.replay is not None:
            return self._replay_frame(dt, deadline)
        applied = 0
        apply = self.state.apply
        while self._pending:
            batch = self._pending[0]
            end = min(len(batch), self._offset + CHUNK)
            for event in batch[self._offset : end]:
                apply(event)
            applied += end - self._offset
            self._offset = end
            if end >= len(batch):
                self._pending.popleft()
                self._offset = 0
            if time.perf_counter() >= deadline:
                break
        return applied

    def _replay_frame(self, dt: float, deadline: float) -> int:
        replay = self.replay
        assert replay is not None
        if replay.generation != self._generation:
            self._generation = replay.generation
            self.state = ArenaState(self.state.stream.capacity)
        replay.advance(dt)
        applied = 0
        while True:
            chunk = replay.take(CHUNK)
            if not chunk:
                break
            self.state.apply_many(chunk)
            applied += len(chunk)
            if time.perf_counter() >= deadline:
                break
        return applied
