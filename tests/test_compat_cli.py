"""The earlier release's habits: CLI spellings, provider names, presets, clean and test."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from arena_tui.cli import build_parser, main
from arena_tui.config import load_model_config
from arena_tui.errors import ConfigError


def test_earlier_spellings_parse_to_ours() -> None:
    parser = build_parser()
    run = parser.parse_args(
        ["run", "-m", "oracle", "--data", "d", "--scenario-id", "a,b", "--skip-probe", "--out", "o", "--attempts", "3"]
    )
    assert (run.model, run.dataset, run.scenarios, run.no_probe, run.output, run.attempts) == (
        "oracle",
        "d",
        ["a", "b"],
        True,
        "o",
        3,
    )
    check = parser.parse_args(["check", "-s", "-d", "x"])
    assert check.strict is True
    report = parser.parse_args(["report", "-i", "a", "-i", "b", "-o", "c"])
    assert report.inputs == ["a", "b"] and report.outputs == []
    compare = parser.parse_args(["compare", "-r", "a", "-r", "b", "--metrics", "compat"])
    assert compare.reports == ["a", "b"] and compare.metrics == "compat"
    with pytest.raises(SystemExit):
        parser.parse_args(["run", "--attempts", "0"])


def test_attempts_counts_the_first_try(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, int] = {}

    def handler(args: argparse.Namespace) -> int:
        seen["retry"] = args.retry
        return 0

    parser = build_parser()
    monkeypatch.setattr("arena_tui.cli.build_parser", lambda: parser)
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    commands.choices["run"].set_defaults(handler=handler)
    assert main(["run", "--attempts", "3"]) == 0 and seen["retry"] == 2
    assert main(["run", "--retry", "1"]) == 0 and seen["retry"] == 1


def test_provider_aliases() -> None:
    env = {"OPENAI_API_KEY": "k1", "ANTHROPIC_API_KEY": "k2"}
    pool = {"llm": {"provider": "sim"}}
    cfg = load_model_config(json.dumps({"main": {"provider": "openai", "model_id": "gpt-4o"}, **pool}), env=env)
    assert cfg.main is not None and cfg.main.provider == "openai_compat"
    assert cfg.main.api_bases() == ["https://api.openai.com/v1"] and cfg.main.resolve_api_key(env) == "k1"
    cfg = load_model_config(json.dumps({"main": {"provider": "anthropic", "model_id": "claude-x"}, **pool}), env=env)
    assert cfg.main is not None and cfg.main.api_bases() == ["https://api.anthropic.com/v1/"]
    assert cfg.main.resolve_api_key(env) == "k2"
    cfg = load_model_config(
        json.dumps({"main": {"provider": "google", "model_id": "gemini-x", "api_key": "g"}, **pool}), env=env
    )
    assert cfg.main is not None and cfg.main.provider == "gemini" and "googleapis" in cfg.main.api_bases()[0]
    # An explicit api_base or key still wins; a missing key is a one-line error naming the variable.
    cfg = load_model_config(
        json.dumps(
            {"main": {"provider": "openai", "model_id": "m", "api_base": "http://127.0.0.1:9/v1", "api_key": "x"}}
        ),
        env={},
    )
    assert cfg.main is not None and cfg.main.api_bases() == ["http://127.0.0.1:9/v1"]
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        load_model_config(json.dumps({"main": {"provider": "openai", "model_id": "m"}}), env={})


def test_null_and_greedy_presets() -> None:
    for name in ("null", "greedy"):
        cfg = load_model_config(name, env={})
        assert cfg.main is not None and cfg.main.provider == name and cfg.llm is not None


def test_clean_removes_workspaces_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = tmp_path / "out" / "s_a"
    for folder in ("workspace/workspace", "sessions", "evals"):
        (scenario / folder).mkdir(parents=True)
    (scenario / "metadata.json").write_text("{}")
    (tmp_path / "out" / "notes" / "workspace").mkdir(parents=True)  # not a scenario folder: kept
    assert main(["clean", "-o", str(tmp_path / "out")]) == 0
    assert not (scenario / "workspace").exists() and (scenario / "sessions").is_dir()
    assert (tmp_path / "out" / "notes" / "workspace").is_dir()
    assert main(["clean", str(tmp_path / "out"), "-t", "all"]) == 0
    assert not (scenario / "sessions").exists() and (scenario / "evals").is_dir()
    assert main(["clean", str(tmp_path / "out"), "-t", "bogus"]) == 2
    assert "unknown clean target" in capsys.readouterr().err


def test_test_command_runs_pytest() -> None:
    assert main(["test", "--version"]) == 0
