"""Model JSON (inline, @file, presets, env) and settings layers; every error is one clear line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui.config import load_model_config, validate_model_json
from arena_tui.errors import ConfigError
from arena_tui.settings import Settings, load_settings

VLM = {"provider": "vllm", "model_id": "g", "modalities": {"image": 4}}


def err(raw: Any, env: dict[str, str] | None = None) -> str:
    with pytest.raises(ConfigError) as info:
        validate_model_json(raw, env=env or {})
    text = str(info.value)
    assert "\n" not in text and "Traceback" not in text
    return text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"main": {"model_id": "x"}}, "model JSON: main.provider: field required (add it)"),
        (
            {"vlm": {"provider": "vllm", "model_id": "g"}},
            "model JSON: vlm.modalities.image: must be an integer ≥ 1 for the vlm key (it must perceive images)",
        ),
        ({"omni": {**VLM}}, "omni.modalities.audio: must be an integer ≥ 1"),
        ({"vlm": {**VLM, "modalities": {"image": "4"}}}, "vlm.modalities.image: input should be"),
        ({"vlm": {**VLM, "modalities": {"image": True}}}, "vlm.modalities.image"),
        (
            {"vlm": {**VLM, "modalities": {"image": 4, "imgae": 2}}},
            "vlm.modalities.imgae: unknown key (modalities allows text, image, video, audio)",
        ),
        (
            {"llm": {"provider": "vllm", "model_id": "m", "api_key_env": "NOPE_KEY"}},
            "llm.api_key_env: environment variable NOPE_KEY is not set (export NOPE_KEY=",
        ),
        ({"mian": {"provider": "oracle"}}, "unknown top-level key 'mian' (allowed keys: main,"),
        ({"main": {"provider": "gpt"}}, "main.provider: input should be"),
        ({"main": "gpt-4o"}, "main: must be a JSON object"),
        ({"main": {"provider": "openai_compat", "model_id": "m"}}, "main.api_base: missing"),
        ({"main": {"provider": "openrouter"}}, "main.model_id: missing"),
        ({"llm": {"provider": "scripted"}}, "llm.script: missing"),
        ({"main": {"provider": "oracle", "price_in": -1}}, "main.price_in"),
        ([1], "must be a JSON object with keys main, llm, vlm, omni"),
    ],
)
def test_model_json_errors(raw: Any, expected: str) -> None:
    assert expected in err(raw)


def test_entry_defaults_passthrough_and_api_base_list() -> None:
    config = validate_model_json(
        {
            "main": {
                "provider": "gemini",
                "model_id": "gemini-2.5-pro",
                "api_key_env": "GK",
                "temperature": 0.1,
                "extra_body": {"a": 1},
                "price_in": 1.25,
            },
            "llm": {"provider": "ollama", "model_id": "q"},
            "vlm": {**VLM, "api_base": ["http://h1:8001/v1", "http://h2:8001/v1"]},
            "omni": {"provider": "openrouter", "model_id": "o", "modalities": {"audio": 2}},
        },
        env={"GK": "k"},
    )
    assert config.main is not None and config.llm is not None and config.vlm is not None
    assert config.main.api_bases() == ["https://generativelanguage.googleapis.com/v1beta/openai/"]
    assert config.main.extra_params == {"temperature": 0.1, "extra_body": {"a": 1}}
    assert config.llm.api_bases() == ["http://localhost:11434/v1"]
    assert config.vlm.api_bases() == ["http://h1:8001/v1", "http://h2:8001/v1"]
    assert config.main.public_summary()["api_key"] == "env GK"


def test_sources_inline_file_preset_env(tmp_path: Path) -> None:
    (tmp_path / "m.json").write_text(json.dumps({"vlm": VLM}))
    assert load_model_config("@m.json", cwd=str(tmp_path), env={}).vlm is not None
    inline = load_model_config(json.dumps({"llm": {"provider": "sim"}}), env={})
    assert inline.llm is not None and inline.llm.provider == "sim"
    oracle = load_model_config("oracle", env={})
    assert oracle.main is not None and oracle.main.provider == "oracle"
    assert {k: e.provider for k, e in oracle.entries().items()} == {
        "main": "oracle",
        "llm": "sim",
        "vlm": "sim",
        "omni": "sim",
    }
    assert load_model_config("sim", env={}).main is None
    from_env = load_model_config(None, env={"CATEAM_MODEL_JSON": "oracle"})
    assert from_env.main is not None
    with pytest.raises(ConfigError, match="neither JSON, @file nor a preset"):
        load_model_config("orcale", env={})
    with pytest.raises(ConfigError, match="cannot be read"):
        load_model_config("@missing.json", cwd=str(tmp_path), env={})
    with pytest.raises(ConfigError, match="not valid JSON at line 1"):
        load_model_config('{"main": ', env={})
    with pytest.raises(ConfigError, match="no model configuration given"):
        load_model_config(None, env={})


def test_pool_preset_file_is_valid() -> None:
    pool = Path(__file__).resolve().parents[1] / "pool" / "pool.json"
    config = load_model_config(f"@{pool}", env={})
    assert set(config.entries()) == {"llm", "vlm", "omni"}


# --- settings -------------------------------------------------------------------------


def test_settings_precedence(tmp_path: Path) -> None:
    cfg = tmp_path / "arena.toml"
    cfg.write_text('concurrency = 3\ntheme = "file"\nmax_retries = 7\n')
    env = {
        "CATEAM_CONCURRENCY": "2",
        "CATEAM_THEME": "env",
        "CATEAM_UNSAFE_BASH": "true",
        "CATEAM_ENABLED_TOOLS": "Read, Grep",
        "CATEAM_MODEL_JSON": "ignored here",
    }
    s = load_settings({"concurrency": 5, "theme": None}, cfg, env)
    assert s.concurrency == 5  # CLI beats file and env
    assert s.theme == "file" and s.max_retries == 7  # file beats env
    assert s.unsafe_bash is True and s.enabled_tools == ["Read", "Grep"]  # env beats defaults
    assert s.output_dir == Settings().output_dir  # packaged default
    js = tmp_path / "arena.json"
    js.write_text(json.dumps({"theme": "json"}))
    assert load_settings({}, js, {}).theme == "json"


def test_enabled_tools_from_env_as_json_or_commas() -> None:
    as_json = load_settings({}, None, {"CATEAM_ENABLED_TOOLS": '["Read","Write", "Bash"]'})
    assert as_json.enabled_tools == ["Read", "Write", "Bash"]
    assert load_settings({}, None, {"CATEAM_ENABLED_TOOLS": "Read,Write"}).enabled_tools == ["Read", "Write"]
    for bad in ('["Read",', '["Read", 3]', '["Read", "Sudo"]'):
        with pytest.raises(ConfigError, match=r"(?i)enabled_tools"):
            load_settings({}, None, {"CATEAM_ENABLED_TOOLS": bad})


@pytest.mark.parametrize(
    ("cli", "file_text", "env", "expected"),
    [
        ({"concurency": 2}, None, {}, "command line: unknown setting 'concurency'"),
        ({}, '{"concurrency": 0}', {}, "arena.json: concurrency: input should be greater"),
        ({}, None, {"CATEAM_MAX_RETRIES": "many"}, "environment (CATEAM_*): max_retries"),
        ({}, "[1, 2]", {}, "must be a table/object"),
        ({}, "{bad", {}, "not valid JSON at line 1 column 2"),
        ({"enabled_tools": ["Read", "Fly"]}, None, {}, "enabled_tools: unknown tool(s) Fly"),
    ],
)
def test_settings_errors(
    tmp_path: Path, cli: dict[str, Any], file_text: str | None, env: dict[str, str], expected: str
) -> None:
    path = None
    if file_text is not None:
        path = tmp_path / "arena.json"
        path.write_text(file_text)
    with pytest.raises(ConfigError) as info:
        load_settings(cli, path, env)
    assert expected in str(info.value)
