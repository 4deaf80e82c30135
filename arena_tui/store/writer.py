"""The event store's single writer: batches appended events into SQLite transactions.

``append`` is a cheap synchronous bus subscriber (it serialises and queues); one writer task
flushes every ``flush_interval`` seconds or when ``max_batch`` events are waiting. The run and
scenario tables are derived from the same events inside the same transaction, so they can
never disagree with the event log. Long values (a tool's output, a reply) go to the ``texts``
table once, however many events carry them (store/texts.py).

A write that fails (full disk, I/O error, an event whose ``seq`` is already stored) rolls its
batch back, keeps every committed one, stops the writer and calls ``on_failure`` once; the
error is in :attr:`EventStore.error`. An event that cannot be serialised stops the store the
same way, after every event queued before it is committed: the log ends just before it, so
``resume`` continues from there. Nothing is ever written over or silently skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite

from arena_tui import events as ev
from arena_tui.errors import BadInputError
from arena_tui.store.schema import STORE_FILENAME, StoreError, connect, damaged_store, is_disk_full, write_failed
from arena_tui.store.texts import split_event

Row = tuple[str, int, str, str | None, str | None, float, str, str | None]


class EventStore:
    """Append-only event log of one output folder (``<out>/arena.sqlite``)."""

    def __init__(self, path: Path, flush_interval: float = 0.05, max_batch: int = 2000) -> None:
        self.path = path
        self.flush_interval = flush_interval
        self.max_batch = max_batch
        self._rows: list[Row] = []
        self._lifecycle: list[ev.Event] = []
        self._texts: dict[str, str] = {}
        """Texts the queued events refer to that no committed batch has written (sha256 -> JSON)."""
        self._written_texts: set[str] = set()
        self._conn: aiosqlite.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._closing = False
        self.written = 0
        self.error: StoreError | None = None
        """Set when a write failed; the writer has stopped and nothing more is written."""
        self.on_failure: Callable[[StoreError], None] | None = None
        self._unstorable: StoreError | None = None
        """An event that could not be serialised: the events before it are written, then the store stops."""
        self._flushing = asyncio.Lock()  # the writer task and an explicit flush never share a transaction

    @classmethod
    async def open(cls, out_dir: Path, **kwargs: Any) -> EventStore:
        store = cls(out_dir / STORE_FILENAME, **kwargs)
        try:
            await asyncio.to_thread(_create, out_dir, store.path)  # create and migrate once, off the loop
        except (sqlite3.DatabaseError, RuntimeError) as exc:
            if not isinstance(exc, sqlite3.OperationalError) or "unable to open" not in str(exc):
                raise damaged_store(store.path, exc) from None
            raise _unwritable(out_dir, exc) from None
        except (OSError, sqlite3.Error) as exc:
            raise _unwritable(out_dir, exc) from None
        try:
            store._conn = await aiosqlite.connect(store.path, timeout=30)
            await store._conn.execute("PRAGMA journal_mode = WAL")
            await store._conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as exc:
            if store._conn is not None:
                await store._conn.close()
            raise damaged_store(store.path, exc) from None
        store._task = asyncio.create_task(store._run(), name="event-store-writer")
        return store

    def append(self, event: ev.Event) -> None:
        """Queue one stamped event (a bus subscriber: never blocks, never raises)."""
        if self._unstorable is not None or self.error is not None:
            return  # the log must not skip an event: nothing after one that failed is written
        try:
            split = split_event(event.model_dump_json())
        except Exception as exc:  # pydantic wraps what it cannot encode (a lone surrogate, a cycle)
            out = self.path.parent
            self._unstorable = StoreError(
                f"cannot store event {event.kind} (seq {event.seq}) in the run store '{self.path}': {exc}; "
                "what was stored before is kept",
                fix=f"this is a bug in the harness, please report it; then continue with `clawarena-team resume {out}`",
            )
            self._wake.set()
            return
        for key, text in split.texts.items():
            if key not in self._written_texts:
                self._texts[key] = text
        self._rows.append(
            (event.run_id, event.seq, event.kind, event.scenario_id, event.agent_id, event.ts, split.data, split.refs)
        )
        if isinstance(event, ev.RunStarted | ev.RunFinished | ev.ScenarioStarted | ev.ScenarioFinished):
            self._lifecycle.append(event)
        if len(self._rows) >= self.max_batch:
            self._wake.set()

    async def flush(self) -> None:
        """Write everything queued so far in one transaction; a failed write raises (and keeps) a StoreError."""
        async with self._flushing:
            await self._flush()

    async def _flush(self) -> None:
        await self._write_rows()
        if self._unstorable is not None and self.error is None:
            self._fail(self._unstorable)
            raise self._unstorable

    async def _write_rows(self) -> None:
        if not self._rows or self._conn is None or self.error is not None:
            return
        rows, self._rows = self._rows, []
        lifecycle, self._lifecycle = self._lifecycle, []
        texts, self._texts = self._texts, {}
        conn = self._conn
        try:
            await conn.execute("BEGIN")
            await conn.executemany("INSERT OR IGNORE INTO texts VALUES (?, ?)", texts.items())
            await conn.executemany(
                "INSERT INTO events (run_id, seq, kind, scenario_id, agent_id, ts, data, texts) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            for event in lifecycle:
                await _apply_lifecycle(conn, event)
            await conn.commit()
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await conn.rollback()
            self._rows[:0] = rows  # never dropped: kept in memory, and the committed batches stay
            self._lifecycle[:0] = lifecycle
            self._texts = texts | self._texts
            if not isinstance(exc, sqlite3.Error | OSError):
                raise
            error = await self._describe(exc, rows)
            self._fail(error)
            raise error from None
        self.written += len(rows)
        self._written_texts.update(texts)

    async def _describe(self, exc: BaseException, rows: list[Row]) -> StoreError:
        if not isinstance(exc, sqlite3.IntegrityError) or self._conn is None:
            return write_failed(self.path, exc)
        first = f"{rows[0][1]}–{rows[-1][1]}"
        with contextlib.suppress(sqlite3.Error):
            seqs = sorted({r[1] for r in rows})
            cursor = await self._conn.execute(
                "SELECT MIN(seq) FROM events WHERE run_id = ? AND seq BETWEEN ? AND ?", (rows[0][0], seqs[0], seqs[-1])
            )
            found = await cursor.fetchone()
            first = str(found[0]) if found and found[0] is not None else first
        return StoreError(
            f"sequence collision in run store '{self.path}': event seq {first} of run {rows[0][0]} is already "
            f"stored ({exc}); another process has written this run",
            fix="let one process at a time write a run folder (run, resume and play lock it), then resume it",
        )

    def _fail(self, error: StoreError) -> None:
        if self.error is not None:
            return
        self.error = error
        if self.on_failure is not None:
            self.on_failure(error)

    async def _run(self) -> None:
        while not self._closing and self.error is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.flush_interval)
            self._wake.clear()
            try:
                await self.flush()
            except StoreError:
                return  # recorded in self.error; the run is told through on_failure

    async def close(self) -> None:
        """Flush what is left and close; safe to call twice."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._conn is not None:
            try:
                with contextlib.suppress(StoreError):  # a failure is recorded in self.error
                    await self.flush()
            finally:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self._conn.close()
                self._conn = None


def _unwritable(out_dir: Path, exc: BaseException) -> BadInputError:
    if is_disk_full(exc):
        return write_failed(out_dir / STORE_FILENAME, exc)
    return BadInputError(
        f"cannot write the output folder '{out_dir}': {exc}",
        fix="choose a writable folder with -o (it, or its parents, must be creatable directories)",
    )


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


def _create(out_dir: Path, path: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    connect(str(path)).close()
