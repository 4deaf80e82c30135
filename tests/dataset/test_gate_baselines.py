"""``check --gate`` on the converted demo scenarios: the adversarial baselines and their thresholds."""

from __future__ import annotations

from arena_tui.commands.gate import is_converted, run_gate
from arena_tui.dataset.loader import load_dataset
from arena_tui.providers.baselines import DELEGATION, PADDING, rewrite, sensitive_segments
from arena_tui.providers.trajectory import ScriptToolCall, Trajectory, load_trajectory
from arena_tui.settings import Settings
from tests.dataset.oracle_run import DATASET

DEMO = ["s_demo_treatment_room_fridge", "s_demo_supplier_shortfall_claim"]


def _calls(traj: Trajectory) -> list[ScriptToolCall]:
    return [c for turns in traj.values() for t in turns for c in t.tool_calls]


def test_rewrites_take_exactly_one_skill_away() -> None:
    ds = load_dataset(DATASET, "tests-demo.json", DEMO)
    for scenario in ds.scenarios:
        assert is_converted(scenario)
        traj = load_trajectory(scenario.solution_dir / "trajectory.json")
        solo = rewrite("solo", traj, scenario)
        assert not [c for c in _calls(solo) if c.name in DELEGATION]
        assert all(not t.bind for turns in solo.values() for t in turns)
        assert [t.content for t in solo[next(iter(solo))]][-1] == [t.content for t in traj[next(iter(traj))]][-1]
        broad = rewrite("broad", traj, scenario)
        sensitive = sensitive_segments(scenario)
        assert sensitive
        for c in _calls(broad):
            if c.name == "CreateSubagent":
                assert len(c.arguments["tools"]) == 6
                assert not any(s in p.split("/") for p in c.arguments["accessible_paths"] for s in sensitive)
        pad = rewrite("padding", traj, scenario)
        extra = len(_calls(pad)) - len(_calls(traj))
        assert extra == 2 * PADDING


def test_gate_passes_on_the_demo_with_every_threshold_printed() -> None:
    ok, lines = run_gate(load_dataset(DATASET, "tests-demo.json", DEMO), Settings())
    text = "\n".join(lines)
    assert ok, text
    for sid in DEMO:
        for name, threshold in (
            ("solo", "0 passed"),
            ("no-op", ">= 90% failed"),
            ("broad", "gap >= 0.25"),
            ("padding", "SMS <= oracle"),
        ):
            row = next(line for line in lines if line.startswith(sid) and f" {name} " in line)
            assert threshold in row and "gate fails" not in row, row
    assert lines[-1].startswith("gate OK")
