"""The conversation as providers see it: plain dataclasses, independent of any wire format.

The agent layer builds these; each provider turns them into its own request shape.
Attachments carry base64 data so a provider never reads the workspace itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from arena_tui.events import ToolCallSpec, Usage

Role = Literal["system", "user", "assistant", "tool"]
AttachmentModality = Literal["image", "video", "audio"]
ToolSchema = dict[str, Any]
"""One tool in OpenAI function format: ``{"type": "function", "function": {...}}``."""

DeltaCallback = Callable[[str], Awaitable[None] | None]
"""Receives streamed text deltas; may be sync or async."""


@dataclass(frozen=True)
class Attachment:
    """A media file handed to a model that can perceive it."""

    modality: AttachmentModality
    mime: str
    data_b64: str
    path: str = ""

    @property
    def audio_format(self) -> str:
        """The ``input_audio`` format name OpenAI-compatible servers expect (wav, mp3…)."""
        sub = self.mime.split("/", 1)[-1].lower()
        return {"mpeg": "mp3", "x-wav": "wav", "wave": "wav", "x-flac": "flac"}.get(sub, sub)


@dataclass(frozen=True)
class Message:
    """One conversation turn as sent to a model."""

    role: Role
    content: str = ""
    attachments: tuple[Attachment, ...] = ()
    tool_calls: tuple[ToolCallSpec, ...] = ()
    tool_call_id: str | None = None


@dataclass(frozen=True)
class AssistantMessage:
    """What a model answered.

    A tool call whose arguments were not valid JSON carries ``malformed=True`` (see
    :class:`ToolCallSpec`), so the loop answers it with a tool error instead of running
    it. ``elided`` counts attachments dropped per modality by the context caps, for the
    multimodal-elision reminder.
    """

    content: str = ""
    tool_calls: list[ToolCallSpec] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    finish_reason: str | None = None
    elided: dict[str, int] = field(default_factory=dict)
    cost_usd: float = 0.0
    replaced: int = 0
    """Unencodable characters (lone surrogates) the provider boundary replaced with U+FFFD."""

    @property
    def truncated(self) -> bool:
        """The reply stopped at the output-token limit, not because the model was done."""
        return self.finish_reason == "length"

    def to_message(self) -> Message:
        """The turn as it goes back into the history."""
        return Message(role="assistant", content=self.content, tool_calls=tuple(self.tool_calls))


async def deliver_delta(callback: DeltaCallback | None, text: str) -> None:
    """Call ``callback`` with ``text`` whether it is sync or async; a no-op without one."""
    if callback is None or not text:
        return
    result = callback(text)
    if result is not None:
        await result
