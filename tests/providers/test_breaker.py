"""The run's one breaker per endpoint: shared across models, asks health before it opens, and
treats a busy server as back-pressure (a smaller concurrency limit, jittered backoff) instead of death."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import openai
import pytest

from arena_tui.events import Event, ModelError, ModelResponse
from arena_tui.providers.base import ProviderError, ProviderUnavailable
from arena_tui.providers.breaker import MAX_LIMIT, CircuitBreaker
from arena_tui.providers.messages import Message
from arena_tui.providers.retry import RetryPolicy, classify, fix_hint
from tests.fakes.fixtures import ServerFactory
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.providers.helpers import FAST, provider

ONE_RETRY = RetryPolicy(
    max_retries=1, base_s=0.01, max_s=0.03, per_call_timeout_s=0.5, total_timeout_s=10.0, max_retry_after_s=0.05
)


async def test_back_pressure_is_not_counted_against_the_retries(fake_openai: FakeOpenAIServer) -> None:
    """429, 503 and llama.cpp's full-context answer, six in a row, with one retry allowed: still answered."""
    faults = ["429", "503", "context_slot", "429", "503", "context_slot"]
    fake_openai.queue(*[FakeReply(fault=f, retry_after=0.01 if f == "429" else None) for f in faults])  # type: ignore[arg-type]
    events: list[Event] = []
    breaker = CircuitBreaker()
    model = provider(fake_openai.base_url, events, policy=ONE_RETRY, breaker=breaker)
    assert (await model.complete([Message("user", "hi")])).content == "ok"
    errors = [e for e in events if isinstance(e, ModelError)]
    assert len(errors) == 6 and all(e.backpressure and not e.final for e in errors)
    state = breaker.state(f"127.0.0.1:{fake_openai.port}")
    assert state.backpressure == 6 and not breaker.tripped
    assert state.lowest_limit == 1  # one request in flight, halved: never below one


