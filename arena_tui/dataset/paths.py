"""Workspace-relative path rules shared by the validator and the runner."""

from __future__ import annotations

import posixpath
from pathlib import Path


class PathEscapeError(ValueError):
    """A path that is absolute or climbs out of the folder it must stay inside."""


def normalize_relative(path: str) -> str:
    """Normalise a relative POSIX path; ``"."`` stands for the folder itself.

    Raises:
        PathEscapeError: ``path`` is absolute, empty, or leaves its folder through ``..``.
    """
    if not path or not path.strip():
        raise PathEscapeError("path is empty")
    if path.startswith("/") or path.startswith("~") or "\\" in path or "\x00" in path:
        raise PathEscapeError(f"'{path}' must be a relative POSIX path")
    norm = posixpath.normpath(path)
    if norm == ".." or norm.startswith("../"):
        raise PathEscapeError(f"'{path}' escapes its folder")
    return norm


def resolve_inside(base: Path, rel: str) -> Path:
    """``base/rel`` after normalising, refusing any path that leaves ``base`` (symlinks included)."""
    norm = normalize_relative(rel)
    target = (base / norm) if norm != "." else base
    real_base = base.resolve()
    real = target.resolve()
    if real != real_base and real_base not in real.parents:
        raise PathEscapeError(f"'{rel}' resolves outside '{base}'")
    return target


def is_under(path: str, root: str) -> bool:
    """Whether workspace-relative ``path`` is ``root`` or inside it (whole segments only)."""
    return root == "." or path == root or path.startswith(root.rstrip("/") + "/")
