"""Staged workspace updates: one planning step shared by ``check`` (virtually) and runs (for real).

``plan_update`` checks a group against a virtual file set and returns the operations; the
validator only plans, the runner plans and then executes, so a dataset that passes ``check``
applies exactly as simulated.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

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

    op: str
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


def execute_update(ops: list[UpdateOp], workspace: Path) -> None:
    """Carry out planned operations on a real workspace (``replace`` deletes dst first)."""
    for op in ops:
        target = workspace / op.dst
        if op.op == "replace" and (target.exists() or target.is_symlink()):
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target)
            else:
                target.unlink()
        target.parent.mkdir(parents=True, exist_ok=True)
        if op.src.is_dir():
            shutil.copytree(op.src, target, symlinks=True)
        else:
            shutil.copy2(op.src, target)
