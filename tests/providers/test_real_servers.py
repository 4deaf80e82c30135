"""What strict real servers need: content "" on tool-call turns, one-line errors with the right fix,
cached-token pricing, max_tokens by default, and a circuit breaker across requests."""

from __future__ import annotations

import pytest

from arena_tui.config import ModelEntry
from arena_tui.events import Event, ModelError, ModelRequest, ModelResponse, ToolCallSpec
from arena_tui.providers.base import ProviderError, ProviderUnavailable
from arena_tui.providers.messages import Attachment, Message
from arena_tui.providers.model import CircuitBreaker
from arena_tui.providers.openai_compat import DEFAULT_MAX_TOKENS
from arena_tui.providers.retry import fix_hint, history_field
from arena_tui.providers.wire import to_wire
from tests.fakes.fixtures import ServerFactory
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.providers.helpers import TOOLS, provider

CALL = ToolCallSpec(id="c1", name="Read", arguments={"file_path": "/w/a"})
HISTORY = [
    Message("system", "be brief"),
    Message("user", "go"),
    Message("assistant", "", tool_calls=(CALL,)),
    Message("tool", "file text", tool_call_id="c1"),
]


@pytest.mark.parametrize(("mode", "expected"), [("empty", ""), ("null", None), ("omit", "absent")])
def test_tool_call_turn_content_follows_the_entry(mode: str, expected: object) -> None:
    entry = ModelEntry.model_validate({"provider": "vllm", "model_id": "m", "api_base": "x", "tool_call_content": mode})
    sent = to_wire(HISTORY, entry.modalities, entry.tool_call_content).messages[2]
    assert sent.get("content", "absent") == expected and sent["tool_calls"][0]["id"] == "c1"
    text_turn = to_wire([Message("assistant", "hello", tool_calls=(CALL,))], entry.modalities, mode)  # type: ignore[arg-type]
    assert text_turn.messages[0]["content"] == "hello"


async def test_strict_server_accepts_the_default_history(fake_openai_factory: ServerFactory) -> None:
    server = await fake_openai_factory(strict=True)
    reply = await provider(server.base_url, []).complete(HISTORY, TOOLS)
    assert reply.content == "ok"
    body = server.chat_requests[0].body
    assert body["messages"][2]["content"] == "" and body["max_tokens"] == DEFAULT_MAX_TOKENS


async def test_strict_server_rejects_null_with_one_line_naming_turn_and_field(
    fake_openai_factory: ServerFactory,
) -> None:
    server = await fake_openai_factory(strict=True)
    events: list[Event] = []
    prov = provider(server.base_url, events, tool_call_content="null", max_tokens=50)
    with pytest.raises(ProviderError) as info:
        await prov.complete(HISTORY, TOOLS)
    msg = info.value.message
    assert "\n" not in msg and "request message 2 (assistant), field 'content'" in msg
    assert '"tool_call_content"' in msg and "check that the server is running" not in msg
    assert server.chat_requests[0].body["max_tokens"] == 50  # the entry's own value wins
    assert all("\n" not in e.error for e in events if isinstance(e, ModelError))


@pytest.mark.parametrize(
    ("status", "body", "hint"),
    [
        (500, "image input is not supported - hint: you may need to provide the mmproj", "does not accept this input"),
        (400, "This model's maximum context length is 4096 tokens. However, you requested 5000", "served context"),
        (400, "Requested tokens (5000) exceed context window of 4096", "served context"),
        (401, "Invalid API key", "API key"),
        (404, "The model `m` does not exist", "model_id"),
        (429, "slow down", "rate limiting"),
        (422, "1 validation error: field required", "rejected the request body"),
        (500, "CUDA out of memory", "its log says why"),
        (None, "connection failed: ConnectError", "running and reachable"),
    ],
)
def test_fix_hint_follows_status_and_body(status: int | None, body: str, hint: str) -> None:
    assert hint in fix_hint(status, body)


