"""Events from the run store for the TUI: a lazily parsed list (replay) and a poller (watch).

Replay reads every event's JSON text at once (cheap) and parses an event only when the
screen reaches it, so a 100,000-event run shows its first frame at once. Textual-free.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import overload

from arena_tui.events import Event, RunFinished, RunStarted, event_from_json
from arena_tui.store import StoreReader
from arena_tui.tui.progress import pid_alive
from arena_tui.tui.sources import NoRunHere


class StoredEvents(Sequence[Event]):
    """A run's events as a sequence; each is parsed on first access and then kept."""

    def __init__(self, raw: list[str]) -> None:
        self._raw = raw
        self._parsed: list[Event | None] = [None] * len(raw)

    @classmethod
    def load(cls, out: Path, run_id: str | None = None) -> tuple[str, StoredEvents]:
        reader = StoreReader(out)
        try:
            rid = run_id or reader.latest_run_id()
            return rid, cls(reader.raw_events(rid))
        finally:
            reader.close()

    def __len__(self) -> int:
        return len(self._raw)

    def _at(self, index: int) -> Event:
        event = self._parsed[index]
        if event is None:
            event = event_from_json(self._raw[index])
            self._parsed[index] = event
        return event

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self._raw)))]
        if index < 0:
            index += len(self._raw)
        if not 0 <= index < len(self._raw):
            raise IndexError(index)
        return self._at(index)


class StorePollSource(NoRunHere):
    """Follows a run another process is writing: polls the store by ``seq``.

    It ends after the run's ``run_finished`` event; if the writer dies without one, it keeps
    polling (the screen stays up and shows everything stored), until the user quits.
    :attr:`stopped` says so as soon as a poll finds no new events and the writer's process
    (``writer_pid`` of the latest ``run_started``) is gone.
    """

    def __init__(self, out: Path, run_id: str | None = None, interval_s: float = 0.25, batch: int = 5000) -> None:
        self.out = out
        self.run_id = run_id
        self.interval_s = interval_s
        self.batch = batch
        self.last_seq = 0
        self.writer_pid: int | None = None
        self.stopped = ""
        """Why the writer is known to have stopped (empty while it may still be writing)."""

    async def _batches(self) -> AsyncIterator[Sequence[Event]]:
        reader = await asyncio.to_thread(StoreReader, self.out)
        try:
            run_id = self.run_id if self.run_id is not None else await asyncio.to_thread(reader.latest_run_id)
            while True:
                events = await asyncio.to_thread(reader.events, run_id, self.last_seq, self.batch)
                if events:
                    self.last_seq = events[-1].seq
                    self.stopped = ""
                    for event in events:
                        if isinstance(event, RunStarted):
                            self.writer_pid = event.writer_pid
                    yield events
                    if any(isinstance(e, RunFinished) for e in events):
                        return
                    if len(events) == self.batch:
                        continue
                elif pid_alive(self.writer_pid) is False:
                    self.stopped = (
                        f"the writer (pid {self.writer_pid}) stopped without finishing the run; "
                        f"continue it with `clawarena-team resume {self.out}`"
                    )
                await asyncio.sleep(self.interval_s)
        finally:
            reader.close()

    def __aiter__(self) -> AsyncIterator[Sequence[Event]]:
        return self._batches()