async def test_a_failure_that_is_not_back_pressure_still_uses_up_the_retries(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.queue(FakeReply(fault="500"), FakeReply(fault="500"), FakeReply(text="late"))
    events: list[Event] = []
    with pytest.raises(ProviderError) as info:
        await provider(fake_openai.base_url, events, policy=ONE_RETRY, breaker=CircuitBreaker()).complete(
            [Message("user", "hi")]
        )
    assert not isinstance(info.value, ProviderUnavailable)
    assert len(fake_openai.chat_requests) == 2  # one attempt and one retry
    assert "provider_error" not in info.value.message


async def test_a_success_from_another_model_resets_the_shared_count(fake_openai: FakeOpenAIServer) -> None:
    """Two scenarios' models share the run's breaker: one's answered request resets the other's failures."""
    breaker = CircuitBreaker(threshold=2)
    fake_openai.healthy = False  # so that reaching the threshold would open it
    endpoint = f"127.0.0.1:{fake_openai.port}"
    one = provider(fake_openai.base_url, [], policy=RetryPolicy(max_retries=0), breaker=breaker)
    two = provider(fake_openai.base_url, [], policy=RetryPolicy(max_retries=0), breaker=breaker)
    fake_openai.queue(FakeReply(fault="500"), FakeReply(text="fine"), FakeReply(fault="500"))
    with pytest.raises(ProviderError):
        await one.complete([Message("user", "a")])
    assert breaker.failures == {endpoint: 1}
    await two.complete([Message("user", "b")])
    assert breaker.failures == {}
    with pytest.raises(ProviderError) as info:
        await one.complete([Message("user", "c")])
    assert not isinstance(info.value, ProviderUnavailable) and not breaker.tripped


async def test_the_breaker_asks_health_before_it_opens(fake_openai: FakeOpenAIServer) -> None:
    """Three failed requests to a server whose /health answers: not unavailable; when /health says no, it opens."""
    breaker = CircuitBreaker(threshold=3)
    fake_openai.queue(*[FakeReply(fault="500") for _ in range(3)])
    policy = RetryPolicy(max_retries=2, base_s=0.01, max_s=0.02)
    with pytest.raises(ProviderError) as first:
        await provider(fake_openai.base_url, [], policy=policy, breaker=breaker).complete([Message("user", "x")])
    assert not isinstance(first.value, ProviderUnavailable) and not breaker.tripped
    health = [r for r in fake_openai.requests if r.path == "/health"]
    assert len(health) == 1 and health[0].headers["authorization"] == "Bearer sk-test-SECRET-123"
    fake_openai.healthy = False
    fake_openai.queue(*[FakeReply(fault="500") for _ in range(3)])
    with pytest.raises(ProviderUnavailable) as second:
        await provider(fake_openai.base_url, [], policy=policy, breaker=breaker).complete([Message("user", "y")])
    assert "health check: GET" in second.value.message and "HTTP 503" in second.value.message


async def test_a_dead_server_opens_the_breaker_and_an_open_breaker_sends_nothing(
    fake_openai_factory: ServerFactory,
) -> None:
    server = await fake_openai_factory()
    server.kill_after = 0
    breaker = CircuitBreaker(threshold=3)
    with pytest.raises(ProviderUnavailable) as info:
        await provider(server.base_url, [], breaker=breaker).complete([Message("user", "x")])
    assert "check that the server is running" in info.value.message
    sent = len(server.chat_requests)
    with pytest.raises(ProviderUnavailable):
        await provider(server.base_url, [], breaker=breaker).complete([Message("user", "x")])
    assert len(server.chat_requests) == sent


async def test_a_timeout_while_other_requests_are_answered_is_back_pressure(fake_openai: FakeOpenAIServer) -> None:
    """One request stalls while a second is answered: the stall is back-pressure, retried, not a failure."""
    breaker = CircuitBreaker(threshold=1)
    fake_openai.healthy = False  # a counted failure would open the breaker at once
    fake_openai.queue(FakeReply(fault="stall", stall_s=5), FakeReply(text="quick", delay_s=0.05))
    events: list[Event] = []
    slow = provider(fake_openai.base_url, events, policy=ONE_RETRY, breaker=breaker)
    quick = provider(fake_openai.base_url, [], policy=ONE_RETRY, breaker=breaker)
    first = asyncio.create_task(slow.complete([Message("user", "slow")]))
    await asyncio.sleep(0.1)
    assert (await quick.complete([Message("user", "quick")])).content == "quick"
    assert (await first).content == "ok"
    [error] = [e for e in events if isinstance(e, ModelError)]
    assert error.backpressure and error.elapsed_ms >= 450 and not breaker.tripped


async def test_a_server_busy_for_ever_whose_health_says_no_opens_the_breaker(fake_openai: FakeOpenAIServer) -> None:
    """A proxy or a loading server answering 503 for ever: after 5 × threshold busy answers with no success,
    health is asked; a healthy one keeps being waited for, an unhealthy one opens."""
    breaker = CircuitBreaker(threshold=2)
    fake_openai.default_reply = FakeReply(fault="503")
    fake_openai.healthy = False
    with pytest.raises(ProviderUnavailable) as info:
        await provider(fake_openai.base_url, [], policy=ONE_RETRY, breaker=breaker).complete([Message("user", "x")])
    assert len(fake_openai.chat_requests) == 10 and "health check" in info.value.message


def test_a_timeout_on_a_healthy_server_does_not_say_check_it_is_running() -> None:
    hint = fix_hint(None, "timed out waiting for the server")
    assert "--request-timeout-s" in hint and "server is running" not in hint


async def test_the_concurrency_limit_halves_under_back_pressure_and_grows_back() -> None:
    breaker = CircuitBreaker()
    host = "h:1"
    assert breaker.state(host).limit == MAX_LIMIT
    holders = [asyncio.create_task(_hold(breaker, host, 0.05)) for _ in range(8)]
    await asyncio.sleep(0.01)
    assert breaker.state(host).in_flight == 8
    breaker.shrink(host)
    assert breaker.state(host).limit == 4
    await asyncio.gather(*holders)
    queued = [asyncio.create_task(_hold(breaker, host, 0.05)) for _ in range(8)]
    await asyncio.sleep(0.02)
    assert breaker.state(host).in_flight == 4  # the other four wait for a slot
    await asyncio.gather(*queued)
    for _ in range(20):
        breaker.success(host)
    assert 4 < breaker.state(host).limit < 9  # additive growth: about one per limit's worth of successes


async def _hold(breaker: CircuitBreaker, host: str, seconds: float) -> None:
    async with breaker.slot(host):
        await asyncio.sleep(seconds)


def test_backoff_is_spread_so_scenarios_that_failed_together_do_not_retry_together() -> None:
    policy = RetryPolicy(base_s=1.0, max_s=30.0)
    first = [policy.backoff(1) for _ in range(200)]
    assert min(first) < 0.7 and max(first) > 1.3  # the earlier ±25% put both retries at ~1.1 s
    after = [policy.backoff(1, retry_after=2.0) for _ in range(200)]
    assert min(after) >= 2.0 and max(after) > 2.5


@pytest.mark.parametrize(
    ("status", "text", "busy"),
    [
        (500, "Context size has been exceeded.", True),
        (503, "Service Unavailable", True),
        (429, "rate limited", True),
        (500, "boom", False),
        (400, "request (4476 tokens) exceeds the available context size (4096 tokens)", False),
    ],
)
def test_context_slot_and_busy_answers_are_back_pressure(status: int, text: str, busy: bool) -> None:
    client: Any = openai.AsyncOpenAI(api_key="x", base_url="http://127.0.0.1:9/v1", max_retries=0)
    request = client._client.build_request("POST", "http://127.0.0.1:9/v1/chat/completions")
    http = sys.modules[type(request).__module__.split(".")[0]]  # whichever HTTP library the SDK uses
    reply = http.Response(status, json={"error": {"message": text}}, request=request)
    exc = openai.APIStatusError(text, response=reply, body={"error": {"message": text}})
    assert classify(exc).backpressure is busy


def test_the_servers_context_phrases_get_the_context_hint() -> None:
    for text in (
        "request (4476 tokens) exceeds the available context size (4096 tokens)",
        "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.",
        "'max_tokens' or 'max_completion_tokens' is too large: 8000.",
        "The decoder prompt (length 9000) is longer than the maximum model length of 8192.",
    ):
        assert "-np" in fix_hint(400, text), text
    assert "-np N -c N×ctx" in fix_hint(500, "Context size has been exceeded.")


async def test_model_responses_carry_the_slot_wait(fake_openai: FakeOpenAIServer) -> None:
    events: list[Event] = []
    await provider(fake_openai.base_url, events, policy=FAST, breaker=CircuitBreaker()).complete([Message("user", "x")])
    [response] = [e for e in events if isinstance(e, ModelResponse)]
    assert response.queued_ms >= 0 and response.latency_ms > 0
