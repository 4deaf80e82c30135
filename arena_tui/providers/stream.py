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


def _usage(raw: Any) -> Usage:
    if raw is None:
        return Usage()
    prompt = int(getattr(raw, "prompt_tokens", 0) or 0)
    completion = int(getattr(raw, "completion_tokens", 0) or 0)
    total = int(getattr(raw, "total_tokens", 0) or 0) or prompt + completion
    return Usage(prompt_tokens=prompt, completion_tokens=completion, total_tokens=total)


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
    calls, malformed = acc.finish()
    return AssistantMessage(
        content="".join(text),
        tool_calls=calls,
        usage=usage,
        finish_reason=finish,
        malformed_tool_calls=malformed,
    )


def read_completion(response: ChatCompletion) -> AssistantMessage:
    """Read a non-streamed answer (entries that set ``"stream": false``)."""
    if not response.choices:
        raise EmptyResponseError()
    choice = response.choices[0]
    msg = choice.message
    acc = ToolCallAccumulator()
    for i, tc in enumerate(msg.tool_calls or []):
        _add(acc, tc, i)
    calls, malformed = acc.finish()
    return AssistantMessage(
        content=msg.content or "",
        tool_calls=calls,
        usage=_usage(response.usage),
        finish_reason=choice.finish_reason,
        malformed_tool_calls=malformed,
    )
