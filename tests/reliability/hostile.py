"""Hypothesis strategies for replies a broken or hostile model sends (what the fuzz suite feeds).

Every reply is a well-formed stream envelope (choices, a final ``finish_reason``), so the
transport is sound and everything odd is in what the model said: text of any Unicode,
lone surrogates and control characters included; tool-call deltas whose ``index``, ``id``,
``name`` and ``arguments`` are missing or of any JSON type; arguments that are deep,
huge, broken or double-encoded JSON; repeated call ids; leaked ``<tool_call>`` blocks;
replies cut at the output limit; and turns of thousands of calls.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from tests.fakes.replies import FakeReply

TOOL_NAMES = ["Read", "Glob", "Grep", "Write", "Edit", "Bash", "Teleport", ""]

# All of Unicode, surrogates (category Cs) and control characters (Cc) included.
ANY_CHAR = st.characters(exclude_categories=())
ANY_TEXT = st.text(ANY_CHAR, max_size=40)

JSON_LEAF = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | ANY_TEXT
JSON_VALUE = st.recursive(
    JSON_LEAF, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4), max_leaves=12
)


def _deep(n: int, closed: bool) -> str:
    return "[" * n + ("]" * n if closed else "")


ARGUMENT_TEXT = st.one_of(
    JSON_VALUE.map(lambda v: json.dumps(v)),  # valid JSON, usually not an object
    st.dictionaries(st.sampled_from(["file_path", "pattern", "path", "content", "command"]), JSON_VALUE).map(
        json.dumps
    ),
    st.dictionaries(ANY_TEXT, JSON_VALUE, max_size=3).map(lambda d: json.dumps(json.dumps(d))),  # double-encoded
    st.builds(_deep, st.integers(60, 3000), st.booleans()),
    st.integers(1, 200).map(lambda n: '{"pattern": "' + "a" * n),  # cut mid-string
    ANY_TEXT,
)


@st.composite
def call_delta(draw: st.DrawFn, index: int, call_id: str) -> Any:
    """One tool-call delta; each field may be right, missing, or any JSON value."""
    if draw(st.integers(0, 19)) == 0:
        return draw(JSON_VALUE)  # not even an object
    delta: dict[str, Any] = {}
    fields = {
        "index": st.just(index) | JSON_VALUE,
        "id": st.just(call_id) | JSON_VALUE,
        "type": st.just("function") | JSON_VALUE,
    }
    for key, strategy in fields.items():
        if draw(st.integers(0, 5)):
            delta[key] = draw(strategy)
    if draw(st.integers(0, 7)):
        name: Any = draw(st.sampled_from(TOOL_NAMES) | JSON_VALUE)
        arguments: Any = draw(ARGUMENT_TEXT | JSON_VALUE)
        fn: dict[str, Any] = {}
        if draw(st.integers(0, 7)):
            fn["name"] = name
        if draw(st.integers(0, 7)):
            fn["arguments"] = arguments
        delta["function"] = fn if draw(st.integers(0, 11)) else draw(JSON_VALUE)
    return delta


@st.composite
def hostile_reply(draw: st.DrawFn) -> FakeReply:
    """One reply: text and/or tool-call deltas of any shape, any finish reason."""
    deltas: list[Any] = []
    for _ in range(draw(st.integers(0, 2))):
        content: Any = draw(ANY_TEXT | JSON_VALUE)
        deltas.append({"content": content} if draw(st.integers(0, 5)) else draw(JSON_VALUE))
    n_calls = draw(st.integers(0, 4))
    ids = [draw(st.sampled_from(["call_0", "call_dup"]) | ANY_TEXT) for _ in range(n_calls)]  # repeats likely
    for i in range(n_calls):
        deltas.append({"tool_calls": [draw(call_delta(i, ids[i]))]})
    if draw(st.integers(0, 6)) == 0:
        leaked = draw(ARGUMENT_TEXT)
        deltas.append({"content": f'<tool_call>{{"name": "Glob", "arguments": {leaked}}}</tool_call>'})
    finish = draw(st.sampled_from(["stop", "tool_calls", "length"]) | ANY_TEXT.filter(bool))
    return FakeReply(raw_deltas=deltas, finish_reason=finish, chunking="whole")


def many_calls(n: int) -> FakeReply:
    """One turn of ``n`` calls, every id the same (thousands of calls in one turn)."""
    args = json.dumps({"pattern": "*"})
    call = {"id": "same", "type": "function", "function": {"name": "Glob", "arguments": args}}
    return FakeReply(raw_deltas=[{"tool_calls": [{**call, "index": i}]} for i in range(n)], finish_reason="tool_calls")
