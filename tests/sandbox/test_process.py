"""A command's pipes are closed by the time it is done with, finished or cancelled.

Left to close when their end-of-file is read, they can outlive a loop that a stopped run closes at
once; the garbage collector then closes them and prints "Exception ignored … Event loop is closed".
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from arena_tui.sandbox import process


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[asyncio.subprocess.Process]:
    """The processes ``run_capped`` starts, in order."""
    made: list[asyncio.subprocess.Process] = []
    spawn = asyncio.create_subprocess_exec

    async def recording(*argv: Any, **kwargs: Any) -> asyncio.subprocess.Process:
        proc = await spawn(*argv, **kwargs)
        made.append(proc)
        return proc

    monkeypatch.setattr(asyncio, "create_subprocess_exec", recording)
    return made


def _closed(proc: asyncio.subprocess.Process) -> bool:
    transport = proc._transport  # type: ignore[attr-defined]
    return bool(transport.is_closing())


async def test_a_finished_command_leaves_no_pipe_open(started: list[asyncio.subprocess.Process]) -> None:
    result = await process.run_capped([sys.executable, "-c", "print('out')"], timeout_s=30)
    assert result.returncode == 0 and result.stdout == b"out\n"
    assert _closed(started[0])


async def test_a_cancelled_command_is_killed_and_leaves_no_pipe_open(
    started: list[asyncio.subprocess.Process],
) -> None:
    task = asyncio.create_task(
        process.run_capped([sys.executable, "-c", "import time; print('up', flush=True); time.sleep(60)"], 90)
    )
    while not started:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert started[0].returncode is not None
    assert _closed(started[0])


# The command leaves a child in its own session holding stdout open: the command exits, its group is
# killed, and the pipe stays open; only closing it ourselves closes it.
_DETACHED = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    open(sys.argv[1], "w").write(str(os.getpid()))
    time.sleep(60)
    os._exit(0)
time.sleep(0.5)
"""


async def test_a_pipe_held_open_by_a_detached_child_is_closed_all_the_same(
    started: list[asyncio.subprocess.Process], tmp_path: Path
) -> None:
    pid_file = tmp_path / "child.pid"
    try:
        result = await process.run_capped([sys.executable, "-c", _DETACHED, str(pid_file)], timeout_s=30)
        assert result.returncode == 0
        assert _closed(started[0])
    finally:
        if pid_file.exists():
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid_file.read_text()), signal.SIGKILL)
