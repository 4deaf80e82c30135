"""Model JSON problems are found before any scenario starts (exit 2, one line), not as crashes.

A missing or broken trajectory file, a missing ``main`` entry, or (with the oracle) a scenario
without its reference trajectory used to surface only as every scenario "crashing", with the
run exiting 0 and a 0 % report. A run whose every scenario crashes must not exit 0 either.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui.cli import main
from arena_tui.store import StoreReader
from tests.dataset.mini_dataset import make_dataset
from tests.reliability.common import TALLY
from tests.runner.helpers import DEMO

DEMO_ARGS = ["-d", str(DEMO), "--tests", "tests-demo.json", "-t", "s_demo_supplier_shortfall_claim", "--headless"]
TURN_FIX = "a turn is"


def _write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    return lines[0]


CASES: dict[str, tuple[dict[str, Any], dict[str, Any], list[str]]] = {
    # name: (model JSON, trajectory files to write next to it, what the one line must name)
    "missing_file": ({"main": {"provider": "scripted", "script": "nowhere.json"}}, {}, ["main.script", "nowhere.json"]),
    "not_json": (
        {"main": {"provider": "scripted", "script": "t.json"}},
        {"t.json": '{"q1": ['},
        ["main.script", "t.json"],
    ),
    "bad_turn": (
        {"main": {"provider": "scripted", "script": "t.json"}},
        {"t.json": {"q1": [{"content": "x", "tool_calls": [{"nam": "Read"}]}]}},
        ["main.script", "t.json", "q1: turn 0", TURN_FIX],
    ),
    "not_an_object": (
        {"main": {"provider": "scripted", "script": "t.json"}},
        {"t.json": [["turn"]]},
        ["main.script", "t.json"],
    ),
    "pool_script_missing": (
        {"main": {"provider": "oracle"}, "llm": {"provider": "scripted", "script": "sub/gone.json"}},
        {},
        ["llm.script", "gone.json"],
    ),
    "no_main": ({"llm": {"provider": "sim"}}, {}, ["main: missing", '"main"']),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_model_json_is_refused_before_any_scenario(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    model, files, named = CASES[case]
    conf = tmp_path / "conf"
    conf.mkdir()
    for name, data in files.items():
        _write(conf, name, data)
    model_file = _write(conf, "model.json", model)
    out = tmp_path / "out"
    code = main(["run", *DEMO_ARGS, "--model", f"@{model_file}", "-o", str(out)])
    TALLY["malformed_inputs"] += 1
    line = _one_line(capsys.readouterr().err)
    assert code == 2, line
    for part in named:
        assert part in line, (part, line)
    assert not out.exists()  # nothing created, nothing started


def test_oracle_without_a_reference_trajectory_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ds = make_dataset(tmp_path / "ds")  # a valid dataset whose scenarios have no solution/trajectory.json
    out = tmp_path / "out"
    code = main(["run", "-d", str(ds), "--model", "oracle", "-o", str(out), "--headless"])
    line = _one_line(capsys.readouterr().err)
    assert code == 2 and "solution/trajectory.json" in line and "oracle" in line, line
    assert not out.exists()


def test_relative_script_next_to_the_model_json_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    conf = tmp_path / "conf"
    conf.mkdir()
    _write(conf, "t.json", {"*": [{"content": "I will not do anything."}]})
    model_file = _write(conf, "model.json", {"main": {"provider": "scripted", "script": "t.json"}})
    out = tmp_path / "out"
    code = main(["run", *DEMO_ARGS, "--model", f"@{model_file}", "-o", str(out), "--no-probe"])
    captured = capsys.readouterr()
    assert code == 0, captured.err  # it ran: a manager that does nothing fails its rounds, it does not crash
    assert "crashed" not in captured.out + captured.err
    reader = StoreReader(out)
    [row] = reader.scenarios(reader.latest_run_id())
    reader.close()
    assert row.status == "completed"


def test_resume_with_a_broken_model_json_starts_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["run", *DEMO_ARGS, "--model", "oracle", "-o", str(out)]) == 0
    before = (out / "arena.sqlite").read_bytes()
    capsys.readouterr()
    conf = tmp_path / "conf"
    conf.mkdir()
    model_file = _write(conf, "model.json", {"main": {"provider": "scripted", "script": "missing.json"}})
    code = main(["resume", str(out), "--headless", "-t", "s_demo_treatment_room_fridge", "--model", f"@{model_file}"])
    err = capsys.readouterr().err
    assert code == 2 and "main.script" in _one_line(err) and "missing.json" in err
    assert (out / "arena.sqlite").read_bytes() == before


def test_every_scenario_crashing_is_not_a_success(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the checks (here: switched off), a trajectory that cannot load crashes every scenario: exit 1."""
    import arena_tui.commands.run as run_cmd
    import arena_tui.runner.orchestrator as orchestrator

    monkeypatch.setattr(run_cmd, "preflight", lambda plan: None)
    monkeypatch.setattr(orchestrator, "preflight", lambda plan: None)
    conf = tmp_path / "conf"
    conf.mkdir()
    model_file = _write(conf, "model.json", {"main": {"provider": "scripted", "script": "gone.json"}})
    out = tmp_path / "out"
    args = ["-d", str(DEMO), "--tests", "tests-demo.json", "--headless", "--no-probe"]
    code = main(["run", *args, "--model", f"@{model_file}", "-o", str(out)])
    captured = capsys.readouterr()
    assert code == 1, captured.err  # not 0: nothing was measured
    assert "Traceback" not in captured.out + captured.err
    assert "crashed" in captured.out + captured.err
    reader = StoreReader(out)
    statuses = {r.scenario_id: r.status for r in reader.scenarios(reader.latest_run_id())}
    reader.close()
    assert statuses == {"s_demo_treatment_room_fridge": "crashed", "s_demo_supplier_shortfall_claim": "crashed"}
