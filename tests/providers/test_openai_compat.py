"""Streaming assembly, leaked tool calls, usage and cost, passthrough keys, round-robin."""

from __future__ import annotations

import pytest

from arena_tui.events import Event, ModelResponse
from arena_tui.providers.cost import CostLedger
from arena_tui.providers.messages import Message
from tests.fakes.fixtures import ServerFactory
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import Chunking, FakeReply
from tests.providers.helpers import TOOLS, provider

ASK = [Message(role="system", content="be brief"), Message(role="user", content="go")]
CALLS = [
    {"id": "call_a", "name": "Read", "arguments": {"file_path": "/w/a.txt", "limit": 20}},
    {"id": "call_b", "name": "Grep", "arguments": {"pattern": "x{2,}", "path": "/w", "-i": True}},
]


CHUNKINGS: list[Chunking] = ["whole", "split", "interleaved", "no_index", "repeat_id"]


@pytest.mark.parametrize("chunking", CHUNKINGS)
async def test_tool_calls_assembled_from_any_chunking(fake_openai: FakeOpenAIServer, chunking: Chunking) -> None:
    events: list[Event] = []
    fake_openai.queue(FakeReply(text="Let me look.", tool_calls=CALLS, chunking=chunking))
    deltas: list[str] = []
    prov = provider(fake_openai.base_url, events)
    reply = await prov.complete(ASK, TOOLS, on_delta=deltas.append)
    await prov.aclose()
    assert [(c.id, c.name, c.arguments) for c in reply.tool_calls] == [
        (c["id"], c["name"], c["arguments"]) for c in CALLS
    ]
    assert reply.content == "Let me look." == "".join(deltas)
    assert reply.finish_reason == "tool_calls" and not any(c.malformed for c in reply.tool_calls)
    assert reply.usage.prompt_tokens == 11 and reply.usage.completion_tokens == 7
    assert reply.cost_usd == pytest.approx((11 * 2.0 + 7 * 8.0) / 1e6)
    resp = events[-1]
    assert isinstance(resp, ModelResponse) and resp.tool_calls == reply.tool_calls
    assert resp.cost_usd == reply.cost_usd and resp.latency_ms > 0
    assert (resp.scenario_id, resp.agent_id, resp.session_id) == ("s1", "main", "sess")
    body = fake_openai.chat_requests[0].body
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert [t["function"]["name"] for t in body["tools"]] == ["Read", "Grep", "Bash"]


async def test_malformed_arguments_are_kept_raw_and_flagged(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.queue(FakeReply(tool_calls=[{"id": "c1", "name": "Read", "arguments": '{"file_'}]))
    prov = provider(fake_openai.base_url, [])
    reply = await prov.complete(ASK, TOOLS)
    await prov.aclose()
    call = reply.tool_calls[0]
    assert (call.id, call.arguments, call.malformed, call.raw_arguments) == ("c1", {}, True, '{"file_')


@pytest.mark.parametrize(
    "text",
    [
        'Sure.\n<tool_call>{"name": "Read", "arguments": {"file_path": "/w/a"}}</tool_call>',
        '{"name": "Read", "arguments": {"file_path": "/w/a"}}',
        '```json\n{"name": "Read", "parameters": {"file_path": "/w/a"}}\n```',
    ],
)
async def test_tool_call_leaked_into_content_is_rescued(fake_openai: FakeOpenAIServer, text: str) -> None:
    fake_openai.queue(FakeReply(text=text))
    prov = provider(fake_openai.base_url, [])
    reply = await prov.complete(ASK, TOOLS)
    await prov.aclose()
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("Read", {"file_path": "/w/a"})]
    assert "tool_call" not in reply.content and "arguments" not in reply.content


async def test_json_content_without_tools_offered_stays_text(fake_openai: FakeOpenAIServer) -> None:
    text = '{"name": "Read", "arguments": {}}'
    fake_openai.queue(FakeReply(text=text))
    prov = provider(fake_openai.base_url, [])
    reply = await prov.complete(ASK)
    await prov.aclose()
    assert reply.content == text and reply.tool_calls == []


async def test_missing_usage_is_estimated(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.queue(FakeReply(text="a" * 40, usage=None))
    prov = provider(fake_openai.base_url, [])
    reply = await prov.complete(ASK)
    await prov.aclose()
    assert reply.usage.estimated and reply.usage.completion_tokens == 10


async def test_non_streamed_entry_and_passthrough_keys(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.queue(FakeReply(text="whole", tool_calls=CALLS[:1]))
    prov = provider(
        fake_openai.base_url, [], stream=False, temperature=0.2, top_k=5, extra_body={"chat_template_kwargs": {"x": 1}}
    )
    reply = await prov.complete(ASK, TOOLS)
    await prov.aclose()
    assert reply.content == "whole" and reply.tool_calls[0].name == "Read"
    body = fake_openai.chat_requests[0].body
    assert "stream" not in body or body["stream"] is False
    assert body["temperature"] == 0.2 and body["top_k"] == 5
    assert body["chat_template_kwargs"] == {"x": 1}


async def test_api_base_list_is_round_robin(fake_openai_factory: ServerFactory) -> None:
    a, b = await fake_openai_factory(), await fake_openai_factory()
    events: list[Event] = []
    prov = provider([a.base_url, b.base_url], events)
    for _ in range(4):
        await prov.complete(ASK)
    await prov.aclose()
    assert len(a.chat_requests) == 2 and len(b.chat_requests) == 2


async def test_round_robin_fails_over_to_the_healthy_server(
    fake_openai_factory: ServerFactory,
) -> None:
    a, b = await fake_openai_factory(), await fake_openai_factory()
    a.queue(FakeReply(fault="503"))
    b.queue(FakeReply(text="from b"))
    prov = provider([a.base_url, b.base_url], [])
    reply = await prov.complete(ASK)
    await prov.aclose()
    assert reply.content == "from b"


async def test_cost_ledger_totals_by_agent_and_key(fake_openai: FakeOpenAIServer) -> None:
    ledger = CostLedger()
    events: list[Event] = []
    prov = provider(fake_openai.base_url, events)
    await prov.complete(ASK)
    await prov.complete(ASK)
    await prov.aclose()
    for e in events:
        ledger.observe(e)
    assert ledger.by_agent["main"].calls == 2 and ledger.by_key["main"].prompt_tokens == 22
    assert ledger.total.cost_usd == pytest.approx(2 * (11 * 2 + 7 * 8) / 1e6)
    assert ledger.total.total_tokens == 36
