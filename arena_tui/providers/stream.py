"""Reading one chat-completions answer, streamed or whole, into an :class:`AssistantMessage`.

A stream is only trusted when it ends properly: a choice chunk must have carried a
``finish_reason``. A stream that stops without one (connection cut, no ``[DONE]``, a
chunk cut in half) raises :class:`TruncatedStreamError`, which the retry loop retries.
"""

from __future__ import annotations

from collections.abc import AsyncIterable
from typing import Any

from openai.types.chat import ChatCompletion, ChatCompletionChunk

from arena_tui.events import Usage
from arena_tui.providers.messages import AssistantMessage, DeltaCallback, deliver_delta
from arena_tui.providers.retry import EmptyResponseError, TruncatedStreamError
from arena_tui.providers.toolcalls import ToolCallAccumulator


def _field(raw: Any, name: str) -> Any:
    return raw.get(name) if isinstance(raw, dict) else getattr(raw, name, None)


def cached_tokens(raw: Any) -> int:
    """Prompt tokens served from cache: OpenAI's ``prompt_tokens_details.cached_tokens`` or
    Anthropic-style ``cache_read_input_tokens`` (as some gateways pass it through)."""
    details = _field(raw, "prompt_tokens_details")
    value = _field(details, "cached_tokens") if details is not None else None
    if not value:
        value = _field(raw, "cache_read_input_tokens")
    try:
        return max(int(value or 0), 0)
    except (TypeError, ValueError):
        return 0


def _usage(raw: Any) -> Usage:
    if raw is None:
        return Usage()
    prompt = int(_field(raw, "prompt_tokens") or 0)
    completion = int(_field(raw, "completion_tokens") or 0)
    total = int(_field(raw, "total_tokens") or 0) or prompt + completion
    cached = min(cached_tokens(raw), prompt) if prompt else cached_tokens(raw)
    return Usage(prompt_tokens=prompt, completion_tokens=completion, total_tokens=total, cached_tokens=cached)


def _add(acc: ToolCallAccumulator, tc: Any, index: int | None) -> None:
    """Feed one tool-call delta; servers omit fields freely, so read them defensively."""
    fn = getattr(tc, "function", None)
    acc.add(index, getattr(tc, "id", None), getattr(fn, "name", None), getattr(fn, "arguments", None))


async def read_stream(stream: AsyncIterable[ChatCompletionChunk], on_delta: DeltaCallback | None) -> AssistantMessage:
    """Fold a chunk stream; text deltas go to ``on_delta`` as they arrive."""
    text: list[str] = []
    acc = ToolCallAccumulator()
    usage = Usage()
    finish: str | None = None
    saw_choice = False
    async for chunk in stream:
        if chunk.usage is not None:
            usage = _usage(chunk.usage)
        if not chunk.choices:
            continue
        saw_choice = True
        choice = chunk.choices[0]
        delta = choice.delta
        if delta is not None:
            if delta.content:
                text.append(delta.content)
                await deliver_delta(on_delta, delta.content)
            for tc in getattr(delta, "tool_calls", None) or []:
                _add(acc, tc, getattr(tc, "index", None))
        if choice.finish_reason:
            finish = choice.finish_reason
    if not saw_choice:
        raise EmptyResponseError()
    if finish is None:
        raise TruncatedStreamError("no finish_reason before the stream closed")
    return AssistantMessage(content="".join(text), tool_calls=acc.finish(), usage=usage, finish_reason=finish)


def read_completion(response: ChatCompletion) -> AssistantMessage:
    """Read a non-streamed answer (entries that set ``"stream": false``)."""
    if not response.choices:
        raise EmptyResponseError()
    choice = response.choices[0]
    msg = choice.message
    acc = ToolCallAccumulator()
    for i, tc in enumerate(msg.tool_calls or []):
        _add(acc, tc, i)
    return AssistantMessage(
        content=msg.content or "",
        tool_calls=acc.finish(),
        usage=_usage(response.usage),
        finish_reason=choice.finish_reason,
    )
