"""``check --gate`` on the converted demo scenarios: the adversarial baselines and their thresholds."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from arena_tui.commands.gate import is_converted, run_gate
from arena_tui.dataset.loader import load_dataset
from arena_tui.providers.base import GenerateRequest, ModelAPI
from arena_tui.providers.messages import AssistantMessage, Message
from arena_tui.providers.throwaway import ThrowawayFirst
from arena_tui.providers.trajectory import ScriptToolCall, Trajectory, load_trajectory
from arena_tui.runner.baselines import _DEFINE, DELEGATION, PADDING, rewrite, sensitive_segments
from arena_tui.settings import Settings
from tests.dataset.oracle_run import DATASET

DEMO = json.loads((DATASET / "tests-demo.json").read_text(encoding="utf-8"))["scenario_ids"]


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
            ("broad+junk", ">= 15 pts below"),
            ("extra+junk", "SMS lower"),
            ("all-omni", "SMS and MCA lower"),
            ("all-llm", "SMS and MCA lower"),
        ):
            row = next(line for line in lines if line.startswith(sid) and f" {name} " in line)
            assert threshold in row and "gate fails" not in row, row
    assert lines[-1].startswith("gate OK")
    # The spread below the reference (at the ceiling on every scenario): each baseline at least
    # 10 points below it on both demo scenarios, padding exactly at it.
    for sid in DEMO:
        for name in ("broad+junk", "extra+junk", "all-omni", "all-llm"):
            row = next(line for line in lines if line.startswith(sid) and f" {name} " in line)
            points = float(row.split(" pts below")[0].rsplit(", ", 1)[1])
            assert points >= 10, row
        pad = next(line for line in lines if line.startswith(sid) and " padding " in line)
        assert "SMS 1.000 vs oracle 1.000" in pad, pad


def _grants(traj: Trajectory) -> list[tuple[str, list[str], list[str]]]:
    """(model_key, tools, paths) of every subagent: CreateSubagent calls and workflow agents."""
    out = []
    for c in _calls(traj):
        if c.name == "CreateSubagent":
            out.append((c.arguments["model_key"], c.arguments["tools"], c.arguments["accessible_paths"]))
        elif c.name == "Workflow":
            for m in _DEFINE.finditer(c.arguments["script"]):
                out.append((m[2], json.loads(f"[{m[3]}]"), json.loads(f"[{m[4]}]")))
    return out


def test_privilege_rewrites_change_every_subagent_and_only_its_grant() -> None:
    ds = load_dataset(DATASET, "tests-demo.json", DEMO)
    for scenario in ds.scenarios:
        traj = load_trajectory(scenario.solution_dir / "trajectory.json")
        ref = _grants(traj)
        assert any(c.name == "Workflow" for c in _calls(traj)) and len(ref) >= 3
        broad = _grants(rewrite("broad_throwaway", traj, scenario))
        sensitive = sensitive_segments(scenario)
        assert len(broad) == len(ref)
        for (key, tools, paths), (rkey, _, _) in zip(broad, ref, strict=True):
            assert key == rkey and len(tools) == 6 and paths
            assert not any(seg in p.split("/") for p in paths for seg in sensitive)
        extra = _grants(rewrite("extra_throwaway", traj, scenario))
        for (key, tools, paths), (rkey, rtools, rpaths) in zip(extra, ref, strict=True):
            assert (key, paths, tools[: len(rtools)]) == (rkey, rpaths, rtools) and len(tools) == len(rtools) + 1
        for name, want in (("all_omni", "omni"), ("all_llm", "llm")):
            routed = _grants(rewrite(name, traj, scenario))
            assert [g[0] for g in routed] == [want] * len(ref)
            assert [g[1:] for g in routed] == [g[1:] for g in ref]


def test_throwaway_worker_touches_everything_with_granted_tools_then_works_on_a_clean_history(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    for n in ("a.md", "b.md"):
        (tmp_path / "lib" / n).write_text(n)
    seen: list[list[Message]] = []

    class Inner(ModelAPI):
        async def generate(self, request: GenerateRequest) -> AssistantMessage:
            seen.append(list(request.messages))
            return AssistantMessage(content="done")

    worker = ThrowawayFirst(Inner(), grant=["lib"], tools=["Read", "Grep", "Bash"], workspace=str(tmp_path))
    first = asyncio.run(worker.generate(GenerateRequest([Message(role="user", content="task")])))
    names = [c.name for c in first.tool_calls]
    assert names == ["Grep", "Bash"]  # no Glob, Write or Edit: they were not granted
    assert (
        "lib/a.md" in first.tool_calls[1].arguments["command"]
        and "/dev/null" in first.tool_calls[1].arguments["command"]
    )
    history = [
        Message(role="user", content="task"),
        Message(role="assistant", tool_calls=tuple(first.tool_calls)),
        *(Message(role="tool", content="x", tool_call_id=c.id) for c in first.tool_calls),
    ]
    assert asyncio.run(worker.generate(GenerateRequest(history))).content == "done"
    assert [m.role for m in seen[-1]] == ["user"]
