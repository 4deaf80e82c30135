"""Where Grep and Glob may look, and which of their results may be shown.

Both tools search all scope roots when no ``path`` is given (the old release searched
the whole workspace). Every result is re-resolved; anything whose real location is
outside the scope, or that is a hard link to a file outside it, is silently dropped.
"""

from __future__ import annotations

import os

from arena_tui.sandbox.hardlinks import links_all_inside
from arena_tui.tools.base import ToolContext, ToolError


def search_roots(ctx: ToolContext, path: str | None) -> list[str]:
    """The checked folders (or files) to search: ``path`` if given, else every scope root."""
    ctx.scope.verify()  # a root swapped since the grant is refused and counted
    if path:
        real = ctx.scope.resolve(path)
        if not os.path.exists(real):
            raise ToolError(f"path does not exist: {path}")
        return [real]
    return [r for r in ctx.scope.read_roots if os.path.exists(r)]


def visible(ctx: ToolContext, path: str) -> bool:
    """Whether a result path really lies inside the scope (symlinks and hard links included)."""
    real = os.path.realpath(path)
    if not ctx.scope.contains(real):
        return False
    try:
        st = os.stat(real)
    except OSError:
        return False
    return links_all_inside(st, ctx.scope.read_roots)


def mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0
