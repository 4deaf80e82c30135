"""The probe tells the truth about a server: pinned sampling, named or automatic tool choice (and
which), no retry of unsupported input, a fix that is never cut; and --no-probe still reads the context."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui.cli import main
from arena_tui.config import validate_model_json
from arena_tui.providers import probe_models, render_probe_table
from arena_tui.providers.probe import AUTOMATIC, NAMED, PROBE_TOOL
from arena_tui.providers.retry import RetryPolicy
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.fixtures import ServerFactory
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.fakes.scripted_server import threaded_server

TWO_RETRIES = RetryPolicy(max_retries=2, base_s=0.01, max_s=0.02, per_call_timeout_s=2, total_timeout_s=5)


def _config(server: FakeOpenAIServer, **extra: Any) -> Any:
    main_entry = {"provider": "vllm", "model_id": "fake-model", "api_base": server.base_url, **extra}
    return validate_model_json({"main": main_entry}, env={})


def _ignores_named_choice(body: dict[str, Any]) -> FakeReply:
    """llama.cpp's way: a named tool_choice is dropped (wrong type in its log), automatic choice works."""
    if isinstance(body.get("tool_choice"), dict) or not body.get("tools"):
        return FakeReply(text="Sure.")
    if body["messages"][-1]["role"] == "tool":
        return FakeReply(text="done")
    return FakeReply(tool_calls=[{"id": "c1", "name": PROBE_TOOL, "arguments": {"word": "ok"}}])


async def test_sampling_is_pinned_and_a_named_choice_is_reported(fake_openai: FakeOpenAIServer) -> None:
    results = await probe_models(_config(fake_openai), policy=TWO_RETRIES)
    assert all(r.ok for r in results)
    assert all(
        (r.body["temperature"], r.body["seed"], r.body["max_tokens"]) == (0, 0, 64) for r in fake_openai.chat_requests
    )
    tools = next(r for r in results if r.check == "tools")
    assert NAMED in tools.proved and "automatic" not in render_probe_table(results)


async def test_a_server_that_ignores_a_named_choice_is_probed_with_automatic_choice(
    fake_openai: FakeOpenAIServer,
) -> None:
    fake_openai.responder = _ignores_named_choice
    results = await probe_models(_config(fake_openai), policy=TWO_RETRIES)
    tools = next(r for r in results if r.check == "tools")
    assert tools.ok and AUTOMATIC in tools.proved
    assert AUTOMATIC in render_probe_table(results)
    sent = [r.body.get("tool_choice") for r in fake_openai.chat_requests if r.body.get("tools")]
    assert sent[0] == {"type": "function", "function": {"name": PROBE_TOOL}} and sent[1] is None


async def test_unsupported_input_is_not_retried(fake_openai_factory: ServerFactory) -> None:
    server = await fake_openai_factory(text_only=True)
    results = await probe_models(_config(server, modalities={"image": 1}), policy=TWO_RETRIES)
    image = next(r for r in results if r.check == "image")
    assert not image.ok and "does not accept this input type" in image.error
    with_image = [r for r in server.chat_requests if any(isinstance(m["content"], list) for m in r.body["messages"])]
    assert len(with_image) == 1  # one attempt, not three


async def test_the_fix_is_never_cut_while_the_servers_text_is(fake_openai_factory: ServerFactory) -> None:
    """vLLM's context-overflow 400 plus the context fix is longer than a row: the server's words give way."""
    server = await fake_openai_factory(context=10)
    [text] = await probe_models(_config(server), policy=TWO_RETRIES)
    assert not text.ok and "maximum context length" in text.error and text.fix.startswith("the conversation no longer")
    assert len(text.error) > 200
    row = render_probe_table([text]).splitlines()[1]
    assert row.endswith(text.fix) and "maximum context" in row


def test_no_probe_still_reads_the_served_context(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_dataset(tmp_path / "ds")
    with threaded_server(context=8192) as threaded:
        server = threaded.server
        model = json.dumps({"main": {"provider": "vllm", "model_id": "fake-model", "api_base": server.base_url}})
        args = ["run", "-d", str(root), "-t", "s_beta", "--model", model, "-o", str(tmp_path / "out"), "--headless"]
        assert main([*args, "--no-probe"]) == 0
        first = server.chat_requests[0].body
    err = capsys.readouterr().err
    assert "main_token_limit: 8,192 (the context main serves)" in err
    assert first["max_tokens"] == 2048  # a quarter of the served context, not the 4096 default
