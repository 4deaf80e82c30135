"""Running one scenario: fresh workspace, updates before their round, the round flow, checks.

Round flow: apply the round's updates → queue the workspace-update reminder → user text =
update prefix + previous round's feedback + question → agent loop until a reply with no
tool calls → wait for background work → flush transcripts → run the check. Each round
ends in a typed :class:`RoundOutcome`; when the run's circuit breaker opens for a host (it
failed too many requests in a row and its health check) the scenario stops as
``unfinished`` so ``resume`` can run it again once the server is back.
"""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from arena_tui import events as ev
from arena_tui.agents import reminders
from arena_tui.agents.loop import LoopStatus, write_note
from arena_tui.agents.reminders import Reminder
from arena_tui.agents.runtime import RuntimeLimits, RuntimeScriptVars, ScenarioRuntime
from arena_tui.agents.transcripts import TranscriptWriter
from arena_tui.config import ModelConfig
from arena_tui.dataset.model import Scenario
from arena_tui.dataset.schema import DELEGATION_TAG, Round
from arena_tui.dataset.updates import execute_update
from arena_tui.origin import Origin, OriginFields
from arena_tui.providers.human import HumanManager
from arena_tui.providers.model import CircuitBreaker
from arena_tui.providers.retry import RetryPolicy
from arena_tui.runner.checks import run_check
from arena_tui.runner.engine_host import scenario_host
from arena_tui.runner.exports import write_eval, write_metadata
from arena_tui.runner.providers import ScenarioProviders, pool_members
from arena_tui.runner.round_writes import RoundWrites
from arena_tui.sandbox.limits import SandboxLimits
from arena_tui.settings import Settings

RoundStatus = Literal["completed", "agent_stopped", "timed_out", "skipped", "unavailable"]
ScenarioStatus = Literal["completed", "failed", "crashed", "interrupted", "unfinished"]
UPDATE_PREFIX = "New material has arrived in the workspace since the last question (see the workspace update).\n\n"


@dataclass(frozen=True)
class ScenarioContext:
    """What every scenario of one run shares."""

    run_id: str
    out_dir: Path
    config: ModelConfig
    settings: Settings
    emit: ev.EventBus
    policy: RetryPolicy
    manager_override: str | None = None
    human: HumanManager | None = None
    breaker: CircuitBreaker = field(default_factory=CircuitBreaker)
    """One per run: every scenario's requests to a host count towards (and reset) the same breaker."""


@dataclass(frozen=True)
class RoundOutcome:
    """How a round's agent work ended (before its check)."""

    status: RoundStatus
    reason: str = ""
    loop: LoopStatus | None = None
    """The main agent loop's own status, when it ran."""
    truncated: int = 0

    @property
    def checked(self) -> bool:
        """Whether the round's check runs (a skipped or unavailable round is not scored)."""
        return self.status not in ("skipped", "unavailable")


@dataclass(frozen=True)
class ScenarioOutcome:
    status: ScenarioStatus
    reason: str = ""
    unavailable_host: str = ""
    """The host whose failures stopped the scenario (status ``unfinished``)."""


def feedback_text(round_id: str, text: str) -> str:
    return f"Feedback on your answer to the previous question ({round_id}): {text}\n\n" if text else ""


