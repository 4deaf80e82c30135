"""ScopeGuard, verified opens, hard links and the Bash pre-check, as units."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena_tui.sandbox import scope as scope_mod
from arena_tui.sandbox.hardlinks import escaping_hardlinks, links_all_inside
from arena_tui.sandbox.pathtokens import outside_words, path_words
from arena_tui.sandbox.safe_open import PathError, open_checked
from arena_tui.sandbox.scope import (
    ForbiddenError,
    RelativePathError,
    ScopeGuard,
    forbidden_text,
)
from tests.tools.workspace import OUTSIDE_MARK, SUB_ID, World, runner


def test_forbidden_text_is_exact() -> None:
    assert forbidden_text("/x") == "forbidden: path '/x' is outside this agent's accessible scope."


def test_main_scope_and_grant_scope(world: World) -> None:
    guard = ScopeGuard.for_main(world.ws, ["pub"], ["deleg"])
    assert guard.resolve(str(world.ws / "pub" / "a.txt")).endswith("pub/a.txt")
    with pytest.raises(ForbiddenError):
        guard.resolve(str(world.ws / "deleg" / "d.txt"))
    assert guard.can_grant("deleg") and guard.can_grant(str(world.ws / "pub" / "sub"))
    assert not guard.can_grant(str(world.outside))
    assert guard.first_root() == os.path.realpath(world.ws / "pub")


def test_subagent_scope_grants_nothing(world: World) -> None:
    guard = ScopeGuard.for_subagent(world.ws, ["pub/sub"])
    assert not guard.can_grant("pub/sub")
    with pytest.raises(ForbiddenError):
        guard.resolve(str(world.ws / "pub" / "a.txt"))


def test_workspace_root_is_cwd_when_accessible(world: World) -> None:
    guard = ScopeGuard.for_main(world.ws, ["pub/sub", "."])
    assert guard.first_root() == os.path.realpath(world.ws)
    assert guard.relative(os.path.realpath(world.ws / "pub" / "a.txt")) == "pub/a.txt"
    assert guard.relative("/elsewhere/x") == "/elsewhere/x"


def test_file_root(world: World) -> None:
    guard = ScopeGuard.for_subagent(world.ws, ["pub/a.txt"])
    assert guard.resolve(str(world.ws / "pub" / "a.txt"))
    assert guard.first_root() == os.path.realpath(world.ws / "pub")
    with pytest.raises(ForbiddenError):
        guard.resolve(str(world.ws / "pub" / "a.txt2"))


def test_relative_path_is_plain_error(world: World) -> None:
    guard = ScopeGuard.for_main(world.ws, ["pub"])
    with pytest.raises(RelativePathError):
        guard.resolve("pub/a.txt")


def test_prefix_sibling_is_outside(tmp_path: Path) -> None:
    (tmp_path / "pub").mkdir()
    (tmp_path / "pub2").mkdir()
    guard = ScopeGuard.for_main(tmp_path, ["pub"])
    with pytest.raises(ForbiddenError):
        guard.resolve(str(tmp_path / "pub2" / "x"))


def test_swap_to_symlink_after_check_is_refused(world: World) -> None:
    guard = ScopeGuard.for_main(world.ws, ["pub"])
    target = world.ws / "pub" / "swap.txt"
    target.write_text("inside")
    real = guard.resolve(str(target))
    target.unlink()
    target.symlink_to(world.secret)  # the race: swapped after the check, before the open
    with pytest.raises(ForbiddenError):
        open_checked(guard, real, str(target))


def test_swap_parent_folder_after_check_is_refused(world: World) -> None:
    guard = ScopeGuard.for_main(world.ws, ["pub"])
    folder = world.ws / "pub" / "d"
    folder.mkdir()
    (folder / "secret.txt").write_text("inside")
    real = guard.resolve(str(folder / "secret.txt"))
    (folder / "secret.txt").unlink()
    folder.rmdir()
    folder.symlink_to(world.outside, target_is_directory=True)
    with pytest.raises(ForbiddenError):
        open_checked(guard, real, str(folder / "secret.txt"))


@pytest.mark.parametrize("agent", ["main", "sub"])
async def test_toctou_swap_through_read_tool(world: World, agent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    root = world.ws / "pub" if agent == "main" else world.ws / "pub" / "sub"
    victim = root / "victim.txt"
    victim.write_text("harmless")
    real_resolve = scope_mod.ScopeGuard.resolve

    def racing_resolve(self: ScopeGuard, path: str, *, write: bool = False) -> str:
        checked = real_resolve(self, path, write=write)
        victim.unlink()
        victim.symlink_to(world.secret)
        return checked

    monkeypatch.setattr(scope_mod.ScopeGuard, "resolve", racing_resolve)
    out = await runner.run("c", "Read", {"file_path": str(victim)}, world.ctx(agent))
    assert out.forbidden and OUTSIDE_MARK not in out.text
    assert [e.agent_id for e in world.forbidden()] == ["main" if agent == "main" else SUB_ID]


def test_missing_and_special_files(world: World) -> None:
    guard = ScopeGuard.for_main(world.ws, ["pub"])
    with pytest.raises(PathError, match="does not exist"):
        open_checked(guard, str(world.ws / "pub" / "nope"), "nope")
    with pytest.raises(PathError, match="directory"):
        open_checked(guard, str(world.ws / "pub" / "sub"), "sub")
    fifo = world.ws / "pub" / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(PathError, match="not a regular file"):
        open_checked(guard, str(fifo), "fifo")


def test_hard_links_inside_scope_are_allowed(tmp_path: Path) -> None:
    (tmp_path / "a").write_text("x")
    os.link(tmp_path / "a", tmp_path / "b")
    st = os.stat(tmp_path / "a")
    assert links_all_inside(st, [str(tmp_path)])
    assert not links_all_inside(st, [str(tmp_path / "a")])
    assert escaping_hardlinks([str(tmp_path)]) == []
    assert escaping_hardlinks([str(tmp_path / "b")]) == [str(tmp_path / "b")]


def test_path_words() -> None:
    words = path_words('cat /a "$(cat /b)" >/c 2>/dev/null ../d x=/e ~/f $HOME/g 1/2 a/b')
    assert words == ["/a", "/b", "/c", "/dev/null", "../d", "/e", "~/f", "~/g"]


def test_outside_words_allows_system_and_scratch(world: World) -> None:
    guard = ScopeGuard.for_main(world.ws, ["pub"])
    cwd = guard.first_root()
    ok = "ls /usr/bin /bin/sh 2>/dev/null; echo x > /tmp/scratch; cat ./a.txt sub/s.txt"
    assert outside_words(ok, guard, cwd) == []
    bad = f"cat {world.secret} /tmp/../etc/passwd sub/../../deleg"
    assert outside_words(bad, guard, cwd) == [str(world.secret), "/tmp/../etc/passwd", "sub/../../deleg"]
