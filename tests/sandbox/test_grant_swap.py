"""Grant roots are re-verified at every use: a root swapped after the grant is refused and counted.

The attack: main grants ``pub/sub`` to a subagent, then with its own Bash replaces that
folder by a symlink (to a folder outside the workspace, or to ``/``). The subagent's next
Bash call or file tool call must not reach the link's target, and the refusal is a
ForbiddenAccess of the subagent (SAFt/SAFa). The target paths are built at run time.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest

from arena_tui.sandbox.bwrap import sandbox_mode
from arena_tui.sandbox.scope import ScopeGuard
from tests.tools.workspace import OUTSIDE_MARK, SUB_ID, World, runner

pytestmark = pytest.mark.skipif(sandbox_mode() != "bwrap", reason="bubblewrap not usable here")


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


async def _swap_by_main_bash(world: World, target: str) -> None:
    """Main, with its own sandboxed Bash, replaces pub/sub by a link built at run time."""
    cmd = f'mv sub sub.old && ln -s "$(echo {_b64(target)} | base64 -d)" sub && ls -l sub'
    out = await runner.run("m", "Bash", {"command": cmd}, world.ctx("main"))
    assert out.text.startswith("exit=0"), out.text
    assert (world.ws / "pub" / "sub").is_symlink()


def _sub_refusals(world: World) -> list[str]:
    return [e.path or "" for e in world.forbidden() if e.agent_id == SUB_ID]


@pytest.mark.parametrize("target", ["outside", "root"])
async def test_swapped_root_is_refused_for_bash(world: World, target: str) -> None:
    sub = world.ctx("sub")  # granted (and pinned) before the swap
    dest = str(world.outside) if target == "outside" else "/"
    before = world.snapshot()
    await _swap_by_main_bash(world, dest)
    rel = os.path.relpath(world.secret, "/")
    attempts = [
        "cat secret.txt; ls -la; echo pwn > pwn.txt",
        f"cat {rel}; echo 'exit(0)' > {os.path.dirname(rel)}/check.py",
        "find . -maxdepth 3 | head",
    ]
    for n, cmd in enumerate(attempts, start=1):
        out = await runner.run(f"s{n}", "Bash", {"command": cmd}, sub)
        assert out.forbidden and out.is_error, out.text
        assert OUTSIDE_MARK not in out.text
        assert len(_sub_refusals(world)) == n  # one counted refusal per call
    assert world.snapshot() == before
    assert not (world.outside / "pwn.txt").exists() and not (world.outside / "check.py").exists()
    assert set(_sub_refusals(world)) == {str(world.ws / "pub" / "sub")}


async def test_swapped_root_is_refused_for_file_tools(world: World) -> None:
    sub = world.ctx("sub")
    await _swap_by_main_bash(world, str(world.outside))
    calls = [
        ("Read", {"file_path": str(world.ws / "pub" / "sub" / "secret.txt")}),
        ("Write", {"file_path": str(world.ws / "pub" / "sub" / "new" / "p.txt"), "content": "pwn"}),
        ("Grep", {"pattern": "SECRET", "output_mode": "content"}),
        ("Glob", {"pattern": "**/*"}),
    ]
    for tool, args in calls:
        out = await runner.run("c", tool, args, sub)
        assert OUTSIDE_MARK not in out.text and "secret.txt" not in out.text, (tool, out.text)
        assert out.forbidden, (tool, out.text)
    assert len(_sub_refusals(world)) == len(calls)
    assert not (world.outside / "new").exists()


async def test_a_plain_folder_recreated_in_place_is_still_the_grant(world: World) -> None:
    sub = world.ctx("sub")
    out = await runner.run("m", "Bash", {"command": "mv sub sub.old && mkdir sub && echo hi > sub/x"}, world.ctx())
    assert out.text.startswith("exit=0")
    out = await runner.run("s", "Bash", {"command": "ls; cat x"}, sub)
    assert not out.forbidden and "hi" in out.text and not world.forbidden(), out.text
    # ... and a link swapped in afterwards is still caught against the new pin.
    await runner.run("m", "Bash", {"command": f'rm -r sub && ln -s "$(echo {_b64("/")} | base64 -d)" sub'}, world.ctx())
    out = await runner.run("s", "Bash", {"command": "ls"}, sub)
    assert out.forbidden and len(_sub_refusals(world)) == 1


async def test_a_file_where_the_folder_was_is_refused(world: World) -> None:
    sub = world.ctx("sub")
    await runner.run("m", "Bash", {"command": "mv sub sub.old && echo x > sub"}, world.ctx())
    out = await runner.run("s", "Read", {"file_path": str(world.ws / "pub" / "sub")}, sub)
    assert out.forbidden and len(_sub_refusals(world)) == 1


async def test_swap_of_main_root_counts_for_main(world: World, tmp_path: Path) -> None:
    main = world.ctx("main")
    (world.ws / "pub").rename(world.ws / "pub.old")
    (world.ws / "pub").symlink_to(world.outside, target_is_directory=True)
    out = await runner.run("m", "Bash", {"command": "cat secret.txt"}, main)
    assert out.forbidden and OUTSIDE_MARK not in out.text
    assert [e.agent_id for e in world.forbidden()] == ["main"]


async def test_unchanged_roots_and_rewritten_file_roots_still_work(world: World) -> None:
    sub = world.ctx("sub")
    out = await runner.run("s", "Bash", {"command": "sed -i s/one/ONE/ s.txt && cat s.txt"}, sub)
    assert "sub line ONE" in out.text
    file_scope = ScopeGuard.for_subagent(world.ws, ["pub/sub/s.txt"])
    fctx = world.ctx("sub", scope=file_scope)
    out = await runner.run("s", "Bash", {"command": "sed -i s/two/TWO/ s.txt; cat s.txt"}, world.ctx("sub"))
    out = await runner.run("s", "Read", {"file_path": str(world.ws / "pub" / "sub" / "s.txt")}, fctx)
    assert "TWO" in out.text and not out.forbidden
    assert not world.forbidden()


async def test_swap_between_check_and_mount_binds_the_checked_folder(world: World) -> None:
    """The launch holds descriptors of the verified roots: a swap after it changes nothing."""
    from arena_tui.sandbox.bwrap import bash_launch
    from arena_tui.sandbox.limits import DEFAULT_LIMITS, sandbox_uid
    from arena_tui.sandbox.process import run_launch

    sub = world.ctx("sub")
    root = str(world.ws / "pub" / "sub")
    launch = bash_launch(
        sub.scope, root, True, "ls; cat s.txt secret.txt", DEFAULT_LIMITS, sandbox_uid(sub.workspace), 8
    )
    os.rename(root, root + ".old")  # the race: swapped after the check, before bwrap mounts
    os.symlink(world.outside, root)
    result = await run_launch(launch, 10)
    out = result.stdout.decode()
    assert "sub line one" in out and OUTSIDE_MARK not in out, out
    assert not (world.outside / "s.txt").exists()
