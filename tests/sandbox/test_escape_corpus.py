"""The escape corpus: every attempt, as main and as a subagent, must not escape.

Each attempt is ``(id, tool, args, expect)``. ``counted:<reason>`` attempts must be
refused and produce a ForbiddenAccess event with that reason for the right agent.
``blocked`` attempts are invisible to the pre-check (paths built at run time, relative
links); bubblewrap must stop them, and nothing may leak. ``clean`` attempts are scoped
searches whose outside results must simply be dropped.

Placeholders: {root} the agent's own folder, {up} the walk from root to the tmp dir,
{secret} the outside file, {outdir} its folder, {deleg} the delegable-only file,
{ws} the workspace, {b64secret} / {b64out} base64 of the secret / a new outside path.
"""

from __future__ import annotations

import base64
import os
from typing import Any

import pytest

from tests.tools.workspace import DELEG_MARK, MAIN_MARK, OUTSIDE_MARK, SUB_ID, World, runner

P = "path_outside_scope"
B = "bash_path_outside_scope"

PY_B64 = "python3 -c \"import base64;print(open(base64.b64decode('{b64secret}').decode()).read())\""

CORPUS: list[tuple[str, str, dict[str, Any], str]] = [
    # --- Read ---------------------------------------------------------------------------
    ("read-abs", "Read", {"file_path": "{secret}"}, f"counted:{P}"),
    ("read-dotdot", "Read", {"file_path": "{root}/{up}/outside/secret.txt"}, f"counted:{P}"),
    ("read-dot-dotdot", "Read", {"file_path": "{root}/./{up}/outside/secret.txt"}, f"counted:{P}"),
    ("read-ws-dotdot", "Read", {"file_path": "{ws}/../outside/secret.txt"}, f"counted:{P}"),
    ("read-symlink", "Read", {"file_path": "{root}/link_out"}, f"counted:{P}"),
    ("read-chain", "Read", {"file_path": "{root}/chain1"}, f"counted:{P}"),
    ("read-dirlink", "Read", {"file_path": "{root}/dirlink/secret.txt"}, f"counted:{P}"),
    ("read-hardlink", "Read", {"file_path": "{root}/hard"}, f"counted:{P}"),
    ("read-proc-root", "Read", {"file_path": "/proc/self/root{secret}"}, f"counted:{P}"),
    ("read-proc-cwd", "Read", {"file_path": "/proc/self/cwd/pyproject.toml"}, f"counted:{P}"),
    ("read-double-slash", "Read", {"file_path": "/{secret}"}, f"counted:{P}"),
    ("read-trailing-dot", "Read", {"file_path": "{secret}/."}, f"counted:{P}"),
    ("read-outdir-dot", "Read", {"file_path": "{outdir}/."}, f"counted:{P}"),
    ("read-delegable", "Read", {"file_path": "{deleg}"}, f"counted:{P}"),
    ("read-etc", "Read", {"file_path": "/etc/passwd"}, f"counted:{P}"),
    ("read-case", "Read", {"file_path": "{ws}/PUB/a.txt"}, f"counted:{P}"),
    ("read-paged", "Read", {"file_path": "{secret}", "offset": 0, "limit": 5}, f"counted:{P}"),
    # --- Write / Edit -------------------------------------------------------------------
    ("write-abs", "Write", {"file_path": "{outdir}/new.txt", "content": "x"}, f"counted:{P}"),
    ("write-over", "Write", {"file_path": "{secret}", "content": "x"}, f"counted:{P}"),
    ("write-symlink", "Write", {"file_path": "{root}/link_out", "content": "x"}, f"counted:{P}"),
    ("write-dirlink", "Write", {"file_path": "{root}/dirlink/p.txt", "content": "x"}, f"counted:{P}"),
    ("write-hardlink", "Write", {"file_path": "{root}/hard", "content": "x"}, f"counted:{P}"),
    ("write-proc", "Write", {"file_path": "/proc/self/root{outdir}/p", "content": "x"}, f"counted:{P}"),
    ("write-deleg", "Write", {"file_path": "{ws}/deleg/p.txt", "content": "x"}, f"counted:{P}"),
    ("write-dotdot", "Write", {"file_path": "{root}/{up}/outside/p", "content": "x"}, f"counted:{P}"),
    ("edit-abs", "Edit", {"file_path": "{secret}", "old_string": "S", "new_string": "x"}, f"counted:{P}"),
    ("edit-link", "Edit", {"file_path": "{root}/link_out", "old_string": "S", "new_string": "x"}, f"counted:{P}"),
    ("edit-hard", "Edit", {"file_path": "{root}/hard", "old_string": "S", "new_string": "x"}, f"counted:{P}"),
    # --- Grep / Glob --------------------------------------------------------------------
    ("grep-outdir", "Grep", {"pattern": "SECRET", "path": "{outdir}"}, f"counted:{P}"),
    ("grep-dirlink", "Grep", {"pattern": "SECRET", "path": "{root}/dirlink"}, f"counted:{P}"),
    ("grep-proc", "Grep", {"pattern": "SECRET", "path": "/proc/self/root{outdir}"}, f"counted:{P}"),
    ("grep-dotdot", "Grep", {"pattern": "SECRET", "path": "{root}/{up}"}, f"counted:{P}"),
    ("grep-scoped", "Grep", {"pattern": "SECRET|MAIN_ONLY", "output_mode": "content"}, "clean"),
    ("grep-glob-up", "Grep", {"pattern": "SECRET", "glob": "../**"}, "clean"),
    ("glob-outdir", "Glob", {"pattern": "*", "path": "{outdir}"}, f"counted:{P}"),
    ("glob-abs-pattern", "Glob", {"pattern": "{outdir}/*"}, f"counted:{P}"),
    ("glob-dotdot", "Glob", {"pattern": "../**/*"}, "clean"),
    ("glob-all", "Glob", {"pattern": "**/*"}, "clean"),
    # --- Bash, seen by the pre-check ----------------------------------------------------
    ("bash-cat-abs", "Bash", {"command": "cat {secret}"}, f"counted:{B}"),
    ("bash-cat-dotdot", "Bash", {"command": "cat {up}/outside/secret.txt"}, f"counted:{B}"),
    ("bash-ls-parent", "Bash", {"command": "ls .."}, f"counted:{B}"),
    ("bash-subst", "Bash", {"command": "echo $(cat {secret})"}, f"counted:{B}"),
    ("bash-backtick", "Bash", {"command": "echo `cat {secret}`"}, f"counted:{B}"),
    ("bash-cd-root", "Bash", {"command": "cd / && ls"}, f"counted:{B}"),
    ("bash-redirect", "Bash", {"command": "echo pwn > {outdir}/pwn.txt"}, f"counted:{B}"),
    ("bash-redirect-tight", "Bash", {"command": "echo pwn >{outdir}/pwn.txt"}, f"counted:{B}"),
    ("bash-stdin", "Bash", {"command": "cat <{secret}"}, f"counted:{B}"),
    ("bash-home", "Bash", {"command": "cat $HOME/.bashrc"}, f"counted:{B}"),
    ("bash-home-brace", "Bash", {"command": "ls ${{HOME}}"}, f"counted:{B}"),
    ("bash-tilde", "Bash", {"command": "cd ~ && ls"}, f"counted:{B}"),
    ("bash-proc-root", "Bash", {"command": "cat /proc/self/root{secret}"}, f"counted:{B}"),
    ("bash-link-abs", "Bash", {"command": "cat {root}/link_out"}, f"counted:{B}"),
    ("bash-dirlink-abs", "Bash", {"command": "cat {root}/dirlink/secret.txt"}, f"counted:{B}"),
    ("bash-python", "Bash", {"command": "python3 -c \"print(open('{secret}').read())\""}, f"counted:{B}"),
    ("bash-deleg", "Bash", {"command": "cat {deleg}"}, f"counted:{B}"),
    ("bash-cp", "Bash", {"command": "cp {secret} ./stolen"}, f"counted:{B}"),
    ("bash-find-root", "Bash", {"command": "find / -name secret.txt"}, f"counted:{B}"),
    ("bash-etc", "Bash", {"command": "cat /etc/passwd"}, f"counted:{B}"),
    ("bash-assign", "Bash", {"command": "F={secret}; cat $F"}, f"counted:{B}"),
    ("bash-double-slash", "Bash", {"command": "cat /{secret}"}, f"counted:{B}"),
    # --- Bash, invisible to the pre-check: bubblewrap must block ------------------------
    ("bash-b64-read", "Bash", {"command": "cat $(echo {b64secret} | base64 -d)"}, "blocked"),
    ("bash-b64-write", "Bash", {"command": "echo pwn > $(echo {b64out} | base64 -d)"}, "blocked"),
    ("bash-printf-etc", "Bash", {"command": "cat $(printf '\\057et')c/passwd"}, "blocked"),
    ("bash-rel-link", "Bash", {"command": "cat link_out chain1 dirlink/secret.txt"}, "blocked"),
    ("bash-rel-hard", "Bash", {"command": "cat hard"}, "blocked"),
    ("bash-python-b64", "Bash", {"command": PY_B64}, "blocked"),
]  # fmt: skip


