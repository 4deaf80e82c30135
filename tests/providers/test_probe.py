"""The start-up probe against the fake server: one request per declared modality."""

from __future__ import annotations

from arena_tui.config import validate_model_json
from arena_tui.providers import ProbeResult, probe_models, render_probe_table
from arena_tui.providers.probe import tiny_png, tiny_wav
from arena_tui.providers.retry import RetryPolicy
from tests.fakes.fixtures import ServerFactory
from tests.fakes.replies import FakeReply

FAST = RetryPolicy(max_retries=0, per_call_timeout_s=2, total_timeout_s=3)


async def test_probe_each_modality_and_render(fake_openai_factory: ServerFactory) -> None:
    good, bad = await fake_openai_factory(), await fake_openai_factory()
    bad.queue(FakeReply(fault="401"))
    config = validate_model_json(
        {
            "main": {"provider": "openai_compat", "model_id": "m", "api_base": bad.base_url},
            "omni": {
                "provider": "vllm",
                "model_id": "o",
                "api_base": good.base_url,
                "modalities": {"image": 2, "audio": 1, "video": 1},
            },
            "llm": {"provider": "scripted", "script": "x.json"},
        },
        env={},
    )
    results = await probe_models(config, policy=FAST)
    by = {(r.key, r.modality): r for r in results}
    assert set(by) == {("main", "text"), ("omni", "text"), ("omni", "image"), ("omni", "audio"), ("omni", "video")}
    assert not by["main", "text"].ok and "HTTP 401" in by["main", "text"].error
    assert all(by["omni", m].ok for m in ("text", "image", "audio"))
    assert by["omni", "video"].skipped
    bodies = [r.body for r in good.chat_requests]
    kinds = {p["type"] for b in bodies for m in b["messages"] if isinstance(m["content"], list) for p in m["content"]}
    assert {"image_url", "input_audio"} <= kinds
    assert all(b["max_tokens"] == 8 for b in bodies)
    table = render_probe_table(results)
    assert table.splitlines()[0].split() == ["key", "model", "modality", "result", "latency", "error"]
    assert "FAIL" in table and "skip" in table


def test_render_empty_and_media_are_valid() -> None:
    assert "no real models" in render_probe_table([])
    assert tiny_png().startswith(b"\x89PNG") and tiny_wav()[:4] == b"RIFF"
    row = render_probe_table([ProbeResult("llm", "m", "text", ok=True, latency_ms=12.4)])
    assert "llm" in row and "12 ms" in row
