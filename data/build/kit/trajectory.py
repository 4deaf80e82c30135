"""The reference manager's trajectory: turns, tool calls and the patterns that bind values.

A turn is ``{"content": ..., "tool_calls": [...], "bind": {...}}`` (the last two only when
given); a bind pattern ``{"re": ..., "as": ...}`` names the value a regex takes from what the
manager was told, so a deliverable is filled from ``${var:NAME}`` and never by the script.
"""

from __future__ import annotations

from typing import Any

Call = dict[str, Any]
Turn = dict[str, Any]


def call(_tool: str, **arguments: Any) -> Call:
    """One tool call (``_tool`` is positional so a tool argument may be called ``tool``)."""
    return {"name": _tool, "arguments": arguments}


def turn(content: str, *calls: Call, bind: dict[str, Any] | None = None) -> Turn:
    t: Turn = {"content": content}
    if calls:
        t["tool_calls"] = list(calls)
    if bind:
        t["bind"] = bind
    return t


def bind(pattern: str, kind: str = "text", **extra: Any) -> dict[str, Any]:
    """A value to take from the text the manager was told: the first group of ``pattern``, read as ``kind``."""
    return {"re": pattern, "as": kind, **extra}
