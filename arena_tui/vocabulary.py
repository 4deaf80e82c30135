"""The arena's domain words, spelled once: pool keys, tool sets, and what delegated work needs.

Everything that names a pool key or a group of tools imports it from here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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


# --- what delegated work needs (<scenario>/needs.json; docs/scoring.md, docs/dataset.md) ---

ToolClass = Literal["read", "search", "run", "write"]
Modality = Literal["text", "image", "video", "audio", "document"]
"""What a worker must perceive (events name a file's modality with the same words)."""

TOOLS_OF_CLASS: dict[str, frozenset[str]] = {
    "read": frozenset({"Read"}),
    "search": frozenset({"Grep", "Glob"}),
    "run": frozenset({"Bash"}),
    "write": frozenset({"Write", "Edit"}),
}
CLASS_OF_TOOL: dict[str, str] = {tool: cls for cls, tools in TOOLS_OF_CLASS.items() for tool in tools}

NATIVE_MODALITIES: dict[str, frozenset[str]] = {
    "llm": frozenset({"text", "document"}),
    "vlm": frozenset({"text", "document", "image", "video"}),
    "omni": frozenset({"text", "document", "audio"}),
}
"""What each pool key perceives natively (documents reach every key as extracted text)."""

LEAST_CAPABLE: tuple[ModelKey, ...] = ("llm", "vlm", "omni")
"""Keys from least to most costly: a need is served right by the first key that covers it."""


class Need(BaseModel):
    """One piece of delegated work in one round."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    worker: str = ""
    """The reference worker it was derived from (for messages only; scoring ignores it)."""
    files: list[str] = Field(default_factory=list)
    """Workspace-relative files the work needs."""
    folders: list[str] = Field(default_factory=list)
    """Folders the worker must search (every file under it counts, files updates add included)."""
    tools: list[list[ToolClass]] = Field(min_length=1)
    """Acceptable ways, each a set of tool classes that suffices on its own."""
    modalities: list[Modality] = Field(min_length=1)

    def tools_of(self, way: list[ToolClass]) -> frozenset[str]:
        return frozenset().union(*(TOOLS_OF_CLASS[c] for c in way))

    def covers_path(self, path: str) -> bool:
        return path in self.files or any(_under(path, folder) for folder in self.folders)


class NeedsFile(BaseModel):
    """``<scenario>/needs.json``."""

    model_config = ConfigDict(extra="forbid")

    format: Literal[1] = 1
    derived_from: str = "solution/trajectory.json"
    rounds: dict[str, list[Need]] = Field(default_factory=dict)


def _under(path: str, folder: str) -> bool:
    return folder in ("", ".") or path == folder or path.startswith(folder.rstrip("/") + "/")


def best_key(modalities: set[str]) -> ModelKey | None:
    """The least costly key that perceives every needed modality (None: no single key does)."""
    return next((k for k in LEAST_CAPABLE if modalities <= NATIVE_MODALITIES[k]), None)


def routing(model_key: str, modalities: set[str]) -> Literal["right", "over", "under"]:
    """``under``: the key cannot perceive a needed modality; ``over``: a cheaper key would have served."""
    if not modalities <= NATIVE_MODALITIES.get(model_key, frozenset()):
        return "under"
    return "right" if best_key(modalities) == model_key else "over"


class ResultFacts(BaseModel):
    """What the harness resolved for one tool call (the subagent created, the session run); the
    transcript writes it on the call's result line, where checks read it (docs/running.md)."""

    facts: dict[str, Any] = Field(default_factory=dict)


class WorkflowRunFacts(BaseModel):
    """How a workflow's ``agent()`` run began: its workflow, and how many of that workflow's
    ``agent()`` calls the script had issued and not yet seen settle (its parallel work)."""

    workflow_id: str | None = None
    alongside: int = 0


# The manager name a person playing the manager runs under (`play`): reports and compare call it a human baseline.
HUMAN_NAME = "human"
