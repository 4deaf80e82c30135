"""Main's read-only paths (manifest ``main_agent_readonly_paths``): readable, never writable by main.

The attack: the round's integrity rests on a workspace tool a subagent must run; main, whose
accessible folder holds the tool, rewrites it (Write, Edit, or its own Bash) so the run prints
what main wants. A folder listed read-only is bound read-only inside main's writable folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from arena_tui.dataset.loader import validate_dataset
from arena_tui.sandbox.bwrap import open_binds, sandbox_mode
from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools import ToolContext
from tests.dataset.mini_dataset import make_dataset
from tests.tools.workspace import World, runner


def _ctx(world: World) -> ToolContext:
    scope = ScopeGuard.for_main(world.ws, ["pub"], ["deleg"], readonly=["pub/sub"])
    return world.ctx("main", scope=scope)


def test_the_scope_refuses_writes_under_a_read_only_path(world: World) -> None:
    scope = ScopeGuard.for_main(world.ws, ["pub"], ["deleg"], readonly=["pub/sub"])
    assert scope.contains(str(world.ws / "pub" / "sub" / "tool.py"))
    assert not scope.contains(str(world.ws / "pub" / "sub" / "tool.py"), write=True)
    assert scope.contains(str(world.ws / "pub" / "notes.md"), write=True)
    assert scope.can_grant(str(world.ws / "pub" / "sub"))  # a subagent may still be given it


async def test_write_and_edit_under_a_read_only_path_are_refused(world: World) -> None:
    (world.ws / "pub" / "sub" / "tool.py").write_text("print(1)\n")
    ctx = _ctx(world)
    path = str(world.ws / "pub" / "sub" / "tool.py")
    out = await runner.run("w", "Write", {"file_path": path, "content": "print(99)\n"}, ctx)
    assert out.forbidden, out.text
    out = await runner.run(
        "w2", "Write", {"file_path": str(world.ws / "pub" / "sub" / "new" / "x.py"), "content": ""}, ctx
    )
    assert out.forbidden, out.text
    await runner.run("r", "Read", {"file_path": path}, ctx)
    out = await runner.run("e", "Edit", {"file_path": path, "old_string": "1", "new_string": "99"}, ctx)
    assert out.is_error and (world.ws / "pub" / "sub" / "tool.py").read_text() == "print(1)\n"
    out = await runner.run("w3", "Write", {"file_path": str(world.ws / "pub" / "mine.md"), "content": "ok"}, ctx)
    assert not out.is_error, out.text


def test_the_read_only_folder_is_bound_read_only_over_its_writable_parent(world: World) -> None:
    scope = ScopeGuard.for_main(world.ws, ["pub"], ["deleg"], readonly=["pub/sub"])
    binds = open_binds(scope, writable=True)
    try:
        modes = [(b.dest, b.writable) for b in binds]
    finally:
        for b in binds:
            os.close(b.fd)
    assert modes[-1] == (str(world.ws / "pub" / "sub"), False)
    assert (str(world.ws / "pub"), True) in modes


@pytest.mark.skipif(sandbox_mode() != "bwrap", reason="bubblewrap not usable here")
async def test_mains_bash_cannot_rewrite_a_read_only_tool(world: World) -> None:
    tool = world.ws / "pub" / "sub" / "tool.py"
    tool.write_text("print(1)\n")
    ctx = _ctx(world)
    for n, cmd in enumerate(
        ["echo 'print(99)' > sub/tool.py", "sed -i s/1/99/ sub/tool.py", "rm -f sub/tool.py", "mv sub sub2"]
    ):
        await runner.run(f"b{n}", "Bash", {"command": cmd}, ctx)
        assert tool.read_text() == "print(1)\n", cmd
    out = await runner.run("ok", "Bash", {"command": "echo fine > mine.txt && cat sub/tool.py"}, ctx)
    assert out.text.startswith("exit=0") and "print(1)" in out.text, out.text
    assert (world.ws / "pub" / "mine.txt").read_text() == "fine\n"


def test_a_read_only_path_outside_mains_accessible_paths_is_a_dataset_error(tmp_path: Path) -> None:
    root = make_dataset(tmp_path)
    manifest = next(root.glob("scenarios/*/manifest.json"))
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["main_agent_readonly_paths"] = [data["main_agent_accessible_paths"][0]]
    manifest.write_text(json.dumps(data), encoding="utf-8")
    assert validate_dataset(root).problems.errors == []
    data["main_agent_readonly_paths"] = ["elsewhere"]
    manifest.write_text(json.dumps(data), encoding="utf-8")
    assert any("main_agent_readonly_paths[0]" in str(e) for e in validate_dataset(root).problems.errors)
