"""What every event shares: the stamped fields, the value types inside events, the small enums.

Every event carries ``run_id``, ``seq`` (monotonic per run, assigned by the bus), ``ts``
(UNIX seconds) and, where it applies, ``scenario_id``, ``agent_id`` and ``session_id``.
``agent_id`` is ``"main"`` for the manager and the ``sub_<8hex>`` id for a subagent.
Paths inside events are workspace-relative POSIX strings so that stored runs stay
comparable across machines.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arena_tui.vocabulary import Modality

MAIN_AGENT = "main"

RunMode = Literal["foreground", "background"]
TaskKind = Literal["subagent", "bash", "workflow"]
TaskStatus = Literal["completed", "failed", "cancelled"]
StopReason = Literal[
    "token_limit", "max_iterations", "provider_error", "provider_unavailable", "cancelled", "truncated"
]
ReminderKind = Literal[
    "environment", "context_usage", "context_threshold", "workspace_update", "multimodal_elision", "truncated_reply"
]


class EventBase(BaseModel):
    """Fields shared by every event."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    run_id: str
    seq: int = 0
    ts: float = 0.0
    scenario_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None


class Usage(BaseModel):
    """Token usage as reported by a provider (or estimated where it reports none)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    cached_tokens: int = 0
    """Prompt tokens served from the provider's prompt cache (priced at ``price_cached_in``)."""
    estimated: bool = False


class ToolCallSpec(BaseModel):
    """One tool call as the model asked for it (arguments always an object)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    arguments: dict[str, Any]
    malformed: bool = False
    """The model's arguments text was not a JSON object; ``arguments`` is empty, ``raw_arguments`` holds it."""
    raw_arguments: str = ""
    problem: str = ""
    """Why a malformed call cannot run (broken JSON, too deep, too large, cut by the output limit…)."""


class FileTouch(BaseModel):
    """A file an agent really read or wrote through a tool, for WPP and MCA.

    ``op="bash"``: an existing in-scope file a Bash command named (a resolved path argument).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    op: Literal["read", "write", "bash"]
    modality: Modality = "text"
    sha256: str | None = None


class UpdateFile(BaseModel):
    """One file (or folder) an update put into the workspace."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dst: str
    op: Literal["new", "replace"]
    files: list[str] = Field(default_factory=list)
