"""Running one round's exec check: a shell in a sandbox over the workspace, bounded in time.

Every check runs under bubblewrap like Bash: the workspace and the scenario's checks
folder read-only (the scenario folder too, only when the command names it), no dataset
or run-store mounts, no network, a minimal environment, the default resource caps and the
same unprivileged uid. Its PID namespace ends with its first process, so a ``setsid``
child holding stdout neither outlives the check nor turns an exit 0 into a timeout.
Hard links from the workspace to outside files are masked, symlinks to outside lead
nowhere, so a deliverable can never make the check read a file it should not. Without
bubblewrap (only with ``--unsafe-bash``) the check runs unsandboxed but with the minimal
environment and every process that carries its token killed at the end.

A timed-out check has its whole process tree killed and exit code ``TIMEOUT_EXIT`` (-101),
as in the compatible release; output is decoded with replacement so a binary blurt
never crashes grading.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from arena_tui.dataset.placeholders import substitute
from arena_tui.dataset.schema import EvalSpec
from arena_tui.runner.check_sandbox import check_launch
from arena_tui.runner.engine_host import EngineHost, engine_argv
from arena_tui.sandbox.bwrap import sandbox_mode, unsafe_launch
from arena_tui.sandbox.limits import DEFAULT_LIMITS, SandboxLimits, drops_privileges, sandbox_uid
from arena_tui.sandbox.ownership import settle
from arena_tui.sandbox.process import OUTPUT_CAP, ProcessResult, run_launch

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


async def run_check(
    spec: EvalSpec,
    placeholders: dict[str, str],
    workspace: Path,
    *,
    unsafe: bool = True,
    limits: SandboxLimits = DEFAULT_LIMITS,
    default_timeout_s: float | None = None,
    host: EngineHost | None = None,
) -> CheckOutcome:
    """Run ``spec.command`` sandboxed with placeholders substituted, cwd = ``workspace``.

    Under bubblewrap whenever it is usable. A run without it was only started because
    the operator passed ``--unsafe-bash`` (the orchestrator refuses otherwise), so then
    the check runs unsandboxed; ``unsafe=False`` refuses that fallback. With ``host``, a
    standard engine check runs in the scenario's resident engine sandbox (same walls, no
    cold start); anything else, or a host that cannot serve it, runs the cold path.
    """
    command = substitute(spec.command, placeholders)
    start = time.perf_counter()
    real = os.path.realpath(workspace)
    mode = sandbox_mode(unsafe)
    if mode == "unavailable":
        return CheckOutcome(command, -1, "", "check refused: bubblewrap is not available", False, 0.0, False)
    timeout = spec.timeout
    if default_timeout_s is not None and "timeout" not in spec.model_fields_set:
        timeout = default_timeout_s  # the run's check_timeout_s, for checks that name none
    argv = engine_argv(spec, command) if host is not None and mode == "bwrap" else None
    hosted = await host.run(spec, argv, timeout) if host is not None and argv is not None else None
    if hosted is not None:
        return _outcome(command, hosted, spec, start)
    if mode == "bwrap":
        try:
            launch = await asyncio.to_thread(check_launch, spec, command, placeholders, real, limits)
        except OverflowError as exc:
            return CheckOutcome(command, -1, "", f"check refused: {exc}", False, 0.0, False)
    else:
        uid = sandbox_uid(real)
        await asyncio.to_thread(settle, real, uid if drops_privileges() else None)
        launch = unsafe_launch(command, real, limits, uid)
    # The same bounded runner as Bash: own session, killed on timeout, output capped while read.
    return _outcome(command, await run_launch(launch, timeout, OUTPUT_CAP), spec, start)


def _outcome(command: str, result: ProcessResult, spec: EvalSpec, start: float) -> CheckOutcome:
    exit_code = TIMEOUT_EXIT if result.timed_out else result.returncode
    stdout = _decode(result.stdout, result.stdout_dropped)
    duration_ms = (time.perf_counter() - start) * 1000
    passed = not result.timed_out and judge(spec, exit_code, stdout)
    return CheckOutcome(
        command, exit_code, stdout, _decode(result.stderr, result.stderr_dropped), result.timed_out, duration_ms, passed
    )
