"""The SQLite schema of the run store, versioned, with one migration step per version."""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from pathlib import Path

from arena_tui.errors import BadInputError
from arena_tui.store.texts import MIN_EVENT, split_event

STORE_FILENAME = "arena.sqlite"
SCHEMA_VERSION = 2

V1_TABLES = """
    CREATE TABLE runs (
        run_id      TEXT PRIMARY KEY,
        created_ts  REAL NOT NULL,
        dataset     TEXT NOT NULL,
        manager     TEXT NOT NULL,
        pool        TEXT NOT NULL,          -- JSON {key: model name}
        settings    TEXT NOT NULL,          -- JSON, never holds an API key
        status      TEXT NOT NULL DEFAULT 'running',
        finished_ts REAL
    );
    CREATE TABLE scenarios (
        run_id      TEXT NOT NULL REFERENCES runs(run_id),
        scenario_id TEXT NOT NULL,
        attempt     INTEGER NOT NULL,
        status      TEXT NOT NULL,
        reason      TEXT NOT NULL DEFAULT '',
        first_seq   INTEGER NOT NULL,
        last_seq    INTEGER,
        PRIMARY KEY (run_id, scenario_id, attempt)
    );
    CREATE TABLE events (
        run_id      TEXT NOT NULL,
        seq         INTEGER NOT NULL,
        kind        TEXT NOT NULL,
        scenario_id TEXT,
        agent_id    TEXT,
        ts          REAL NOT NULL,
        data        TEXT NOT NULL,          -- the event as JSON
        PRIMARY KEY (run_id, seq)
    ) WITHOUT ROWID;
    CREATE INDEX events_round ON events(run_id, kind, seq) WHERE kind IN ('round_started', 'scenario_started');
    """


def _texts_once(conn: sqlite3.Connection) -> None:
    """Version 2: long values of events kept once in ``texts`` (store/texts.py); stored events are split too."""
    conn.execute(
        "CREATE TABLE texts (sha256 TEXT PRIMARY KEY, body TEXT NOT NULL)"  # body: the JSON of one value
    )
    conn.execute("ALTER TABLE events ADD COLUMN texts TEXT")  # JSON {field: sha256} of the values kept in texts
    long = "SELECT run_id, seq FROM events WHERE length(data) >= ?"
    for run_id, seq in conn.execute(long, (MIN_EVENT,)).fetchall():  # keys only: one event's text at a time
        (data,) = conn.execute("SELECT data FROM events WHERE run_id = ? AND seq = ?", (run_id, seq)).fetchone()
        try:
            split = split_event(data)
        except ValueError:  # not JSON: kept as it is, and reading it fails as it did before
            continue
        if split.refs is None:
            continue
        conn.executemany("INSERT OR IGNORE INTO texts VALUES (?, ?)", split.texts.items())
        conn.execute(
            "UPDATE events SET data = ?, texts = ? WHERE run_id = ? AND seq = ?", (split.data, split.refs, run_id, seq)
        )


# Each entry migrates from version i to i + 1; a fresh database runs them all in order. A string
# is one SQL script; a function runs inside one transaction with the version bump (all or nothing).
MIGRATIONS: list[str | Callable[[sqlite3.Connection], None]] = [V1_TABLES, _texts_once]


class StoreError(BadInputError):
    """A run store that cannot be read or written: damaged, not a store, or its disk is full."""


FULL_MARKERS = ("database or disk is full", "no space left", "disk quota")


def is_disk_full(exc: BaseException) -> bool:
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    return any(marker in str(exc).lower() for marker in FULL_MARKERS)


def damaged_store(path: Path | str, exc: BaseException) -> StoreError:
    """The one-line error for a store file that SQLite cannot use as a run store."""
    if is_disk_full(exc):
        return write_failed(path, exc)
    if "locked" in str(exc) or "busy" in str(exc):
        return StoreError(
            f"run store '{path}' is locked ({exc})", fix="wait for the process writing it, then try again"
        )
    return StoreError(
        f"run store '{path}' is damaged or is not a run store ({exc})",
        fix="restore arena.sqlite from a backup, or move it aside and start again with `clawarena-team run`",
    )


def write_failed(path: Path | str, exc: BaseException) -> StoreError:
    """The one-line error for a store write that failed (full disk, I/O error, a second writer)."""
    out = Path(path).parent
    detail = getattr(exc, "strerror", None) or str(exc)
    if is_disk_full(exc):
        fix = f"free space on that disk, then continue with `clawarena-team resume {out}`"
    else:
        fix = f"check the disk and that no other process writes {out}, then `clawarena-team resume {out}`"
    return StoreError(f"cannot write the run store '{path}': {detail}; what was stored before is kept", fix=fix)


def migrate(conn: sqlite3.Connection) -> None:
    """Bring ``conn`` to :data:`SCHEMA_VERSION` (a no-op when it is already there)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise RuntimeError(f"store schema version {version} is newer than this program ({SCHEMA_VERSION})")
    for target in range(version, SCHEMA_VERSION):
        step = MIGRATIONS[target]
        if isinstance(step, str):
            with conn:
                conn.executescript(step)
                conn.execute(f"PRAGMA user_version = {target + 1}")
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            step(conn)
            conn.execute(f"PRAGMA user_version = {target + 1}")
            conn.commit()
        except BaseException:
            conn.rollback()
            raise


def connect(path: str, readonly: bool = False) -> sqlite3.Connection:
    """A connection in WAL mode; writers migrate, readers only open."""
    uri = f"file:{path}?mode=ro" if readonly else f"file:{path}"
    conn = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=30)
    conn.execute("PRAGMA busy_timeout = 30000")
    if not readonly:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        migrate(conn)
    return conn
