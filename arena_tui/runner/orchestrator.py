"""One benchmark run: the store, the bus, scenarios in parallel, retries, resume, the report.

The same function serves ``run`` (new run id), ``resume`` (same run id, sequence numbers
continue, finished scenarios skipped) and ``check --gate`` (oracle or null manager).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena_tui import events as ev
from arena_tui.config import REAL_PROVIDERS, ModelConfig
from arena_tui.dataset.model import Dataset
from arena_tui.errors import ArenaError, BadInputError, ConfigError
from arena_tui.providers import shared_clients
from arena_tui.providers.breaker import CircuitBreaker
from arena_tui.providers.human import HumanManager
from arena_tui.providers.registry import check_runnable
from arena_tui.providers.retry import RetryPolicy
from arena_tui.providers.trajectory import TrajectoryError, load_trajectory
from arena_tui.runner.providers import entry_name, simulated_labels
from arena_tui.runner.scenario import ScenarioContext, ScenarioRunner
from arena_tui.runner.stored_model import storable_model_json
from arena_tui.runner.stored_runs import StoredRun
from arena_tui.sandbox.bwrap import sandbox_mode
from arena_tui.scoring.fold import RunScores, ScoreFold
from arena_tui.scoring.report import write_report
from arena_tui.scoring.report_model import Report, ReportMeta
from arena_tui.settings import Settings
from arena_tui.store import EventStore
from arena_tui.store.lock import hold_output
from arena_tui.store.schema import STORE_FILENAME, StoreError, is_disk_full, write_failed

INFRA_FAILURES = ("failed", "crashed")


@dataclass
class RunPlan:
    dataset: Dataset
    config: ModelConfig
    settings: Settings
    out_dir: Path
    retries: int = 0
    resume: StoredRun | None = None
    """Continue this stored run: same run id, sequence numbers go on, its fold keeps counting."""
    skip: set[str] = field(default_factory=set)
    """Scenario ids already finished (resume): kept, not re-run."""
    epochs: int = 1
    """``run --epochs K``: every scenario runs K times, one independent session after another."""
    skip_epochs: set[tuple[str, int]] = field(default_factory=set)
    """(scenario id, epoch) already finished (resume with epochs): kept, not re-run."""
    manager_override: str | None = None
    subscribers: Sequence[Callable[[ev.Event], None]] = ()
    write_files: bool = True
    fold: ScoreFold = field(default_factory=ScoreFold)
    """The run's one scoring fold; progress displays read it instead of folding again."""
    human: HumanManager | None = None
    """``play``: a person is the manager; every round waits for them."""
    participant: str = ""
    """Who plays a human baseline (``play --who``): stored in ``run_started.selection``."""
    selection: dict[str, Any] = field(default_factory=dict)
    """How the scenarios were chosen (``tests`` file, ``-t`` ids, ``retries``): stored so ``resume`` reuses it."""

    def __post_init__(self) -> None:
        if self.resume is not None:
            self.fold = self.resume.fold


@dataclass
class RunOutcome:
    run_id: str
    scores: RunScores
    report: Report | None
    """None when the plan writes no files (the gate's runs)."""
    interrupted: bool
    unavailable_host: str = ""
    """The host whose failures stopped the run (every running scenario tripped its breaker)."""


def new_run_id() -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(3)


def check_sandbox(settings: Settings) -> str:
    mode = sandbox_mode(settings.unsafe_bash)
    if mode == "unavailable":
        raise BadInputError(
            "bubblewrap (bwrap) is not available, so Bash cannot be sandboxed",
            fix="install it (apt-get install bubblewrap) or pass --unsafe-bash to run Bash unsandboxed",
        )
    return mode


def preflight(plan: RunPlan) -> None:
    """Everything a scenario would only find out by crashing, checked before any starts (exit 2).

    The model JSON has a manager and its trajectory files load; with the oracle manager, every
    selected scenario's reference trajectory loads.
    """
    own_manager = plan.manager_override is None and plan.human is None
    check_runnable(plan.config, needs_main=own_manager)
    if not own_manager or plan.config.main is None or plan.config.main.provider != "oracle":
        return
    for scenario in plan.dataset.scenarios:
        if scenario.id in plan.skip:
            continue
        try:
            load_trajectory(scenario.solution_dir / "trajectory.json")
        except TrajectoryError as exc:
            raise BadInputError(
                exc.message,
                fix="the oracle manager replays each scenario's solution/trajectory.json: add it, or pass another "
                "--model",
            ) from None


