"""Bubblewrap: the wall around every Bash command.

The sandbox root is an empty tmpfs. Into it go the system folders read-only, a minimal
``/etc`` (only what the dynamic loader needs), the Python prefix of this interpreter
read-only (never ``/root`` wholesale), a private ``/tmp``, fresh ``/proc`` and ``/dev``,
and the agent's scope roots (read-write only for agents granted Write or Edit). Network,
PID, IPC and UTS namespaces are unshared, capabilities dropped, and the sandbox dies
with its parent. Hard links inside the scope that point outside it are masked with
``/dev/null`` so the one alias realpath cannot see is not readable either.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from typing import Literal

from arena_tui.sandbox.hardlinks import escaping_hardlinks
from arena_tui.sandbox.scope import ScopeGuard

SandboxMode = Literal["bwrap", "unsafe", "unavailable"]

_ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime")


def python_prefix() -> str | None:
    """Real prefix of this interpreter when it lives outside the system folders (pyenv)."""
    prefix = os.path.realpath(sys.base_prefix)
    if prefix == "/usr" or prefix.startswith(("/usr/", "/bin", "/lib")):
        return None
    return prefix


@functools.cache
def bwrap_path() -> str | None:
    """The bwrap binary, if it exists *and* can create namespaces here (probed once)."""
    exe = shutil.which("bwrap")
    if exe is None:
        return None
    probe = [exe, *system_binds(), "--unshare-net", "--unshare-pid", "--die-with-parent", "true"]
    try:
        done = subprocess.run(probe, capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return exe if done.returncode == 0 else None


def sandbox_mode(unsafe: bool = False) -> SandboxMode:
    """How Bash runs here: ``bwrap``, ``unsafe`` (no bwrap, switch given) or ``unavailable``."""
    if bwrap_path() is not None:
        return "bwrap"
    return "unsafe" if unsafe else "unavailable"


def system_binds() -> list[str]:
    """Read-only system folders, a minimal /etc, the Python prefix."""
    args: list[str] = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib64", "/lib32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for name in _ETC_FILES:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    prefix = python_prefix()
    if prefix is not None:
        args += ["--ro-bind", prefix, prefix]
    return args


def sandbox_path_env() -> str:
    """PATH inside the sandbox: system folders, then this interpreter's prefix."""
    parts = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]
    prefix = python_prefix()
    if prefix is not None:
        parts.append(os.path.join(prefix, "bin"))
    return ":".join(parts)


def bwrap_argv(guard: ScopeGuard, cwd: str, writable: bool, command: str) -> list[str]:
    """The full bwrap command line for ``command`` in ``guard``'s scope.

    Raises:
        OverflowError: the scope is too large to scan for escaping hard links.
    """
    exe = bwrap_path() or "bwrap"
    args = [exe, *system_binds(), "--tmpfs", "/tmp", "--proc", "/proc"]
    args += ["--dev", "/dev"]
    # Broader roots first so a nested root is bound on top of its parent.
    for root in sorted(guard.read_roots, key=len):
        if not os.path.lexists(root):
            continue
        rw = writable and guard.contains(root, write=True)
        args += ["--bind" if rw else "--ro-bind", root, root]
    for path in escaping_hardlinks(guard.read_roots):
        args += ["--ro-bind", "/dev/null", path]
    args += [
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--clearenv",
        "--setenv", "PATH", sandbox_path_env(),
        "--setenv", "HOME", cwd,
        "--setenv", "TMPDIR", "/tmp",
        "--setenv", "LANG", "C.UTF-8",
        "--chdir", cwd,
        "--",
        "/bin/bash", "-c", command,
    ]  # fmt: skip
    return args


def unsafe_argv(command: str) -> list[str]:
    """No sandbox at all: only when the operator passed the unsafe switch."""
    return ["/bin/bash", "-c", command]
