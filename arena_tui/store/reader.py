"""Read side of the store: runs, scenarios and events by ``seq`` (replay, watch, rescore, resume).

Readers open the database read-only, so they can follow a run another process is writing.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from arena_tui import events as ev
from arena_tui.errors import BadInputError
from arena_tui.store.schema import STORE_FILENAME, connect


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
    """A read-only view of one store file."""

    def __init__(self, out: Path) -> None:
        self.path = store_path(out)
        try:
            self._conn = connect(str(self.path), readonly=True)
        except sqlite3.Error as exc:
            raise BadInputError(f"cannot open run store '{self.path}': {exc}") from None

    def close(self) -> None:
        self._conn.close()

    def runs(self) -> list[RunRow]:
        try:
            rows = self._conn.execute(
                "SELECT run_id, created_ts, dataset, manager, pool, status, finished_ts FROM runs ORDER BY created_ts"
            ).fetchall()
        except sqlite3.OperationalError as exc:
            if "no such table" not in str(exc):
                raise
            return []  # the writer has created the file but not the tables yet (a watcher came early)
        return [RunRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6]) for r in rows]

    def latest_run_id(self) -> str:
        runs = self.runs()
        if not runs:
            raise BadInputError(f"run store '{self.path}' holds no run yet")
        return runs[-1].run_id

    def run_settings(self, run_id: str) -> dict[str, object]:
        row = self._conn.execute("SELECT settings FROM runs WHERE run_id = ?", (run_id,)).fetchone()
        return dict(json.loads(row[0])) if row else {}

    def scenarios(self, run_id: str) -> list[ScenarioRow]:
        rows = self._conn.execute(
            "SELECT scenario_id, attempt, status, reason, first_seq, last_seq FROM scenarios "
            "WHERE run_id = ? ORDER BY first_seq",
            (run_id,),
        ).fetchall()
        return [ScenarioRow(*r) for r in rows]

    def count(self, run_id: str) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM events WHERE run_id = ?", (run_id,)).fetchone()[0])

    def max_seq(self, run_id: str) -> int:
        row = self._conn.execute("SELECT MAX(seq) FROM events WHERE run_id = ?", (run_id,)).fetchone()
        return int(row[0] or 0)

    def raw_events(self, run_id: str, after_seq: int = 0, limit: int | None = None) -> list[str]:
        """Event JSON strings with ``seq > after_seq`` in order (cheap: no parsing)."""
        sql = "SELECT data FROM events WHERE run_id = ? AND seq > ? ORDER BY seq"
        params: tuple[object, ...] = (run_id, after_seq)
        if limit is not None:
            sql += " LIMIT ?"
            params = (*params, limit)
        return [r[0] for r in self._conn.execute(sql, params)]

    def events(self, run_id: str, after_seq: int = 0, limit: int | None = None) -> list[ev.Event]:
        return [ev.event_from_json(data) for data in self.raw_events(run_id, after_seq, limit)]

    def iter_events(self, run_id: str, batch: int = 5000) -> Iterator[ev.Event]:
        after = 0
        while True:
            chunk = self.events(run_id, after, batch)
            if not chunk:
                return
            yield from chunk
            after = chunk[-1].seq

    def integrity_ok(self) -> bool:
        return bool(self._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
