"""Closing a reader while another thread's statement runs waits for it (a watch source is cancelled
mid-read: its worker thread goes on while the event loop closes the reader)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from arena_tui.store.reader import StoreReader
from arena_tui.store.schema import STORE_FILENAME

N = 2_000_000
SLOW = f"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < {N}) SELECT x, 'row' || x FROM c"


def test_close_waits_for_the_statement_in_flight(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / STORE_FILENAME).close()
    reader = StoreReader(tmp_path)
    result: list[object] = []
    started = threading.Event()

    def read() -> None:
        started.set()
        try:
            result.append(len(reader._rows(SLOW)))
        except Exception as exc:  # a close in mid-statement interrupts it
            result.append(exc)

    worker = threading.Thread(target=read)
    worker.start()
    started.wait()
    time.sleep(0.05)  # the statement is running
    reader.close()
    assert result == [N]  # close returned only after the statement had finished
    worker.join()
