"""Human baselines: participant and think time stored with the run, labelled and pooled in compare."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from arena_tui import events as ev
from arena_tui.cli import build_parser
from arena_tui.config import load_model_config
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.scoring import score_events
from arena_tui.scoring.compare import ComparedRun
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.humans import human_label, merge_humans
from tests.runner.helpers import DEMO, fast_settings


def _scores(who: str, q1: bool) -> RunScores:
    return score_events(
        [
            ev.RunStarted(
                run_id=who,
                dataset="d",
                scenario_ids=["s"],
                round_ids={"s": ["q1"]},
                manager="human",
                pool={},
                selection={"participant": who},
            ),
            ev.ScenarioStarted(run_id=who, scenario_id="s", round_ids=["q1"]),
            ev.RoundScored(run_id=who, scenario_id="s", round_id="q1", passed=q1),
            ev.ScenarioFinished(run_id=who, scenario_id="s", status="completed"),
        ]
    )


def test_play_takes_a_participant() -> None:
    args = build_parser().parse_args(["play", "-t", "s_demo_treatment_room_fridge", "--who", "ada"])
    assert args.who == "ada"


def test_participant_is_stored_with_the_run(tmp_path: Path) -> None:
    dataset = load_dataset(DEMO, "tests-demo.json", ["s_demo_treatment_room_fridge"])
    plan = RunPlan(dataset, load_model_config("oracle"), fast_settings(), tmp_path / "out", participant="ada")
    outcome = asyncio.run(execute_run(plan))
    assert outcome.scores.participants == ["ada"]
    assert json.loads((tmp_path / "out" / "report.json").read_text())["participants"] == ["ada"]


def test_human_runs_are_labelled_and_pooled() -> None:
    ada, bob = _scores("ada", True), _scores("bob", False)
    assert human_label(ada, "completed") == "human baseline: ada (completed)"
    model = ComparedRun("gpt", "m", ada, "arena")
    runs = [
        ("gpt", model, "completed"),
        ("h1", ComparedRun("h1", "a", ada, "arena", "human"), "completed"),
        ("h2", ComparedRun("h2", "b", bob, "arena", "human"), "interrupted"),
    ]
    merged = merge_humans(runs)
    assert [label for label, _, _ in merged] == ["gpt", "human baseline: ada, bob (2 participants pooled)"]
    assert merged[1][2] == "interrupted"
    pooled = merged[1][1]
    assert pooled.kind == "human" and pooled.scores.tcr == 0.5
