"""Run one command as an async subprocess: own process group, capped output, hard timeout.

Output beyond the cap is read and dropped rather than buffered, so a command that
prints gigabytes costs no memory; the caller is told how many bytes were cut. On
timeout (or cancellation) the whole process group is killed, which also ends the
bubblewrap namespace and everything in it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from dataclasses import dataclass

OUTPUT_CAP = 64 * 1024


@dataclass(frozen=True)
class ProcessResult:
    """What a finished (or killed) command left behind."""

    returncode: int
    stdout: bytes
    stderr: bytes
    stdout_dropped: int = 0
    stderr_dropped: int = 0
    timed_out: bool = False


async def _drain(stream: asyncio.StreamReader | None, cap: int) -> tuple[bytes, int]:
    if stream is None:
        return b"", 0
    kept = bytearray()
    dropped = 0
    while True:
        chunk = await stream.read(65536)
        if not chunk:
            return bytes(kept), dropped
        room = cap - len(kept)
        if room > 0:
            kept += chunk[:room]
        dropped += max(0, len(chunk) - max(room, 0))


def _kill_group(proc: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


async def run_capped(
    argv: list[str],
    timeout_s: float,
    cap: int = OUTPUT_CAP,
    cwd: str | None = None,
    env: dict[str, str] | None = None,
) -> ProcessResult:
    """Run ``argv``; kill its process group after ``timeout_s`` seconds.

    Raises:
        OSError: the executable could not be started.
    """
    proc = await asyncio.create_subprocess_exec(
        *argv,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
        cwd=cwd,
        env=env,
    )
    readers = asyncio.gather(_drain(proc.stdout, cap), _drain(proc.stderr, cap))
    timed_out = False
    try:
        await asyncio.wait_for(proc.wait(), timeout_s)
    except TimeoutError:
        timed_out = True
        _kill_group(proc)
        await proc.wait()
    except asyncio.CancelledError:
        _kill_group(proc)
        readers.cancel()
        readers.add_done_callback(lambda f: f.cancelled() or f.exception())  # retrieved: no "never retrieved" log
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(proc.wait(), 5)  # reaped now, not by a loop that may be closed by then
        raise
    # Grandchildren that kept the pipes open die with the group.
    _kill_group(proc)
    try:
        (out, out_drop), (err, err_drop) = await asyncio.wait_for(readers, 5)
    except TimeoutError:
        out, out_drop, err, err_drop = b"", 0, b"", 0
    rc = proc.returncode if proc.returncode is not None else -9
    return ProcessResult(rc, out, err, out_drop, err_drop, timed_out)
