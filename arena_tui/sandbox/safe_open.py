"""Open a scope-checked path so that a swap after the check cannot escape.

The realpath check in :class:`ScopeGuard` happens before the open; between the two, a
component could be replaced by a symlink. So we open the parent folder, verify through
``/proc/self/fd`` that it is the folder we checked, open the final component relative
to that descriptor with ``O_NOFOLLOW`` (a symlink there now means a swap), and verify
the opened file's own descriptor path and hard-link count before any byte is read or
written. Missing folders are made one at a time relative to descriptors, starting at the
pinned write root.
"""

from __future__ import annotations

import contextlib
import os
import stat

from arena_tui.sandbox.hardlinks import links_all_inside
from arena_tui.sandbox.pins import SwappedRootError, open_pinned
from arena_tui.sandbox.scope import ForbiddenError, ScopeGuard


class PathError(Exception):
    """A path problem that is a plain tool error (missing, a folder, not a regular file)."""


def _fd_path(fd: int) -> str:
    return os.readlink(f"/proc/self/fd/{fd}")


def open_checked(guard: ScopeGuard, real: str, shown: str, *, write: bool = False, create: bool = False) -> int:
    """Open ``real`` (already resolved by ``guard``) and return a verified descriptor.

    Args:
        guard: the agent's scope.
        real: the realpath that passed :meth:`ScopeGuard.resolve`.
        shown: the path as the agent wrote it, for messages.
        write: open read-write and check the write roots.
        create: create the file when it does not exist (needs ``write``).

    Raises:
        ForbiddenError: the opened object is not the checked, in-scope file.
        PathError: the file is missing, a folder or not a regular file.
    """
    parent, name = os.path.split(real)
    try:
        dfd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise PathError(f"file does not exist: {shown}") from None
    except NotADirectoryError:
        raise PathError(f"file does not exist: {shown}") from None
    try:
        if _fd_path(dfd) != parent:
            raise ForbiddenError.path(shown)
        flags = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
        flags |= (os.O_RDWR | (os.O_CREAT if create else 0)) if write else os.O_RDONLY
        try:
            fd = os.open(name, flags, 0o644, dir_fd=dfd)
        except FileNotFoundError:
            raise PathError(f"file does not exist: {shown}") from None
        except IsADirectoryError:
            raise PathError(f"path is a directory, not a file: {shown}") from None
        except OSError as exc:
            if exc.errno == 40:  # ELOOP: the final component became a symlink after the check
                raise ForbiddenError.path(shown) from None
            raise PathError(f"cannot open {shown}: {exc.strerror}") from None
    finally:
        os.close(dfd)
    try:
        _verify(fd, guard, real, shown, write)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _verify(fd: int, guard: ScopeGuard, real: str, shown: str, write: bool) -> None:
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        raise PathError(f"path is a directory, not a file: {shown}")
    if not stat.S_ISREG(st.st_mode):
        raise PathError(f"not a regular file: {shown}")
    opened = _fd_path(fd)
    if opened != real or not guard.contains(opened, write=write):
        raise ForbiddenError.path(shown)
    roots = guard.write_roots if write else guard.read_roots
    if not links_all_inside(st, roots):
        raise ForbiddenError.path(shown)
    # Regular files ignore O_NONBLOCK; clear it anyway so later reads behave normally.
    with contextlib.suppress(OSError):
        os.set_blocking(fd, True)


def make_parents(guard: ScopeGuard, parent: str, shown: str) -> None:
    """Create the missing folders of ``parent`` one by one, relative to verified descriptors.

    The walk starts at the write root (re-verified against its pin) and never follows a
    link: a component that is (or became) a symlink is refused.

    Raises:
        ForbiddenError: no write root holds ``parent``, or a component is not a plain folder.
    """
    roots = [r for r in guard.write_roots if parent == r or parent.startswith(r.rstrip("/") + "/")]
    if not roots or not guard.contains(parent, write=True):
        raise ForbiddenError.path(shown)
    root = max(roots, key=len)
    try:
        fd = open_pinned(root, guard.pins)
    except SwappedRootError:
        raise ForbiddenError.path(shown) from None
    if fd is None:
        raise PathError(f"folder does not exist: {root}")
    try:
        rel = os.path.relpath(parent, root)
        for part in [] if rel == "." else rel.split("/"):
            with contextlib.suppress(FileExistsError):
                os.mkdir(part, 0o755, dir_fd=fd)
            nfd = os.open(part, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            os.close(fd)
            fd = nfd
            if not stat.S_ISDIR(os.fstat(fd).st_mode):
                raise ForbiddenError.path(shown)
    finally:
        os.close(fd)


def write_checked(guard: ScopeGuard, real: str, shown: str, data: bytes) -> None:
    """Create parent folders, then replace the verified file's contents with ``data``."""
    parent = os.path.dirname(real)
    if not os.path.isdir(parent):
        make_parents(guard, parent, shown)
    fd = open_checked(guard, real, shown, write=True, create=True)
    with os.fdopen(fd, "r+b") as fh:
        fh.truncate(0)
        fh.write(data)
