"""The arena's domain words, spelled once: pool keys and the tool sets.

Everything that names a pool key or a group of tools imports it from here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

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


class ResultFacts(BaseModel):
    """What the harness resolved for one tool call (the subagent created, the session run); the
    transcript writes it on the call's result line, where checks read it (docs/running.md)."""

    facts: dict[str, Any] = Field(default_factory=dict)


class WorkflowRunFacts(BaseModel):
    """How a workflow's ``agent()`` run began: its workflow, and how many of that workflow's
    ``agent()`` calls the script had issued and not yet seen settle (its parallel work)."""

    workflow_id: str | None = None
    alongside: int = 0
