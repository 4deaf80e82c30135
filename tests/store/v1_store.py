"""A run store in the layout of schema version 1 (every event whole in ``events.data``).

What the writer of version 1 wrote: its tables (``V1_TABLES``), one row per event holding
``event.model_dump_json()``, the run and scenario rows, ``user_version`` 1. The migration
tests upgrade such a store, and ``benchmarks/bench_store_size.py`` measures what the same
events cost in that layout.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from arena_tui import events as ev
from arena_tui.store.schema import STORE_FILENAME, V1_TABLES


def write_v1_store(out: Path, events: Iterable[ev.Event]) -> Path:
    """``out/arena.sqlite`` holding ``events`` (stamped) as the version 1 writer stored them."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / STORE_FILENAME
    conn = sqlite3.connect(path)
    try:
        conn.executescript(V1_TABLES)
        for e in events:
            conn.execute(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
                (e.run_id, e.seq, e.kind, e.scenario_id, e.agent_id, e.ts, e.model_dump_json()),
            )
            if isinstance(e, ev.RunStarted):
                conn.execute(
                    "INSERT OR IGNORE INTO runs (run_id, created_ts, dataset, manager, pool, settings) "
                    "VALUES (?,?,?,?,?,?)",
                    (e.run_id, e.ts, e.dataset, e.manager, json.dumps(e.pool), json.dumps(e.settings)),
                )
            elif isinstance(e, ev.RunFinished):
                conn.execute("UPDATE runs SET status = ?, finished_ts = ? WHERE run_id = ?", (e.status, e.ts, e.run_id))
            elif isinstance(e, ev.ScenarioStarted):
                conn.execute(
                    "INSERT OR REPLACE INTO scenarios VALUES (?, ?, ?, 'running', '', ?, NULL)",
                    (e.run_id, e.scenario_id, e.attempt, e.seq),
                )
            elif isinstance(e, ev.ScenarioFinished):
                conn.execute(
                    "UPDATE scenarios SET status = ?, reason = ?, last_seq = ? WHERE run_id = ? AND scenario_id = ?",
                    (e.status, e.reason, e.seq, e.run_id, e.scenario_id),
                )
        conn.execute("PRAGMA user_version = 1")
        conn.commit()
    finally:
        conn.close()
    return path


def store_bytes(path: Path) -> int:
    """The bytes the store's pages take (``page_count * page_size``, free pages left out)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        pages, free, size = (
            conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_count", "freelist_count", "page_size")
        )
        return int((pages - free) * size)
    finally:
        conn.close()
