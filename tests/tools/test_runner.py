"""The dispatcher: validation, grants, events, concurrency, never raising."""

from __future__ import annotations

import asyncio
from typing import Any

from arena_tui.events import ForbiddenAccess, ToolCalled, ToolResult
from arena_tui.tools import Tool, ToolContext, ToolOutput, ToolRunner, basic_tools
from arena_tui.tools.base import schema
from arena_tui.vocabulary import BASIC_TOOLS
from tests.tools.workspace import SUB_ID, World, runner


class Boom(Tool):
    name = "Boom"
    description = "raises"
    parameters = schema([])

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        raise RuntimeError("kaput")


def test_specs_have_fixed_parameter_names() -> None:
    specs = {s["function"]["name"]: s for s in ToolRunner(basic_tools()).specs(BASIC_TOOLS)}
    props = {n: set(s["function"]["parameters"]["properties"]) for n, s in specs.items()}
    assert props["Read"] == {"file_path", "offset", "limit"}
    assert props["Write"] == {"file_path", "content"}
    assert props["Edit"] == {"file_path", "old_string", "new_string", "replace_all"}
    assert props["Bash"] == {"command", "description", "timeout", "run_in_background"}
    assert props["Glob"] == {"pattern", "path"}
    assert props["Grep"] == {
        "pattern", "path", "glob", "type", "output_mode", "-i", "-n", "-A", "-B", "-C",
        "head_limit", "offset", "multiline",
    }  # fmt: skip
    assert all(s["type"] == "function" for s in specs.values())


async def test_events_for_a_call(world: World) -> None:
    out = await runner.run("id1", "Read", {"file_path": str(world.ws / "pub" / "a.txt")}, world.ctx())
    called, result = world.events
    assert isinstance(called, ToolCalled) and isinstance(result, ToolResult)
    assert called.call_id == result.call_id == "id1" and called.agent_id == "main"
    assert result.output == out.text and result.session_id == "s1"


async def test_validation_errors(world: World) -> None:
    ctx = world.ctx()
    out = await runner.run("c", "Read", {}, ctx)
    assert out.text == "Read: missing required parameter: file_path" and out.invalid
    out = await runner.run("c", "Read", {"file_path": 3}, ctx)
    assert out.text == "Read: parameter 'file_path' must be string, got int"
    out = await runner.run("c", "Read", {"file_path": "/x", "limit": True}, ctx)
    assert "must be integer" in out.text
    out = await runner.run("c", "Read", {"file_path": "/x", "bogus": 1}, ctx)
    assert out.text == "Read: unknown parameter: bogus"
    out = await runner.run("c", "Nope", {}, ctx)
    assert out.text == "unknown tool: Nope" and out.invalid
    assert isinstance(world.events[-1], ToolResult) and world.events[-1].invalid


async def test_tool_not_granted(world: World) -> None:
    ctx = world.ctx("sub", granted_tools=frozenset({"Read"}))
    out = await runner.run("c", "Bash", {"command": "ls"}, ctx)
    assert out.forbidden and out.text == "forbidden: tool 'Bash' is not granted to this agent."
    (event,) = [e for e in world.events if isinstance(e, ForbiddenAccess)]
    assert (event.agent_id, event.tool, event.reason, event.path) == (SUB_ID, "Bash", "tool_not_granted", None)


async def test_tool_bug_never_raises(world: World) -> None:
    boom = ToolRunner([Boom()])
    out = await boom.run("c", "Boom", {}, world.ctx(granted_tools=frozenset({"Boom"})))
    assert out.is_error and out.text == "Boom failed: RuntimeError: kaput"


async def test_concurrent_calls_keep_order(world: World) -> None:
    ctx = world.ctx()
    a = str(world.ws / "pub" / "a.txt")
    calls = [
        runner.run("1", "Bash", {"command": "sleep 0.2; echo slow"}, ctx),
        runner.run("2", "Read", {"file_path": a}, ctx),
        runner.run("3", "Glob", {"pattern": "*.txt", "path": str(world.ws / "pub")}, ctx),
    ]
    outs = await asyncio.gather(*calls)
    assert "slow" in outs[0].text and outs[1].text.startswith("1\talpha") and outs[2].text == a
    finished = [e.call_id for e in world.events if isinstance(e, ToolResult)]
    assert finished[-1] == "1"  # the slow one finished last but its result is first


class Gate(Tool):
    """Blocks until released; records how many of its calls run at the same time."""

    name = "Gate"
    description = "waits"
    parameters = schema([])

    def __init__(self) -> None:
        self.running = 0
        self.peak = 0
        self.release = asyncio.Event()
        self.started = 0

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        self.running += 1
        self.started += 1
        self.peak = max(self.peak, self.running)
        await self.release.wait()
        self.running -= 1
        return ToolOutput("ok")


async def test_at_most_eight_calls_of_one_turn_run_at_once(world: World) -> None:
    gate = Gate()
    gated = ToolRunner([gate])
    ctx = world.ctx(granted_tools=frozenset({"Gate"}))
    calls = [asyncio.ensure_future(gated.run(f"c{i}", "Gate", {}, ctx)) for i in range(150)]
    for _ in range(50):
        await asyncio.sleep(0)
    assert gate.started == 8 and gate.running == 8  # the other 142 queue
    gate.release.set()
    outputs = await asyncio.gather(*calls)
    assert all(o.text == "ok" for o in outputs) and gate.peak == 8 and gate.started == 150
    assert sum(isinstance(e, ToolResult) for e in world.events) == 150


async def test_parallel_cap_follows_the_limits(world: World) -> None:
    from arena_tui.sandbox.limits import SandboxLimits

    gate = Gate()
    gated = ToolRunner([gate])
    ctx = world.ctx(granted_tools=frozenset({"Gate"}), limits=SandboxLimits(parallel_tool_calls=3))
    calls = [asyncio.ensure_future(gated.run(f"c{i}", "Gate", {}, ctx)) for i in range(10)]
    for _ in range(50):
        await asyncio.sleep(0)
    assert gate.running == 3
    gate.release.set()
    await asyncio.gather(*calls)
    assert gate.peak == 3