class ScenarioRunner:
    """Runs one attempt of one scenario and emits its events."""

    def __init__(self, ctx: ScenarioContext, scenario: Scenario, attempt: int, epoch: int = 1) -> None:
        self.ctx = ctx
        self.scenario = scenario
        self.attempt = attempt
        self.epoch = epoch
        # Epoch 1 keeps the usual folder; later epochs (run --epochs K) get their own inside it.
        self.out = ctx.out_dir / scenario.id / f"epoch-{epoch}" if epoch > 1 else ctx.out_dir / scenario.id
        self.workspace = self.out / "workspace"
        self.bus = ctx.emit

    def _fields(self) -> OriginFields:
        return Origin(self.ctx.run_id, self.scenario.id).fields()

    def _prepare(self) -> None:
        for name in ("workspace", "sessions", "evals", "workflows"):
            shutil.rmtree(self.out / name, ignore_errors=True)
        (self.out / "metadata.json").unlink(missing_ok=True)
        shutil.copytree(self.scenario.workspace_template, self.workspace, symlinks=True)

    def _runtime(self) -> ScenarioRuntime:
        settings = self.ctx.settings
        main_entry = self.ctx.config.main
        main_modalities: dict[str, int | bool] = (
            dict(main_entry.modalities.model_dump()) if main_entry else {"text": True}
        )
        providers = ScenarioProviders(
            self.ctx.config,
            self.scenario,
            self.workspace,
            self.bus.emit,
            self.ctx.policy,
            manager_override=self.ctx.manager_override,
            human=self.ctx.human,
            breaker=self.ctx.breaker,
        )
        runtime = ScenarioRuntime(
            run_id=self.ctx.run_id,
            scenario_id=self.scenario.id,
            workspace=self.workspace,
            accessible=self.scenario.manifest.main_agent_accessible_paths,
            delegable=self.scenario.manifest.main_agent_delegable_paths,
            readonly=self.scenario.manifest.main_agent_readonly_paths,
            emit=self.bus.emit,
            providers=providers,
            pool=pool_members(self.ctx.config),
            main_modalities=main_modalities,
            enabled_tools=settings.enabled_tools,
            limits=RuntimeLimits(
                settings.main_token_limit,
                settings.subagent_token_limit,
                settings.max_iterations,
                settings.unsafe_bash,
                tools_profile=settings.tools_profile,
            ),
            workflows_dir=self.out / "workflows",
            sandbox_limits=SandboxLimits.from_settings(settings),
        )
        providers.script_vars = RuntimeScriptVars(runtime)
        self.providers = providers
        return runtime

    def _unavailable(self) -> tuple[str, str] | None:
        """(host, last error) of a host this scenario uses whose breaker opened, or None."""
        tripped = self.providers.breaker.tripped
        used = self.providers.endpoints
        return next(((h, e) for h, e in tripped.items() if h in used), None)

    async def run(self) -> ScenarioOutcome:
        """Run every round; returns how the scenario ended."""
        await asyncio.to_thread(self._prepare)  # file work off the loop the UI and other scenarios share
        self.checks = scenario_host(self.scenario, self.workspace, self.bus)
        self.writes = RoundWrites()
        transcripts = TranscriptWriter(self.scenario.id, self.out / "sessions")
        self.bus.subscribe(transcripts)
        self.bus.emit(
            ev.ScenarioStarted(
                **self._fields(),
                round_ids=[r.id for r in self.scenario.rounds],
                delegation_rounds=[r.id for r in self.scenario.rounds if DELEGATION_TAG in r.tags],
                needs=self.scenario.needs,
                attempt=self.attempt,
                workspace=str(self.workspace),
                epoch=self.epoch,
            )
        )
        runtime = self._runtime()
        status: ScenarioStatus = "completed"
        reason, host = "", ""
        limit = self.ctx.settings.scenario_timeout_s
        try:
            async with asyncio.timeout(limit):
                stopped: RoundOutcome | None = None
                previous: tuple[str, str] | None = None
                for index, rnd in enumerate(self.scenario.rounds):
                    outcome, feedback = await self._round(runtime, transcripts, index, rnd, previous, stopped)
                    down = self._unavailable()
                    if down is not None:
                        host = down[0]
                        status, reason = "unfinished", f"provider unavailable: {host}: {down[1]}"
                        break
                    if outcome.loop == "provider_error":
                        status, reason = "failed", outcome.reason  # already "provider_error: …"
                    if outcome.loop == "token_limit" and stopped is None:
                        stopped = outcome
                    previous = (rnd.id, feedback)
        except TimeoutError:  # its unfinished rounds count as failed; --retry may run it again
            status, reason = "failed", f"scenario timed out after {limit:g} s"
        except asyncio.CancelledError:
            status, reason = "interrupted", "the run was interrupted"
            raise
        except Exception as exc:  # an infrastructure bug: recorded, the run goes on
            status, reason = "crashed", f"{type(exc).__name__}: {exc}"
        finally:
            try:
                await runtime.close()
            finally:  # the resident check sandbox is killed even when closing the runtime was interrupted
                await self.checks.close()
            self.bus.unsubscribe(transcripts)
            try:
                await self.writes.drain()
                await asyncio.to_thread(self._finish_files, transcripts, status)
            except OSError as exc:  # the scenario folder went away or the disk filled: recorded, run goes on
                status, reason = "crashed", f"could not write {exc.filename or 'the scenario folder'}: {exc.strerror}"
            self.bus.emit(ev.ScenarioFinished(**self._fields(), status=status, reason=reason))
        return ScenarioOutcome(status, reason, host)

    def _finish_files(self, transcripts: TranscriptWriter, status: ScenarioStatus) -> None:
        transcripts.flush()  # unsubscribed already: nothing appends while this thread writes
        transcripts.write_markdown()
        if status == "completed":
            write_metadata(self.out, self.scenario, self.ctx.run_id, self.attempt, status)

    async def _agent_work(self, runtime: ScenarioRuntime, text: str, rnd: Round, rems: list[Reminder]) -> RoundOutcome:
        settings = self.ctx.settings
        try:
            result = await asyncio.wait_for(runtime.ask(text, rnd.id, rems), settings.round_timeout_s)
        except TimeoutError:
            outcome = RoundOutcome("timed_out", f"round timed out after {settings.round_timeout_s:g} s")
        else:
            if result.status == "provider_unavailable":
                outcome = RoundOutcome("unavailable", result.detail, result.status, result.truncated)
            elif result.status != "completed":
                outcome = RoundOutcome(
                    "agent_stopped", f"{result.status}: {result.detail}", result.status, result.truncated
                )
            else:
                outcome = RoundOutcome("completed", "", result.status, result.truncated)
        if not await runtime.wait_background(settings.background_wait_s) and outcome.status == "completed":
            outcome = RoundOutcome(
                "timed_out",
                f"background work still running after {settings.background_wait_s:g} s",
                outcome.loop,
                outcome.truncated,
            )
        down = self._unavailable()
        if down is not None and outcome.status != "unavailable":
            outcome = RoundOutcome("unavailable", f"provider unavailable: {down[0]}", outcome.loop, outcome.truncated)
        if outcome.status in ("timed_out", "unavailable") and outcome.loop not in (
            "provider_error",
            "provider_unavailable",
        ):
            write_note(
                runtime.main_session(), f"round {rnd.id} {outcome.status.replace('_', ' ')}: {outcome.reason}", rnd.id
            )
        return outcome

    async def _round(
        self,
        runtime: ScenarioRuntime,
        transcripts: TranscriptWriter,
        index: int,
        rnd: Round,
        previous: tuple[str, str] | None,
        stopped: RoundOutcome | None,
    ) -> tuple[RoundOutcome, str]:
        self.bus.emit(
            ev.RoundStarted(
                **self._fields(), round_id=rnd.id, index=index, question=rnd.question, update_ids=list(rnd.update_ids)
            )
        )
        rems = [runtime.environment_reminder()] if index == 0 else []
        update_rem = await self._apply_updates(runtime, rnd)
        if update_rem is not None:
            rems.append(update_rem)
        text = (UPDATE_PREFIX if update_rem else "") + (feedback_text(*previous) if previous else "") + rnd.question
        if stopped is not None:
            outcome = RoundOutcome("skipped", f"main agent stopped earlier: {stopped.reason}")
        else:
            outcome = await self._agent_work(runtime, text, rnd, rems)
        await transcripts.flush_async(copy_to=self.workspace / "sessions")
        self.bus.emit(
            ev.RoundFinished(
                **self._fields(),
                round_id=rnd.id,
                status=outcome.status,
                reason=outcome.reason,
                truncated=outcome.truncated,
            )
        )
        if outcome.status == "unavailable":
            return outcome, ""
        check = None
        passed = False
        if outcome.checked:
            check = await run_check(
                rnd.eval,
                self.scenario.placeholder_values(self.workspace),
                self.workspace,
                default_timeout_s=self.ctx.settings.check_timeout_s,
                host=self.checks,
            )
            passed = check.passed
            self.bus.emit(
                ev.CheckFinished(
                    **self._fields(),
                    round_id=rnd.id,
                    command=check.command,
                    exit_code=check.exit_code,
                    expect_exit=rnd.eval.expect_exit,
                    stdout=check.stdout,
                    stderr=check.stderr,
                    timed_out=check.timed_out,
                    duration_ms=check.duration_ms,
                    passed=check.passed,
                )
            )
        feedback = rnd.feedback.correct if passed else rnd.feedback.incorrect
        self.bus.emit(
            ev.RoundScored(**self._fields(), round_id=rnd.id, passed=passed, reason=outcome.reason, feedback=feedback)
        )
        # Written while the next round's request is in flight; the scenario's end waits for it.
        self.writes.start(write_eval, self.out, rnd, check, passed, outcome.reason)
        return outcome, feedback

    async def _apply_updates(self, runtime: ScenarioRuntime, rnd: Round) -> Reminder | None:
        new: list[str] = []
        replaced: list[str] = []
        for uid in rnd.update_ids:
            group = self.scenario.manifest.updates[uid]
            ops = self.scenario.update_ops[uid]
            refused = await asyncio.to_thread(execute_update, ops, self.workspace)
            skipped = {line.split(": ", 1)[0] for line in refused}
            ops = [op for op in ops if op.dst not in skipped]
            files = [ev.UpdateFile(dst=op.dst, op=op.op, files=list(op.added_files)) for op in ops]
            self.bus.emit(
                ev.UpdateApplied(
                    **self._fields(), round_id=rnd.id, update_id=uid, op=group.op, files=files, refused=refused
                )
            )
            added = [f for op in ops for f in op.added_files]
            runtime.files_added(added)
            (new if group.op == "new" else replaced).extend(added)
        if not new and not replaced:
            return None
        return reminders.workspace_update(new, replaced, str(self.workspace))
