"""The API key never appears in a dumped config, a public summary, events or errors."""

from __future__ import annotations

import json

import pytest

from arena_tui.config import validate_model_json
from arena_tui.events import Event, event_to_json
from arena_tui.providers.base import ProviderError
from arena_tui.providers.messages import Message
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.providers.helpers import TOOLS, provider

SECRET = "sk-test-SECRET-123"


async def test_key_never_serialised(fake_openai: FakeOpenAIServer) -> None:
    raw = {
        "main": {"provider": "openai_compat", "model_id": "m", "api_base": fake_openai.base_url, "api_key": SECRET},
        "llm": {"provider": "vllm", "model_id": "m", "api_key_env": "MY_KEY"},
    }
    config = validate_model_json(raw, env={"MY_KEY": SECRET})
    assert config.main is not None
    assert config.main.resolve_api_key() == SECRET  # it is still usable
    events: list[Event] = []
    fake_openai.queue(FakeReply(text="hi", tool_calls=[{"name": "Read", "arguments": {}}]), FakeReply(fault="401"))
    prov = provider(fake_openai.base_url, events)
    await prov.complete([Message("user", "x")], TOOLS)
    with pytest.raises(ProviderError) as info:
        await prov.complete([Message("user", "x")])
    await prov.aclose()
    dumps = [
        config.model_dump_json(),
        json.dumps(config.model_dump(mode="json")),
        repr(config),
        str(config),
        json.dumps(config.public_summary()),
        *(event_to_json(e) for e in events),
        str(info.value),
    ]
    assert events and all(SECRET not in d for d in dumps)
    # the key did travel to the server, where it belongs
    assert fake_openai.chat_requests[0].headers["authorization"] == f"Bearer {SECRET}"