def test_history_field_reads_pydantic_and_fastapi_shapes() -> None:
    assert history_field("messages.3.content\n  Input should be a valid string") == (3, "content")
    assert history_field("[{'loc': ['body', 'messages', 5, 'tool_calls']}]") == (5, "tool_calls")
    assert history_field("no such thing") is None


async def test_text_only_server_and_context_overflow_get_their_own_hints(fake_openai_factory: ServerFactory) -> None:
    png = Attachment("image", "image/png", "AAAA", "a.png")
    text_only = await fake_openai_factory(text_only=True)
    prov = provider(text_only.base_url, [], modalities={"image": 1})
    with pytest.raises(ProviderError, match="does not accept this input type"):
        await prov.complete([Message("user", "look", attachments=(png,))])
    small = await fake_openai_factory(context=1000)
    with pytest.raises(ProviderError, match="no longer fits the served context") as info:
        await provider(small.base_url, []).complete([Message("user", "x")])
    assert "maximum context length is 1000" in info.value.message


async def test_cached_tokens_are_recorded_and_priced(fake_openai: FakeOpenAIServer) -> None:
    usage = {"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100}
    fake_openai.queue(
        FakeReply(text="a", usage={**usage, "prompt_tokens_details": {"cached_tokens": 800}}),
        FakeReply(text="b", usage={**usage, "cache_read_input_tokens": 600}),
    )
    events: list[Event] = []
    prov = provider(fake_openai.base_url, events, price_in=2.0, price_out=8.0, price_cached_in=0.5)
    first = await prov.complete([Message("user", "hi")])
    second = await prov.complete([Message("user", "hi")])
    assert (first.usage.cached_tokens, second.usage.cached_tokens) == (800, 600)
    assert first.cost_usd == pytest.approx((200 * 2.0 + 800 * 0.5 + 100 * 8.0) / 1e6)
    responses = [e for e in events if isinstance(e, ModelResponse)]
    assert responses[0].cost_nocache_usd == pytest.approx((1000 * 2.0 + 100 * 8.0) / 1e6)
    assert responses[0].cost_usd < responses[0].cost_nocache_usd


async def test_breaker_opens_after_three_failed_requests_across_calls(fake_openai: FakeOpenAIServer) -> None:
    """Counted failures (500s, a 401) of a server whose health check says no; 503 would be back-pressure."""
    breaker = CircuitBreaker(threshold=3)
    events: list[Event] = []
    fake_openai.healthy = False
    fake_openai.queue(FakeReply(fault="500"), FakeReply(text="fine"), FakeReply(fault="401"), FakeReply(fault="500"))
    fake_openai.queue(*[FakeReply(fault="500") for _ in range(5)])
    prov = provider(fake_openai.base_url, events, breaker=breaker)
    assert (await prov.complete([Message("user", "1")])).content == "fine"  # a success resets the count
    with pytest.raises(ProviderError) as first:
        await prov.complete([Message("user", "2")])  # 401: one failure, not retried
    assert not isinstance(first.value, ProviderUnavailable)
    with pytest.raises(ProviderUnavailable) as info:
        await prov.complete([Message("user", "3")])  # 500, 500: the third failure in a row opens it
    assert f"127.0.0.1:{fake_openai.port}" in info.value.message and "resume" in info.value.message
    sent = len(fake_openai.chat_requests)
    assert sent == 5
    with pytest.raises(ProviderUnavailable):
        await prov.complete([Message("user", "4")])
    assert len(fake_openai.chat_requests) == sent  # an open breaker sends nothing
    assert sum(isinstance(e, ModelRequest) for e in events) == sent


async def test_breaker_is_per_host(fake_openai_factory: ServerFactory) -> None:
    down, up = await fake_openai_factory(), await fake_openai_factory()
    down.queue(*[FakeReply(fault="500") for _ in range(3)])
    down.healthy = False
    breaker = CircuitBreaker()
    with pytest.raises(ProviderUnavailable):
        await provider(down.base_url, [], breaker=breaker).complete([Message("user", "x")])
    assert (await provider(up.base_url, [], breaker=breaker).complete([Message("user", "x")])).content == "ok"
