"""The event store's single writer: batches appended events into SQLite transactions.

``append`` is a cheap synchronous bus subscriber (it serialises and queues); one writer task
flushes every ``flush_interval`` seconds or when ``max_batch`` events are waiting. The run and
scenario tables are derived from the same events inside the same transaction, so they can
never disagree with the event log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite

from arena_tui import events as ev
from arena_tui.errors import BadInputError
from arena_tui.store.schema import STORE_FILENAME, connect

Row = tuple[str, int, str, str | None, str | None, float, str]


class EventStore:
    """Append-only event log of one output folder (``<out>/arena.sqlite``)."""

    def __init__(self, path: Path, flush_interval: float = 0.05, max_batch: int = 2000) -> None:
        self.path = path
        self.flush_interval = flush_interval
        self.max_batch = max_batch
        self._rows: list[Row] = []
        self._lifecycle: list[ev.Event] = []
        self._conn: aiosqlite.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._closing = False
        self.written = 0

    @classmethod
    async def open(cls, out_dir: Path, **kwargs: Any) -> EventStore:
        store = cls(out_dir / STORE_FILENAME, **kwargs)
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
            connect(str(store.path)).close()  # create and migrate synchronously, once
        except (OSError, sqlite3.Error) as exc:
            raise BadInputError(
                f"cannot write the output folder '{out_dir}': {exc}",
                fix="choose a writable folder with -o (it, or its parents, must be creatable directories)",
            ) from None
        store._conn = await aiosqlite.connect(store.path, timeout=30)
        await store._conn.execute("PRAGMA journal_mode = WAL")
        await store._conn.execute("PRAGMA synchronous = NORMAL")
        store._task = asyncio.create_task(store._run(), name="event-store-writer")
        return store

    def append(self, event: ev.Event) -> None:
        """Queue one stamped event (a bus subscriber: never blocks)."""
        self._rows.append(
            (event.run_id, event.seq, event.kind, event.scenario_id, event.agent_id, event.ts, event.model_dump_json())
        )
        if isinstance(event, ev.RunStarted | ev.RunFinished | ev.ScenarioStarted | ev.ScenarioFinished):
            self._lifecycle.append(event)
        if len(self._rows) >= self.max_batch:
            self._wake.set()

    async def flush(self) -> None:
        """Write everything queued so far in one transaction."""
        if not self._rows or self._conn is None:
            return
        rows, self._rows = self._rows, []
        lifecycle, self._lifecycle = self._lifecycle, []
        conn = self._conn
        await conn.execute("BEGIN")
        try:
            await conn.executemany("INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            for event in lifecycle:
                await _apply_lifecycle(conn, event)
            await conn.commit()
        except BaseException:
            await conn.rollback()
            self._rows[:0] = rows  # keep them for the next attempt
            self._lifecycle[:0] = lifecycle
            raise
        self.written += len(rows)

    async def _run(self) -> None:
        while not self._closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.flush_interval)
            self._wake.clear()
            await self.flush()

    async def close(self) -> None:
        """Flush what is left and close; safe to call twice."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._conn is not None:
            await self.flush()
            await self._conn.close()
            self._conn = None


async def _apply_lifecycle(conn: aiosqlite.Connection, event: ev.Event) -> None:
    if isinstance(event, ev.RunStarted):
        await conn.execute(
            "INSERT OR IGNORE INTO runs (run_id, created_ts, dataset, manager, pool, settings) VALUES (?,?,?,?,?,?)",
            (event.run_id, event.ts, event.dataset, event.manager, json.dumps(event.pool), json.dumps(event.settings)),
        )
        await conn.execute("UPDATE runs SET status = 'running', finished_ts = NULL WHERE run_id = ?", (event.run_id,))
    elif isinstance(event, ev.RunFinished):
        await conn.execute(
            "UPDATE runs SET status = ?, finished_ts = ? WHERE run_id = ?", (event.status, event.ts, event.run_id)
        )
    elif isinstance(event, ev.ScenarioStarted):
        await conn.execute(
            "INSERT OR REPLACE INTO scenarios VALUES (?, ?, ?, 'running', '', ?, NULL)",
            (event.run_id, event.scenario_id, event.attempt, event.seq),
        )
    elif isinstance(event, ev.ScenarioFinished):
        await conn.execute(
            "UPDATE scenarios SET status = ?, reason = ?, last_seq = ? WHERE run_id = ? AND scenario_id = ? "
            "AND attempt = (SELECT MAX(attempt) FROM scenarios WHERE run_id = ? AND scenario_id = ?)",
            (event.status, event.reason, event.seq, event.run_id, event.scenario_id, event.run_id, event.scenario_id),
        )
