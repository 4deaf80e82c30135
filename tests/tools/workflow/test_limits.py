"""Limits and failures: every one ends in a failed WorkflowResult with a readable error."""

from __future__ import annotations

import asyncio

import pytest

from arena_tui.tools.workflow import run_workflow
from tests.tools.workflow.fakes import DEFINE, FakeHost


async def test_concurrency_cap_is_respected() -> None:
    host = FakeHost(default_delay=0.05)
    script = (
        DEFINE + "return await parallel(Array.from({length: 12}, (_, i) => () => agent('p' + i, {agentType: worker})));"
    )
    result = await run_workflow(script, None, host, max_concurrency=3)
    assert result.status == "completed", result.error
    assert len(result.value) == 12
    assert host.max_in_flight == 3


async def test_too_many_agent_calls_fails() -> None:
    script = (
        DEFINE
        + "for (let i = 0; i < 6; i++) {\n  try { agent('x' + i, {agentType: worker}); } catch (e) {}\n}\nreturn 1;"
    )
    result = await run_workflow(script, None, FakeHost(), max_agent_calls=5)
    assert result.status == "failed"
    assert "too many agent() calls" in result.error
    assert "5" in result.error


async def test_infinite_loop_is_stopped_and_loop_stays_responsive() -> None:
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.02)
            ticks += 1

    task = asyncio.create_task(ticker())
    result = await run_workflow("let i = 0;\nwhile (true) { i++; }", None, FakeHost(), cpu_time_limit_s=1.0)
    task.cancel()
    assert result.status == "failed"
    assert "CPU time limit" in result.error
    # The asyncio loop kept running while JS spun: the ticker got turns during the run (a
    # blocked loop would give it none before the script ended). No wall-clock bound: CI is busy.
    assert ticks >= 3


async def test_cpu_limit_is_a_budget_across_steps() -> None:
    host = FakeHost(default_delay=0.01)
    script = DEFINE + (
        "for (let k = 0; k < 100; k++) {\n"
        "  await agent('a' + k, {agentType: worker});\n"
        "  let s = 0; for (let i = 0; i < 2e6; i++) s += i;\n}"
    )
    result = await run_workflow(script, None, host, cpu_time_limit_s=0.3)
    assert result.status == "failed"
    assert "CPU time limit" in result.error
    assert result.agent_calls < 100


async def test_memory_bomb_fails_cleanly() -> None:
    script = "const a = [];\nwhile (true) a.push(new Array(100000).fill(1.5));"
    result = await run_workflow(script, None, FakeHost(), memory_limit_bytes=16 * 2**20)
    assert result.status == "failed"
    assert "memory limit exceeded" in result.error


async def test_syntax_error_names_the_line() -> None:
    result = await run_workflow("const a = 1;\nconst b = (2 +;\nreturn b;", None, FakeHost())
    assert result.status == "failed"
    assert result.error.startswith("SyntaxError")
    assert "(line 2" in result.error


async def test_thrown_error_names_the_line() -> None:
    result = await run_workflow("const a = 1;\n\nthrow new Error('bad input');", None, FakeHost())
    assert result.status == "failed"
    assert result.error == "Error: bad input (line 3, column 11)"


@pytest.mark.parametrize(
    "expression",
    ["Date.now()", "new Date()", "Math.random()", "eval('1')", "(function () {}).constructor('return 1')()"],
)
async def test_clock_randomness_and_code_generation_are_unavailable(expression: str) -> None:
    result = await run_workflow(f"return {expression};", None, FakeHost())
    assert result.status == "failed"
    assert "not available in workflows" in result.error


async def test_other_nondeterministic_globals_are_gone() -> None:
    script = "return [typeof performance, typeof setTimeout, typeof WeakRef, typeof require, typeof std, typeof os];"
    result = await run_workflow(script, None, FakeHost())
    assert result.value == ["undefined"] * 6


async def test_promise_that_never_settles_fails() -> None:
    result = await run_workflow("await new Promise(() => {});", None, FakeHost())
    assert result.status == "failed"
    assert "never settle" in result.error


async def test_wall_timeout() -> None:
    host = FakeHost(default_delay=5.0)
    result = await run_workflow(DEFINE + "await agent('slow', {agentType: worker});", None, host, wall_timeout_s=0.2)
    assert result.status == "failed"
    assert "wall-clock timeout" in result.error


async def test_non_json_args_and_return_value_fail() -> None:
    bad_args = await run_workflow("return 1;", {"x": object()}, FakeHost())
    assert bad_args.status == "failed" and "args must be JSON" in bad_args.error
    bad_return = await run_workflow("return {n: 1n};", None, FakeHost())
    assert bad_return.status == "failed" and "not JSON" in bad_return.error
