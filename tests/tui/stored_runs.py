"""Tiny hand-made run stores for the runs browser and compare tests (no orchestrator, milliseconds)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from arena_tui import events as ev
from arena_tui.store import EventStore

T0 = 1_767_225_600.0  # 2026-01-01 00:00 UTC: fixed, so snapshot dates never move


@dataclass(frozen=True)
class ScenarioPlan:
    """One scenario of a fake run: which rounds pass and how well its one subagent is managed."""

    scenario_id: str
    passed: list[bool]
    tools_used: list[str] = field(default_factory=lambda: ["Read"])
    files_read: int = 1


async def write_run(
    out: Path,
    run_id: str,
    manager: str,
    scenarios: list[ScenarioPlan],
    *,
    ts: float = T0,
    cost_usd: float = 0.25,
    status: str = "completed",
) -> None:
    """Write one run into the store at ``out`` (created if missing)."""
    store = await EventStore.open(out, flush_interval=0.01)
    bus = ev.EventBus(run_id)
    bus.subscribe(store.append)
    rounds = {s.scenario_id: [f"q{i + 1}" for i in range(len(s.passed))] for s in scenarios}
    bus.emit(
        ev.RunStarted(
            run_id="",
            ts=ts,
            dataset="demo",
            scenario_ids=list(rounds),
            round_ids=rounds,
            manager=manager,
            pool={"llm": "gemma-4-e4b", "vlm": "gemma-4-31b"},
        )
    )
    t = ts
    for plan in scenarios:
        sid, sub = plan.scenario_id, f"sub_{plan.scenario_id[-4:]}"
        t += 1
        bus.emit(ev.ScenarioStarted(run_id="", ts=t, scenario_id=sid, round_ids=rounds[sid]))
        bus.emit(
            ev.SubagentCreated(
                run_id="",
                ts=t,
                scenario_id=sid,
                agent_id="main",
                subagent_id=sub,
                name="reader",
                model_key="llm",
                tools=["Read", "Grep"],
                accessible_paths=["/ws/data"],
                reachable_files=["/ws/data/a.csv", "/ws/data/b.csv"],
            )
        )
        for i, tool in enumerate(plan.tools_used):
            files = [ev.FileTouch(path=f"/ws/data/{'ab'[j]}.csv", op="read") for j in range(plan.files_read)]
            bus.emit(
                ev.ToolResult(
                    run_id="", ts=t, scenario_id=sid, agent_id=sub, call_id=f"{sid}-{i}", tool=tool, files=files
                )
            )
        bus.emit(
            ev.ModelResponse(
                run_id="",
                ts=t,
                scenario_id=sid,
                agent_id="main",
                request_id=f"r-{sid}",
                model_key="main",
                model_name=manager,
                cost_usd=cost_usd / len(scenarios),
            )
        )
        for rid, passed in zip(rounds[sid], plan.passed, strict=True):
            bus.emit(ev.RoundScored(run_id="", ts=t, scenario_id=sid, round_id=rid, passed=passed))
        bus.emit(ev.ScenarioFinished(run_id="", ts=t, scenario_id=sid, status="completed"))
    if status != "running":
        bus.emit(ev.RunFinished(run_id="", ts=t + 1, status="completed" if status == "completed" else "failed"))
    await store.close()


async def two_stores(root: Path) -> tuple[Path, Path]:
    """Two output folders under ``root``: a strong run (two scenarios) and a weaker one with a markup-like name."""
    strong, weak = root / "out-strong", root / "nested" / "out-weak"
    await write_run(
        strong,
        "run-strong",
        "gpt-5.4",
        [
            ScenarioPlan("s_ab_test", [True, True], ["Read", "Grep"], 2),
            ScenarioPlan("s_dsar", [True, False], ["Read"], 1),
        ],
        ts=T0 + 3600,
        cost_usd=0.41,
    )
    await write_run(
        weak,
        "run-weak",
        "[bold]qwen[/bold]-3",
        [ScenarioPlan("s_ab_test", [True, False], ["Read"], 1), ScenarioPlan("s_dsar", [False, False], [], 0)],
        cost_usd=0.12,
    )
    return strong, weak
