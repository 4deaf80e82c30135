"""Sessions against one endpoint share one HTTP client per loop; the last one to finish closes it."""

from __future__ import annotations

from arena_tui.providers import shared_clients
from arena_tui.providers.messages import Message
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.providers.helpers import provider

ASK = [Message(role="user", content="go")]


async def test_two_sessions_share_a_client_and_the_last_closes_it(fake_openai: FakeOpenAIServer) -> None:
    first = shared_clients.acquire("k", fake_openai.base_url, 5.0)
    second = shared_clients.acquire("k", fake_openai.base_url, 5.0)
    other = shared_clients.acquire("other-key", fake_openai.base_url, 5.0)
    assert first is second and other is not first
    await shared_clients.release(first)
    assert not second.is_closed()
    await shared_clients.release(second)
    assert second.is_closed()
    await shared_clients.release(other)
    assert shared_clients.acquire("k", fake_openai.base_url, 5.0) is not first  # a fresh one after the last
    await shared_clients.release(shared_clients.acquire("k", fake_openai.base_url, 5.0))


async def test_a_session_closing_leaves_the_other_working(fake_openai: FakeOpenAIServer) -> None:
    a, b = provider(fake_openai.base_url, []), provider(fake_openai.base_url, [])
    fake_openai.queue(FakeReply(text="one"), FakeReply(text="two"))
    assert (await a.complete(ASK)).content == "one"
    await a.aclose()
    assert (await b.complete(ASK)).content == "two"
    await b.aclose()


def test_outside_a_loop_nothing_is_shared() -> None:
    one = shared_clients.acquire("k", "http://127.0.0.1:9/v1", 5.0)
    assert one is not shared_clients.acquire("k", "http://127.0.0.1:9/v1", 5.0)


async def test_a_held_client_is_the_one_sessions_get_and_outlives_them(fake_openai: FakeOpenAIServer) -> None:
    endpoint = ("sk-test-SECRET-123", fake_openai.base_url, 0.6)  # as helpers.provider keys its client
    (held,) = await shared_clients.hold([endpoint, endpoint])
    session = provider(fake_openai.base_url, [])
    fake_openai.queue(FakeReply(text="one"))
    assert (await session.complete(ASK)).content == "one"
    assert shared_clients.acquire(*endpoint) is held
    await shared_clients.release(held)
    await session.aclose()
    assert not held.is_closed()  # the run still holds it
    await shared_clients.release(held)
    assert held.is_closed()
