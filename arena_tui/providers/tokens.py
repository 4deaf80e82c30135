"""The one token estimate, for calls whose backend reports no usage (scripted, simulated, some servers).

About four characters per token of message text; a reply counts its text and its tool-call
arguments. Estimated usage is flagged ``estimated`` wherever it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena_tui.events import ToolCallSpec, Usage
from arena_tui.providers.messages import Message

CHARS_PER_TOKEN = 4


class UsageEstimator:
    """Estimates one conversation's usage; histories only grow, so prompt text is counted incrementally."""

    def __init__(self) -> None:
        self._messages = 0
        self._chars = 0

    def prompt_chars(self, messages: Sequence[Message]) -> int:
        if len(messages) < self._messages:
            self._messages, self._chars = 0, 0
        self._chars += sum(len(m.content) for m in messages[self._messages :])
        self._messages = len(messages)
        return self._chars

    def estimate(self, messages: Sequence[Message], content: str, calls: Sequence[ToolCallSpec]) -> Usage:
        prompt = self.prompt_chars(messages) // CHARS_PER_TOKEN
        completion = (len(content) + sum(len(str(c.arguments)) for c in calls)) // CHARS_PER_TOKEN
        return Usage(
            prompt_tokens=prompt, completion_tokens=completion, total_tokens=prompt + completion, estimated=True
        )
