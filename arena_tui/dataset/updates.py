"""Staged workspace updates: one planning step shared by ``check`` (virtually) and runs (for real).

``plan_update`` checks a group against a virtual file set and returns the operations; the
validator only plans, the runner plans and then executes, so a dataset that passes ``check``
applies exactly as simulated.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from arena_tui.dataset.paths import PathEscapeError, is_under, normalize_relative
from arena_tui.dataset.schema import UpdateGroup


class UpdateError(ValueError):
    """An update that cannot be applied (src missing, ``new`` over an existing dst, …)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


@dataclass(frozen=True)
class UpdateOp:
    """One copy: ``src`` (absolute, file or folder) to workspace-relative ``dst``."""

    op: Literal["new", "replace"]
    src: Path
    dst: str
    added_files: tuple[str, ...]


class VirtualTree:
    """The set of files (workspace-relative) that a workspace holds at some round."""

    def __init__(self, files: set[str] | None = None) -> None:
        self.files: set[str] = set(files or ())

    @classmethod
    def from_folder(cls, root: Path) -> VirtualTree:
        return cls(set(list_files(root)))

    def exists(self, rel: str) -> bool:
        return rel == "." or any(is_under(f, rel) for f in self.files)

    def remove(self, rel: str) -> None:
        self.files = {f for f in self.files if not is_under(f, rel)}

    def copy(self) -> VirtualTree:
        return VirtualTree(self.files)


def list_files(root: Path) -> list[str]:
    """Every regular file (and symlink) under ``root`` as sorted POSIX paths relative to it."""
    out: list[str] = []
    for path in root.rglob("*"):
        if path.is_symlink() or path.is_file():
            out.append(path.relative_to(root).as_posix())
    return sorted(out)


def plan_update(group: UpdateGroup, base: Path, tree: VirtualTree) -> list[UpdateOp]:
    """Validate ``group`` against ``tree``, apply it to ``tree`` and return the copy operations.

    Args:
        group: the update group from the manifest.
        base: the folder the group's ``src`` paths are relative to (the manifest's folder).
        tree: the workspace's file set before the group; changed in place.

    Raises:
        UpdateError: naming the index of the offending file entry.
    """
    ops: list[UpdateOp] = []
    base_real = base.resolve()
    for index, spec in enumerate(group.files):
        try:
            dst = normalize_relative(spec.dst)
            src_rel = normalize_relative(spec.src)
        except PathEscapeError as exc:
            raise UpdateError(index, str(exc)) from None
        if dst == ".":
            raise UpdateError(index, "dst may not be the workspace root itself")
        src = base / src_rel
        real_src = src.resolve()
        if real_src != base_real and base_real not in real_src.parents:
            raise UpdateError(index, f"src '{spec.src}' resolves outside the scenario folder")
        if not src.exists():
            raise UpdateError(index, f"src '{spec.src}' does not exist")
        if group.op == "new" and tree.exists(dst):
            raise UpdateError(index, f"op 'new' but dst '{dst}' already exists at this round")
        if group.op == "replace":
            if not tree.exists(dst):
                raise UpdateError(index, f"op 'replace' but dst '{dst}' does not exist at this round")
            tree.remove(dst)
        added = tuple(f"{dst}/{f}" for f in list_files(src)) if src.is_dir() else (dst,)
        tree.files.update(added)
        ops.append(UpdateOp(group.op, src, dst, added))
    return ops


class UnsafeDestinationError(Exception):
    """A destination that is, or passes through, something the harness must not follow."""


_NOFOLLOW_DIR = os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC


def _enter(fd: int, name: str, create: bool) -> int:
    """Descend into folder ``name`` below ``fd`` without following a link (made when ``create``)."""
    if create:
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, 0o755, dir_fd=fd)
    try:
        nfd = os.open(name, _NOFOLLOW_DIR, dir_fd=fd)
    except FileNotFoundError:
        raise UnsafeDestinationError(f"'{name}' disappeared") from None
    st = os.fstat(nfd)
    if not stat.S_ISDIR(st.st_mode):
        os.close(nfd)
        kind = "a symbolic link" if stat.S_ISLNK(st.st_mode) else "not a folder"
        raise UnsafeDestinationError(f"'{name}' is {kind}")
    return nfd


