"""The exec check: placeholders, exit-code and stdout judging, timeouts that kill the process group."""

from __future__ import annotations

import time
from pathlib import Path

from arena_tui.dataset.schema import EvalSpec
from arena_tui.runner.checks import TIMEOUT_EXIT, run_check


async def test_passes_on_exit_code_and_stdout(tmp_path: Path) -> None:
    (tmp_path / "a b").mkdir()
    spec = EvalSpec(command="ls ${workspace} && echo total=42", expect_stdout=r"total=\d+", expect_stdout_regex=True)
    outcome = await run_check(spec, {"workspace": str(tmp_path)}, tmp_path)
    assert outcome.passed and outcome.exit_code == 0 and "a b" in outcome.stdout


async def test_wrong_exit_or_stdout_fails(tmp_path: Path) -> None:
    assert not (await run_check(EvalSpec(command="exit 3"), {}, tmp_path)).passed
    assert (await run_check(EvalSpec(command="exit 3", expect_exit=3), {}, tmp_path)).passed
    assert not (await run_check(EvalSpec(command="echo no", expect_stdout="yes"), {}, tmp_path)).passed


async def test_timeout_kills_the_group(tmp_path: Path) -> None:
    start = time.monotonic()
    outcome = await run_check(EvalSpec(command="sleep 30 & sleep 30; echo late", timeout=0.3), {}, tmp_path)
    assert outcome.timed_out and outcome.exit_code == TIMEOUT_EXIT and not outcome.passed
    assert time.monotonic() - start < 5 and "late" not in outcome.stdout


async def test_output_is_capped(tmp_path: Path) -> None:
    outcome = await run_check(EvalSpec(command="head -c 200000 /dev/zero | tr '\\0' x"), {}, tmp_path)
    assert outcome.passed and "more bytes truncated" in outcome.stdout and len(outcome.stdout) < 70_000
