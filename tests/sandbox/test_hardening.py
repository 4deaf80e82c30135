"""The sandbox holds without spotting path strings: environment, kernel tunables, privileges, limits.

Every path here is built at run time (printf octal escapes, base64, variables) so the
pre-check cannot see it; the sandbox itself must make the attack fail.
"""

from __future__ import annotations

import base64
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from arena_tui.sandbox import bwrap
from arena_tui.sandbox.bwrap import sandbox_mode
from arena_tui.sandbox.limits import SandboxLimits
from tests.tools.workspace import World, make_world, runner

pytestmark = pytest.mark.skipif(sandbox_mode() != "bwrap", reason="bubblewrap not usable here")

FAKE_KEY = "sk-fake-harness-key-3f9c1e77a0"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


ENV_READS = [
    "P=$(printf '\\057proc'); tr '\\0' '\\n' < $P/1/environ",
    f"tr '\\0' '\\n' < $(echo {_b64('/proc/1/environ')} | base64 -d)",
    "p=$(printf '\\057pr'); q=oc; for f in $p$q/[0-9]*/environ; do tr '\\0' '\\n' < $f; done",
    "env; P=$(printf '\\057proc\\057self\\057environ'); tr '\\0' '\\n' < $P",
    f"python3 -c \"import base64,os;print(open(base64.b64decode('{_b64('/proc/1/environ')}')).read())\"",
]


