"""Running one round's exec check: an async shell subprocess in the workspace, bounded in time.

A timed-out check has its whole process group killed and exit code ``TIMEOUT_EXIT`` (-101),
as in the compatible release; output is decoded with replacement so a binary blurt
never crashes grading.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from arena_tui.dataset.placeholders import substitute
from arena_tui.dataset.schema import EvalSpec
from arena_tui.sandbox.process import OUTPUT_CAP, run_capped

TIMEOUT_EXIT = -101


@dataclass(frozen=True)
class CheckOutcome:
    command: str
    exit_code: int
    stdout: str
    stderr: str
    timed_out: bool
    duration_ms: float
    passed: bool


def _decode(data: bytes, dropped: int) -> str:
    text = data.decode("utf-8", errors="replace")
    return text + f"\n[… {dropped} more bytes truncated]" if dropped else text


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
    """Run ``spec.command`` in a shell with placeholders substituted, cwd = ``workspace``."""
    command = substitute(spec.command, placeholders)
    start = time.perf_counter()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    # The same bounded runner as Bash: own process group, killed on timeout, output capped while read.
    result = await run_capped(["/bin/sh", "-c", command], spec.timeout, OUTPUT_CAP, cwd=str(workspace), env=env)
    exit_code = TIMEOUT_EXIT if result.timed_out else result.returncode
    stdout = _decode(result.stdout, result.stdout_dropped)
    duration_ms = (time.perf_counter() - start) * 1000
    passed = not result.timed_out and judge(spec, exit_code, stdout)
    return CheckOutcome(
        command, exit_code, stdout, _decode(result.stderr, result.stderr_dropped), result.timed_out, duration_ms, passed
    )