def _fill(value: Any, mapping: dict[str, str]) -> Any:
    return value.format(**mapping) if isinstance(value, str) else value


def _mapping(world: World, agent: str) -> dict[str, str]:
    root = world.ws / "pub" if agent == "main" else world.ws / "pub" / "sub"
    b64 = base64.b64encode(str(world.secret).encode()).decode()
    b64out = base64.b64encode(str(world.outside / "pwn2.txt").encode()).decode()
    return {
        "root": str(root),
        "up": os.path.relpath(world.tmp, root),
        "secret": str(world.secret),
        "outdir": str(world.outside),
        "deleg": str(world.ws / "deleg" / "d.txt"),
        "ws": str(world.ws),
        "b64secret": b64,
        "b64out": b64out,
    }


def test_corpus_is_large_enough() -> None:
    assert len(CORPUS) >= 50


@pytest.mark.parametrize("agent", ["main", "sub"])
@pytest.mark.parametrize(("case", "tool", "args", "expect"), CORPUS, ids=[c[0] for c in CORPUS])
async def test_no_escape(world: World, agent: str, case: str, tool: str, args: dict[str, Any], expect: str) -> None:
    mapping = _mapping(world, agent)
    filled = {k: _fill(v, mapping) for k, v in args.items()}
    before = world.snapshot()
    ctx = world.ctx(agent)
    out = await runner.run(f"call-{case}", tool, filled, ctx)

    leaked = [OUTSIDE_MARK, DELEG_MARK] + ([MAIN_MARK] if agent == "sub" else [])
    assert not any(mark in out.text for mark in leaked), out.text
    assert "root:x:0:0" not in out.text
    assert world.snapshot() == before
    assert not (world.outside / "pwn.txt").exists()
    assert not (world.outside / "pwn2.txt").exists()
    assert not (world.outside / "new.txt").exists()

    agent_id = "main" if agent == "main" else SUB_ID
    refusals = world.forbidden()
    if expect.startswith("counted:"):
        reason = expect.split(":", 1)[1]
        assert out.forbidden and out.is_error, out.text
        assert out.text.startswith("forbidden: path '")
        assert refusals, "refusal was not counted"
        assert all(r.agent_id == agent_id and r.reason == reason for r in refusals)
        assert all(r.tool == tool and r.call_id == f"call-{case}" for r in refusals)
    else:
        assert not refusals
        assert not out.forbidden
        if tool == "Bash":
            assert out.text.startswith("exit="), "the command should have run (and been contained)"


@pytest.mark.parametrize("agent", ["main", "sub"])
async def test_control_outside_file_is_readable_when_granted(world: World, agent: str) -> None:
    """Positive control: with the outside folder in scope the same read does succeed."""
    from arena_tui.sandbox.scope import ScopeGuard

    plain = world.outside / "plain.txt"  # one link only: the trap hard links mask secret.txt
    plain.write_text(OUTSIDE_MARK)
    scope = ScopeGuard.for_subagent(world.ws, [str(world.outside)])
    ctx = world.ctx(agent, scope=scope)
    out = await runner.run("c", "Bash", {"command": f"cat {plain}"}, ctx)
    assert OUTSIDE_MARK in out.text
    out = await runner.run("c", "Read", {"file_path": str(plain)}, ctx)
    assert OUTSIDE_MARK in out.text
    out = await runner.run("c", "Bash", {"command": f"cat {world.secret}"}, ctx)
    assert OUTSIDE_MARK not in out.text  # its other links are outside this scope
