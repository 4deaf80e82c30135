"""The SQLite schema of the run store, versioned, with one migration step per version."""

from __future__ import annotations

import sqlite3

STORE_FILENAME = "arena.sqlite"
SCHEMA_VERSION = 1

# Each entry migrates from version i to i + 1; a fresh database runs them all in order.
MIGRATIONS: list[str] = [
    """
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
    """,
]


def migrate(conn: sqlite3.Connection) -> None:
    """Bring ``conn`` to :data:`SCHEMA_VERSION` (a no-op when it is already there)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise RuntimeError(f"store schema version {version} is newer than this program ({SCHEMA_VERSION})")
    for target in range(version, SCHEMA_VERSION):
        with conn:
            conn.executescript(MIGRATIONS[target])
            conn.execute(f"PRAGMA user_version = {target + 1}")


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
