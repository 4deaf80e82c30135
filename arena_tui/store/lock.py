"""One writer per output folder: an exclusive ``flock`` on ``<out>/.arena.lock`` holding the pid.

``run``, ``resume`` and ``play`` hold it for as long as they may write the folder, so a second
process is refused with the holder's pid instead of interleaving its events with the first.
The kernel drops a ``flock`` when its holder dies (even by SIGKILL), so a stale lock file
never blocks anyone: the next process simply takes the lock and writes its own pid.
Within one process the lock is re-entrant (the command and the run it starts share it).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import threading
from collections.abc import Iterator
from pathlib import Path

from arena_tui.errors import BadInputError

LOCK_FILENAME = ".arena.lock"

_held: dict[str, tuple[int, int]] = {}
"""realpath of a locked folder → (descriptor, hold count) for the locks this process holds."""
_guard = threading.Lock()


class OutputInUseError(BadInputError):
    """Another live process holds the output folder."""


def holder_pid(out: Path) -> int | None:
    """The pid written in ``out``'s lock file (whether or not that process still holds it)."""
    try:
        text = (out / LOCK_FILENAME).read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _prepare(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInputError(
            f"cannot write the output folder '{out}': {exc.strerror or exc}",
            fix="choose a writable folder with -o (it, or its parents, must be creatable directories)",
        ) from None


def _acquire(out: Path) -> int:
    _prepare(out)
    path = out / LOCK_FILENAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        raise BadInputError(
            f"cannot create the lock file '{path}': {exc.strerror or exc}",
            fix="choose a writable folder with -o",
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise BadInputError(f"cannot lock the output folder '{out}': {exc.strerror or exc}") from None
        pid = holder_pid(out)
        who = f"process {pid}" if pid is not None else "another process"
        raise OutputInUseError(
            f"output folder '{out}' is in use by {who} (lock {path})",
            fix=f"wait for it to finish, or stop it (kill {pid if pid is not None else '<pid>'}), or choose another -o",
        ) from None
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    except OSError:
        pass  # the lock itself is what counts; the pid is only shown to the next process
    return fd


@contextlib.contextmanager
def hold_output(out: Path) -> Iterator[None]:
    """Hold the exclusive lock on output folder ``out`` (created if missing) for the block."""
    key = os.path.realpath(out)
    with _guard:
        fd, count = _held.get(key, (-1, 0))
        if count == 0:
            fd = _acquire(out)
        _held[key] = (fd, count + 1)
    try:
        yield
    finally:
        with _guard:
            fd, count = _held[key]
            if count == 1:
                del _held[key]
                os.close(fd)  # closing the last descriptor releases the flock
            else:
                _held[key] = (fd, count - 1)


def ensure_free(out: Path) -> None:
    """Refuse now (one line, the holder's pid) if another process holds ``out``; holds nothing after."""
    with hold_output(out):
        pass


def pid_alive(pid: int | None) -> bool | None:
    """Whether process ``pid`` exists (``None`` when no pid is known)."""
    if pid is None or pid <= 0:
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    except OSError:
        return None
    try:  # a killed process nobody reaped yet is gone too
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rpartition(")")[2].split()[:1] != ["Z"]
    except OSError:
        return True
