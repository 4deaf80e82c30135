"""Bubblewrap: the wall around every Bash command and every check.

The sandbox root is an empty tmpfs. Into it go the system folders read-only, a minimal
``/etc`` (only what the dynamic loader needs), the Python prefix of this interpreter
read-only (never ``/root`` wholesale), a private sized ``/tmp``, a fresh ``/dev`` and a
fresh, read-only ``/proc`` (no kernel tunable can be written), and the agent's scope
roots (read-write only for agents granted Write or Edit), each bound through the
descriptor that was verified against its pin (``--bind-fd``). Network, PID, IPC and UTS
namespaces are unshared, capabilities dropped, no new privileges, and the sandbox dies
with its parent; when the PID namespace's first process ends, every process left in it
is killed. When the harness is root, the command runs as an unprivileged uid
(``setpriv``), under hard ``ulimit`` caps. The bwrap process itself is started with a
minimal environment, so nothing of the harness's environment is anywhere in the
sandbox's ``/proc``. Hard links inside the scope that point outside it are masked with
``/dev/null`` so the one alias realpath cannot see is not readable either.
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Literal

from arena_tui.sandbox.hardlinks import escaping_hardlinks
from arena_tui.sandbox.limits import SandboxLimits, drops_privileges, minimal_env
from arena_tui.sandbox.pins import SwappedRootError, open_pinned
from arena_tui.sandbox.scope import ForbiddenError, Refusal, ScopeGuard, forbidden_text
from arena_tui.sandbox.seccomp import filter_fd

SandboxMode = Literal["bwrap", "unsafe", "unavailable"]

_MOUNTED = frozenset(["/tmp", "/proc", "/dev", "/usr", "/etc", "/bin", "/sbin", "/lib", "/lib64", "/lib32"])
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
    if drops_privileges() and setpriv_path() is None:
        return None
    probe = [exe, *system_binds(), "--unshare-net", "--unshare-pid", "--die-with-parent", "true"]
    try:
        done = subprocess.run(probe, capture_output=True, timeout=10, check=False, env=minimal_env("/usr/bin", "/"))
    except (OSError, subprocess.SubprocessError):
        return None
    return exe if done.returncode == 0 else None


@functools.cache
def setpriv_path() -> str | None:
    """``setpriv`` (util-linux): how a root harness drops the sandbox to an unprivileged uid."""
    return shutil.which("setpriv")


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
        args += [*open_parents([prefix]), "--ro-bind", prefix, prefix]
    return args


def open_parents(dests: list[str], inside: tuple[str, ...] = ()) -> list[str]:
    """``--dir`` arguments (mode 0755) for the folders above ``dests``.

    bwrap would create them 0700 and root-owned, which an unprivileged uid cannot
    cross. Folders inside another bind (``inside``) exist already and are skipped.
    """
    made: dict[str, None] = {}
    for dest in dests:
        parts = dest.strip("/").split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folder = "/" + "/".join(parts[:depth])
            if folder in _MOUNTED:
                continue
            if not any(folder == r or folder.startswith(r.rstrip("/") + "/") for r in inside):
                made[folder] = None
    args: list[str] = []
    for folder in sorted(made, key=lambda f: f.count("/")):
        args += ["--perms", "0755", "--dir", folder]
    return args


def sandbox_path_env() -> str:
    """PATH inside the sandbox: system folders, then this interpreter's prefix."""
    parts = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]
    prefix = python_prefix()
    if prefix is not None:
        parts.append(os.path.join(prefix, "bin"))
    return ":".join(parts)


KILL_TOKEN_VAR = "ARENA_SANDBOX_TOKEN"


@dataclass
class Launch:
    """Everything needed to start one sandboxed command; ``close`` releases the descriptors."""

    argv: list[str]
    env: dict[str, str]
    fds: list[int] = field(default_factory=list)
    cwd: str | None = None
    kill_token: str | None = None

    def close(self) -> None:
        for fd in self.fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.fds.clear()


@dataclass(frozen=True)
class Bind:
    """A verified descriptor bound at ``dest`` (the same path as on the host)."""

    fd: int
    dest: str
    writable: bool


def _hardened(limits: SandboxLimits) -> list[str]:
    return [
        "--perms", "1777", "--size", str(limits.tmp_mb * 1024 * 1024), "--tmpfs", "/tmp",
        "--proc", "/proc", "--remount-ro", "/proc",
        "--dev", "/dev",
        "--perms", "1777", "--size", str(limits.tmp_mb * 1024 * 1024), "--tmpfs", "/dev/shm",
    ]  # fmt: skip


def _namespaces() -> list[str]:
    args = ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent", "--new-session"]
    args += ["--cap-drop", "ALL"]
    if drops_privileges():
        # Only setpriv uses these, to switch uid and clear the bounding set, before bash runs.
        args += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP"]
    return args