async def execute_run(plan: RunPlan) -> RunOutcome:
    mode = await asyncio.to_thread(check_sandbox, plan.settings)  # the first call probes bwrap: a process
    await asyncio.to_thread(preflight, plan)  # reads every trajectory file
    # Workspaces must have absolute paths: agents are told them and tools accept no other kind.
    plan.out_dir = plan.out_dir.resolve()
    with contextlib.ExitStack() as held:  # one writer per output folder (re-entrant: resume already holds it)
        await asyncio.to_thread(held.enter_context, hold_output(plan.out_dir))  # files: off the loop
        return await _execute_locked(plan, mode)


def _endpoints(plan: RunPlan) -> list[shared_clients.Endpoint]:
    """The HTTP endpoints of the run's OpenAI-compatible entries, keyed as their sessions will key them."""
    out: list[shared_clients.Endpoint] = []
    for key, entry in plan.config.entries().items():
        if entry.provider not in REAL_PROVIDERS or (key == "main" and plan.manager_override):
            continue
        try:
            api_key = entry.resolve_api_key() or "EMPTY"
        except ConfigError:
            continue  # the session that needs it says so
        out += [(api_key, base, plan.settings.request_timeout_s) for base in entry.api_bases()]
    return out


async def _execute_locked(plan: RunPlan, mode: str) -> RunOutcome:
    # The endpoints' HTTP clients are built in a thread while the store is set up, not on the loop
    # in front of the first requests; the run holds them until it ends.
    clients = asyncio.create_task(shared_clients.hold(_endpoints(plan)), name="http-clients")
    try:
        return await _execute_holding(plan, mode, clients)
    finally:
        held = (await asyncio.gather(clients, return_exceptions=True))[0]
        for client in held if isinstance(held, list) else []:
            await shared_clients.release(client)


async def _execute_holding(plan: RunPlan, mode: str, clients: asyncio.Task[Any]) -> RunOutcome:
    run_id = plan.resume.run_id if plan.resume else new_run_id()
    store = await EventStore.open(plan.out_dir)
    broken: list[ev.SubscriberFailure] = []
    bus = ev.EventBus(run_id, start_seq=plan.resume.last_seq if plan.resume else 0, on_error=broken.append)
    fold = plan.fold
    bus.subscribe(store.append)
    bus.subscribe(fold.apply)
    for subscriber in plan.subscribers:
        bus.subscribe(subscriber)
    config = plan.config
    scenarios = plan.dataset.scenarios
    started = bus.emit(
        ev.RunStarted(
            run_id=run_id,
            dataset=str(plan.dataset.root),
            scenario_ids=[s.id for s in scenarios],
            round_ids={s.id: [r.id for r in s.rounds] for s in scenarios},
            manager=plan.manager_override or (entry_name(config.main) if config.main else ""),
            pool={k: entry_name(e) for k, e in config.entries().items() if k != "main"},
            simulated=simulated_labels(config),
            sandbox_mode=mode,
            settings=plan.settings.model_dump(mode="json"),
            writer_pid=os.getpid(),
            selection={
                "retries": plan.retries,
                **plan.selection,
                **({"epochs": plan.epochs} if plan.epochs > 1 else {}),
                **({"participant": plan.participant} if plan.participant else {}),
            },
            model_json=storable_model_json(config),
        )
    )
    try:
        await store.flush()  # stored before any scenario touches the folder: a second writer stops here
    except StoreError:
        await store.close()
        raise
    early = _subscriber_error(broken, plan.out_dir)
    if early is not None:  # a consumer failed on run_started: stop before any scenario runs
        await store.close()
        raise early
    policy = RetryPolicy(
        max_retries=plan.settings.max_retries,
        base_s=plan.settings.retry_base_s,
        max_s=plan.settings.retry_max_s,
        per_call_timeout_s=plan.settings.request_timeout_s,
        total_timeout_s=plan.settings.total_timeout_s,
    )
    ctx = ScenarioContext(
        run_id,
        plan.out_dir,
        config,
        plan.settings,
        bus,
        policy,
        plan.manager_override,
        plan.human,
        CircuitBreaker(plan.settings.breaker_threshold),
    )
    if plan.human is not None:
        bus.subscribe(plan.human)
    interrupted = False
    down = ""
    failure: ArenaError | None = None
    store.on_failure = _cancel_current_task()  # a store that cannot write stops the run, never hangs it
    # A consumer that cannot take an event stops the run the same way: it is never dropped silently.
    bus.on_error = _stop_on_failure(broken, _cancel_current_task())
    try:
        await asyncio.shield(clients)
        down = await _run_all(ctx, plan, [s for s in scenarios if s.id not in plan.skip])
        if down:
            bus.emit(ev.RunFinished(run_id=run_id, status="failed", reason=f"provider unavailable at {down}"))
        else:
            bus.emit(ev.RunFinished(run_id=run_id, status="completed"))
    except (asyncio.CancelledError, KeyboardInterrupt):
        interrupted = True
        bus.emit(_stopped(run_id, store.error or _subscriber_error(broken, plan.out_dir)))
    except Exception as exc:  # a full disk while a scenario was set up; anything once the store has failed
        if store.error is None and not is_disk_full(exc):
            raise
        failure = store.error or write_failed(plan.out_dir / STORE_FILENAME, exc)
    finally:
        store.on_failure = None  # from here on a failure is only recorded: close() must not be cancelled
        bus.on_error = broken.append
        await store.close()
    failure = store.error or failure or _subscriber_error(broken, plan.out_dir)
    if failure is not None:
        raise failure
    scores = fold.result()
    meta = ReportMeta.of(started)
    report = await asyncio.to_thread(write_report, plan.out_dir, scores, meta) if plan.write_files else None
    return RunOutcome(run_id, scores, report, interrupted, down)


