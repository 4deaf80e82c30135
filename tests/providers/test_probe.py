"""The start-up probe against the fake server: text, a tool round-trip, each declared modality, context."""

from __future__ import annotations

from arena_tui.config import validate_model_json
from arena_tui.providers import ProbeResult, probe_models, render_probe_table
from arena_tui.providers.probe import TOOLS_MISSING, tiny_png, tiny_wav
from arena_tui.providers.retry import RetryPolicy
from tests.fakes.fixtures import ServerFactory
from tests.fakes.replies import FakeReply

FAST = RetryPolicy(max_retries=0, per_call_timeout_s=2, total_timeout_s=3)


def _entry(base: str, **extra: object) -> dict[str, object]:
    return {"provider": "vllm", "model_id": "fake-model", "api_base": base, **extra}


async def test_probe_checks_tools_and_each_modality_one_at_a_time(fake_openai_factory: ServerFactory) -> None:
    good, bad = await fake_openai_factory(context=8192), await fake_openai_factory()
    bad.queue(FakeReply(fault="401"))
    good.queue(FakeReply(text="OK"), FakeReply(tool_calls=[{"name": "probe_echo", "arguments": {"word": "ok"}}]))
    good.queue(FakeReply(text="done"), FakeReply(text="Red."), FakeReply(text="yes"))
    config = validate_model_json(
        {
            "main": _entry(bad.base_url),
            "omni": _entry(good.base_url, modalities={"image": 2, "audio": 1, "video": 1}),
            "llm": {"provider": "scripted", "script": "x.json"},
        },
        env={},
    )
    results = await probe_models(config, policy=FAST)
    by = {(r.key, r.check): r for r in results}
    # a failed text check ends that model's probe: nothing else can work
    assert set(by) == {("main", "text"), *(("omni", c) for c in ("text", "tools", "image", "audio", "video"))}
    assert not by["main", "text"].ok and "HTTP 401" in by["main", "text"].error
    assert "check the API key" in by["main", "text"].error
    assert all(by["omni", c].ok and not by["omni", c].warning for c in ("text", "tools", "image", "audio"))
    assert by["omni", "video"].skipped and by["omni", "text"].context == 8192
    bodies = [r.body for r in good.chat_requests]
    assert bodies[1]["tool_choice"] == {"type": "function", "function": {"name": "probe_echo"}}
    # the round-trip: the call and its result go back, the assistant turn with content "" (never null)
    back = bodies[2]["messages"]
    assert [m["role"] for m in back] == ["user", "assistant", "tool"] and back[1]["content"] == ""
    kinds = {p["type"] for b in bodies for m in b["messages"] if isinstance(m["content"], list) for p in m["content"]}
    assert {"image_url", "input_audio"} <= kinds
    assert good.peak_in_flight == 1
    table = render_probe_table(results)
    assert table.splitlines()[0].split()[:5] == ["key", "model", "check", "result", "latency"]
    assert "FAIL" in table and "skip" in table and "tool schema reaches the model" in table
    assert "context 8,192 tokens" in table


async def test_dropped_tools_and_unsupported_images_fail_with_the_reason(fake_openai_factory: ServerFactory) -> None:
    server = await fake_openai_factory(drop_tools=True, text_only=True)
    config = validate_model_json({"main": _entry(server.base_url, modalities={"image": 1})}, env={})
    by = {r.check: r for r in await probe_models(config, policy=FAST)}
    assert by["text"].ok
    assert not by["tools"].ok and TOOLS_MISSING in by["tools"].error
    assert not by["image"].ok and "does not accept this input type" in by["image"].error
    assert "\n" not in by["image"].error and "check that the server is running" not in by["image"].error


async def test_a_reply_that_ignores_the_image_is_a_warning(fake_openai_factory: ServerFactory) -> None:
    server = await fake_openai_factory()
    server.queue(FakeReply(text="OK"), FakeReply(tool_calls=[{"name": "probe_echo", "arguments": {}}]))
    server.queue(FakeReply(text="done"), FakeReply(text="I cannot see anything."))
    config = validate_model_json({"main": _entry(server.base_url, modalities={"image": 1})}, env={})
    by = {r.check: r for r in await probe_models(config, policy=FAST)}
    assert by["image"].ok and "may drop images" in by["image"].warning
    assert " warn " in render_probe_table(list(by.values()))


def test_render_empty_and_media_are_valid() -> None:
    assert "no real models" in render_probe_table([])
    assert tiny_png().startswith(b"\x89PNG") and tiny_wav()[:4] == b"RIFF"
    row = render_probe_table([ProbeResult("llm", "m", "text", ok=True, latency_ms=12.4)])
    assert "llm" in row and "12 ms" in row
