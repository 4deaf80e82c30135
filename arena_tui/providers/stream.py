"""Reading one chat-completions answer, streamed or whole, into an :class:`AssistantMessage`.

A stream is only trusted when it ends properly: a choice chunk must have carried a
``finish_reason``. A stream that stops without one (connection cut, no ``[DONE]``, a
chunk cut in half) raises :class:`TruncatedStreamError`, which the retry loop retries.

What the model wrote is read defensively: the SDK does not validate chunks, so any field
may arrive with any type. Nothing of the reply's content raises here: text fields of the
wrong type are read as their JSON text, counts that are not numbers as 0, and tool-call
fragments go to :class:`ToolCallAccumulator`, which turns whatever it gets into calls.
"""

from __future__ import annotations

from collections.abc import AsyncIterable
from typing import Any

from arena_tui.events import Usage
from arena_tui.providers.messages import AssistantMessage, DeltaCallback, deliver_delta
from arena_tui.providers.retry import EmptyResponseError, TruncatedStreamError
from arena_tui.providers.toolcalls import ToolCallAccumulator, text_of


def _field(raw: Any, name: str) -> Any:
    return raw.get(name) if isinstance(raw, dict) else getattr(raw, name, None)


def _count(value: Any) -> int:
    """A token count; anything that is not a non-negative integer reads as 0."""
    try:
        return max(int(value or 0), 0)
    except (TypeError, ValueError, OverflowError):
        return 0


def _items(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def cached_tokens(raw: Any) -> int:
    """Prompt tokens served from cache: OpenAI's ``prompt_tokens_details.cached_tokens`` or
    Anthropic-style ``cache_read_input_tokens`` (as some gateways pass it through)."""
    details = _field(raw, "prompt_tokens_details")
    value = _field(details, "cached_tokens") if details is not None else None
    if not value:
        value = _field(raw, "cache_read_input_tokens")
    return _count(value)


def _usage(raw: Any) -> Usage:
    if raw is None:
        return Usage()
    prompt = _count(_field(raw, "prompt_tokens"))
    completion = _count(_field(raw, "completion_tokens"))
    total = _count(_field(raw, "total_tokens")) or prompt + completion
    cached = min(cached_tokens(raw), prompt) if prompt else cached_tokens(raw)
    return Usage(prompt_tokens=prompt, completion_tokens=completion, total_tokens=total, cached_tokens=cached)


def _add(acc: ToolCallAccumulator, tc: Any, index: Any) -> None:
    """Feed one tool-call delta; servers omit fields freely, so read them defensively."""
    fn = _field(tc, "function")
    acc.add(index, _field(tc, "id"), _field(fn, "name"), _field(fn, "arguments"))


async def read_stream(stream: AsyncIterable[Any], on_delta: DeltaCallback | None) -> AssistantMessage:
    """Fold a chunk stream (decoded JSON or SDK chunk objects); text deltas go to ``on_delta`` as they arrive."""
    text: list[str] = []
    acc = ToolCallAccumulator()
    usage = Usage()
    finish: str | None = None
    saw_choice = False
    async for chunk in stream:
        if _field(chunk, "usage") is not None:
            usage = _usage(_field(chunk, "usage"))
        choices = _items(_field(chunk, "choices"))
        if not choices:
            continue
        saw_choice = True
        choice = choices[0]
        delta = _field(choice, "delta")
        if delta is not None:
            content = text_of(_field(delta, "content"))
            if content:
                text.append(content)
                await deliver_delta(on_delta, content)
            for tc in _items(_field(delta, "tool_calls")):
                _add(acc, tc, _field(tc, "index"))
        reason = _field(choice, "finish_reason")
        if reason:
            finish = text_of(reason)
    if not saw_choice:
        raise EmptyResponseError()
    if finish is None:
        raise TruncatedStreamError("no finish_reason before the stream closed")
    return AssistantMessage(content="".join(text), tool_calls=acc.finish(), usage=usage, finish_reason=finish)


def read_completion(response: Any) -> AssistantMessage:
    """Read a non-streamed answer (entries that set ``"stream": false``), decoded JSON or an SDK object."""
    choices = _items(_field(response, "choices"))
    if not choices:
        raise EmptyResponseError()
    choice = choices[0]
    msg = _field(choice, "message")
    acc = ToolCallAccumulator()
    for i, tc in enumerate(_items(_field(msg, "tool_calls"))):
        _add(acc, tc, i)
    reason = _field(choice, "finish_reason")
    return AssistantMessage(
        content=text_of(_field(msg, "content")),
        tool_calls=acc.finish(),
        usage=_usage(_field(response, "usage")),
        finish_reason=text_of(reason) if reason is not None else None,
    )
