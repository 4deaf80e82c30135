"""The one event stream of a run: stamps each event and fans it out to its subscribers.

Kept apart from :mod:`arena_tui.events` (which re-exports it as ``ev.EventBus``): the bus
needs nothing of the event classes but the fields it stamps, ``seq``, ``run_id`` and ``ts``.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar


class Stampable(Protocol):
    """An event as the bus sees it: its stamp fields and a copy with some of them replaced
    (every :mod:`arena_tui.events` class, through pydantic's ``model_copy``)."""

    @property
    def ts(self) -> float: ...

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self: ...


S = TypeVar("S", bound=Stampable)
Subscriber = Callable[[Any], None]


@dataclass(frozen=True)
class SubscriberFailure:
    """A bus subscriber raised on an event."""

    subscriber: Subscriber
    event: Any
    error: Exception

    def line(self) -> str:
        name = getattr(self.subscriber, "__qualname__", None) or type(self.subscriber).__name__
        return (
            f"event subscriber {name} failed on {self.event.kind} (seq {self.event.seq}): "
            f"{type(self.error).__name__}: {self.error}"
        )


class EventBus:
    """Assigns ``seq`` and ``ts`` and fans each event out to its subscribers.

    Synchronous subscribers run inline and must be cheap (a reducer step, a queue put);
    anything slow subscribes through :meth:`queue`, which gives it its own asyncio queue.
    A subscriber that raises is never dropped (a store or a fold that silently stops
    receiving would leave a record that disagrees with the run): the other subscribers
    still get the event, and the failure goes to ``on_error``, which a run sets to stop
    itself loudly; without one it is reported on stderr, once per subscriber.
    """

    def __init__(
        self, run_id: str, start_seq: int = 0, on_error: Callable[[SubscriberFailure], None] | None = None
    ) -> None:
        self.run_id = run_id
        self._seq = start_seq
        self._subscribers: list[Subscriber] = []
        self._queues: list[asyncio.Queue[Any]] = []
        self.on_error = on_error
        self._reported: set[int] = set()

    @property
    def last_seq(self) -> int:
        return self._seq

    def subscribe(self, subscriber: Subscriber) -> None:
        self._subscribers.append(subscriber)

    def unsubscribe(self, subscriber: Subscriber) -> None:
        if subscriber in self._subscribers:
            self._subscribers.remove(subscriber)

    def queue(self) -> asyncio.Queue[Any]:
        """A fresh unbounded queue that receives every later event; ``None`` marks close."""
        q: asyncio.Queue[Any] = asyncio.Queue()
        self._queues.append(q)
        return q

    def emit(self, event: S) -> S:
        """Deliver a stamped copy of ``event`` (its ``seq``, ``run_id`` and, unless it has one,
        ``ts``) and return that copy; ``event`` itself is left as it was built.

        Events are frozen: what a subscriber, the store or a caller holds never changes under
        it. The copy costs a few microseconds per event, against a budget of a millisecond per
        tool call (benchmarks/bench_overhead.py).
        """
        self._seq += 1
        stamped = event.model_copy(update={"seq": self._seq, "run_id": self.run_id, "ts": event.ts or time.time()})
        for subscriber in list(self._subscribers):
            try:
                subscriber(stamped)
            except Exception as exc:  # the others still get the event; the run decides what a failure means
                self._failed(SubscriberFailure(subscriber, stamped, exc))
        for q in self._queues:
            q.put_nowait(stamped)
        return stamped

    def _failed(self, failure: SubscriberFailure) -> None:
        if self.on_error is not None:
            self.on_error(failure)
        elif id(failure.subscriber) not in self._reported:
            self._reported.add(id(failure.subscriber))
            print(failure.line(), file=sys.stderr)

    def close(self) -> None:
        """Tell every queue consumer that no more events will come."""
        for q in self._queues:
            q.put_nowait(None)
        self._queues.clear()
