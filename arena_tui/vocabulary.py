"""The arena's domain words, spelled once: pool keys and the tool sets.

Everything that names a pool key or a group of tools imports it from here.
"""

from __future__ import annotations

from typing import Literal

ModelKey = Literal["llm", "vlm", "omni"]
"""A pool key: the text model, the vision model and the omni (audio) model."""

POOL_KEYS: tuple[ModelKey, ...] = ("llm", "vlm", "omni")

BASIC_TOOLS: tuple[str, ...] = ("Read", "Write", "Edit", "Bash", "Grep", "Glob")
"""The six file tools every agent may be granted."""

DELEGATION_TOOLS: tuple[str, ...] = ("CreateSubagent", "RunSubagent", "ListSubagents", "InspectSubagent", "Workflow")
"""The manager's tools for creating and driving subagents."""

ALL_TOOLS: tuple[str, ...] = (*BASIC_TOOLS, *DELEGATION_TOOLS)
"""Every tool the manager may be given (``enabled_tools``)."""

READ_ONLY_TOOLS = frozenset({"Read", "Grep", "Glob"})
MUTATING_TOOLS = frozenset({"Write", "Edit", "Bash"})
FILE_TOOLS = frozenset({"Read", "Write", "Edit", "Grep", "Glob"})
"""Tools whose arguments name workspace files directly."""
