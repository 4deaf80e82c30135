"""A finished run of two scenarios × three epochs, as events (no orchestrator, milliseconds).

Rounds pass and fail differently per epoch and the manager costs something, so every
interval of the score panel has width.
"""

from __future__ import annotations

from pathlib import Path

from arena_tui import events as ev
from arena_tui.store import EventStore

RUN_ID = "20261202-051000-e29a01"
T0 = 1_767_225_600.0
PLAN: dict[str, list[list[bool]]] = {
    # scenario -> per epoch, per round: passed
    "s_demo_fridge": [[True, True], [True, False], [True, True]],
    "s_demo_supplier_shortfall_claim": [[True, False, False], [False, False, True], [True, True, False]],
}


WEAKER: dict[str, list[list[bool]]] = {
    "s_demo_fridge": [[False, True], [False, False], [True, False]],
    "s_demo_supplier_shortfall_claim": [[False, False, False], [True, False, False], [False, False, False]],
}


def epoch_run(
    manager: str = "oracle (reference trajectory)",
    plan: dict[str, list[list[bool]]] | None = None,
    run_id: str = RUN_ID,
    t0: float = T0,
) -> list[ev.Event]:
    """The run's events, stamped one second apart from ``t0``."""
    plan = plan or PLAN
    rounds = {sid: [f"q{i + 1}" for i in range(len(epochs[0]))] for sid, epochs in plan.items()}
    out: list[ev.Event] = []
    t = t0

    def emit(event: ev.Event) -> None:
        nonlocal t
        t += 1
        out.append(event.model_copy(update={"run_id": run_id, "ts": t}))

    emit(
        ev.RunStarted(
            run_id="",
            dataset="demo",
            scenario_ids=list(rounds),
            round_ids=rounds,
            manager=manager,
            pool={"llm": "sim (simulated worker)"},
            selection={"epochs": 3},
        )
    )
    attempt = 0
    for epoch in range(1, 4):
        for sid, epochs in plan.items():
            attempt += 1
            emit(ev.ScenarioStarted(run_id="", scenario_id=sid, round_ids=rounds[sid], attempt=attempt, epoch=epoch))
            sub = f"sub_{sid[-4:]}_{epoch}"
            emit(
                ev.SubagentCreated(
                    run_id="",
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
            files = [ev.FileTouch(path="/ws/data/a.csv", op="read")]
            emit(ev.ToolResult(run_id="", scenario_id=sid, agent_id=sub, call_id=f"{sub}-1", tool="Read", files=files))
            emit(
                ev.ModelResponse(
                    run_id="",
                    scenario_id=sid,
                    agent_id="main",
                    request_id=f"r-{sub}",
                    model_key="main",
                    model_name=manager,
                    cost_usd=0.01 * epoch,
                )
            )
            for i, (rid, passed) in enumerate(zip(rounds[sid], epochs[epoch - 1], strict=True)):
                emit(ev.RoundStarted(run_id="", scenario_id=sid, round_id=rid, index=i, question="?"))
                emit(ev.RoundScored(run_id="", scenario_id=sid, round_id=rid, passed=passed))
            emit(ev.ScenarioFinished(run_id="", scenario_id=sid, status="completed"))
    emit(ev.RunFinished(run_id="", status="completed"))
    return out


async def write_epoch_run(
    out: Path, run_id: str, manager: str, plan: dict[str, list[list[bool]]] | None = None, t0: float = T0
) -> None:
    """The run stored at ``out`` (created if missing), as the runner would write it."""
    store = await EventStore.open(out, flush_interval=0.01)
    bus = ev.EventBus(run_id)
    bus.subscribe(store.append)
    for event in epoch_run(manager, plan, run_id, t0):
        bus.emit(event)
    await store.close()
