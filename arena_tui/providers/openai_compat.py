"""The provider for every OpenAI-compatible server (vLLM, OpenAI, Gemini, OpenRouter, Ollama).

One call = up to ``max_retries + 1`` streamed attempts. Each attempt emits a
:class:`ModelRequest` and then a :class:`ModelResponse` or a :class:`ModelError`; the
final failure becomes one :class:`ProviderError`, never an SDK traceback. Several
``api_base`` URLs are used round-robin, attempt by attempt, which also fails over.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import time
import uuid
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlparse

import openai

from arena_tui.config import ModelEntry
from arena_tui.events import ModelError, ModelRequest, ModelResponse, Usage
from arena_tui.providers.base import CallIdentity, Emit, ProviderError, model_event_fields, no_emit
from arena_tui.providers.cost import cost_usd
from arena_tui.providers.messages import AssistantMessage, DeltaCallback, Message, ToolSchema
from arena_tui.providers.retry import RetryPolicy, classify, fix_hint
from arena_tui.providers.stream import read_completion, read_stream
from arena_tui.providers.toolcalls import rescue_leaked_calls
from arena_tui.providers.wire import to_wire

_SDK_PARAMS = frozenset(inspect.signature(openai.AsyncOpenAI(api_key="x").chat.completions.create).parameters) - {
    "messages",
    "model",
    "stream",
    "stream_options",
    "tools",
}


def split_params(extra: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Entry passthrough keys → (SDK keyword arguments, ``extra_body`` for the rest)."""
    kwargs: dict[str, Any] = {}
    body: dict[str, Any] = dict(extra.get("extra_body") or {})
    for key, value in extra.items():
        if key in ("extra_body", "stream"):
            continue
        if key in _SDK_PARAMS:
            kwargs[key] = value
        else:
            body[key] = value
    return kwargs, body


class OpenAICompatProvider:
    """Streams chat completions through ``openai.AsyncOpenAI`` with our own retry loop."""

    def __init__(
        self,
        entry: ModelEntry,
        *,
        identity: CallIdentity | None = None,
        emit: Emit = no_emit,
        policy: RetryPolicy | None = None,
        env: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        """``overrides`` are request keys that win over the entry's (the probe caps tokens)."""
        self.entry = entry
        self.name = entry.display_name
        self.identity = identity or CallIdentity()
        self.emit = emit
        self.policy = policy or RetryPolicy()
        key = entry.resolve_api_key(env) or "EMPTY"  # local servers accept any key
        self._clients = [
            openai.AsyncOpenAI(api_key=key, base_url=base, max_retries=0, timeout=self.policy.per_call_timeout_s)
            for base in entry.api_bases()
        ]
        self._next = itertools.cycle(range(len(self._clients)))
        self._kwargs, self._extra_body = split_params({**entry.extra_params, **(overrides or {})})
        self._stream = bool(entry.extra_params.get("stream", True))

    def _ids(self) -> dict[str, Any]:
        return model_event_fields(self.identity, self.name)

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSchema] = (),
        *,
        on_delta: DeltaCallback | None = None,
    ) -> AssistantMessage:
        wire = to_wire(messages, self.entry.modalities)
        request_id = f"req_{uuid.uuid4().hex[:12]}"
        deadline = time.monotonic() + self.policy.total_timeout_s
        attempt = 0
        while True:
            attempt += 1
            client = self._clients[next(self._next)]
            self.emit(
                ModelRequest(
                    **self._ids(),
                    request_id=request_id,
                    attempt=attempt,
                    n_messages=len(wire.messages),
                    n_attachments=wire.n_attachments,
                )
            )
            started = time.monotonic()
            budget = min(self.policy.per_call_timeout_s, max(deadline - started, 0.001))
            try:
                async with asyncio.timeout(budget):
                    reply = await self._attempt(client, wire.messages, tools, on_delta)
            except Exception as exc:
                info = classify(exc)
                delay = self.policy.backoff(attempt, info.retry_after)
                final = not info.retryable or attempt > self.policy.max_retries or time.monotonic() + delay >= deadline
                self.emit(
                    ModelError(
                        **self._ids(),
                        request_id=request_id,
                        attempt=attempt,
                        error=info.message,
                        status_code=info.status_code,
                        retry_in_s=None if final else round(delay, 3),
                        final=final,
                    )
                )
                if final:
                    host = urlparse(str(client.base_url)).netloc
                    raise ProviderError(
                        f"model {self.name} at {host}: {info.message} "
                        f"(after {attempt} attempt{'s' if attempt > 1 else ''}); "
                        f"{fix_hint(info.status_code)}",
                        status_code=info.status_code,
                        host=host,
                    ) from None
                await asyncio.sleep(delay)
                continue
            latency_ms = (time.monotonic() - started) * 1000
            reply = self._finish(reply, wire.messages, tools, wire.elided)
            self.emit(
                ModelResponse(
                    **self._ids(),
                    request_id=request_id,
                    usage=reply.usage,
                    cost_usd=reply.cost_usd,
                    latency_ms=round(latency_ms, 2),
                    finish_reason=reply.finish_reason,
                    content=reply.content,
                    tool_calls=reply.tool_calls,
                )
            )
            return reply

    async def _attempt(
        self,
        client: openai.AsyncOpenAI,
        messages: list[dict[str, Any]],
        tools: Sequence[ToolSchema],
        on_delta: DeltaCallback | None,
    ) -> AssistantMessage:
        kwargs: dict[str, Any] = dict(self._kwargs)
        if tools:
            kwargs["tools"] = list(tools)
        if self._extra_body:
            kwargs["extra_body"] = self._extra_body
        # Typed loosely on purpose: messages and passthrough keys are plain dicts here.
        create: Any = client.chat.completions.create
        if not self._stream:
            response = await create(model=self.entry.model_id, messages=messages, **kwargs)
            return read_completion(response)
        stream = await create(
            model=self.entry.model_id,
            messages=messages,
            stream=True,
            stream_options={"include_usage": True},
            **kwargs,
        )
        try:
            return await read_stream(stream, on_delta)
        finally:
            await stream.close()

    def _finish(
        self,
        reply: AssistantMessage,
        messages: list[dict[str, Any]],
        tools: Sequence[ToolSchema],
        elided: dict[str, int],
    ) -> AssistantMessage:
        """Rescue leaked tool calls, estimate missing usage, price the call."""
        content, calls = reply.content, reply.tool_calls
        if tools and not calls:
            names = [str(t.get("function", {}).get("name", "")) for t in tools]
            content, calls = rescue_leaked_calls(content, names)
        usage = reply.usage
        if usage.total_tokens == 0:
            prompt = sum(len(str(m.get("content") or "")) for m in messages) // 4
            completion = (len(content) + sum(len(str(c.arguments)) for c in calls)) // 4
            usage = Usage(
                prompt_tokens=prompt,
                completion_tokens=completion,
                total_tokens=prompt + completion,
                estimated=True,
            )
        return AssistantMessage(
            content=content,
            tool_calls=calls,
            usage=usage,
            finish_reason=reply.finish_reason,
            malformed_tool_calls=reply.malformed_tool_calls,
            elided=dict(elided),
            cost_usd=cost_usd(usage, self.entry.price_in, self.entry.price_out),
        )

    async def aclose(self) -> None:
        for client in self._clients:
            await client.close()