def _cancel_current_task() -> Callable[[object], None]:
    task = asyncio.current_task()

    def cancel(_error: object) -> None:
        if task is not None:
            task.cancel()

    return cancel


def _stop_on_failure(
    broken: list[ev.SubscriberFailure], cancel: Callable[[object], None]
) -> Callable[[ev.SubscriberFailure], None]:
    def failed(failure: ev.SubscriberFailure) -> None:
        broken.append(failure)
        if len(broken) == 1:
            cancel(failure)

    return failed


def _subscriber_error(broken: list[ev.SubscriberFailure], out: Path) -> ArenaError | None:
    """The one line for a run stopped because a consumer of its events failed (exit 2)."""
    if not broken:
        return None
    return ArenaError(
        f"the run stopped: {broken[0].line()}; what was stored before is kept",
        fix=f"this is a bug in the harness, please report it; then continue with `clawarena-team resume {out}`",
    )


def _stopped(run_id: str, error: ArenaError | None) -> ev.RunFinished:
    if error is not None:
        return ev.RunFinished(run_id=run_id, status="failed", reason=error.message)
    return ev.RunFinished(run_id=run_id, status="interrupted", reason="stopped by the user")


async def _run_all(ctx: ScenarioContext, plan: RunPlan, scenarios: list[Any]) -> str:
    """Run the scenarios; returns the host that stopped the run early ("" when none did)."""
    gate = asyncio.Semaphore(plan.settings.concurrency)
    attempts_done: dict[str, int] = {}
    running: set[str] = set()
    stopped_by: list[str] = []

    stored_attempts: dict[str, int] = {}
    if plan.resume is not None and plan.epochs > 1:  # each epoch keeps its own row in the scenarios table
        stored = plan.resume.fold.epochs
        stored_attempts = {sid: max(s.attempt for s in eps.values()) for sid, eps in stored.items()}

    async def one(scenario: Any) -> None:
        async with gate:
            if stopped_by or ctx.breaker.tripped:  # a host is down for the whole run: start no more
                stopped_by.extend(list(ctx.breaker.tripped)[:1])
                return
            running.add(scenario.id)
            attempt = stored_attempts.get(scenario.id, 0)  # attempts count on across epochs and resumes
            try:
                for epoch in range(1, plan.epochs + 1):
                    if (scenario.id, epoch) in plan.skip_epochs:
                        continue
                    for _ in range(plan.retries + 1):  # retries stay within their epoch
                        attempt += 1
                        attempts_done[scenario.id] = attempt
                        outcome = await ScenarioRunner(ctx, scenario, attempt, epoch).run()
                        if outcome.status == "unfinished":
                            running.discard(scenario.id)
                            if not running:
                                stopped_by.append(outcome.unavailable_host)
                            return
                        if outcome.status not in INFRA_FAILURES:
                            break
            finally:
                running.discard(scenario.id)

    tasks = [asyncio.create_task(one(s), name=f"scenario:{s.id}") for s in scenarios]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            if not task.cancelling():  # a second cancel would cut short the cleanup of the first
                task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return stopped_by[0] if stopped_by else ""
