"""The chat request goes out exactly as the SDK's ``chat.completions.create`` would send it.

The backend posts the body through the SDK client directly (see the module docstring of
``providers/openai_compat.py``); these tests send the same conversation both ways to a
fake server and compare what it received, body and headers, so an SDK release that starts
rewriting chat parameters (an alias, a format) shows up here.
"""

from __future__ import annotations

from typing import Any

import pytest

from arena_tui.config import Modalities
from arena_tui.events import ToolCallSpec
from arena_tui.providers.base import GenerateRequest
from arena_tui.providers.messages import Attachment, Message
from arena_tui.providers.openai_compat import OpenAICompatAPI, request_options, split_params
from arena_tui.providers.retry import RetryPolicy
from arena_tui.providers.wire import to_wire
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.providers.helpers import TOOLS, entry

CALL = ToolCallSpec(id="c1", name="Read", arguments={"file_path": "/w/a.wav", "limit": 3})
HISTORY = [
    Message("system", "be brief"),
    Message("user", "look at these", attachments=(Attachment("image", "image/png", "IMG", path="/w/1.png"),)),
    Message("assistant", "", tool_calls=(CALL,)),
    Message(
        "tool",
        "read a.wav",
        attachments=(Attachment("audio", "audio/x-wav", "WAV", path="/w/a.wav"),),
        tool_call_id="c1",
    ),
    Message("assistant", "Heard it: ünïcödé \u2028 and a tab\t."),
    Message("user", "now summarise"),
]
PASSTHROUGH: dict[str, Any] = {
    "temperature": 0.2,
    "top_p": None,
    "top_k": 5,
    "stop": ["</s>"],
    "seed": 7,
    "reasoning_effort": "low",
    "metadata": {"run": "r1"},
    "response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}},
    "extra_headers": {"X-Trace": "t1"},
    "extra_body": {"chat_template_kwargs": {"enable_thinking": False}},
}


async def sdk_create(api: OpenAICompatAPI, request: GenerateRequest, stream: bool) -> None:
    """What the backend sent before: the typed ``create`` with the entry's keys split the same way."""
    wire = to_wire(request.messages, api.entry.modalities, api.entry.tool_call_content)
    params = {**api.entry.extra_params}
    params.pop("stream", None)
    kwargs, body = split_params({"max_tokens": 4096, **params})
    kwargs["tools"] = list(request.tools)
    if request.tool_choice:
        kwargs["tool_choice"] = {"type": "function", "function": {"name": request.tool_choice}}
    client: Any = api._clients[0]
    if not stream:
        await client.chat.completions.create(
            model=api.entry.model_id, messages=wire.messages, extra_body=body, **kwargs
        )
        return
    out = await client.chat.completions.create(
        model=api.entry.model_id,
        messages=wire.messages,
        stream=True,
        stream_options={"include_usage": True},
        extra_body=body,
        **kwargs,
    )
    async for _ in out:
        pass


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize("tool_choice", [None, "Read"])
async def test_same_request_as_the_sdk_create(
    fake_openai: FakeOpenAIServer, stream: bool, tool_choice: str | None
) -> None:
    fake_openai.queue(FakeReply(text="one"), FakeReply(text="two"))
    model_entry = entry(fake_openai.base_url, stream=stream, modalities={"image": 1, "audio": 1}, **PASSTHROUGH)
    assert model_entry.modalities == Modalities(image=1, audio=1)
    api = OpenAICompatAPI(model_entry, policy=RetryPolicy(max_retries=0, per_call_timeout_s=5.0))
    request = GenerateRequest(messages=HISTORY, tools=TOOLS, tool_choice=tool_choice)
    try:
        await sdk_create(api, request, stream)
        reply = await api.generate(request)
    finally:
        await api.aclose()
    assert reply.content == "two"
    before, after = fake_openai.chat_requests
    assert after.body == before.body
    assert list(after.body) != [] and after.body["chat_template_kwargs"] == {"enable_thinking": False}
    assert after.path == before.path
    assert after.headers == before.headers
    assert after.headers["x-trace"] == "t1" and after.headers["authorization"] == "Bearer sk-test-SECRET-123"


async def test_reply_read_from_plain_json_carries_every_field(fake_openai: FakeOpenAIServer) -> None:
    usage = {
        "prompt_tokens": 30,
        "completion_tokens": 4,
        "total_tokens": 34,
        "prompt_tokens_details": {"cached_tokens": 8},
    }
    calls = [{"id": "c9", "name": "Grep", "arguments": {"pattern": "x"}}]
    for stream in (True, False):
        fake_openai.queue(FakeReply(text="Looking.", tool_calls=calls, usage=usage))
        api = OpenAICompatAPI(entry(fake_openai.base_url, stream=stream))
        try:
            reply = await api.generate(GenerateRequest(messages=HISTORY[:2], tools=TOOLS))
        finally:
            await api.aclose()
        assert reply.content == "Looking." and reply.finish_reason == "tool_calls"
        assert [(c.id, c.name, c.arguments) for c in reply.tool_calls] == [("c9", "Grep", {"pattern": "x"})]
        assert (reply.usage.prompt_tokens, reply.usage.completion_tokens, reply.usage.cached_tokens) == (30, 4, 8)


def test_request_shaping_keys_become_the_options_create_builds() -> None:
    kwargs: dict[str, Any] = {"extra_headers": {"X-A": "1"}, "extra_query": {"v": "2"}, "timeout": None, "seed": 1}
    options = request_options(kwargs, {"top_k": 5})
    assert kwargs == {"seed": 1}
    assert options == {
        "security": {"bearer_auth": True},
        "headers": {"X-A": "1"},
        "params": {"v": "2"},
        "timeout": None,
        "extra_json": {"top_k": 5},
    }
    assert request_options({"extra_headers": None}, {}) == {"security": {"bearer_auth": True}}
