"""Gemma 4's own tool-call text, for servers that leak it into the reply instead of parsing it.

The pool's models (Gemma 4 31B and E4B) write a call as
``<|tool_call>call:NAME{key:<|"|>text<|"|>,n:42,flag:true,obj:{…},list:[…]}<tool_call|>``:
bare keys, strings between ``<|"|>`` markers, several calls back to back. A server started
without ``--tool-call-parser gemma4`` passes that text through (with the markers, or with
them stripped as special tokens, leaving ``call:NAME{key:text}``); some chat templates write
``key: "text"`` with plain quotes, or parentheses instead of braces. Only calls to offered
tools are taken, so prose that happens to say ``call:`` stays prose.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Collection
from typing import Any

from arena_tui.events import ToolCallSpec

QUOTE = '<|"|>'
_CALL = re.compile(r"(?:<\|tool_call>\s*)?call:([A-Za-z_][\w.-]*)\s*([{(])")
_END = "<tool_call|>"


class _Parser:
    """A lenient reader of Gemma 4 argument text (never raises; ``ok`` says whether it made sense)."""

    def __init__(self, text: str, pos: int) -> None:
        self.text = text
        self.pos = pos
        self.ok = True

    def _skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def _peek(self, s: str) -> bool:
        return self.text.startswith(s, self.pos)

    def object(self, close: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        self.pos += 1  # the opening brace or parenthesis
        while self.ok:
            self._skip()
            if self._peek(close):
                self.pos += 1
                return out
            key = self._key()
            self._skip()
            if not key or not (self._peek(":") or self._peek("=")):
                self.ok = False
                break
            self.pos += 1
            out[key] = self.value((",", close))
            self._skip()
            if self._peek(","):
                self.pos += 1
        return out

    def _key(self) -> str:
        if self._peek(QUOTE) or self._peek('"'):
            value = self.value((":",))
            return value if isinstance(value, str) else ""
        found = re.compile(r"[A-Za-z_][\w.-]*").match(self.text, self.pos)
        if found is None:
            return ""
        self.pos = found.end()
        return found.group(0)

    def value(self, stops: tuple[str, ...]) -> Any:
        self._skip()
        if self._peek(QUOTE):
            end = self.text.find(QUOTE, self.pos + len(QUOTE))
            if end < 0:
                self.ok = False
                return ""
            start, self.pos = self.pos + len(QUOTE), end + len(QUOTE)
            return self.text[start:end]
        if self._peek('"'):
            try:
                value, end = json.JSONDecoder().raw_decode(self.text, self.pos)
            except json.JSONDecodeError:
                self.ok = False
                return ""
            self.pos = end
            return value
        if self._peek("{"):
            return self.object("}")
        if self._peek("["):
            return self._array()
        return self._bare(stops)

    def _array(self) -> list[Any]:
        out: list[Any] = []
        self.pos += 1
        while self.ok:
            self._skip()
            if self._peek("]"):
                self.pos += 1
                return out
            out.append(self.value((",", "]")))
            self._skip()
            if self._peek(","):
                self.pos += 1
            elif not self._peek("]"):
                self.ok = False
        return out

    def _bare(self, stops: tuple[str, ...]) -> Any:
        """A number, true/false/null, or text whose quotes the server stripped: up to the next stop."""
        start = self.pos
        while self.pos < len(self.text) and not any(self._peek(s) for s in stops) and not self._peek(_END):
            self.pos += 1
        raw = self.text[start : self.pos].strip()
        if raw in ("true", "false", "null"):
            return json.loads(raw)
        try:
            return json.loads(raw) if re.fullmatch(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", raw) else raw
        except ValueError:
            return raw


def rescue_gemma_calls(content: str, tool_names: Collection[str]) -> tuple[str, list[ToolCallSpec]]:
    """Gemma 4 calls written as text → (content without them, calls); unchanged when there are none."""
    calls: list[ToolCallSpec] = []
    kept: list[str] = []
    pos = 0
    for found in _CALL.finditer(content):
        if found.start() < pos or (tool_names and found.group(1) not in tool_names):
            continue
        parser = _Parser(content, found.end() - 1)
        args = parser.object("}" if found.group(2) == "{" else ")")
        if not parser.ok:
            continue
        end = parser.pos
        rest = content[end:].lstrip()
        if rest.startswith(_END):
            end = len(content) - len(rest) + len(_END)
        kept.append(content[pos : found.start()])
        calls.append(ToolCallSpec(id=f"call_{uuid.uuid4().hex[:12]}", name=found.group(1), arguments=args))
        pos = end
    if not calls:
        return content, []
    kept.append(content[pos:])
    return "".join(kept).strip(), calls
