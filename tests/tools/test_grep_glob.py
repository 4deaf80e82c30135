"""Grep and Glob: every parameter, scoping without path, newest-first ordering."""

from __future__ import annotations

import os
from typing import Any

import pytest

from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools import ToolOutput
from arena_tui.tools.glob import split_absolute
from tests.tools.workspace import World, runner


async def _call(world: World, tool: str, agent: str = "main", **args: Any) -> ToolOutput:
    return await runner.run("c", tool, args, world.ctx(agent))


async def _grep(world: World, args: dict[str, Any]) -> ToolOutput:
    return await runner.run("c", "Grep", args, world.ctx())


@pytest.fixture
def code(world: World) -> World:
    d = world.ws / "pub" / "code"
    d.mkdir()
    (d / "m.py").write_text("def Foo():\n    return 1\n\nfoo = Foo()\n")
    (d / "n.md").write_text("# foo notes\nbar\nfoo again\n")
    os.utime(d / "m.py", (1, 1))
    return world


async def test_files_with_matches_default_newest_first(code: World) -> None:
    d = code.ws / "pub" / "code"
    out = await _call(code, "Grep", pattern="foo")
    assert out.text.splitlines() == [str(d / "n.md"), str(d / "m.py")]


async def test_content_count_and_flags(code: World) -> None:
    d = code.ws / "pub" / "code"
    out = await _call(code, "Grep", pattern="foo", path=str(d / "m.py"), output_mode="content")
    assert out.text == f"{d / 'm.py'}:4:foo = Foo()"
    content = {"pattern": "foo", "path": str(d), "output_mode": "content"}
    out = await _grep(code, {**content, "-n": False, "-i": True, "glob": "*.py"})
    assert out.text.splitlines() == [f"{d / 'm.py'}:def Foo():", f"{d / 'm.py'}:foo = Foo()"]
    out = await _call(code, "Grep", pattern="foo", path=str(d), output_mode="count", type="md")
    assert out.text == f"{d / 'n.md'}:2"
    bar = {"pattern": "bar", "path": str(d / "n.md"), "output_mode": "content"}
    out = await _grep(code, {**bar, "-B": 1, "-A": 1})
    assert out.text.splitlines() == [f"{d / 'n.md'}-1-# foo notes", f"{d / 'n.md'}:2:bar", f"{d / 'n.md'}-3-foo again"]
    out = await _grep(code, {**bar, "-C": 1})
    assert len(out.text.splitlines()) == 3


async def test_multiline_offset_head_limit(code: World) -> None:
    d = code.ws / "pub" / "code"
    out = await _call(code, "Grep", pattern="notes.bar", path=str(d), multiline=True)
    assert out.text == str(d / "n.md")
    assert (await _call(code, "Grep", pattern="notes.bar", path=str(d))).text == "No matches found"
    out = await _call(code, "Grep", pattern="o", path=str(d), output_mode="content", head_limit=2)
    lines = out.text.splitlines()
    assert len(lines) == 3 and lines[-1].startswith("[") and "more results" in lines[-1]
    out2 = await _call(code, "Grep", pattern="o", path=str(d), output_mode="content", offset=2, head_limit=1)
    assert out2.text.splitlines()[0] not in lines


async def test_grep_errors(code: World) -> None:
    out = await _call(code, "Grep", pattern="(", path=str(code.ws / "pub"))
    assert out.is_error and out.text.startswith("Grep failed")
    out = await _call(code, "Grep", pattern="x", output_mode="lines")
    assert out.text == "output_mode must be one of files_with_matches, content, count"
    out = await _call(code, "Grep", pattern="x", path=str(code.ws / "pub" / "nope"))
    assert out.text == f"path does not exist: {code.ws / 'pub' / 'nope'}"
    out = await _call(code, "Grep", pattern="x", path="pub")
    assert out.is_error and "absolute" in out.text


async def test_grep_sub_scope_only(code: World) -> None:
    out = await _call(code, "Grep", agent="sub", pattern="line|foo")
    assert out.text == str(code.ws / "pub" / "sub" / "s.txt")


async def test_glob(code: World) -> None:
    d = code.ws / "pub" / "code"
    assert (await _call(code, "Glob", pattern="**/*.py")).text == str(d / "m.py")
    out = await _call(code, "Glob", pattern="*", path=str(d))
    assert out.text.splitlines() == [str(d / "n.md"), str(d / "m.py")]
    assert (await _call(code, "Glob", pattern=f"{d}/*.md")).text == str(d / "n.md")
    assert (await _call(code, "Glob", pattern="*.zzz")).text == "No files found"
    out = await _call(code, "Glob", pattern=f"{d}/*.md", path=str(d))
    assert out.is_error and "not both" in out.text
    sub = await _call(code, "Glob", agent="sub", pattern="**/*")
    assert sub.text == str(code.ws / "pub" / "sub" / "s.txt")


async def test_glob_caps_at_1000(world: World) -> None:
    d = world.ws / "pub" / "many"
    d.mkdir()
    for i in range(1005):
        (d / f"f{i}.txt").touch()
    out = await _call(world, "Glob", pattern="*.txt", path=str(d))
    lines = out.text.splitlines()
    assert len(lines) == 1001 and lines[-1] == "[5 more files not shown; narrow the pattern]"


def test_split_absolute() -> None:
    assert split_absolute("/a/b/**/*.py") == ("/a/b", "**/*.py")
    assert split_absolute("**/*.py") == (None, "**/*.py")
    assert split_absolute("/a/b.txt") == ("/a", "b.txt")


async def test_glob_relative_pattern_is_matched_from_the_working_folder(code: World) -> None:
    """Granted a top-level file and ``pub``, main works in the workspace: ``pub/code/*`` means
    ``<workspace>/pub/code/*``, as a Bash command there or ripgrep (which Grep starts there) would read it."""
    (code.ws / "hint.md").write_text("hint\n")
    scope = ScopeGuard.for_main(code.ws, ["hint.md", "pub"], ["deleg"])
    ctx = code.ctx(scope=scope)
    assert ctx.cwd == str(code.ws)
    d = code.ws / "pub" / "code"

    async def glob(**args: Any) -> str:
        return (await runner.run("c", "Glob", args, ctx)).text

    assert (await glob(pattern="pub/code/*")).splitlines() == [str(d / "n.md"), str(d / "m.py")]
    assert await glob(pattern="pub/code/*.py") == str(d / "m.py")
    assert await glob(pattern="*.md") == str(code.ws / "hint.md")
    # With path the pattern is taken from there instead.
    assert await glob(pattern="*.py", path=str(d)) == str(d / "m.py")
    assert (await glob(pattern="**", path=str(d))).splitlines() == [str(d / "n.md"), str(d / "m.py")]
    assert await glob(pattern="pub/code/*", path=str(d)) == "No files found"
    # Nothing outside the scope, however the pattern climbs.
    assert await glob(pattern="deleg/*") == "No files found"
    assert await glob(pattern="../**/secret.txt") == "No files found"
