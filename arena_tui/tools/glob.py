"""Glob: file names matching a pattern inside the scope, newest first.

An absolute pattern is split into its literal folder (scope-checked like ``path``) and
the wildcard rest, since models often write ``/ws/data/**/*.csv``. A relative pattern
without ``path`` is matched from the agent's working folder (where Bash runs and Grep's
ripgrep starts), so ``requests/*`` lists ``<workspace>/requests``; scope roots outside that
folder are searched too, the pattern taken from each of them. Only in-scope files are shown.
"""

from __future__ import annotations

import asyncio
import fnmatch
import glob as globlib
import os
from itertools import islice
from typing import Any

from arena_tui.tools.base import Tool, ToolContext, ToolError, ToolOutput, schema
from arena_tui.tools.scoped_paths import mtime, search_roots, visible

MAX_RESULTS = 1000
MAX_SCANNED = 100_000
_MAGIC = ("*", "?", "[")


def split_absolute(pattern: str) -> tuple[str | None, str]:
    """``/a/b/**/*.py`` → (``/a/b``, ``**/*.py``); relative patterns pass through."""
    if not pattern.startswith("/"):
        return None, pattern
    parts = pattern.split("/")
    for i, part in enumerate(parts):
        if any(m in part for m in _MAGIC):
            return "/".join(parts[:i]) or "/", "/".join(parts[i:])
    return os.path.dirname(pattern) or "/", os.path.basename(pattern)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _glob_sync(pattern: str, roots: list[str], ctx: ToolContext, cwd: str | None = None) -> list[str]:
    """Matches of ``pattern`` under each root; with ``cwd``, from there for the roots inside it."""
    found: dict[str, None] = {}
    if cwd is not None:
        roots = [r for r in roots if not _inside(r, cwd)]
        for rel in islice(globlib.iglob(pattern, root_dir=cwd, recursive=True, include_hidden=True), MAX_SCANNED):
            full = os.path.normpath(os.path.join(cwd, rel))
            if os.path.isfile(full) and visible(ctx, full):
                found[full] = None
    for root in roots:
        if os.path.isfile(root):
            if fnmatch.fnmatch(os.path.basename(root), pattern.rsplit("/", 1)[-1]):
                found[root] = None
            continue
        matches = globlib.iglob(pattern, root_dir=root, recursive=True, include_hidden=True)
        for rel in islice(matches, MAX_SCANNED):
            full = os.path.normpath(os.path.join(root, rel))
            if os.path.isfile(full) and visible(ctx, full):
                found[full] = None
    return sorted(found, key=lambda p: (-mtime(p), p))


class GlobTool(Tool):
    name = "Glob"
    description = (
        "Find files by name pattern (e.g. **/*.csv) inside your scope, newest first, at "
        "most 1000. A relative pattern is matched from your working folder (requests/*); "
        "path (absolute folder) searches there instead."
    )
    parameters = schema(
        ["pattern"],
        pattern={"type": "string", "description": "Glob pattern; ** spans folders."},
        path={"type": "string", "description": "Absolute folder to search (default: scope)."},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        pattern: str = args["pattern"]
        path: str | None = args.get("path")
        folder, rest = split_absolute(pattern)
        if folder is not None:
            if path:
                raise ToolError("give either an absolute pattern or path, not both")
            path, pattern = folder, rest
        if not pattern:
            raise ToolError("pattern must not be empty")
        roots = search_roots(ctx, path)
        cwd = None if path else os.path.realpath(ctx.cwd)
        paths = await asyncio.to_thread(_glob_sync, pattern, roots, ctx, cwd)
        if not paths:
            return ToolOutput("No files found")
        text = "\n".join(paths[:MAX_RESULTS])
        if len(paths) > MAX_RESULTS:
            text += f"\n[{len(paths) - MAX_RESULTS} more files not shown; narrow the pattern]"
        return ToolOutput(text)
