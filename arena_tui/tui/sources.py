"""Where events come from: an async iterator of batches, injected into the app.

``ListSource`` replays a fixed list (tests, benchmarks), ``QueueSource`` drains the queue of a
live ``EventBus``. ``ReplaySource`` lives in :mod:`arena_tui.tui.replay`, the live run (and
play) in :mod:`arena_tui.tui.live_run`. Every source the app takes also answers
:class:`RunControl`. Textual-free.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Protocol, runtime_checkable

from arena_tui.events import Event
from arena_tui.scoring import ScoreFold


@runtime_checkable
class EventSource(Protocol):
    """Anything that yields batches of events; the iteration ends when the source is exhausted."""

    def __aiter__(self) -> AsyncIterator[Sequence[Event]]: ...


class RunControl(Protocol):
    """What the app asks of the run behind a source.

    The app always folds the events it is given, on its own loop. A run in this process (a live
    run, a play session) may start from rounds folded before its first event (a resumed run's
    kept scenarios): it hands a copy of that fold as :attr:`seed`, so the panels count them.
    A run in this process also stops cleanly when asked. A replay, a watch of another process or
    a fixed list has no run here: it says so with :class:`NoRunHere`.
    """

    @property
    def seed(self) -> ScoreFold | None:
        """The fold the app continues (the run's state before its first event), or ``None`` for an empty one."""
        ...

    @property
    def stoppable(self) -> bool:
        """Whether :meth:`stop` stops a run (quitting asks first when it does)."""
        ...

    def stop(self) -> None:
        """Stop the run: it records ``interrupted`` and writes its report, then the batches end."""
        ...


class RunEventSource(EventSource, RunControl, Protocol):
    """A live source as the app takes it: batches of events and the run behind them."""


class NoRunHere:
    """The :class:`RunControl` of a source with no run of this process behind it."""

    seed: ScoreFold | None = None
    stoppable = False

    def stop(self) -> None:
        """Nothing to stop: the events come from a store or a list."""


class ListSource(NoRunHere):
    """A fixed list of events handed out in batches, yielding to the loop between batches.

    Args:
        events: The events, in order.
        batch_size: Events per batch.
    """

    def __init__(self, events: Sequence[Event], batch_size: int = 1000) -> None:
        self.events = events
        self.batch_size = max(1, batch_size)

    def __len__(self) -> int:
        return len(self.events)

    async def _batches(self) -> AsyncIterator[Sequence[Event]]:
        for start in range(0, len(self.events), self.batch_size):
            yield self.events[start : start + self.batch_size]
            await asyncio.sleep(0)

    def __aiter__(self) -> AsyncIterator[Sequence[Event]]:
        return self._batches()


class QueueSource(NoRunHere):
    """Drains an ``asyncio.Queue`` fed by ``EventBus.queue()``; ``None`` in the queue ends it.

    Each batch is everything waiting in the queue (up to ``max_batch``), so a fast producer
    costs one batch per wake-up rather than one per event.

    Args:
        queue: The queue, as returned by ``EventBus.queue()``.
        max_batch: Upper bound on one batch.
    """

    def __init__(self, queue: asyncio.Queue[Event | None], max_batch: int = 5000) -> None:
        self.queue = queue
        self.max_batch = max(1, max_batch)

    async def _batches(self) -> AsyncIterator[Sequence[Event]]:
        while True:
            first = await self.queue.get()
            if first is None:
                return
            batch: list[Event] = [first]
            closed = False
            while len(batch) < self.max_batch and not self.queue.empty():
                item = self.queue.get_nowait()
                if item is None:
                    closed = True
                    break
                batch.append(item)
            yield batch
            if closed:
                return

    def __aiter__(self) -> AsyncIterator[Sequence[Event]]:
        return self._batches()
