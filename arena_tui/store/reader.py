"""Read side of the store: runs, scenarios and events by ``seq`` (replay, watch, rescore, resume).

Readers open the database read-only, so they can follow a run another process is writing.
Every event is read through :meth:`StoreReader.raw_events`, which puts the long values kept
once in ``texts`` back into it (store/texts.py), so nothing reads a split event; a store of
schema version 1 (no ``texts``) is read as it is.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena_tui import events as ev
from arena_tui.errors import BadInputError
from arena_tui.store.schema import STORE_FILENAME, StoreError, connect, damaged_store
from arena_tui.store.texts import MissingText, join_event, parse_refs

_LOOKUP_CHUNK = 500  # texts looked up per query (SQLite allows 999 parameters)


@dataclass(frozen=True)
class RunRow:
    run_id: str
    created_ts: float
    dataset: str
    manager: str
    pool: dict[str, str]
    status: str
    finished_ts: float | None


@dataclass(frozen=True)
class ScenarioRow:
    scenario_id: str
    attempt: int
    status: str
    reason: str
    first_seq: int
    last_seq: int | None


def store_path(out: Path) -> Path:
    """The store inside output folder ``out`` (or ``out`` itself when it is the file)."""
    path = out if out.is_file() else out / STORE_FILENAME
    if not path.is_file():
        raise BadInputError(f"no run store at '{path}'", fix="pass the output folder of a run (-o of `run`)")
    return path


class StoreReader:
    """A read-only view of one store file; any SQLite failure is one :class:`StoreError` naming the file."""

    def __init__(self, out: Path) -> None:
        self.path = store_path(out)
        self._lock = threading.Lock()
        """Held by every statement and by :meth:`close`: sources read in a worker thread and close from the
        event loop (a cancelled read's thread goes on), and closing a connection mid-statement crashes SQLite."""
        try:
            self._conn = connect(str(self.path), readonly=True)
        except sqlite3.Error as exc:
            raise damaged_store(self.path, exc) from None

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def _rows(self, sql: str, params: tuple[object, ...] = (), before_texts: str = "") -> list[Any]:
        try:
            with self._lock:
                return self._conn.execute(sql, params).fetchall()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc) and self._migrating():
                return []  # the writer has created the file but not the tables yet (a watcher came early)
            if before_texts and "no such column: texts" in str(exc):
                return self._rows(before_texts, params)  # a version 1 store: every event is whole
            raise damaged_store(self.path, exc) from None
        except sqlite3.DatabaseError as exc:
            raise damaged_store(self.path, exc) from None

    def _migrating(self) -> bool:
        try:
            return self._version() == 0
        except sqlite3.Error:
            return False

    def _version(self) -> int:
        with self._lock:
            return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    def runs(self) -> list[RunRow]:
        rows = self._rows(
            "SELECT run_id, created_ts, dataset, manager, pool, status, finished_ts FROM runs ORDER BY created_ts"
        )
        try:
            return [RunRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6]) for r in rows]
        except (TypeError, ValueError) as exc:
            raise damaged_store(self.path, exc) from None

    def latest_run_id(self) -> str:
        runs = self.runs()
        if not runs:
            raise StoreError(
                f"run store '{self.path}' holds no run yet",
                fix="if its run is just starting, wait a moment; else start it again with `clawarena-team run`",
            )
        return runs[-1].run_id

    def run_settings(self, run_id: str) -> dict[str, object]:
        rows = self._rows("SELECT settings FROM runs WHERE run_id = ?", (run_id,))
        return dict(json.loads(rows[0][0])) if rows else {}

    def last_run_started(self, run_id: str) -> ev.RunStarted | None:
        """The latest ``run_started`` of the run: what its last ``run``/``resume`` selected."""
        rows = self._stored("WHERE run_id = ? AND kind = 'run_started' ORDER BY seq DESC LIMIT 1", (run_id,))
        event = self._parse(rows[0]) if rows else None
        return event if isinstance(event, ev.RunStarted) else None

    def scenarios(self, run_id: str) -> list[ScenarioRow]:
        rows = self._rows(
            "SELECT scenario_id, attempt, status, reason, first_seq, last_seq FROM scenarios "
            "WHERE run_id = ? ORDER BY first_seq",
            (run_id,),
        )
        return [ScenarioRow(*r) for r in rows]

    def count(self, run_id: str) -> int:
        return int(self._rows("SELECT COUNT(*) FROM events WHERE run_id = ?", (run_id,))[0][0])

    def max_seq(self, run_id: str) -> int:
        rows = self._rows("SELECT MAX(seq) FROM events WHERE run_id = ?", (run_id,))
        return int(rows[0][0] or 0) if rows else 0

    def raw_events(self, run_id: str, after_seq: int = 0, limit: int | None = None) -> list[str]:
        """Whole event JSON strings with ``seq > after_seq`` in order (cheap: no event is parsed)."""
        where = "WHERE run_id = ? AND seq > ? ORDER BY seq"
        params: tuple[object, ...] = (run_id, after_seq)
        if limit is not None:
            where += " LIMIT ?"
            params = (*params, limit)
        return self._stored(where, params)

    def _stored(self, where: str, params: tuple[object, ...]) -> list[str]:
        """The events ``where`` selects, each joined with its texts (one statement: one snapshot)."""
        rows = self._rows(
            f"SELECT data, texts FROM events {where}", params, before_texts=f"SELECT data, NULL FROM events {where}"
        )
        try:
            split = [(data, parse_refs(refs) if refs else None) for data, refs in rows]
            texts = self._texts({key for _, refs in split if refs for key in refs.values()})
            return [join_event(data, refs, texts.get) if refs else data for data, refs in split]
        except (MissingText, ValueError) as exc:
            raise damaged_store(self.path, exc) from None

    def _texts(self, keys: set[str]) -> dict[str, str]:
        found: dict[str, str] = {}
        ordered = sorted(keys)
        for start in range(0, len(ordered), _LOOKUP_CHUNK):
            chunk = ordered[start : start + _LOOKUP_CHUNK]
            marks = ",".join("?" * len(chunk))
            found.update(self._rows(f"SELECT sha256, body FROM texts WHERE sha256 IN ({marks})", tuple(chunk)))
        return found

    def _parse(self, data: str) -> ev.Event:
        try:
            return ev.event_from_json(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise damaged_store(self.path, ValueError(f"a stored event is not valid: {where}: {err['msg']}")) from None
        except ValueError as exc:
            raise damaged_store(self.path, ValueError(f"a stored event is not valid: {exc}")) from None

    def events(self, run_id: str, after_seq: int = 0, limit: int | None = None) -> list[ev.Event]:
        return [self._parse(data) for data in self.raw_events(run_id, after_seq, limit)]

    def iter_events(self, run_id: str, batch: int = 5000) -> Iterator[ev.Event]:
        after = 0
        while True:
            chunk = self.events(run_id, after, batch)
            if not chunk:
                return
            yield from chunk
            after = chunk[-1].seq

    def integrity_ok(self) -> bool:
        rows = self._rows("PRAGMA integrity_check")
        return bool(rows and rows[0][0] == "ok")

    def check_intact(self) -> None:
        """Raise :class:`StoreError` unless SQLite's quick check passes and the tables exist."""
        rows = self._rows("PRAGMA quick_check")
        if not rows or rows[0][0] != "ok":
            raise damaged_store(self.path, sqlite3.DatabaseError(str(rows[0][0]) if rows else "quick_check failed"))
        tables = {r[0] for r in self._rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = int(self._rows("PRAGMA user_version")[0][0])
        needed = ("runs", "scenarios", "events", "texts") if version >= 2 else ("runs", "scenarios", "events")
        missing = [t for t in needed if t not in tables]
        if missing:
            raise damaged_store(self.path, sqlite3.DatabaseError(f"missing tables: {', '.join(missing)}"))


def check_readable(out: Path, run_id: str | None = None) -> str:
    """Open ``out``'s store, find the run (the latest unless given) and touch its events: its run id.

    For commands that follow a store inside the TUI (``watch``), so an unusable store is one
    line before the screen opens.
    """
    reader = StoreReader(out)
    try:
        rid = run_id or reader.latest_run_id()
        reader.max_seq(rid)
        reader.raw_events(rid, 0, 1)
        return rid
    finally:
        reader.close()
