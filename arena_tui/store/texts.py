"""Long texts of stored events kept once: a content-addressed ``texts`` table the events refer to.

A tool's output is in its ``tool_result`` event and again in the ``turn`` that hands it to
the model; a reply's content and tool calls are in its ``model_response`` and in its
``turn``; a subagent's last reply is in its ``subagent_run_finished`` and its
``task_finished`` too. So the store keeps every top-level value of an event whose JSON is at
least :data:`MIN_TEXT` bytes in ``texts`` (keyed by the SHA-256 of that JSON, written once),
and the event row keeps the rest of the event in ``data`` and ``{field: sha256}`` in
``texts``. Reading joins them back: the same event, field for field, as the one stored.

``run_started`` stays whole (run listings read it straight from ``events``), and so does
every event shorter than :data:`MIN_EVENT`: most events are short and are stored unparsed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

MIN_TEXT = 256
"""Values shorter than this stay in the event: a reference and its ``texts`` row cost about as much."""

MIN_EVENT = 1024
"""Events shorter than this are stored whole: the copies worth removing are long tool outputs and
replies, and splitting costs a parse and an encoding per event on the harness's hot path."""

_SHORT_STR = (MIN_TEXT - 2) // 6
"""A string this short encodes under :data:`MIN_TEXT` bytes even if every character needs a 6-byte escape."""


@dataclass(frozen=True)
class SplitEvent:
    """One event as stored: ``data`` without its long values, ``refs`` (JSON) naming them, and the texts."""

    data: str
    refs: str | None
    texts: dict[str, str]
    """sha256 -> the JSON of one long value."""


def text_key(value_json: str) -> str:
    return hashlib.sha256(value_json.encode()).hexdigest()


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def split_event(data: str) -> SplitEvent:
    """Move the long top-level values of one event's JSON into texts (the event unchanged if it has none)."""
    if len(data) < MIN_EVENT:
        return SplitEvent(data, None, {})
    obj = json.loads(data)
    if not isinstance(obj, dict) or obj.get("kind") == "run_started":
        return SplitEvent(data, None, {})
    refs: dict[str, str] = {}
    texts: dict[str, str] = {}
    for name, value in list(obj.items()):
        if not isinstance(value, str | list | dict) or (isinstance(value, str) and len(value) < _SHORT_STR):
            continue  # most fields are ids and names: known short without encoding them
        value_json = _dumps(value)
        if len(value_json) < MIN_TEXT:
            continue
        key = text_key(value_json)
        refs[name] = key
        texts[key] = value_json
        del obj[name]
    if not refs:
        return SplitEvent(data, None, {})
    return SplitEvent(_dumps(obj), _dumps(refs), texts)


class MissingText(ValueError):
    """A stored event refers to a text the store does not hold."""


def parse_refs(refs: str) -> dict[str, str]:
    parsed = json.loads(refs)
    if not isinstance(parsed, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in parsed.items()):
        raise ValueError(f"the text references of a stored event are not an object of names: {refs[:80]}")
    return parsed


def join_event(data: str, refs: Mapping[str, str], text: Callable[[str], str | None]) -> str:
    """The whole event's JSON: ``data`` with every referenced value put back (``text`` looks one up)."""
    if not refs:
        return data
    parts = []
    for name, key in refs.items():
        value = text(key)
        if value is None:
            raise MissingText(f"a stored event refers to text {key} (field {name}) that the store does not hold")
        parts.append(f"{json.dumps(name)}:{value}")
    body = data.rstrip()
    if not body.endswith("}"):
        raise ValueError(f"a stored event is not a JSON object: {data[:80]}")
    head = body[:-1].rstrip()
    sep = "" if head.endswith("{") else ","
    return f"{head}{sep}{','.join(parts)}}}"
