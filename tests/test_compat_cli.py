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


FIXTURE = Path(__file__).resolve().parent / "fixtures" / "earlier"


def test_empty_model_is_refused_as_the_earlier_release_did(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CATEAM_MODEL_JSON", raising=False)
    assert main(["run", "-d", str(FIXTURE), "--model", "", "-o", str(tmp_path / "o"), "--headless"]) == 1
    err = capsys.readouterr().err
    assert "--model JSON is required (or set main.* in config / CATEAM_MODEL_JSON env var)" in err
    assert not (tmp_path / "o").exists()
    # As there, an empty --model falls back to CATEAM_MODEL_JSON.
    from arena_tui.commands.run import model_from_args

    monkeypatch.setenv("CATEAM_MODEL_JSON", "null")
    config = model_from_args(argparse.Namespace(model=""))
    assert config.main is not None and config.main.provider == "null"


def test_stats_prints_a_summary_and_writes_only_with_o(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["stats", "-d", str(FIXTURE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["scenarios: 2", "total rounds: 5"]
    assert "  s_options_desk_review: 3 rounds, updates=1" in out
    assert list(tmp_path.iterdir()) == []
    assert main(["stats", "-d", str(FIXTURE), "-o", "st"]) == 0
    assert (tmp_path / "st" / "STATS.md").is_file()
    capsys.readouterr()
    assert main(["stats", "-d", str(FIXTURE), "-t", "qwen3"]) == 2  # its -t named a tokenizer
    assert "the earlier `-t TOKENIZER` has no counterpart" in capsys.readouterr().err


def test_earlier_yaml_config_sections(tmp_path: Path) -> None:
    from arena_tui.commands.run import model_from_args
    from arena_tui.config_file import read_config_file

    cfg = tmp_path / "eval_base.yaml"
    cfg.write_text(
        "paths:\n  data: data/x/\n  run_output: results/eval/\n  concurrency: 3\n"
        "scenario:\n  retry: 3\n"
        "model_pool:\n"
        "  llm: {provider: sim, modalities: {text: true}, api_key_env: null}\n"
        "  vlm: {provider: sim, modalities: [text, image, video]}\n"
        "  omni: {provider: sim, modalities: [text, image, video, audio]}\n"
        "tools:\n  enabled: [Read, Write, CreateSubagent, ListSubagents, Workflow]\n"
        "probe: {enabled: false}\nlogging: {level: INFO}\n"
    )
    config = read_config_file(cfg)
    assert config.settings == {
        "concurrency": 3,
        "enabled_tools": ["Read", "Write", "CreateSubagent", "ListSubagents", "Workflow"],
        "skip_probe": True,
    }
    assert config.defaults_for("run") == {"dataset": "data/x/", "output": "results/eval/", "retry": 2}
    assert config.defaults_for("check") == {"dataset": "data/x/"} and config.ignored == ["logging.level"]
    # Without -m (and no main in the file) it is refused, as there: the pool is not silently replaced.
    with pytest.raises(ConfigError, match="--model JSON is required"):
        model_from_args(argparse.Namespace(model=None, config_file=config))
    # Its main comes from -m; the pool from the file (as its eval_base.yaml is used).
    args = argparse.Namespace(model='{"main": {"provider": "null"}}', config_file=config)
    model = model_from_args(args)
    assert model.main is not None and model.main.provider == "null"
    assert model.vlm is not None and model.vlm.modalities.image > 0 and model.omni is not None
    assert model.omni.modalities.audio > 0


def test_config_file_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "cfg.yaml"
    bad.write_text("paths:\n  data: [unclosed\n")
    assert main(["check", "--config", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "cfg.yaml: not valid YAML at line" in err
    bad.write_text("scenario:\n  retry: 0\n")
    assert main(["run", "--config", str(bad)]) == 2
    assert "scenario.retry: must be an integer ≥ 1" in capsys.readouterr().err
    good = tmp_path / "cfg.json"
    good.write_text(json.dumps({"concurrency": 2, "paths": {"data": str(FIXTURE)}}))
    assert main(["check", "--config", str(good)]) == 0


def test_turns_keyed_by_scenario_win_over_plain_round_ids() -> None:
    from arena_tui.providers.trajectory import parse_trajectory, turns_for

    def one(text: str) -> list[dict[str, str]]:
        return [{"content": text}]

    traj = parse_trajectory({"s_a/q1": one("a1"), "q1": one("plain"), "s_b/*": one("b*"), "*": one("any")}, "t")
    assert [t.content for t in turns_for(traj, "q1", "s_a")] == ["a1"]
    assert [t.content for t in turns_for(traj, "q1", "s_c")] == ["plain"]
    assert [t.content for t in turns_for(traj, "q2", "s_b")] == ["b*"]
    assert [t.content for t in turns_for(traj, "q2", "s_c")] == ["any"]
    assert [t.content for t in turns_for(traj, "q1")] == ["plain"]


def test_compare_marks_and_labels() -> None:
    from arena_tui.commands.compare import coverage_warning, run_mark, unique_labels
    from arena_tui.scoring.compare import ComparedRun
    from arena_tui.scoring.report_file import ReportFileScores

    def report(statuses: dict[str, str]) -> ReportFileScores:
        rows = [{"scenario_id": s, "status": st, "rounds": {"q1": True}, "SMS": 1.0} for s, st in statuses.items()]
        unfinished = [s for s, st in statuses.items() if st != "completed"]
        return ReportFileScores({"scores": {}, "per_scenario": rows, "unfinished_scenarios": unfinished})

    whole = ComparedRun("m", "run-aaaaaa", report({"s1": "completed", "s2": "completed"}))
    partial = ComparedRun("m", "run-aaaaaa", report({"s1": "completed", "s2": "crashed"}))
    assert run_mark(whole, "completed") == "" and run_mark(whole, "") == ""
    assert run_mark(partial, "completed") == "partial: 1/2 scenarios unfinished"
    assert run_mark(whole, "running") == "crashed or still running"
    labels = [r.label for r in unique_labels([("m", whole), ("m", partial), ("x", whole)])]
    assert labels == ["m [aaaaaa] #1", "m [aaaaaa] #2", "x"]
    assert coverage_warning([whole, partial]) == ""
    fewer = ComparedRun("n", "run-b", report({"s1": "completed"}))
    assert "not alike in every run: s2" in coverage_warning([whole, fewer])


def test_a_path_in_both_manifest_lists_is_accessible_not_forbidden() -> None:
    from arena_tui.agents.reminders import environment

    body = environment("s", "/w", ["/w/brief"], ["/w/brief", "/w/vendors"], ["text"], 1000, 1000, {}).body
    cannot = body.split("delegable paths")[1].split("your native")[0]
    assert "/w/vendors" in cannot and "/w/brief" not in cannot


def test_compare_reads_a_report_without_compat_block_in_arena_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        scores = {"TCR": 0.5, "TPP": 1, "ROC": 1, "WPP": 1, "MCA": 1, "SMS": 0.5}
        row = {"scenario_id": "s1", "status": "completed", "rounds": {"q1": True, "q2": False}, "SMS": 0.5}
        report = {"run_id": f"r-{name}", "manager": "m", "scores": scores, "per_scenario": [row]}
        (tmp_path / name / "report.json").write_text(json.dumps(report))
    reports = ["-r", str(tmp_path / "a" / "report.json"), "-r", str(tmp_path / "b" / "report.json")]
    assert main(["compare", *reports, "-o", str(tmp_path / "d")]) == 0
    assert "SMS  50.0" in capsys.readouterr().out
    assert main(["compare", *reports, "-o", str(tmp_path / "d"), "--metrics", "compat"]) == 2
    assert "carries no compat block" in capsys.readouterr().err
