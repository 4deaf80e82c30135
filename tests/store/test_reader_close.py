"""Closing a reader while another thread's statement runs waits for it (a watch source is cancelled
mid-read: its worker thread goes on while the event loop closes the reader). Closing SQLite in
mid-statement crashes the process, so the race runs in a child process of its own."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from arena_tui.store.schema import STORE_FILENAME

N = 2_000_000
RACE = f"""
import sys, threading, time
from pathlib import Path
from arena_tui.store.reader import StoreReader

reader = StoreReader(Path(sys.argv[1]))
slow = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < {N}) SELECT x, 'row' || x FROM c"
result = []

def read():
    try:
        result.append(len(reader._rows(slow)))
    except Exception as exc:  # a close in mid-statement interrupts it
        result.append(type(exc).__name__)

worker = threading.Thread(target=read)
worker.start()
while not reader._lock.locked() and worker.is_alive():  # until the statement holds the connection
    time.sleep(0.001)
reader.close()
worker.join()
print(result)
"""


def test_close_waits_for_the_statement_in_flight(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / STORE_FILENAME).close()
    r = subprocess.run([sys.executable, "-c", RACE, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"the reader's process died (exit {r.returncode}): {r.stderr[-400:]}"
    assert r.stdout.strip() == f"[{N}]"  # the statement ran to its end: close waited instead of cutting it
