"""Running one round's exec check: an async shell subprocess in the workspace, bounded in time.

A timed-out check has its whole process group killed and exit code ``TIMEOUT_EXIT`` (-101),
as in the compatible release; output is decoded with replacement so a binary blurt
never crashes grading.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from arena_tui.dataset.placeholders import substitute
from arena_tui.dataset.schema import EvalSpec

TIMEOUT_EXIT = -101
OUTPUT_CAP = 64 * 1024


@dataclass(frozen=True)
class CheckOutcome:
    command: str
    exit_code: int
    stdout: str
    stderr: str
    timed_out: bool
    duration_ms: float
    passed: bool


def _decode(data: bytes) -> str:
    text = data.decode("utf-8", errors="replace")
    return text if len(text) <= OUTPUT_CAP else text[:OUTPUT_CAP] + "\n[… output truncated]"


def judge(spec: EvalSpec, exit_code: int, stdout: str) -> bool:
    """Pass when the exit code matches and, if set, stdout contains (or regex-matches) ``expect_stdout``."""
    if exit_code != spec.expect_exit:
        return False
    if spec.expect_stdout is None:
        return True
    if spec.expect_stdout_regex:
        return re.search(spec.expect_stdout, stdout) is not None
    return spec.expect_stdout in stdout


async def run_check(spec: EvalSpec, placeholders: dict[str, str], workspace: Path) -> CheckOutcome:
    """Run ``spec.command`` with placeholders substituted, cwd = ``workspace``."""
    command = substitute(spec.command, placeholders)
    start = time.perf_counter()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    proc = await asyncio.create_subprocess_shell(
        command,
        cwd=workspace,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
        env=env,
    )
    timed_out = False
    try:
        out, err = await asyncio.wait_for(proc.communicate(), spec.timeout)
    except TimeoutError:
        timed_out = True
        _kill_group(proc.pid)
        out, err = b"", b""
        with contextlib.suppress(TimeoutError):
            out, err = await asyncio.wait_for(proc.communicate(), 5)
    except asyncio.CancelledError:
        _kill_group(proc.pid)
        raise
    exit_code = TIMEOUT_EXIT if timed_out else (proc.returncode if proc.returncode is not None else TIMEOUT_EXIT)
    stdout = _decode(out)
    duration_ms = (time.perf_counter() - start) * 1000
    passed = not timed_out and judge(spec, exit_code, stdout)
    return CheckOutcome(command, exit_code, stdout, _decode(err), timed_out, duration_ms, passed)


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
