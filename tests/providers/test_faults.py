"""Every injected server fault ends in a successful retry or one readable ProviderError."""

from __future__ import annotations

import pytest

from arena_tui.events import Event, ModelError, ModelRequest, ModelResponse
from arena_tui.providers.base import ProviderError
from arena_tui.providers.messages import Message
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply, Fault
from tests.providers.helpers import provider

HELLO = [Message(role="user", content="hi")]

EXPECTED_ERROR: dict[Fault, str] = {
    "429": "HTTP 429",
    "500": "HTTP 500",
    "502": "HTTP 502",
    "503": "HTTP 503",
    "reset": "connection",
    "stall": "timed out",
    "truncate_no_done": "stream ended early",
    "truncate_mid_chunk": "stream ended early",
    "empty_choices": "no choices",
}
RECOVERABLE: list[Fault] = list(EXPECTED_ERROR)


@pytest.mark.parametrize("fault", RECOVERABLE)
async def test_transient_fault_is_retried(fake_openai: FakeOpenAIServer, fault: Fault) -> None:
    events: list[Event] = []
    fake_openai.queue(
        FakeReply(
            text="a partial answer that the fault cuts short",
            fault=fault,
            retry_after=0.05 if fault == "429" else None,
            stall_s=5,
        ),
        FakeReply(text="recovered"),
    )
    prov = provider(fake_openai.base_url, events)
    reply = await prov.complete(HELLO)
    await prov.aclose()
    assert reply.content == "recovered"
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["ModelRequest", "ModelError", "ModelRequest", "ModelResponse"]
    err = events[1]
    assert isinstance(err, ModelError) and not err.final and err.retry_in_s is not None
    assert err.attempt == 1 and EXPECTED_ERROR[fault] in err.error
    if fault.isdigit():
        assert err.status_code == int(fault)
    if fault == "429":
        assert 0.05 <= err.retry_in_s <= 0.075  # Retry-After, plus jitter so scenarios do not retry together


CLIENT_ERRORS: list[Fault] = ["400", "401"]


@pytest.mark.parametrize("fault", CLIENT_ERRORS)
async def test_client_error_fails_fast(fake_openai: FakeOpenAIServer, fault: Fault) -> None:
    events: list[Event] = []
    fake_openai.queue(FakeReply(fault=fault))
    prov = provider(fake_openai.base_url, events)
    with pytest.raises(ProviderError) as info:
        await prov.complete(HELLO)
    await prov.aclose()
    msg = str(info.value)
    assert f"127.0.0.1:{fake_openai.port}" in msg and f"HTTP {fault}" in msg
    assert "Traceback" not in msg and len(fake_openai.chat_requests) == 1
    assert isinstance(events[-1], ModelError) and events[-1].final


async def test_persistent_500_gives_up_after_bounded_retries(fake_openai: FakeOpenAIServer) -> None:
    events: list[Event] = []
    fake_openai.queue(*[FakeReply(fault="500") for _ in range(10)])
    prov = provider(fake_openai.base_url, events)
    with pytest.raises(ProviderError, match="after 4 attempts"):
        await prov.complete(HELLO)
    await prov.aclose()
    errors = [e for e in events if isinstance(e, ModelError)]
    assert [e.attempt for e in errors] == [1, 2, 3, 4]
    assert [e.final for e in errors] == [False, False, False, True]
    assert sum(isinstance(e, ModelRequest) for e in events) == 4
    assert not any(isinstance(e, ModelResponse) for e in events)


async def test_unreachable_server_names_host_and_fix() -> None:
    events: list[Event] = []
    prov = provider("http://127.0.0.1:9/v1", events)
    with pytest.raises(ProviderError) as info:
        await prov.complete(HELLO)
    await prov.aclose()
    assert "127.0.0.1:9" in str(info.value) and "reachable" in str(info.value)


async def test_total_timeout_bounds_a_stalling_server(fake_openai: FakeOpenAIServer) -> None:
    from dataclasses import replace

    from tests.providers.helpers import FAST

    events: list[Event] = []
    fake_openai.queue(*[FakeReply(fault="stall", stall_s=5) for _ in range(5)])
    prov = provider(fake_openai.base_url, events, policy=replace(FAST, per_call_timeout_s=0.3, total_timeout_s=0.8))
    with pytest.raises(ProviderError, match="timed out"):
        await prov.complete(HELLO)
    await prov.aclose()
    # the total budget (0.8 s) ends the call before the 0.3 s attempts could use up max_retries
    assert len([e for e in events if isinstance(e, ModelError)]) < FAST.max_retries + 1
