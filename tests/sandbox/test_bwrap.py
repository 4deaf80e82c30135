"""The bubblewrap wall: no network, read-only where it should be, timeouts, caps, modes."""

from __future__ import annotations

import asyncio
import socket

import pytest

from arena_tui.agents.background import BackgroundRegistry
from arena_tui.events import TaskFinished
from arena_tui.sandbox import bwrap
from arena_tui.sandbox.bwrap import sandbox_mode
from arena_tui.tools import ToolContext
from tests.tools.workspace import World, runner

pytestmark = pytest.mark.skipif(sandbox_mode() != "bwrap", reason="bubblewrap not usable here")


@pytest.mark.parametrize("agent", ["main", "sub"])
async def test_no_network(world: World, agent: str) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.setblocking(False)
    port = server.getsockname()[1]
    code = (
        "import socket\n"
        "s=socket.socket(); s.settimeout(2)\n"
        "try:\n"
        f"    s.connect(('127.0.0.1', {port})); print('CONNECTED')\n"
        "except OSError as e:\n"
        "    print('refused', e)\n"
    )
    cmd = f'python3 -c "{code}"'
    try:
        out = await runner.run("c", "Bash", {"command": cmd}, world.ctx(agent))
        assert "CONNECTED" not in out.text and "refused" in out.text, out.text
        with pytest.raises(BlockingIOError):
            server.accept()
    finally:
        server.close()


async def test_read_only_without_write_tools(world: World) -> None:
    ctx = world.ctx("sub", granted_tools=frozenset({"Bash"}))
    out = await runner.run("c", "Bash", {"command": "echo x > made.txt"}, ctx)
    assert "Read-only file system" in out.text
    assert not (world.ws / "pub" / "sub" / "made.txt").exists()
    out = await runner.run("c", "Bash", {"command": "echo x > made.txt"}, world.ctx("sub"))
    assert out.text.startswith("exit=0")
    assert (world.ws / "pub" / "sub" / "made.txt").read_text() == "x\n"


async def test_cwd_tmp_and_python(world: World) -> None:
    cmd = "pwd; echo hi > /tmp/t && cat /tmp/t; python3 -c 'print(6*7)'"
    out = await runner.run("c", "Bash", {"command": cmd}, world.ctx("sub"))
    assert out.text.startswith("exit=0\n--- stdout ---\n")
    assert str(world.ws / "pub" / "sub") in out.text and "hi" in out.text and "42" in out.text


async def test_timeout_kills_process_group(world: World) -> None:
    cmd = "(sleep 30 &) ; sleep 30"
    out = await runner.run("c", "Bash", {"command": cmd, "timeout": 300}, world.ctx("main"))
    assert out.is_error and "timed out after 300 ms" in out.text


async def test_output_is_capped(world: World) -> None:
    cmd = "head -c 100000 /dev/zero | tr '\\0' a; head -c 70000 /dev/zero | tr '\\0' b >&2"
    out = await runner.run("c", "Bash", {"command": cmd}, world.ctx("main"))
    assert "[stdout truncated: 34464 more bytes not shown]" in out.text
    assert "[stderr truncated: 4464 more bytes not shown]" in out.text


async def test_exit_code_and_sections(world: World) -> None:
    out = await runner.run("c", "Bash", {"command": "echo o; echo e >&2; exit 3"}, world.ctx())
    assert out.text == "exit=3\n--- stdout ---\no\n\n--- stderr ---\ne\n"
    assert not out.is_error


async def test_unavailable_and_unsafe(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bwrap, "bwrap_path", lambda: None)
    assert sandbox_mode() == "unavailable" and sandbox_mode(unsafe=True) == "unsafe"
    out = await runner.run("c", "Bash", {"command": "echo hi"}, world.ctx())
    assert out.is_error and "bubblewrap" in out.text and "--unsafe-bash" in out.text
    out = await runner.run("c", "Bash", {"command": "echo hi"}, world.ctx(unsafe_bash=True))
    assert out.text.startswith("exit=0") and "hi" in out.text


def _registry(ctx: ToolContext) -> BackgroundRegistry:
    assert isinstance(ctx.background, BackgroundRegistry)
    return ctx.background


async def test_background_main_only(world: World) -> None:
    ctx = world.ctx("main")
    out = await runner.run("c", "Bash", {"command": "echo done", "run_in_background": True}, ctx)
    assert out.text.startswith("started in background: task_id=bash_")
    (entry,) = _registry(ctx).tasks.values()
    assert len(entry.task_id) == len("bash_") + 8 and entry.task is not None
    await asyncio.wait_for(asyncio.shield(entry.task), 10)
    assert entry.status == "completed" and entry.result.startswith("exit=0") and "done" in entry.result
    kinds = [e.kind for e in world.events]
    assert "task_started" in kinds and "task_finished" in kinds
    out = await runner.run("c", "Bash", {"command": "echo x", "run_in_background": True}, world.ctx("sub"))
    assert out.is_error and "main agent" in out.text


async def test_background_cancel(world: World) -> None:
    ctx = world.ctx("main")
    background = _registry(ctx)
    await runner.run("c", "Bash", {"command": "sleep 30", "run_in_background": True}, ctx)
    assert len(background.running()) == 1
    await background.cancel_all()
    finished = [e.status for e in world.events if isinstance(e, TaskFinished)]
    assert finished == ["cancelled"] and not background.running()
