"""The check engine's resident interpreter, run inside one scenario's check sandbox (stdlib only).

This file is never imported by the harness: its source is handed to ``python3 -I -S -B -c``
inside the same bubblewrap sandbox a check gets (workspace and checks folder read-only,
minimal environment, caps, no network). It compiles the engine once, imports the modules
its top level imports (none of the engine's own code runs in this process), and then, for
each request read from stdin (one JSON list: the engine's argv), forks a child that runs
the engine exactly as ``python3 <engine> <workspace> <spec>`` would: as ``__main__``,
``sys.argv`` the three words, the engine's folder first on ``sys.path``, the workspace as
the current folder. The child starts from the pristine state of the parent, and the
entries it added to the private ``/tmp`` and ``/dev/shm`` are removed after it, so one check can never leave
anything for the next. Its stdout and stderr are read while it runs, capped like any
sandboxed command's, and sent back with its exit status and CPU time; a child killed by a
signal reports ``128 + signal`` as the shell would have.

The engine file is read again for every request and recompiled when its bytes changed,
so the code that runs is always the file the check names. An engine path given after the
cap is compiled (and its imports loaded) before the first request, while the scenario
waits for its model: otherwise every scenario pays that at its first check, all at the
same round boundary. Nothing of that warm-up decides a result: a file it cannot read or
compile is not remembered, and the first request reads, compiles and reports it itself.
"""

from __future__ import annotations

import builtins
import contextlib
import json
import os
import select
import signal
import sys
from types import CodeType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import resource

CAP = int(sys.argv[1]) if len(sys.argv) > 1 else 64 * 1024
WARM = sys.argv[2] if len(sys.argv) > 2 else ""
"""The engine to compile before the first request ("" for none)."""
PROTOCOL = os.dup(1)
"""Where replies go: the original stdout; descriptor 1 itself is pointed at /dev/null."""
_compiled: dict[str, tuple[bytes, CodeType]] = {}


def _code(path: str) -> CodeType:
    with open(path, "rb") as fh:
        source = fh.read()
    known = _compiled.get(path)
    if known is not None and known[0] == source:
        return known[1]
    code = compile(source, path, "exec", dont_inherit=True)
    _compiled[path] = (source, code)
    _preload(source)
    return code


def _preload(source: bytes) -> None:
    """Import the modules the engine's top level imports; none of the engine's own code runs here."""
    import ast

    for node in ast.parse(source).body:
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            with contextlib.suppress(BaseException):  # the child reports any failure itself
                __import__(name)


def _child(argv: list[str], code: CodeType | None, error: tuple[str, int], out_w: int, err_w: int) -> None:
    os.close(PROTOCOL)  # the check cannot speak for the server
    os.dup2(out_w, 1)
    os.dup2(err_w, 2)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    status = 0
    try:
        if code is None:
            print(error[0], file=sys.stderr)
            raise SystemExit(error[1])
        sys.argv = list(argv)
        os.environ["_"] = sys.executable  # what bash exports to the program it starts
        sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
        main = type(sys)("__main__")
        main.__file__ = argv[0]
        main.__dict__["__builtins__"] = builtins
        sys.modules["__main__"] = main
        exec(code, main.__dict__)
    except SystemExit as exc:
        if exc.code is None:
            status = 0
        elif isinstance(exc.code, int):
            status = exc.code
        else:
            print(exc.code, file=sys.stderr)
            status = 1
    except BaseException:  # as the interpreter would: traceback, exit 1
        import traceback

        traceback.print_exc()
        status = 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status & 0xFF)


def _kill_strays() -> None:
    """Kill every process of this PID namespace but this one and its init: what a check left running."""
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) not in (1, os.getpid()):
            with contextlib.suppress(OSError):
                os.kill(int(name), signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def _collect(pid: int, out_r: int, err_r: int) -> tuple[int, list[bytearray], list[int], int]:
    """Read the child's output (capped) until it has exited and nothing it started holds the pipes."""
    kept = [bytearray(), bytearray()]
    dropped = [0, 0]
    poller = select.poll()
    index = {out_r: 0, err_r: 1}
    for fd in index:
        poller.register(fd, select.POLLIN | select.POLLHUP)
    open_fds = set(index)
    ended: tuple[int, resource.struct_rusage] | None = None
    while open_fds:
        for fd, _event in poller.poll(50):
            chunk = os.read(fd, 65536)
            if not chunk:
                poller.unregister(fd)
                open_fds.discard(fd)
                os.close(fd)
                continue
            slot = index[fd]
            room = CAP - len(kept[slot])
            if room > 0:
                kept[slot] += chunk[:room]
            dropped[slot] += max(0, len(chunk) - max(room, 0))
        if ended is None:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                ended = (status, usage)
                _kill_strays()  # as when a cold check's PID namespace ends with its first process
    if ended is None:
        _, status, usage = os.wait4(pid, 0)
        ended = (status, usage)
        _kill_strays()
    status, usage = ended
    rc = os.waitstatus_to_exitcode(status)
    cpu_us = int((usage.ru_utime + usage.ru_stime) * 1e6)
    return (128 - rc if rc < 0 else rc), kept, dropped, cpu_us


def _listing(folder: str) -> set[str]:
    try:
        return set(os.listdir(folder))
    except OSError:
        return set()


SCRATCH = {folder: _listing(folder) for folder in ("/tmp", "/dev/shm")}
"""What the private scratch folders held at start (the folders above the bound workspace)."""


def _remove(path: str, device: int) -> None:
    try:
        st = os.lstat(path)
        if st.st_dev != device:  # never into a bind mount
            return
        if os.path.isdir(path) and not os.path.islink(path):
            for name in os.listdir(path):
                _remove(os.path.join(path, name), device)
            os.rmdir(path)
        else:
            os.unlink(path)
    except OSError:
        pass


def _wipe() -> None:
    """Remove what a check added to the scratch folders, so the next one never sees it."""
    for folder, kept in SCRATCH.items():
        try:
            device = os.stat(folder).st_dev
        except OSError:
            continue
        for name in _listing(folder) - kept:
            _remove(os.path.join(folder, name), device)


def _send(data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(PROTOCOL, view) :]


def serve() -> None:
    pending = b""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # stray prints of this process go nowhere, never into the replies
    if WARM:
        with contextlib.suppress(Exception):  # the request that names it reports any failure
            _code(WARM)
    while True:
        while b"\n" not in pending:
            chunk = os.read(0, 65536)
            if not chunk:
                return
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        argv = [str(word) for word in json.loads(line)]
        code: CodeType | None = None
        error = ("", 0)
        try:
            code = _code(argv[0])
        except OSError as exc:  # as python3 says it when the script cannot be opened
            error = (f"python3: can't open file {argv[0]!r}: [Errno {exc.errno}] {exc.strerror}", 2)
        except (SyntaxError, ValueError) as exc:
            error = (f"{type(exc).__name__}: {exc}", 1)
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        for stream in (sys.stdout, sys.stderr):  # a child must not inherit buffered text
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        pid = os.fork()
        if pid == 0:
            os.close(out_r)
            os.close(err_r)
            _child(argv, code, error, out_w, err_w)
        os.close(out_w)
        os.close(err_w)
        rc, (out, err), (out_drop, err_drop), cpu_us = _collect(pid, out_r, err_r)
        _wipe()
        head = f"{rc} {len(out)} {len(err)} {out_drop} {err_drop} {cpu_us}\n"
        _send(head.encode() + bytes(out) + bytes(err))


if __name__ == "__main__":
    serve()