def _inner(command: str, cwd: str, limits: SandboxLimits, uid: int, file_size_mb: int | None) -> list[str]:
    if file_size_mb is not None:
        limits = SandboxLimits(limits.memory_mb, limits.processes, file_size_mb, limits.tmp_mb)
    # The shell changes folder itself, after the uid switch: a 0700 folder the sandbox
    # uid owns is not enterable by capability-less root.
    prelude = limits.ulimit_line().rstrip("\n") + f"cd -- {shlex.quote(cwd)} || exit 126\n"
    shell = ["/bin/bash", "-c", prelude + command]
    if not drops_privileges() or setpriv_path() is None:
        return shell
    drop = [setpriv_path() or "setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"]
    return [*drop, "--bounding-set", "-all", "--inh-caps", "-all", "--", *shell]


def sandbox_launch(
    binds: list[Bind],
    masks: list[str],
    cwd: str,
    command: str,
    limits: SandboxLimits,
    uid: int,
    file_size_mb: int | None = None,
) -> Launch:
    """The bwrap launch of ``command`` with ``binds`` (broader first) and ``masks`` over /dev/null."""
    args = [bwrap_path() or "bwrap", *system_binds(), *_hardened(limits)]
    dests = [b.dest for b in binds]
    args += open_parents(dests, tuple(d for d in dests))
    for bind in sorted(binds, key=lambda b: len(b.dest)):
        args += ["--bind-fd" if bind.writable else "--ro-bind-fd", str(bind.fd), bind.dest]
    for path in masks:
        args += ["--ro-bind", "/dev/null", path]
    args += _namespaces()
    fds = [b.fd for b in binds]
    program = filter_fd()
    if program is not None:
        args += ["--seccomp", str(program)]
        fds.append(program)
    args += ["--chdir", "/", "--", *_inner(command, cwd, limits, uid, file_size_mb)]
    env = minimal_env(sandbox_path_env(), cwd)
    return Launch(args, env, fds)


def open_binds(guard: ScopeGuard, writable: bool) -> list[Bind]:
    """Verified descriptors of every existing scope root, read-write only where allowed.

    Raises:
        ForbiddenError: a root was swapped since the grant (one refusal per root).
    """
    binds: list[Bind] = []
    bad: list[SwappedRootError] = []
    for root in guard.roots():
        try:
            fd = open_pinned(root, guard.pins)
        except SwappedRootError as exc:
            bad.append(exc)
            continue
        if fd is not None:
            rw = writable and guard.contains(root, write=True)
            binds.append(Bind(fd, root, rw))
    if bad:
        for bind in binds:
            os.close(bind.fd)
        raise ForbiddenError([Refusal(b.root) for b in bad], forbidden_text(bad[0].root) + f" ({bad[0]})")
    return binds


def bash_launch(
    guard: ScopeGuard, cwd: str, writable: bool, command: str, limits: SandboxLimits, uid: int, file_size_mb: int
) -> Launch:
    """The bwrap launch for one Bash command in ``guard``'s scope.

    Raises:
        ForbiddenError: a granted root was swapped.
        OverflowError: the scope is too large to scan for escaping hard links.
    """
    binds = open_binds(guard, writable)
    try:
        masks = escaping_hardlinks(guard.read_roots)
    except BaseException:
        for bind in binds:
            os.close(bind.fd)
        raise
    return sandbox_launch(binds, masks, cwd, command, limits, uid, file_size_mb)


def unsafe_launch(command: str, cwd: str, limits: SandboxLimits, uid: int, file_size_mb: int | None = None) -> Launch:
    """No sandbox: only when the operator passed the unsafe switch.

    Still a minimal environment, the ``ulimit`` caps and, for a root harness whose
    workspace that uid can reach, the unprivileged uid (so the harness's own
    ``/proc/<pid>/environ`` stays unreadable); a token in the environment finds strays
    to kill.
    """
    token = secrets.token_hex(16)
    env = minimal_env(sandbox_path_env(), cwd, {KILL_TOKEN_VAR: token})
    argv = _inner(command, cwd, limits, uid, file_size_mb)
    if drops_privileges() and not reachable(cwd, uid):
        argv = argv[argv.index("--") + 1 :]  # the uid could not even enter the workspace
    return Launch(argv, env, cwd=cwd, kill_token=token)


def reachable(path: str, uid: int) -> bool:
    """Whether ``uid`` (no groups) can walk from ``/`` down into ``path`` on the host."""
    current = "/"
    for part in [p for p in path.split("/") if p]:
        current = os.path.join(current, part)
        try:
            st = os.stat(current)
        except OSError:
            return False
        bit = 0o100 if st.st_uid == uid else 0o001
        if not st.st_mode & bit:
            return False
    return True