def _lstat(fd: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _put_file(src: Path, fd: int, name: str) -> None:
    """Write ``src`` as a fresh file ``name`` below ``fd``; an existing non-link file is unlinked first."""
    st = _lstat(fd, name)
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise UnsafeDestinationError(f"'{name}' is a symbolic link")
        if stat.S_ISDIR(st.st_mode):
            raise UnsafeDestinationError(f"'{name}' is a folder")
        os.unlink(name, dir_fd=fd)  # a hard link elsewhere keeps its bytes
    sst = src.stat()
    out = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=fd)
    try:
        with src.open("rb") as fh:
            while chunk := fh.read(1 << 20):
                os.write(out, chunk)
        os.fchmod(out, stat.S_IMODE(sst.st_mode))
        os.utime(out, ns=(sst.st_atime_ns, sst.st_mtime_ns))
    finally:
        os.close(out)


def _put_tree(src: Path, fd: int, name: str) -> None:
    st = _lstat(fd, name)
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise UnsafeDestinationError(f"'{name}' is a symbolic link")
    sub = _enter(fd, name, create=True)
    try:
        for entry in sorted(src.iterdir()):
            if entry.is_symlink():
                if _lstat(sub, entry.name) is None:
                    os.symlink(os.readlink(entry), entry.name, dir_fd=sub)
            elif entry.is_dir():
                _put_tree(entry, sub, entry.name)
            else:
                _put_file(entry, sub, entry.name)
    finally:
        os.close(sub)


def _empty(fd: int, name: str) -> None:
    """Remove everything inside folder ``name`` below ``fd``, never following a link."""
    sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
    try:
        for entry in os.listdir(sub):
            est = os.stat(entry, dir_fd=sub, follow_symlinks=False)
            if stat.S_ISDIR(est.st_mode):
                shutil.rmtree(entry, dir_fd=sub)
            else:
                os.unlink(entry, dir_fd=sub)
    finally:
        os.close(sub)


def _apply(op: UpdateOp, workspace: Path) -> None:
    *folders, name = op.dst.split("/")
    fd = os.open(workspace, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for folder in folders:
            nfd = _enter(fd, folder, create=True)
            os.close(fd)
            fd = nfd
        st = _lstat(fd, name)
        if st is not None and stat.S_ISLNK(st.st_mode):
            raise UnsafeDestinationError(f"'{name}' is a symbolic link")
        if op.op == "replace" and st is not None:
            if stat.S_ISDIR(st.st_mode) and op.src.is_dir():
                _empty(fd, name)  # the folder keeps its inode, so grants pinned to it stay valid
            elif stat.S_ISDIR(st.st_mode):
                shutil.rmtree(name, dir_fd=fd)
            else:
                os.unlink(name, dir_fd=fd)
        if op.src.is_dir():
            _put_tree(op.src, fd, name)
        else:
            _put_file(op.src, fd, name)
    finally:
        os.close(fd)


def execute_update(ops: list[UpdateOp], workspace: Path) -> list[str]:
    """Carry out planned operations on a real workspace (``replace`` deletes dst first).

    Nothing is ever written through a link an agent made: every folder on the way is
    entered with ``O_NOFOLLOW``, files are created fresh (``O_EXCL``), and an existing
    file is unlinked rather than overwritten (so a hard link to an outside file keeps
    its bytes). A destination that is, or passes through, a symbolic link is refused.

    Returns:
        One ``"dst: why"`` line per refused operation (the others are applied).
    """
    refused: list[str] = []
    for op in ops:
        try:
            _apply(op, workspace)
        except UnsafeDestinationError as exc:
            refused.append(f"{op.dst}: {exc}")
    return refused
