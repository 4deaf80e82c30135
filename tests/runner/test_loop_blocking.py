"""The runner never does blocking file or process work on the event loop the UI and scenarios share.

A Python audit hook sees every file open, copy, removal, listing and process start of
the process together with the thread it runs in. While a multi-scenario run is going,
any such operation on the loop's own thread whose nearest arena caller is the runner
(scenario, orchestrator, checks, exports, transcripts, store, report) is a callback that
blocks the loop for as long as the disk or the process takes: the test lists them all.
asyncio's own subprocess start (``create_subprocess_exec``) is the non-blocking API and
is not counted. No clock is read: the verdict does not depend on how loaded the machine is.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from tests.runner.helpers import run_plan

ROOT = str(Path(__file__).resolve().parents[2] / "arena_tui") + "/"
BLOCKING = frozenset(
    {
        "open",
        "shutil.rmtree",
        "shutil.copytree",
        "shutil.copyfile",
        "shutil.move",
        "os.remove",
        "os.rename",
        "os.replace",
        "os.mkdir",
        "os.rmdir",
        "os.listdir",
        "os.scandir",
        "os.walk",
        "os.fwalk",
        "os.chown",
        "os.truncate",
        "os.link",
        "os.symlink",
        "sqlite3.connect",
        "subprocess.Popen",
    }
)
RUNNER = ("runner/", "agents/transcripts.py", "store/", "scoring/report.py")
OTHERS = ("tools/", "agents/", "providers/", "tui/", "commands/")


def owner(frame: FrameType | None) -> str | None:
    """``file:line function`` of the runner code that caused the call, None when it is not the runner's.

    Helpers (sandbox, dataset, errors) are looked through to their caller; an asyncio
    frame on the way means asyncio itself did it (its subprocess start, its executors).
    """
    while frame is not None:
        name = frame.f_code.co_filename
        if "/asyncio/" in name:
            return None
        if name.startswith(ROOT):
            rel = name[len(ROOT) :]
            if rel.startswith(RUNNER):
                return f"{rel}:{frame.f_lineno} {frame.f_code.co_name}"
            if rel.startswith(OTHERS):
                return None
        frame = frame.f_back
    return None


class LoopWatch:
    def __init__(self) -> None:
        self.thread: int | None = None
        self.found: dict[tuple[str, str], int] = {}

    def __call__(self, event: str, _args: tuple[Any, ...]) -> None:
        if self.thread is None or event not in BLOCKING or threading.get_ident() != self.thread:
            return
        if asyncio._get_running_loop() is None:  # before or after the run: nothing shares the thread then
            return
        where = owner(sys._getframe(1))
        if where is not None:
            self.found[(event, where)] = self.found.get((event, where), 0) + 1


WATCH = LoopWatch()
sys.addaudithook(WATCH)  # hooks cannot be removed: it stays inert outside watching()


@contextmanager
def watching() -> Iterator[LoopWatch]:
    WATCH.found = {}
    WATCH.thread = threading.get_ident()  # asyncio.run runs the loop in this thread
    try:
        yield WATCH
    finally:
        WATCH.thread = None


def listed(found: dict[tuple[str, str], int]) -> str:
    return "\n".join(f"{count:4d} x {event:18} {where}" for (event, where), count in sorted(found.items()))


def test_a_multi_scenario_run_does_no_blocking_file_or_process_work_on_the_loop(tmp_path: Path) -> None:
    with watching() as watch:
        outcome = run_plan(tmp_path / "out", concurrency=2)
    assert len(outcome.scores.scenarios) == 2 and outcome.report is not None
    assert not watch.found, "blocking calls on the event loop:\n" + listed(watch.found)


def test_the_watch_sees_runner_file_work_done_on_the_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same run with the runner's worker threads replaced by direct calls is caught."""

    async def inline(func: Any, /, *args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    monkeypatch.setattr(asyncio, "to_thread", inline)  # the scenario runner calls it through the module
    with watching() as watch:
        run_plan(tmp_path / "out", only=["s_demo_supplier_shortfall_claim"])
    events = {event for event, _where in watch.found}
    assert {"shutil.copytree", "shutil.rmtree"} <= events, listed(watch.found)
    assert any(where.startswith("runner/scenario.py") for _event, where in watch.found)
