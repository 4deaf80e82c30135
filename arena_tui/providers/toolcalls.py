"""Assembling tool calls from stream deltas, and rescuing calls a server leaked into text.

Servers differ: some send ``id``/``name`` only on a call's first delta, some omit
``index``, some split the arguments JSON anywhere, and some chat templates never parse
the model's tool-call text so it arrives as plain content (``<tool_call>{…}</tool_call>``
or a bare ``{"name": …, "arguments": …}``, or Gemma 4's ``call:NAME{…}``: providers/gemma_calls.py).
Bad arguments JSON never raises: the call is
marked ``malformed`` with the text in ``raw_arguments``, so the loop answers it with a tool error.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from arena_tui.events import ToolCallSpec
from arena_tui.providers.gemma_calls import rescue_gemma_calls

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:12]}"


def parse_arguments(text: str) -> dict[str, Any] | None:
    """Arguments text → object, or None when it is not a JSON object. Empty means no arguments;
    double-encoded JSON is undone."""
    if not text.strip():
        return {}
    try:
        value: Any = json.loads(text)
        if isinstance(value, str):
            value = json.loads(value)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def make_call(call_id: str, name: str, text: str) -> ToolCallSpec:
    """A tool call from its arguments text; bad JSON gives a malformed call keeping the text."""
    args = parse_arguments(text)
    if args is None:
        return ToolCallSpec(id=call_id, name=name, arguments={}, malformed=True, raw_arguments=text)
    return ToolCallSpec(id=call_id, name=name, arguments=args)


@dataclass
class _Slot:
    id: str = ""
    name: str = ""
    arguments: str = ""


@dataclass
class ToolCallAccumulator:
    """Folds ``choices[0].delta.tool_calls`` fragments into whole calls, in index order."""

    slots: dict[int, _Slot] = field(default_factory=dict)
    _last: int = -1

    def add(self, index: int | None, call_id: str | None, name: str | None, args: str | None) -> None:
        if index is None:
            # No index: a new id starts a new call, anything else continues the last one.
            starts_new = self._last < 0 or bool(call_id and call_id != self.slots[self._last].id)
            index = self._last + 1 if starts_new else self._last
        slot = self.slots.setdefault(index, _Slot())
        self._last = index
        if call_id and not slot.id:
            slot.id = call_id
        if name:
            # Most servers send the name once; a few repeat it on every delta.
            slot.name = name if not slot.name or slot.name == name else slot.name + name
        if args:
            slot.arguments += args

    def finish(self) -> list[ToolCallSpec]:
        """The calls in index order (malformed ones flagged)."""
        return [
            make_call(slot.id or new_call_id(), slot.name, slot.arguments)
            for slot in (self.slots[i] for i in sorted(self.slots))
            if slot.name or slot.arguments
        ]


def _call_from_obj(obj: Any, tool_names: Collection[str]) -> ToolCallSpec | None:
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        return None
    if tool_names and obj["name"] not in tool_names:
        return None
    args = obj.get("arguments", obj.get("parameters", {}))
    if isinstance(args, str):
        args = parse_arguments(args)
    if not isinstance(args, dict):
        return None
    return ToolCallSpec(id=new_call_id(), name=obj["name"], arguments=args)


def rescue_leaked_calls(content: str, tool_names: Collection[str]) -> tuple[str, list[ToolCallSpec]]:
    """Find tool calls written as text; returns (content without them, calls)."""
    if "call:" in content:  # Gemma 4's own format (the pool's model family)
        rest, gemma = rescue_gemma_calls(content, tool_names)
        if gemma:
            return rest, gemma
    calls: list[ToolCallSpec] = []
    if "<tool_call>" in content:
        for match in _TAGGED.finditer(content):
            try:
                call = _call_from_obj(json.loads(match.group(1)), tool_names)
            except json.JSONDecodeError:
                call = None
            if call is not None:
                calls.append(call)
        if calls:
            return _TAGGED.sub("", content).strip(), calls
    body = content.strip()
    fenced = _FENCE.match(body)
    body = fenced.group(1) if fenced else body
    if body.startswith("{") and body.endswith("}"):
        try:
            obj = json.loads(body)
        except json.JSONDecodeError:
            return content, []
        call = _call_from_obj(obj, tool_names)
        if call is not None:
            return "", [call]
    return content, []
