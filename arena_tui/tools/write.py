"""Write: create or replace a file, but never clobber one the agent has not seen.

Overwriting an existing file needs an earlier successful Read by the same agent session
with the file unchanged since (same SHA-256). This keeps a model from destroying work
it never looked at, including work that another agent changed behind its back.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from arena_tui.events import FileTouch
from arena_tui.sandbox.filekinds import detect
from arena_tui.sandbox.safe_open import PathError, open_checked, write_checked
from arena_tui.tools.base import Tool, ToolContext, ToolError, ToolOutput, schema
from arena_tui.tools.readstate import sha256_hex


def current_bytes(ctx: ToolContext, real: str, shown: str) -> bytes | None:
    """The file's bytes through a verified descriptor, or ``None`` when it does not exist."""
    if not os.path.lexists(real):
        return None
    try:
        fd = open_checked(ctx.scope, real, shown, write=True)
    except PathError as exc:
        raise ToolError(str(exc)) from None
    with os.fdopen(fd, "rb") as fh:
        return fh.read()


def require_fresh_read(ctx: ToolContext, real: str, shown: str, data: bytes) -> None:
    """Raise unless this session read ``real`` and it has not changed since."""
    seen = ctx.reads.digest(ctx.agent_id, ctx.session_id, real)
    if seen is None:
        raise ToolError(
            f"file already exists and has not been read in this session: {shown}; Read it first, then write"
        )
    if seen != sha256_hex(data):
        raise ToolError(f"file has changed since you last read it: {shown}; Read it again, then write")


def store(ctx: ToolContext, real: str, shown: str, data: bytes) -> FileTouch:
    """Write ``data`` through the verified path and remember it as seen by this session."""
    try:
        write_checked(ctx.scope, real, shown, data)
    except PathError as exc:
        raise ToolError(str(exc)) from None
    digest = sha256_hex(data)
    ctx.reads.record(ctx.agent_id, ctx.session_id, real, digest)
    modality = detect(real, data[:4096]).modality
    return FileTouch(path=ctx.scope.relative(real), op="write", modality=modality, sha256=digest)


def _write_sync(args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
    shown: str = args["file_path"]
    real = ctx.scope.resolve(shown, write=True)
    if os.path.isdir(real):
        raise ToolError(f"path is a directory, not a file: {shown}")
    existing = current_bytes(ctx, real, shown)
    if existing is not None:
        require_fresh_read(ctx, real, shown, existing)
    data = str(args["content"]).encode("utf-8")
    touch = store(ctx, real, shown, data)
    verb = "created" if existing is None else "overwrote"
    return ToolOutput(f"{verb} {shown} ({len(data)} bytes)", files=[touch])


class WriteTool(Tool):
    name = "Write"
    description = (
        "Write a file (absolute path), creating parent folders. Overwriting an existing "
        "file requires that you Read it first in this session and that it is unchanged."
    )
    parameters = schema(
        ["file_path", "content"],
        file_path={"type": "string", "description": "Absolute path of the file."},
        content={"type": "string", "description": "The full new content."},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        return await asyncio.to_thread(_write_sync, args, ctx)
