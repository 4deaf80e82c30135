"""Messages → OpenAI chat-completions JSON, with the per-modality attachment caps applied.

Multimodal elision: only the N most recent attachments of each modality stay in
context (N from the entry's ``modalities``); older ones become a one-line placeholder so
the model knows something was there. The counts go back to the agent layer, which owns
the reminder text.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from arena_tui.config import Modalities
from arena_tui.providers.messages import Attachment, Message

ToolCallContent = Literal["empty", "null", "omit"]


@dataclass
class WireRequest:
    """The ``messages`` array to send plus what the caps did to it."""

    messages: list[dict[str, Any]]
    elided: dict[str, int] = field(default_factory=dict)
    n_attachments: int = 0


def _kept_attachments(messages: Sequence[Message], caps: Modalities) -> set[tuple[int, int]]:
    """(message index, attachment index) pairs that survive, newest first per modality."""
    budget = {"image": caps.image, "video": caps.video, "audio": caps.audio}
    kept: set[tuple[int, int]] = set()
    for mi in range(len(messages) - 1, -1, -1):
        atts = messages[mi].attachments
        for ai in range(len(atts) - 1, -1, -1):
            if budget[atts[ai].modality] > 0:
                budget[atts[ai].modality] -= 1
                kept.add((mi, ai))
    return kept


def attachment_part(att: Attachment) -> dict[str, Any]:
    """One content part in the OpenAI-compatible shape vLLM accepts for that modality."""
    url = f"data:{att.mime};base64,{att.data_b64}"
    if att.modality == "image":
        return {"type": "image_url", "image_url": {"url": url}}
    if att.modality == "video":
        return {"type": "video_url", "video_url": {"url": url}}
    return {
        "type": "input_audio",
        "input_audio": {"data": att.data_b64, "format": att.audio_format},
    }


def _parts(text: str, atts: list[tuple[Attachment, bool]], elided: dict[str, int]) -> list[Any]:
    parts: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    for att, keep in atts:
        if keep:
            parts.append(attachment_part(att))
        else:
            elided[att.modality] = elided.get(att.modality, 0) + 1
            where = f" {att.path}" if att.path else ""
            parts.append({"type": "text", "text": f"[{att.modality}{where} elided from context]"})
    return parts


def _assistant(msg: Message, empty_content: ToolCallContent) -> dict[str, Any]:
    """An assistant turn; with tool calls and no text, ``content`` is ``""``, ``null`` or absent."""
    out: dict[str, Any] = {"role": "assistant", "content": msg.content}
    if msg.tool_calls:
        if not msg.content:
            if empty_content == "omit":
                del out["content"]
            elif empty_content == "null":
                out["content"] = None
        out["tool_calls"] = [
            {
                "id": tc.id,
                "type": "function",
                # A malformed call goes back as an empty object: strict servers parse history arguments.
                "function": {"name": tc.name, "arguments": json.dumps(tc.arguments)},
            }
            for tc in msg.tool_calls
        ]
    return out


def to_wire(messages: Sequence[Message], caps: Modalities, empty_content: ToolCallContent = "empty") -> WireRequest:
    """Build the request body's ``messages``.

    Tool results cannot carry media on the OpenAI wire, so attachments of a run of
    consecutive tool messages travel in one user message right after that run.
    """
    kept = _kept_attachments(messages, caps)
    req = WireRequest(messages=[], n_attachments=len(kept))
    pending: list[tuple[Attachment, bool]] = []
    for mi, msg in enumerate(messages):
        atts = [(a, (mi, ai) in kept) for ai, a in enumerate(msg.attachments)]
        if msg.role != "tool" and pending:
            req.messages.append(
                {
                    "role": "user",
                    "content": _parts("Attachments returned by the tool calls above:", pending, req.elided),
                }
            )
            pending = []
        if msg.role == "assistant":
            req.messages.append(_assistant(msg, empty_content))
        elif msg.role == "tool":
            req.messages.append({"role": "tool", "tool_call_id": msg.tool_call_id or "", "content": msg.content})
            pending.extend(atts)
        elif atts:
            req.messages.append({"role": msg.role, "content": _parts(msg.content, atts, req.elided)})
        else:
            req.messages.append({"role": msg.role, "content": msg.content})
    if pending:
        req.messages.append(
            {
                "role": "user",
                "content": _parts("Attachments returned by the tool calls above:", pending, req.elided),
            }
        )
    return req