@pytest.mark.parametrize("agent", ["main", "sub"])
@pytest.mark.parametrize("command", ENV_READS)
async def test_harness_environment_is_nowhere_in_the_sandbox(
    world: World, agent: str, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    out = await runner.run("c", "Bash", {"command": command}, world.ctx(agent))
    assert FAKE_KEY not in out.text, out.text
    assert "sk-fake" not in out.text
    assert not world.forbidden()  # invisible to the pre-check: contained, not counted


async def test_unsafe_mode_gets_the_minimal_environment(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    monkeypatch.setattr(bwrap, "bwrap_path", lambda: None)
    out = await runner.run("c", "Bash", {"command": "env"}, world.ctx(unsafe_bash=True))
    assert out.text.startswith("exit=0") and "PATH=" in out.text
    assert FAKE_KEY not in out.text and "OPENAI" not in out.text


def _core_pattern() -> str:
    with open("/proc/sys/kernel/core_pattern") as fh:
        return fh.read()


@pytest.mark.parametrize("agent", ["main", "sub"])
async def test_kernel_tunables_are_read_only(world: World, agent: str) -> None:
    before = _core_pattern()
    cmd = (
        "P=$(printf '\\057proc\\057sys'); K=kernel; "
        "echo '|/bin/sh -c id' > $P/$K/core_pattern; echo rc1=$?; "
        f"echo 1 > $(echo {_b64('/proc/sys/kernel/sysrq')} | base64 -d); echo rc2=$?; "
        "S=$(printf '\\057proc\\057sysrq-trigger'); echo h > $S; echo rc3=$?; "
        "echo 0 > /proc/self/oom_score_adj; echo rc4=$?"
    )
    out = await runner.run("c", "Bash", {"command": cmd}, world.ctx(agent))
    for n in (1, 2, 3, 4):
        assert f"rc{n}=0" not in out.text, out.text
    assert _core_pattern() == before


async def test_unprivileged_and_no_new_privileges(world: World) -> None:
    cmd = "id -u; S=$(printf '\\057proc\\057self\\057status'); grep -E '^(CapEff|CapBnd|CapPrm|NoNewPrivs)' $S"
    out = await runner.run("c", "Bash", {"command": cmd}, world.ctx())
    lines = out.text.split("--- stdout ---\n")[1].splitlines()
    assert lines[0] != "0", out.text
    assert "NoNewPrivs:\t1" in out.text
    for cap in ("CapEff", "CapBnd", "CapPrm"):
        assert f"{cap}:\t0000000000000000" in out.text, out.text


def _limited(world: World, **caps: int) -> object:
    return world.ctx("main", limits=SandboxLimits(**caps))


async def test_fork_bomb_hits_the_process_cap(world: World) -> None:
    ctx = _limited(world, processes=24)
    cmd = "for i in $(seq 60); do sleep 1 & done 2>&1; echo spawned; jobs -p | wc -l"
    out = await runner.run("c", "Bash", {"command": cmd, "timeout": 20000}, ctx)  # type: ignore[arg-type]
    assert "[resource limit: at most 24 processes per sandbox]" in out.text, out.text
    assert out.is_error
    after = await runner.run("c", "Bash", {"command": "echo still-fine"}, world.ctx())
    assert "still-fine" in after.text


async def test_memory_cap(world: World) -> None:
    ctx = _limited(world, memory_mb=256)
    cmd = "python3 -c 'b = bytearray(3 * 1024 ** 3); print(len(b))'"
    out = await runner.run("c", "Bash", {"command": cmd}, ctx)  # type: ignore[arg-type]
    assert "MemoryError" in out.text and "[resource limit: at most 256 MiB" in out.text
    assert "3221225472" not in out.text


async def test_private_tmp_is_sized(world: World) -> None:
    ctx = _limited(world, tmp_mb=2)
    out = await runner.run("c", "Bash", {"command": "head -c 3000000 /dev/zero > /tmp/big; ls -l /tmp/big"}, ctx)  # type: ignore[arg-type]
    assert "No space left on device" in out.text and "[resource limit: /tmp holds at most 2 MiB]" in out.text


async def test_file_size_cap_in_the_workspace(world: World) -> None:
    ctx = _limited(world, file_size_mb=1)
    out = await runner.run("c", "Bash", {"command": "head -c 3000000 /dev/zero > big.bin"}, ctx)  # type: ignore[arg-type]
    assert "[resource limit: a file may not exceed 1 MiB here]" in out.text, out.text
    assert (world.ws / "pub" / "big.bin").stat().st_size <= 1024 * 1024


async def test_workspace_growth_cap(world: World) -> None:
    ctx = _limited(world, workspace_growth_mb=2)
    cmd = "for i in 1 2 3 4; do head -c 1000000 /dev/urandom > f$i.bin; done; ls"
    first = await runner.run("c", "Bash", {"command": cmd}, ctx)  # type: ignore[arg-type]
    assert first.text.startswith("exit=0"), first.text
    second = await runner.run("c", "Bash", {"command": "echo more > g.txt"}, ctx)  # type: ignore[arg-type]
    assert second.is_error and "resource limit: the workspace has grown" in second.text
    assert not (world.ws / "pub" / "g.txt").exists()
    for i in (1, 2, 3, 4):
        os.unlink(world.ws / "pub" / f"f{i}.bin")
    third = await runner.run("c", "Bash", {"command": "echo more > g.txt"}, ctx)  # type: ignore[arg-type]
    assert third.text.startswith("exit=0")


async def test_unsafe_mode_cannot_read_the_harness_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    if os.geteuid() != 0:
        pytest.skip("the uid switch needs a root harness")
    base = Path(tempfile.mkdtemp(prefix="arena-unsafe-"))  # a folder the sandbox uid can walk into
    try:
        os.chmod(base, 0o711)
        world = make_world(base)
        monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
        monkeypatch.setattr(bwrap, "bwrap_path", lambda: None)
        cmd = "id -u; P=$(printf '\\057proc'); tr '\\0' '\\n' < $P/$PPID/environ; echo rc=$?"
        out = await runner.run("c", "Bash", {"command": cmd}, world.ctx(unsafe_bash=True))
        assert FAKE_KEY not in out.text and "rc=0" not in out.text, out.text
        assert out.text.split("--- stdout ---\n")[1].splitlines()[0] != "0"
    finally:
        shutil.rmtree(base)


async def test_no_new_namespaces_but_ordinary_programs_work(world: World) -> None:
    from arena_tui.sandbox.seccomp import filter_program

    if filter_program() is None:
        pytest.skip("libseccomp not available")
    cmd = (
        "unshare -U -r id; echo rc1=$?; "
        "python3 -c 'import ctypes; print(\"unshare\", ctypes.CDLL(None).unshare(0x10000000))'; "
        "python3 -c 'import multiprocessing as m; print(sum(m.Pool(2).map(abs, [-1, -2])))'; "
        "(sleep 0.1 &); wait; echo done"
    )
    out = await runner.run("c", "Bash", {"command": cmd}, world.ctx())
    assert "rc1=0" not in out.text and "unshare -1" in out.text, out.text
    assert "\n3\n" in out.text and "done" in out.text, out.text
