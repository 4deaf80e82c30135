"""What one agent does: its model traffic, its tool calls and the accesses its scope refused."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from arena_tui.events.base import (
    EventBase,
    FileTouch,
    ToolCallSpec,
    Usage,
)
from arena_tui.vocabulary import ResultFacts

# --- model traffic --------------------------------------------------------------------


class ModelRequest(EventBase):
    kind: Literal["model_request"] = "model_request"
    request_id: str
    model_key: str
    model_name: str
    attempt: int = 1
    n_messages: int = 0
    n_attachments: int = 0


class ModelResponse(EventBase):
    kind: Literal["model_response"] = "model_response"
    request_id: str
    model_key: str
    model_name: str
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float = 0.0
    cost_nocache_usd: float = 0.0
    """The same call priced as if no prompt tokens were cache hits."""
    latency_ms: float = 0.0
    queued_ms: float = 0.0  # waiting for one of the endpoint's request slots (back-pressure)
    finish_reason: str | None = None
    content: str = ""
    tool_calls: list[ToolCallSpec] = Field(default_factory=list)


class ModelError(EventBase):
    kind: Literal["model_error"] = "model_error"
    request_id: str
    model_key: str
    model_name: str
    attempt: int
    error: str
    status_code: int | None = None
    retry_in_s: float | None = None
    final: bool = False
    elapsed_ms: float = 0.0  # from asking for a request slot to the verdict (a timeout's whole wait included)
    backpressure: bool = False  # a busy server (429, 503, full context slot…): not counted as a failure


# --- tools and scope ------------------------------------------------------------------


class ToolCalled(EventBase):
    kind: Literal["tool_call"] = "tool_call"
    call_id: str
    tool: str
    arguments: dict[str, Any]


class ToolResult(EventBase, ResultFacts):
    kind: Literal["tool_result"] = "tool_result"
    call_id: str
    tool: str
    is_error: bool = False
    forbidden: bool = False
    # Malformed calls (unknown tool, missing or mistyped parameters) do not count as tool use.
    invalid: bool = False
    output: str = ""
    duration_ms: float = 0.0
    files: list[FileTouch] = Field(default_factory=list)


class ForbiddenAccess(EventBase):
    """A refused access; scoring derives MAF (main) and SAFt/SAFa (subagents) from these."""

    kind: Literal["forbidden_access"] = "forbidden_access"
    tool: str
    path: str | None = None
    reason: Literal["path_outside_scope", "tool_not_granted", "bash_path_outside_scope"]
    call_id: str | None = None
