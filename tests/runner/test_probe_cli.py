"""run probes every real model before it starts, and refuses with one line when one is unreachable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_tui.cli import main
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.fixtures import ServerFactory


def test_unreachable_model_stops_the_run_before_it_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_dataset(tmp_path / "ds")
    model = {
        "main": {"provider": "openai_compat", "api_base": "http://127.0.0.1:9/v1", "model_id": "m", "api_key": "k"},
        "llm": {"provider": "sim"},
    }
    out = tmp_path / "out"
    code = main(["run", "-d", str(root), "-t", "s_beta", "--model", json.dumps(model), "-o", str(out), "--headless"])
    err = capsys.readouterr().err
    assert code == 2
    assert "startup probe failed for main (text)" in err and "--no-probe" in err
    assert "Traceback" not in err
    assert not (out / "arena.sqlite").exists()


def test_a_tests_file_after_t_suggests_tests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_dataset(tmp_path / "ds")
    for command in (["run"], ["resume", str(tmp_path / "nothing")]):
        code = main([*command, "-d", str(root), "-t", "tests-one.json", "--model", "oracle", "--headless"])
        err = capsys.readouterr().err
        assert code == 2 and "use --tests tests-one.json" in err and len(err.strip().splitlines()) == 1


def test_limit_flags_reach_the_settings_and_win_over_the_config_file(tmp_path: Path) -> None:
    from arena_tui.cli import build_parser
    from arena_tui.commands.options import explicit_overrides, settings_from_args

    config = tmp_path / "s.json"
    config.write_text(json.dumps({"max_iterations": 7, "max_retries": 9}))
    flags = ["--max-iterations", "3", "--round-timeout-s", "60", "--scenario-timeout-s", "600"]
    flags += ["--request-timeout-s", "30", "--max-retries", "1"]
    args = build_parser().parse_args(["run", "--config", str(config), *flags])
    s = settings_from_args(args)
    assert (s.max_iterations, s.round_timeout_s, s.scenario_timeout_s, s.request_timeout_s, s.max_retries) == (
        3,
        60.0,
        600.0,
        30.0,
        1,
    )
    resumed = build_parser().parse_args(["resume", "OUT", "--max-retries", "2"])
    assert explicit_overrides(resumed) == {"max_retries": 2}


def test_token_limits_follow_the_served_context(capsys: pytest.CaptureFixture[str]) -> None:
    from arena_tui.commands.run import fit_context
    from arena_tui.settings import Settings

    fitted = fit_context(Settings(), main=8192, pool=4096)
    assert (fitted.main_token_limit, fitted.subagent_token_limit) == (8192, 4096)
    assert "8,192" in capsys.readouterr().err
    configured = Settings(main_token_limit=100_000)
    kept = fit_context(configured, main=8192, pool=None)
    assert kept.main_token_limit == 100_000 and kept.subagent_token_limit == Settings().subagent_token_limit
    assert "warning: main_token_limit 100,000 exceeds the 8,192-token context" in capsys.readouterr().err
    assert fit_context(Settings(), main=None, pool=None) == Settings()


async def test_probe_table_and_context_before_a_cli_run(fake_openai_factory: ServerFactory, tmp_path: Path) -> None:
    """The probe, run the way `run` runs it, fails a server whose template drops the tools."""
    from arena_tui.commands.run import probe
    from arena_tui.config import validate_model_json
    from arena_tui.errors import BadInputError
    from arena_tui.settings import Settings

    server = await fake_openai_factory(drop_tools=True)
    config = validate_model_json({"main": {"provider": "vllm", "model_id": "fake-model", "api_base": server.base_url}})
    import asyncio

    with pytest.raises(BadInputError, match=r"main \(tools\)"):
        await asyncio.to_thread(probe, config, Settings())


async def test_served_context_fills_the_entry_and_caps_the_default_reply(fake_openai_factory: ServerFactory) -> None:
    import asyncio

    from arena_tui.commands.run import probe
    from arena_tui.config import validate_model_json
    from arena_tui.providers.messages import Message
    from arena_tui.providers.model import Model
    from arena_tui.providers.openai_compat import OpenAICompatAPI
    from arena_tui.settings import Settings

    small = await fake_openai_factory(context=4096)
    entry = {"provider": "vllm", "model_id": "fake-model", "api_base": small.base_url}
    config = validate_model_json({"main": entry, "llm": {**entry, "context_length": 2048}}, env={})
    fitted, settings = await asyncio.to_thread(probe, config, Settings())
    assert fitted.main is not None and fitted.main.context_length == 4096
    assert fitted.llm is not None and fitted.llm.context_length == 2048  # a stated context wins over the server's
    assert (settings.main_token_limit, settings.subagent_token_limit) == (4096, 2048)
    model = Model(OpenAICompatAPI(fitted.main))
    await model.complete([Message("user", "hi")])
    assert small.chat_requests[-1].body["max_tokens"] == 1024  # a quarter of a small context, not 4096
