"""The backend for every OpenAI-compatible server (vLLM, llama.cpp, OpenAI, Gemini, OpenRouter, Ollama).

One :meth:`OpenAICompatAPI.generate` is one streamed attempt; retries, events and prices
belong to :class:`~arena_tui.providers.model.Model`. Several ``api_base`` URLs are used
round-robin, attempt by attempt, which also fails over. Assistant turns with tool calls
go out with ``content: ""`` (strict servers reject ``null``) unless the entry's
``tool_call_content`` says otherwise, and a reply without an explicit ``max_tokens`` gets
:func:`default_max_tokens` of the entry's context.

Requests go out through the SDK's client (its HTTP pool, auth headers, error types and
stream decoder) but not through ``chat.completions.create``: that method walks the whole
request against the SDK's typed parameter declarations before sending it, which for a
long conversation was milliseconds of event-loop CPU per request and the largest cost of
a run with many scenarios asking at once. The body here is already plain JSON data and
none of the chat parameters has an alias or a format, so the walk would return it
unchanged (``tests/providers/test_chat_wire.py`` checks the two paths send the same
bytes). Replies are read as plain JSON too: ``read_stream`` and ``read_completion`` read
any field defensively, so building SDK models per chunk bought nothing.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Mapping, Sequence
from typing import Any, cast
from urllib.parse import urlparse

import httpx
import openai
from openai.resources.chat.completions import AsyncCompletions

from arena_tui.config import ModelEntry
from arena_tui.providers import shared_clients
from arena_tui.providers.base import Capabilities, GenerateRequest, ModelAPI
from arena_tui.providers.messages import AssistantMessage, ToolSchema
from arena_tui.providers.model import AttemptError
from arena_tui.providers.retry import RetryPolicy, classify, history_field
from arena_tui.providers.stream import read_completion, read_stream
from arena_tui.providers.toolcalls import rescue_leaked_calls
from arena_tui.providers.wire import to_wire

DEFAULT_MAX_TOKENS = 4096
"""Output tokens per reply when the entry sets neither ``max_tokens`` nor ``max_completion_tokens``."""


def default_max_tokens(context_length: int | None) -> int:
    """Room for a reply that leaves most of a small context to the conversation (a quarter of it)."""
    return DEFAULT_MAX_TOKENS if context_length is None else max(min(DEFAULT_MAX_TOKENS, context_length // 4), 256)


# From the class, not a client: building one reads the TLS trust store (hundreds of ms at import).
_SDK_PARAMS = frozenset(inspect.signature(AsyncCompletions.create).parameters) - {
    "self",
    "messages",
    "model",
    "stream",
    "stream_options",
    "tools",
}

_REQUEST_OPTIONS = {"extra_headers": "headers", "extra_query": "params", "timeout": "timeout"}
"""SDK keyword arguments that shape the HTTP request rather than its body (``create``'s names → the client's)."""

_CHAT_PATH = "/chat/completions"
_RAW_STREAM: Any = openai.AsyncStream[object]
"""Chunks as the decoded JSON (the SDK returns data as it is for ``object``)."""


def request_options(kwargs: dict[str, Any], extra_body: Mapping[str, Any]) -> openai.RequestOptions:
    """Move the request-shaping keys out of ``kwargs`` into the options ``create`` would have built."""
    options: dict[str, Any] = {"security": {"bearer_auth": True}}
    for key, option in _REQUEST_OPTIONS.items():
        if key in kwargs:
            value = kwargs.pop(key)
            if value is not None or key == "timeout":  # ``timeout=None`` means none, as for ``create``
                options[option] = value
    if extra_body:
        options["extra_json"] = dict(extra_body)
    return cast(openai.RequestOptions, options)


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


HEALTH_TIMEOUT_S = 5.0
"""A health answer is cheap; a server that cannot give one in this time is not answering."""


def host_of(url: str) -> str:
    return urlparse(url).netloc or url


class OpenAICompatAPI(ModelAPI):
    """Streams chat completions through ``openai.AsyncOpenAI`` (``max_retries=0``: retries are ours)."""

    capabilities = Capabilities(remote=True)

    def __init__(
        self,
        entry: ModelEntry,
        *,
        policy: RetryPolicy | None = None,
        env: Mapping[str, str] | None = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> None:
        """``overrides`` are request keys that win over the entry's (the probe caps tokens)."""
        self.entry = entry
        self.name = entry.display_name
        policy = policy or RetryPolicy()
        key = entry.resolve_api_key(env) or "EMPTY"  # local servers accept any key
        bases = entry.api_bases()
        self._key = key
        self._bases = bases
        self._clients = [shared_clients.acquire(key, base, policy.per_call_timeout_s) for base in bases]
        self.endpoint = ", ".join(host_of(b) for b in bases)
        self._next = itertools.cycle(range(len(self._clients)))
        params = {**entry.extra_params, **(overrides or {})}
        if "max_tokens" not in params and "max_completion_tokens" not in params:
            params["max_tokens"] = default_max_tokens(entry.context_length)
        self._kwargs, extra_body = split_params(params)
        self._options = request_options(self._kwargs, extra_body)
        self._stream = bool(entry.extra_params.get("stream", True))

    async def generate(self, request: GenerateRequest) -> AssistantMessage:
        wire = to_wire(request.messages, self.entry.modalities, self.entry.tool_call_content)
        client = self._clients[next(self._next)]
        try:
            reply = await self._attempt(client, wire.messages, request)
        except Exception as exc:
            info = classify(exc)
            found = history_field(info.message) if info.status_code is not None else None
            if found is not None and found[0] < len(wire.messages):
                index, name = found
                role = wire.messages[index].get("role", "?")
                info = type(info)(
                    f"{info.message} [request message {index} ({role}), field '{name}']",
                    info.retryable,
                    info.status_code,
                    info.retry_after,
                )
            raise AttemptError(info) from exc
        content, calls = reply.content, reply.tool_calls
        if request.tools and not calls:
            names = [str(t.get("function", {}).get("name", "")) for t in request.tools]
            content, calls = rescue_leaked_calls(content, names)
        return AssistantMessage(
            content=content,
            tool_calls=calls,
            usage=reply.usage,
            finish_reason=reply.finish_reason,
            elided=dict(wire.elided),
        )

    async def _attempt(
        self, client: openai.AsyncOpenAI, messages: list[dict[str, Any]], request: GenerateRequest
    ) -> AssistantMessage:
        body: dict[str, Any] = {"model": self.entry.model_id, "messages": messages, **self._kwargs}
        tools: Sequence[ToolSchema] = request.tools
        if tools:
            body["tools"] = list(tools)
            if request.tool_choice:
                body["tool_choice"] = {"type": "function", "function": {"name": request.tool_choice}}
        options = cast(openai.RequestOptions, dict(self._options))
        if not self._stream:
            response = await client.post(_CHAT_PATH, cast_to=object, body=body, options=options)
            return read_completion(response)
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
        stream = await client.post(
            _CHAT_PATH, cast_to=object, body=body, options=options, stream=True, stream_cls=_RAW_STREAM
        )
        try:
            return await read_stream(stream, request.on_delta)
        finally:
            await stream.close()

    async def health(self) -> str | None:
        """None when a base answers: its ``/health`` (llama.cpp, vLLM) decides where the server has one,
        else ``<api_base>/models``; otherwise why none did."""
        why = "no api_base"
        headers = {"Authorization": f"Bearer {self._key}"}
        async with httpx.AsyncClient(timeout=HEALTH_TIMEOUT_S, headers=headers) as client:
            for base in self._bases:
                root = base.rstrip("/").removesuffix("/v1")
                for url in (f"{root}/health", f"{base.rstrip('/')}/models"):
                    try:
                        response = await client.get(url)
                    except httpx.HTTPError as exc:
                        why = f"GET {url}: {type(exc).__name__}"
                        break  # the server itself is not reachable
                    if response.is_success:
                        return None
                    why = f"GET {url}: HTTP {response.status_code}"
                    if response.status_code != 404:
                        break  # a health route that says no (loading, engine dead)
        return why

    async def aclose(self) -> None:
        clients, self._clients = self._clients, []
        for client in clients:
            await shared_clients.release(client)
