"""Edit: replace an exact string in a file the agent has read.

Exact matching (no regex, no fuzzy) keeps edits predictable; an ambiguous match is an
error naming the count, so the model adds context or asks for ``replace_all``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from arena_tui.tools.base import Tool, ToolContext, ToolError, ToolOutput, schema
from arena_tui.tools.write import current_bytes, require_fresh_read, store


def _edit_sync(args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
    shown: str = args["file_path"]
    old: str = args["old_string"]
    new: str = args["new_string"]
    replace_all = bool(args.get("replace_all") or False)
    real = ctx.scope.resolve(shown, write=True)
    if old == new:
        raise ToolError("old_string and new_string are identical; nothing to change")
    if old == "":
        raise ToolError("old_string must not be empty")
    data = current_bytes(ctx, real, shown)
    if data is None:
        raise ToolError(f"file does not exist: {shown}")
    require_fresh_read(ctx, real, shown, data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ToolError(f"file is not valid UTF-8 text, Edit cannot change it: {shown}") from None
    count = text.count(old)
    if count == 0:
        raise ToolError(f"old_string not found in {shown}")
    if count > 1 and not replace_all:
        raise ToolError(
            f"old_string matches {count} times in {shown}; add surrounding context to "
            "make it unique, or pass replace_all=true"
        )
    updated = text.replace(old, new) if replace_all else text.replace(old, new, 1)
    touch = store(ctx, real, shown, updated.encode("utf-8"))
    times = f"{count} occurrences" if replace_all else "1 occurrence"
    return ToolOutput(f"edited {shown}: replaced {times}", files=[touch])


class EditTool(Tool):
    name = "Edit"
    description = (
        "Replace old_string with new_string in a file (absolute path) you have Read. "
        "old_string must match exactly once unless replace_all is true."
    )
    parameters = schema(
        ["file_path", "old_string", "new_string"],
        file_path={"type": "string", "description": "Absolute path of the file."},
        old_string={"type": "string", "description": "Exact text to replace."},
        new_string={"type": "string", "description": "Replacement text."},
        replace_all={"type": "boolean", "description": "Replace every match (default false)."},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        return await asyncio.to_thread(_edit_sync, args, ctx)
