"""A readable Markdown rendering of one session transcript (written next to its JSONL)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime

from arena_tui import events as ev

_TICKS = re.compile(r"`+")


def _fenced(text: str, lang: str = "") -> str:
    """``text`` in a code fence longer than any backtick run inside it, so agent text cannot break out."""
    longest = max((len(m.group(0)) for m in _TICKS.finditer(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{lang}\n{text}\n{fence}"


def render_session(owner: str, scenario_id: str, turns: Sequence[ev.TurnRecorded]) -> str:
    lines = [f"# Session `{owner}` · scenario `{scenario_id}`", ""]
    current_round: str | None = None
    for turn in turns:
        if turn.round_id != current_round and turn.round_id is not None:
            current_round = turn.round_id
            lines += [f"## Round {current_round}", ""]
        stamp = datetime.fromtimestamp(turn.ts, UTC).strftime("%H:%M:%S")
        head = f"### {turn.role}" + (f" → call `{turn.tool_call_id}`" if turn.tool_call_id else "") + f" · {stamp}"
        if turn.usage is not None:
            head += f" · {turn.usage.prompt_tokens:,} in / {turn.usage.completion_tokens:,} out tokens"
        if turn.truncated:
            head += " · **truncated** (stopped at the output-token limit)"
        lines += [head, ""]
        if turn.content:
            lines += [_fenced(turn.content), ""]
        for call in turn.tool_calls:
            lines += [
                f"**{call.name}** (`{call.id}`)",
                "",
                _fenced(json.dumps(call.arguments, indent=2, ensure_ascii=False), "json"),
                "",
            ]
        for reminder in turn.system_reminders:
            lines += ["*system reminder:*", "", _fenced(reminder), ""]
        for note in turn.task_notifications:
            lines += ["*task notification:*", "", _fenced(note), ""]
    return "\n".join(lines)
