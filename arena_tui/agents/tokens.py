"""Token accounting: provider-reported usage where present, an offline estimate otherwise."""

from __future__ import annotations

from collections.abc import Sequence

from arena_tui.providers.messages import Message

# About four characters per token for English text and JSON; attachments count a flat cost.
CHARS_PER_TOKEN = 4
ATTACHMENT_TOKENS = 800


def estimate_message(message: Message) -> int:
    chars = len(message.content) + sum(len(str(c.arguments)) + len(c.name) for c in message.tool_calls)
    return chars // CHARS_PER_TOKEN + 4 + ATTACHMENT_TOKENS * len(message.attachments)


def estimate(messages: Sequence[Message]) -> int:
    return sum(estimate_message(m) for m in messages)
