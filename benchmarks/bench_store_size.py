"""Store size of a one-scenario run: as stored now, and the same events as schema version 1 stored them.

.venv/bin/python -m benchmarks.bench_store_size [-t SCENARIO] [--dataset DIR]

Runs the scenario with the oracle manager and the simulated pool (headless, offline), then
prints the store's bytes (``page_count * page_size`` less free pages, and the file itself),
the bytes per table, and the same events written whole as version 1 did, before and after
that old store's in-place migration.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sqlite3
import tempfile
from pathlib import Path

from arena_tui.cli import main as cli_main
from arena_tui.store import StoreReader
from arena_tui.store.schema import STORE_FILENAME, connect
from benchmarks._machine import machine_info
from tests.store.v1_store import store_bytes, write_v1_store


def _tables(path: Path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC").fetchall()
    except sqlite3.Error:
        return "(this SQLite has no dbstat)"
    finally:
        conn.close()
    return ", ".join(f"{name} {size:,}" for name, size in rows if size > 4096)


def _checkpointed(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-t", "--scenario", default="s_demo_treatment_room_fridge")
    parser.add_argument("--dataset", default="data/clawarena-team")
    args = parser.parse_args()
    print(machine_info())
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        argv = ["run", "-d", args.dataset, "-t", args.scenario, "--model", "oracle", "-o", str(out), "--headless"]
        with contextlib.redirect_stdout(io.StringIO()):
            code = cli_main(argv)
        if code != 0:
            raise SystemExit(f"the run of {args.scenario} failed (exit {code})")
        reader = StoreReader(out)
        try:
            events = list(reader.iter_events(reader.latest_run_id()))
        finally:
            reader.close()
        old = write_v1_store(Path(tmp) / "v1", events)
        new = out / STORE_FILENAME
        now, before = store_bytes(new), store_bytes(old)
        print(f"{args.scenario}: {len(events)} events")
        print(f"store now: {now:,} bytes in pages, {_checkpointed(new):,} bytes file ({_tables(new)})")
        print(f"same events as version 1 stored them: {before:,} bytes in pages, {_checkpointed(old):,} bytes file")
        print(f"  ({_tables(old)})")
        print(f"smaller by {100 * (1 - now / before):.1f} %")
        connect(str(old)).close()  # the in-place migration `resume` runs on an old store
        print(f"the version 1 store migrated in place: {store_bytes(old):,} bytes in pages (its file keeps free pages)")


if __name__ == "__main__":
    main()
