"""Run one command as an async subprocess: own process group, capped output, hard timeout.

Output beyond the cap is read and dropped rather than buffered, so a command that
prints gigabytes costs no memory; the caller is told how many bytes were cut. On
timeout (or cancellation) the whole process group is killed, which also ends the
bubblewrap namespace and everything in it (a process that left the group with
``setsid`` dies with the PID namespace). Without bubblewrap, the command's environment
carries a random token and every process still holding it is killed at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arena_tui.sandbox.bwrap import Launch

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


async def _exited(proc: asyncio.subprocess.Process) -> None:
    """Return once the process itself has exited.

    ``Process.wait`` also waits for its pipes to close, which a stray child that kept
    stdout open delays forever; so the exit status is polled as well.
    """
    waiter = asyncio.ensure_future(proc.wait())
    try:
        while proc.returncode is None:
            done, _ = await asyncio.wait({waiter}, timeout=0.05)
            if done:
                return
    finally:
        waiter.cancel()


def release(proc: asyncio.subprocess.Process) -> None:
    """Close the process's pipes now, while the loop still runs.

    A pipe closes by itself once its end-of-file is read, which takes one more turn of the loop;
    a run that stops at once (a full disk, an interrupt) may close the loop first, and the pipe is
    then closed by the garbage collector, which prints "Exception ignored … Event loop is closed".
    asyncio keeps the process's transport private; closing it is how its pipes are freed.
    """
    transport = getattr(proc, "_transport", None)
    if transport is not None:
        transport.close()


def _kill_group(proc: asyncio.subprocess.Process, token: str | None = None) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    if token is not None:
        kill_marked(token)


async def run_capped(
    argv: list[str],
    timeout_s: float,
    cap: int = OUTPUT_CAP,
    cwd: str | None = None,
    env: dict[str, str] | None = None,
    pass_fds: tuple[int, ...] = (),
    kill_token: str | None = None,
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
        pass_fds=pass_fds,
    )
    readers = asyncio.gather(_drain(proc.stdout, cap), _drain(proc.stderr, cap))
    timed_out = False
    # asyncio.timeout, not wait_for: in 3.11 wait_for can swallow an outer cancellation
    # (a round or scenario deadline) when the command ends at the same moment.
    try:
        async with asyncio.timeout(timeout_s):
            await _exited(proc)
    except TimeoutError:
        timed_out = True
        _kill_group(proc, kill_token)
        await proc.wait()
    except asyncio.CancelledError:
        _kill_group(proc, kill_token)
        readers.cancel()
        readers.add_done_callback(lambda f: f.cancelled() or f.exception())  # retrieved: no "never retrieved" log
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(proc.wait(), 5)  # reaped now, not by a loop that may be closed by then
        release(proc)
        raise
    # Grandchildren that kept the pipes open die with the group (or carry the token).
    _kill_group(proc, kill_token)
    try:
        async with asyncio.timeout(5):
            (out, out_drop), (err, err_drop) = await readers
    except TimeoutError:
        out, out_drop, err, err_drop = b"", 0, b"", 0
    except asyncio.CancelledError:
        readers.cancel()
        release(proc)
        raise
    release(proc)
    rc = proc.returncode if proc.returncode is not None else -9
    return ProcessResult(rc, out, err, out_drop, err_drop, timed_out)


def kill_marked(token: str) -> int:
    """SIGKILL every process whose environment holds ``token``; returns how many."""
    needle = token.encode()
    killed = 0
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as fh:
                if needle not in fh.read():
                    continue
            os.kill(int(name), signal.SIGKILL)
            killed += 1
        except OSError:
            continue
    return killed


async def run_launch(launch: Launch, timeout_s: float, cap: int = OUTPUT_CAP) -> ProcessResult:
    """Run a prepared :class:`~arena_tui.sandbox.bwrap.Launch`; its descriptors are closed after.

    Raises:
        OSError: the executable could not be started.
    """
    try:
        return await run_capped(
            launch.argv, timeout_s, cap, launch.cwd, launch.env, tuple(launch.fds), launch.kill_token
        )
    finally:
        launch.close()
