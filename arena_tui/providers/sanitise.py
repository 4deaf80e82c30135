"""Text from a provider made storable, once, where it enters the harness.

JSON lets a server send ``"\\ud800"``: a lone UTF-16 surrogate, which Python decodes into a
``str`` that no UTF-8 writer accepts (the event store, transcripts, tool files). Every
reply passes :func:`clean_reply` in :class:`~arena_tui.providers.model.Model` before anyone
sees it: each unencodable character becomes U+FFFD, a surrogate pair split over two code
points is joined, and the reply says how many were replaced so the loop notes it in the
transcript.
"""

from __future__ import annotations

import re
from typing import Any

from arena_tui.events import ToolCallSpec
from arena_tui.providers.messages import AssistantMessage

REPLACEMENT = "\ufffd"
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> tuple[str, int]:
    """``text`` encodable as UTF-8, and how many characters were replaced."""
    if not _SURROGATE.search(text):
        return text, 0
    fixed = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return fixed, fixed.count(REPLACEMENT) - text.count(REPLACEMENT)


def clean_value(value: Any) -> tuple[Any, int]:
    """Every string inside a JSON value (keys too) cleaned; the value is returned unchanged when clean."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        items = [clean_value(v) for v in value]
        replaced = sum(n for _, n in items)
        return ([v for v, _ in items] if replaced else value), replaced
    if isinstance(value, dict):
        pairs = [(clean_text(str(k)), clean_value(v)) for k, v in value.items()]
        replaced = sum(kn + vn for (_, kn), (_, vn) in pairs)
        return ({k: v for (k, _), (v, _) in pairs} if replaced else value), replaced
    return value, 0


def _clean_call(call: ToolCallSpec) -> tuple[ToolCallSpec, int]:
    call_id, a = clean_text(call.id)
    name, b = clean_text(call.name)
    arguments, c = clean_value(call.arguments)
    raw, d = clean_text(call.raw_arguments)
    replaced = a + b + c + d
    if not replaced:
        return call, 0
    fixed = call.model_copy(update={"id": call_id, "name": name, "arguments": arguments, "raw_arguments": raw})
    return fixed, replaced


def clean_reply(reply: AssistantMessage) -> AssistantMessage:
    """The reply with every text field encodable; ``replaced`` counts what was changed."""
    content, replaced = clean_text(reply.content)
    finish = reply.finish_reason
    if finish is not None:
        finish, n = clean_text(finish)
        replaced += n
    calls: list[ToolCallSpec] = []
    for call in reply.tool_calls:
        fixed, n = _clean_call(call)
        calls.append(fixed)
        replaced += n
    if not replaced:
        return reply
    return AssistantMessage(
        content=content,
        tool_calls=calls,
        usage=reply.usage,
        finish_reason=finish,
        elided=dict(reply.elided),
        cost_usd=reply.cost_usd,
        replaced=reply.replaced + replaced,
    )
