"""Watch-style readers polling the store while another process writes a run.

An oracle run of the committed demo dataset runs in a subprocess; three reader threads
each open their own ``StoreReader`` and poll ``events(run_id, after_seq)``. Each must see a
gap-free increasing ``seq`` sequence that ends at the final max seq, and none may crash
(a ``database is locked`` error would be a bug).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from arena_tui.errors import BadInputError
from arena_tui.store import StoreReader
from tests.reliability.common import TALLY, assert_nothing_lost
from tests.runner.helpers import ROOT

READERS = 3
DEADLINE_S = 90.0


class Follower(threading.Thread):
    def __init__(self, out: Path, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.out = out
        self.stop = stop
        self.seqs: list[int] = []
        self.polls = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            reader = self._open()
            try:
                run_id = reader.latest_run_id()
                after = 0
                end = time.monotonic() + DEADLINE_S
                while time.monotonic() < end:
                    finishing = self.stop.is_set()  # read before polling: one more full poll after the end
                    batch = reader.events(run_id, after, 200)
                    self.polls += 1
                    self.seqs += [e.seq for e in batch]
                    if batch:
                        after = batch[-1].seq
                    elif finishing:
                        return
                    else:
                        time.sleep(0.002)
            finally:
                reader.close()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _open(self) -> StoreReader:
        end = time.monotonic() + DEADLINE_S
        while True:
            try:
                reader = StoreReader(self.out)
                reader.latest_run_id()
                return reader
            except BadInputError:  # not created yet, or no run row yet
                if time.monotonic() > end:
                    raise
                time.sleep(0.005)


def test_readers_follow_a_writing_run(demo_dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    stop = threading.Event()
    followers = [Follower(out, stop) for _ in range(READERS)]
    for f in followers:
        f.start()
    cmd = [sys.executable, "-m", "arena_tui", "run", "-d", str(demo_dataset), "--model", "oracle", "-o", str(out)]
    try:
        done = subprocess.run([*cmd, "--headless"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    finally:
        stop.set()
        for f in followers:
            f.join(30)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    reader = StoreReader(out)
    final = reader.max_seq(reader.latest_run_id())
    reader.close()
    for f in followers:
        assert not f.is_alive(), "a reader did not finish"
        assert f.error is None, repr(f.error)
        assert f.seqs == list(range(1, final + 1)), (f.seqs[:5], f.seqs[-5:], final)
        TALLY["reader_polls"] += f.polls
    assert sum(f.polls for f in followers) > READERS  # they really polled while the run wrote
    from arena_tui.dataset.loader import load_dataset

    dataset = load_dataset(demo_dataset, None, None)
    assert_nothing_lost(out, {s.id: [r.id for r in s.rounds] for s in dataset.scenarios}, done.stderr)
