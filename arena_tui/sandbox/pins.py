"""Granted roots pinned at grant time and re-verified, without following links, at every use.

A grant names a folder (or file) by path. Between the grant and a later tool call an
agent with Bash can replace that folder by a symlink to somewhere else; binding the
path then would bind the link's target. So each root is pinned when the scope is built
(device, inode, kind) and, before every Bash call and file tool call, re-opened
component by component with ``O_NOFOLLOW``: a symlink anywhere on the way, a folder
that became a file (or the reverse), or a root on another file system (a mount) is
refused. Bubblewrap then binds the very descriptor that was verified (``--bind-fd``),
so nothing can be swapped between the check and the mount. A plain folder or file
recreated at the same path (new inode, no link on the way) is still exactly the
granted path: it is re-pinned, not refused (``sed -i`` and the harness's own rebuilds
do that; an agent cannot move an outside folder in, it cannot see one).
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass

_PATH_FLAGS = os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC


class SwappedRootError(Exception):
    """A granted root is no longer what was granted."""

    def __init__(self, root: str, why: str) -> None:
        super().__init__(f"granted path '{root}' changed since it was granted ({why})")
        self.root = root
        self.why = why


@dataclass(frozen=True)
class Pin:
    """What a root was at grant time."""

    dev: int
    ino: int
    is_dir: bool


def open_nofollow(path: str) -> int:
    """An ``O_PATH`` descriptor of absolute ``path``, refusing a symlink in any component.

    Raises:
        FileNotFoundError: a component does not exist.
        SwappedRootError: a component is a symlink or a non-folder is walked through.
    """
    fd = os.open("/", _PATH_FLAGS | os.O_DIRECTORY)
    try:
        for part in path.split("/"):
            if part in ("", "."):
                continue
            try:
                nfd = os.open(part, _PATH_FLAGS, dir_fd=fd)
            except NotADirectoryError:
                raise SwappedRootError(path, "a component is not a folder") from None
            os.close(fd)
            fd = nfd
            if stat.S_ISLNK(os.fstat(fd).st_mode):
                raise SwappedRootError(path, "a component is a symbolic link")
    except BaseException:
        os.close(fd)
        raise
    return fd


def pin_of(path: str) -> Pin | None:
    """The pin of ``path`` now, or ``None`` when it does not exist (or is already a link)."""
    try:
        fd = open_nofollow(path)
    except (OSError, SwappedRootError):
        return None
    try:
        st = os.fstat(fd)
    finally:
        os.close(fd)
    return Pin(st.st_dev, st.st_ino, stat.S_ISDIR(st.st_mode))


def open_pinned(root: str, pins: dict[str, Pin]) -> int | None:
    """Open ``root`` without following links and check it against its pin.

    A root that did not exist at grant time is pinned the first time it is seen.
    Returns ``None`` when the root does not exist now.

    Raises:
        SwappedRootError: the root is not what was granted.
    """
    try:
        fd = open_nofollow(root)
    except FileNotFoundError:
        return None
    try:
        st = os.fstat(fd)
        is_dir = stat.S_ISDIR(st.st_mode)
        if not is_dir and not stat.S_ISREG(st.st_mode):
            raise SwappedRootError(root, "not a folder or a regular file")
        pin = pins.get(root)
        if pin is None:
            pins[root] = Pin(st.st_dev, st.st_ino, is_dir)
        elif pin.is_dir != is_dir:
            raise SwappedRootError(root, "its kind changed")
        elif pin.dev != st.st_dev:
            raise SwappedRootError(root, "it is on another file system now")
        elif pin.ino != st.st_ino:
            # A plain folder recreated at the same place (the harness rebuilds sessions/,
            # an agent may rm -r and mkdir): still exactly the granted path, so re-pin it.
            pins[root] = Pin(st.st_dev, st.st_ino, is_dir)
    except BaseException:
        os.close(fd)
        raise
    return fd


def verify_roots(roots: tuple[str, ...], pins: dict[str, Pin]) -> list[SwappedRootError]:
    """Every root that fails :func:`open_pinned` (descriptors are closed again)."""
    bad: list[SwappedRootError] = []
    for root in roots:
        try:
            fd = open_pinned(root, pins)
        except SwappedRootError as exc:
            bad.append(exc)
            continue
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
    return bad
