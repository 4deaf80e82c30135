"""Write and Edit: read-before-overwrite, exact errors, touches, write permission."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools import ToolOutput
from tests.tools.workspace import World, runner


async def _call(world: World, tool: str, agent: str = "main", **args: Any) -> ToolOutput:
    return await runner.run("c", tool, args, world.ctx(agent))


async def test_create_with_parents(world: World) -> None:
    target = world.ws / "pub" / "new" / "deep" / "x.md"
    out = await _call(world, "Write", file_path=str(target), content="hello")
    assert out.text == f"created {target} (5 bytes)"
    assert target.read_text() == "hello"
    (touch,) = out.files
    assert (touch.path, touch.op) == ("pub/new/deep/x.md", "write")


async def test_overwrite_needs_read(world: World) -> None:
    a = world.ws / "pub" / "a.txt"
    out = await _call(world, "Write", file_path=str(a), content="x")
    assert out.is_error and out.text == (
        f"file already exists and has not been read in this session: {a}; Read it first, then write"
    )
    await _call(world, "Read", file_path=str(a))
    a.write_text("changed behind its back\n")
    out = await _call(world, "Write", file_path=str(a), content="x")
    assert out.text == f"file has changed since you last read it: {a}; Read it again, then write"
    await _call(world, "Read", file_path=str(a))
    out = await _call(world, "Write", file_path=str(a), content="x")
    assert out.text == f"overwrote {a} (1 bytes)" and a.read_text() == "x"
    # Its own write counts as seen: a second write needs no new read.
    assert not (await _call(world, "Write", file_path=str(a), content="y")).is_error


async def test_read_by_another_agent_or_session_does_not_count(world: World) -> None:
    s = world.ws / "pub" / "sub" / "s.txt"
    await _call(world, "Read", agent="sub", file_path=str(s))
    assert (await _call(world, "Write", file_path=str(s), content="x")).is_error
    other = world.ctx("sub", session_id="s2")
    out = await runner.run("c", "Write", {"file_path": str(s), "content": "x"}, other)
    assert out.is_error and "has not been read" in out.text


async def test_edit(world: World) -> None:
    f = world.ws / "pub" / "e.txt"
    f.write_text("one two two three\n")
    args = {"file_path": str(f)}
    out = await _call(world, "Edit", **args, old_string="one", new_string="1")
    assert out.is_error and "has not been read" in out.text
    await _call(world, "Read", **args)
    out = await _call(world, "Edit", **args, old_string="four", new_string="4")
    assert out.text == f"old_string not found in {f}"
    out = await _call(world, "Edit", **args, old_string="two", new_string="2")
    assert out.text.startswith(f"old_string matches 2 times in {f}")
    out = await _call(world, "Edit", **args, old_string="two", new_string="two")
    assert out.text == "old_string and new_string are identical; nothing to change"
    out = await _call(world, "Edit", **args, old_string="", new_string="x")
    assert out.text == "old_string must not be empty"
    out = await _call(world, "Edit", **args, old_string="one", new_string="1")
    assert out.text == f"edited {f}: replaced 1 occurrence" and out.files[0].op == "write"
    out = await _call(world, "Edit", **args, old_string="two", new_string="2", replace_all=True)
    assert out.text == f"edited {f}: replaced 2 occurrences"
    assert f.read_text() == "1 2 2 three\n"


async def test_edit_missing_and_binary(world: World) -> None:
    out = await _call(world, "Edit", file_path=str(world.ws / "pub" / "no"), old_string="a", new_string="b")
    assert out.text.startswith("file does not exist")
    b = world.ws / "pub" / "b.txt"
    b.write_bytes(b"\xff\xfe a")
    await _call(world, "Read", file_path=str(b))
    out = await _call(world, "Edit", file_path=str(b), old_string="a", new_string="b")
    assert "not valid UTF-8" in out.text


async def test_write_to_directory_is_error(world: World) -> None:
    out = await _call(world, "Write", file_path=str(world.ws / "pub" / "sub"), content="x")
    assert out.is_error and "directory" in out.text and not out.forbidden


async def test_write_without_write_permission_is_forbidden(world: World, tmp_path: Path) -> None:
    scope = ScopeGuard.build(world.ws, ["pub"], writable=["pub/sub"])
    ctx = world.ctx("main", scope=scope)
    a = world.ws / "pub" / "a.txt"
    await runner.run("c", "Read", {"file_path": str(a)}, ctx)
    out = await runner.run("c", "Write", {"file_path": str(a), "content": "x"}, ctx)
    assert out.forbidden and world.forbidden()[0].reason == "path_outside_scope"
    ok = world.ws / "pub" / "sub" / "w.txt"
    assert not (await runner.run("c", "Write", {"file_path": str(ok), "content": "x"}, ctx)).is_error
