"""Agent tools: the six basic file tools, their context and the dispatcher.

The subagent and workflow tools (which act through a :class:`SubagentHost`) are handed to
the same :class:`ToolRunner` when the scenario's runtime builds it.
"""

from __future__ import annotations

from arena_tui.tools.base import (
    Attachment,
    Tool,
    ToolContext,
    ToolError,
    ToolOutput,
    count_by_modality,
)
from arena_tui.tools.bash import BashTool
from arena_tui.tools.edit import EditTool
from arena_tui.tools.glob import GlobTool
from arena_tui.tools.grep import GrepTool
from arena_tui.tools.read import ReadTool
from arena_tui.tools.readstate import ReadLedger
from arena_tui.tools.runner import ToolRunner, validate_args
from arena_tui.tools.write import WriteTool


def basic_tools() -> list[Tool]:
    """Fresh instances of Read, Write, Edit, Bash, Grep and Glob."""
    return [ReadTool(), WriteTool(), EditTool(), BashTool(), GrepTool(), GlobTool()]


def basic_runner() -> ToolRunner:
    """A runner holding the six basic tools."""
    return ToolRunner(basic_tools())


__all__ = [
    "Attachment",
    "BashTool",
    "EditTool",
    "GlobTool",
    "GrepTool",
    "ReadLedger",
    "ReadTool",
    "Tool",
    "ToolContext",
    "ToolError",
    "ToolOutput",
    "ToolRunner",
    "WriteTool",
    "basic_runner",
    "basic_tools",
    "count_by_modality",
    "validate_args",
]
