"""Assembling tool calls from stream deltas, and rescuing calls a server leaked into text.

Servers differ: some send ``id``/``name`` only on a call's first delta, some omit
``index``, some split the arguments JSON anywhere, and some chat templates never parse
the model's tool-call text so it arrives as plain content (``<tool_call>{…}</tool_call>``
or a bare ``{"name": …, "arguments": …}``, or Gemma 4's ``call:NAME{…}``: providers/gemma_calls.py).
Nothing here raises on what a model wrote: arguments that are broken JSON, nest deeper
than :data:`MAX_DEPTH`, run past :data:`MAX_ARGUMENT_CHARS` or are not an object give a
call marked ``malformed`` (its ``problem`` says why, ``raw_arguments`` keeps the start of
the text), which the loop answers with a tool error the model reads.
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
_NAME = re.compile(r'"name"\s*:\s*"([^"\\]{1,200})"')

MAX_DEPTH = 64
"""Deepest nesting of arguments a call may have; no tool takes more than a few levels."""
MAX_ARGUMENT_CHARS = 4_000_000
"""Longest arguments text a call may have (a Write of a few megabytes still fits)."""
MAX_RAW_CHARS = 4_000
"""How much of a malformed call's text is kept (for the error the model reads, and the record)."""
MAX_ID_CHARS = 256
"""Longest call id or tool name kept as sent (real ones are a few dozen characters)."""


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:12]}"


def _depth(value: Any) -> int:
    """Nesting depth of parsed JSON, without recursion (the value may be thousands deep)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


def _load(text: str) -> tuple[Any, str]:
    """(value, "") or (None, problem) for one JSON text."""
    if len(text) > MAX_ARGUMENT_CHARS:
        return None, f"the arguments are {len(text):,} characters, over the {MAX_ARGUMENT_CHARS:,} limit"
    try:
        value: Any = json.loads(text)
    except RecursionError:
        return None, f"the arguments nest deeper than {MAX_DEPTH} levels"
    except ValueError as exc:  # JSONDecodeError, and numbers too long to convert
        return None, f"the arguments were not valid JSON ({exc})"
    if _depth(value) > MAX_DEPTH:
        return None, f"the arguments nest deeper than {MAX_DEPTH} levels"
    return value, ""


def check_arguments(text: str) -> tuple[dict[str, Any] | None, str]:
    """Arguments text → (object, "") or (None, why it is not one). Empty means no arguments;
    double-encoded JSON is undone."""
    if not text.strip():
        return {}, ""
    value, problem = _load(text)
    if isinstance(value, str):
        value, problem = _load(value)
    if problem:
        return None, problem
    if not isinstance(value, dict):
        return None, f"the arguments must be a JSON object, not {type(value).__name__}"
    return value, ""


def parse_arguments(text: str) -> dict[str, Any] | None:
    """Arguments text → object, or None when it is not a usable JSON object."""
    return check_arguments(text)[0]


def malformed_call(call_id: str, name: str, text: str, problem: str) -> ToolCallSpec:
    return ToolCallSpec(
        id=call_id, name=name, arguments={}, malformed=True, raw_arguments=text[:MAX_RAW_CHARS], problem=problem
    )


def make_call(call_id: str, name: str, text: str) -> ToolCallSpec:
    """A tool call from its arguments text; unusable arguments give a malformed call saying why."""
    args, problem = check_arguments(text)
    if args is None:
        return malformed_call(call_id, name, text, problem)
    return ToolCallSpec(id=call_id, name=name, arguments=args)


def text_of(value: Any) -> str:
    """A field a server should have sent as a string, as one (servers and models send anything)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return str(value)[:MAX_RAW_CHARS]


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

    def add(self, index: Any, call_id: Any, name: Any, args: Any) -> None:
        """One delta; fields of the wrong type are read as text (a malformed call, never a crash)."""
        call_id, name = text_of(call_id), text_of(name)
        args = args if isinstance(args, str) else (text_of(args) if args is not None else "")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 1_000_000:
            index = None
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
        """The calls in index order (malformed ones flagged).

        A missing, oversized or repeated id gets a fresh one: each result must answer exactly
        one call, and the history sent back names calls by these ids."""
        calls: list[ToolCallSpec] = []
        seen: set[str] = set()
        for slot in (self.slots[i] for i in sorted(self.slots)):
            if not (slot.name or slot.arguments):
                continue
            call_id = slot.id if slot.id and len(slot.id) <= MAX_ID_CHARS and slot.id not in seen else new_call_id()
            seen.add(call_id)
            calls.append(make_call(call_id, slot.name[:MAX_ID_CHARS], slot.arguments))
        return calls


def _call_from_obj(obj: Any, tool_names: Collection[str]) -> ToolCallSpec | None:
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        return None
    if tool_names and obj["name"] not in tool_names:
        return None
    args = obj.get("arguments", obj.get("parameters", {}))
    if isinstance(args, str):
        return make_call(new_call_id(), obj["name"], args)
    if not isinstance(args, dict):
        return malformed_call(new_call_id(), obj["name"], text_of(args), "the arguments must be a JSON object")
    return ToolCallSpec(id=new_call_id(), name=obj["name"], arguments=args)


def _tagged_call(block: str, tool_names: Collection[str]) -> ToolCallSpec:
    """A ``<tool_call>`` block: a call, or a malformed one the model is told about (never the answer)."""
    value, problem = _load(block)
    if not problem:
        call = _call_from_obj(value, tool_names)
        if call is not None:
            return call
        problem = 'a <tool_call> block must hold {"name": <a tool>, "arguments": {...}}'
    found = _NAME.search(block[:MAX_RAW_CHARS])
    return malformed_call(new_call_id(), found.group(1) if found else "", block, problem)


def rescue_leaked_calls(content: str, tool_names: Collection[str]) -> tuple[str, list[ToolCallSpec]]:
    """Find tool calls written as text; returns (content without them, calls).

    Every ``<tool_call>`` block becomes a call, a malformed one when it cannot be read, so a
    broken block is answered as an invalid call instead of ending the turn as the answer."""
    if "call:" in content:  # Gemma 4's own format (the pool's model family)
        too_deep = f"the arguments nest deeper than {MAX_DEPTH} levels"
        try:
            rest, gemma = rescue_gemma_calls(content, tool_names)
        except RecursionError:  # its parser recurses once per nesting level
            return "", [malformed_call(new_call_id(), "", content, too_deep)]
        if gemma:
            return rest, [
                malformed_call(c.id, c.name, content, too_deep) if _depth(c.arguments) > MAX_DEPTH else c for c in gemma
            ]
    if "<tool_call>" in content:
        calls = [_tagged_call(m.group(1), tool_names) for m in _TAGGED.finditer(content)]
        return _TAGGED.sub("", content).strip(), calls
    body = content.strip()
    fenced = _FENCE.match(body)
    body = fenced.group(1) if fenced else body
    if body.startswith("{") and body.endswith("}"):
        obj, problem = _load(body)
        if problem:
            return content, []
        call = _call_from_obj(obj, tool_names)
        if call is not None:
            return "", [call]
    return content, []
