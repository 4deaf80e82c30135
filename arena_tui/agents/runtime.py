"""The agent runtime of one scenario: the main session, subagents, sessions and background work.

It owns no policy about rounds or checks (that is the runner's); it answers "ask the
manager this question" and implements what the subagent and workflow tools do.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, Protocol

from arena_tui import events as ev
from arena_tui import ids
from arena_tui.agents import prompts, reminders
from arena_tui.agents.background import BackgroundRegistry
from arena_tui.agents.loop import LoopResult, run_loop
from arena_tui.agents.session import AgentSession
from arena_tui.agents.subagents import Subagent, SubagentRegistry
from arena_tui.origin import Origin
from arena_tui.providers.base import CallIdentity, Provider
from arena_tui.sandbox.limits import DEFAULT_LIMITS, SandboxLimits
from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools import ToolContext, ToolRunner, basic_tools
from arena_tui.tools.base import TaskResult, Tool, ToolError
from arena_tui.tools.host import SessionRun
from arena_tui.tools.readstate import ReadLedger
from arena_tui.tools.subagent_tools import subagent_tools
from arena_tui.tools.workflow_tool import WorkflowTool


class ProviderFactory(Protocol):
    """Builds a fresh provider for one agent session (never shared between sessions)."""

    def __call__(self, model_key: str, identity: CallIdentity, subagent: Subagent | None) -> Provider: ...


@dataclass(frozen=True)
class RuntimeLimits:
    main_token_limit: int = 200_000
    subagent_token_limit: int = 100_000
    max_iterations: int = 80
    unsafe_bash: bool = False
    workflow_cpu_s: float = 5.0
    tools_profile: str = "arena"
    """``compat``: the earlier release's tool surface (agents/compat_tools.py)."""


@dataclass(frozen=True)
class PoolMember:
    """What the runtime needs to know of one pool key."""

    key: str
    name: str
    modalities: dict[str, int | bool]


class ScenarioRuntime:
    """Main agent + subagents of one scenario run."""

    def __init__(
        self,
        *,
        run_id: str,
        scenario_id: str,
        workspace: Path,
        accessible: Sequence[str],
        delegable: Sequence[str],
        emit: Callable[[ev.Event], object],
        readonly: Sequence[str] = (),
        providers: ProviderFactory,
        pool: Sequence[PoolMember],
        main_modalities: dict[str, int | bool],
        enabled_tools: Sequence[str],
        limits: RuntimeLimits,
        workflows_dir: Path,
        sandbox_limits: SandboxLimits = DEFAULT_LIMITS,
    ) -> None:
        self.run_id = run_id
        self.scenario_id = scenario_id
        self.origin = Origin(run_id, scenario_id, ev.MAIN_AGENT)
        self.workspace = workspace
        self.accessible = list(accessible)
        self.delegable = list(delegable)
        self.emit = emit
        self.providers = providers
        self.pool = {m.key: m for m in pool}
        self.main_modalities = main_modalities
        self.enabled_tools = list(enabled_tools)
        self.limits = limits
        self.workflows_dir = workflows_dir
        self.sandbox_limits = sandbox_limits
        self.reads = ReadLedger()
        _create_missing_folders(workspace, [*self.accessible, *self.delegable])
        self.main_scope = ScopeGuard.for_main(workspace, self.accessible, self.delegable, readonly)
        self.subagents = SubagentRegistry(self.main_scope, list(self.pool), emit, self.origin)
        self.background = BackgroundRegistry(emit, self.origin)
        self.round_id: str | None = None
        # Disabled tools are absent, not refused: calling one is an unknown tool, not a forbidden access.
        self.compat = limits.tools_profile == "compat"
        if self.compat:
            self.enabled_tools = [t for t in self.enabled_tools if t != "InspectSubagent"]
        every = _profile_tools([*basic_tools(), *subagent_tools(self), WorkflowTool(self)], self)
        self.main_runner = ToolRunner(t for t in every if t.name in self.enabled_tools)
        self.sub_runner = ToolRunner(_profile_tools(basic_tools(), self))
        self._main: AgentSession | None = None

    # --- identity and script variables ----------------------------------------------

    @property
    def workflow_cpu_s(self) -> float:
        return self.limits.workflow_cpu_s

    def subagent_id(self, name: str) -> str | None:
        return self.subagents.by_name.get(name)

    def session_id(self, name: str) -> str | None:
        sid = self.subagents.by_name.get(name)
        return self.subagents.by_id[sid].last_session if sid else None

    # --- the main agent ---------------------------------------------------------------

    def main_session(self) -> AgentSession:
        if self._main is None:
            self._main = self._session(
                self.origin,
                "main",
                tools=self.enabled_tools,
                modalities=self.main_modalities,
                token_limit=self.limits.main_token_limit,
                system_prompt=prompts.main_system_prompt(self.enabled_tools),
                label="main",
                scope=self.main_scope,
                subagent=None,
            )
        return self._main

    def _session(
        self,
        origin: Origin,
        model_key: str,
        *,
        tools: Sequence[str],
        modalities: dict[str, int | bool],
        token_limit: int,
        system_prompt: str,
        label: str,
        scope: ScopeGuard,
        subagent: Subagent | None,
    ) -> AgentSession:
        """One agent session: its tool context, its own provider and its limits."""
        agent_id = origin.agent_id or ev.MAIN_AGENT
        is_main = subagent is None
        ctx = ToolContext(
            agent_id=agent_id,
            scope=scope,
            granted_tools=frozenset(tools),
            session_id=origin.session_id,
            scenario_id=self.scenario_id,
            run_id=self.run_id,
            modalities=dict(modalities),
            emit=self.emit,
            reads=self.reads,
            unsafe_bash=self.limits.unsafe_bash,
            limits=self.sandbox_limits,
            background=self.background if is_main else None,
        )
        identity = CallIdentity(self.run_id, self.scenario_id, agent_id, origin.session_id, model_key)
        runner = self.main_runner if is_main else self.sub_runner
        return AgentSession(
            agent_id=agent_id,
            session_id=origin.session_id,
            model_key=model_key,
            provider=self.providers(model_key, identity, subagent),
            tool_specs=runner.specs(tools),
            ctx=ctx,
            token_limit=token_limit,
            max_iterations=self.limits.max_iterations,
            system_prompt=system_prompt,
            label=label,
        )

    def environment_reminder(self) -> reminders.Reminder:
        modalities = [m for m, v in self.main_modalities.items() if v]
        return reminders.environment(
            self.scenario_id,
            self.main_scope.first_root(),
            [f"{self.workspace}/{p}" for p in self.accessible],
            [f"{self.workspace}/{p}" for p in self.delegable],
            modalities,
            self.limits.main_token_limit,
            self.limits.subagent_token_limit,
            {k: m.name for k, m in self.pool.items()},
        )

    async def ask(self, question: str, round_id: str, extra_reminders: Sequence[reminders.Reminder] = ()) -> LoopResult:
        """One round of the main agent: the question in, its final reply out."""
        self.round_id = round_id
        session = self.main_session()
        session.provider.start_round(round_id)
        usage = reminders.context_usage(session.tokens, session.token_limit)
        return await run_loop(
            session,
            self.main_runner,
            question,
            round_id=round_id,
            reminders_now=[*extra_reminders, usage],
            notifications=self._drain_notifications,
        )

    def _drain_notifications(self) -> list[str]:
        return self.background.drain_notifications(self.origin)

    # --- subagents ----------------------------------------------------------------------

    def _new_session(self, sub: Subagent, named: str | None = None) -> AgentSession:
        sid = named or ids.session_id()
        session = self._session(
            self.origin.at(sub.subagent_id, sid),
            sub.model_key,
            tools=sub.tools,
            modalities=self.pool[sub.model_key].modalities,
            token_limit=self.limits.subagent_token_limit,
            system_prompt=sub.system_prompt
            if self.compat
            else prompts.subagent_system_prompt(
                sub.system_prompt, sub.name, sub.tools, [f"{self.workspace}/{p}" for p in sub.grant]
            ),
            label=sub.name,
            scope=sub.scope,
            subagent=sub,
        )
        sub.sessions[sid] = session
        return session

    def open_session(self, subagent_id: str, session_id: str | None) -> tuple[Subagent, AgentSession, bool]:
        """The session to run: the named one when it exists (continued), else a new one.

        A caller-named id that does not exist yet creates the session under that id, so a
        manager may name its sessions and continue them by name (as the earlier release does).
        """
        sub = self.subagents.get(subagent_id)
        if session_id and session_id in sub.sessions:
            if session_id in sub.running:
                raise ToolError(f"session '{session_id}' is still running; wait for its notification first")
            session, continued = sub.sessions[session_id], True
        else:
            if session_id and not ids.valid_session_id(session_id):
                raise ToolError(
                    f"session_id '{session_id}' is not usable: use 1-64 letters, digits, '_', '.' or '-' "
                    "(not starting with '.'), or omit it for a new session"
                )
            session, continued = self._new_session(sub, session_id or None), False
        sub.last_session = session.session_id
        return sub, session, continued

    async def run_session(self, run: SessionRun) -> LoopResult:
        sub = self.subagents.get(run.subagent_id)
        sid, session = run.session_id, sub.sessions[run.session_id]
        sub.running.add(sid)
        fields = self.origin.at(sub.subagent_id, sid).fields()
        self.emit(
            ev.SubagentRunStarted(
                **fields,
                subagent_id=sub.subagent_id,
                mode=run.mode,
                continued=run.continued,
                task_id=run.task_id,
                description=run.description,
                prompt=run.prompt,
                via=run.via,
                workflow_id=run.workflow_id,
                alongside=run.alongside,
            )
        )
        result: LoopResult | None = None
        try:
            result = await run_loop(session, self.sub_runner, run.prompt, round_id=self.round_id)
            return result
        finally:
            sub.running.discard(sid)
            status: Literal["completed", "failed", "stopped"] = (
                "completed" if result is not None and result.status == "completed" else "failed"
            )
            if result is not None and result.status in ("token_limit", "max_iterations"):
                status = "stopped"
            self.emit(
                ev.SubagentRunFinished(
                    **fields,
                    subagent_id=sub.subagent_id,
                    status=status,
                    result=result.text if result else "",
                    reason=result.detail if result else "cancelled",
                    turns=session.turns,
                )
            )

    def start_background(self, run: SessionRun) -> str:
        task_id = ids.task_id("task")
        sub = self.subagents.get(run.subagent_id)
        run = replace(run, mode="background", task_id=task_id)

        async def work() -> TaskResult:
            result = await self.run_session(run)
            status: ev.TaskStatus = "completed" if result.status == "completed" else "failed"
            text = result.text if result.status == "completed" else f"{result.status}: {result.detail}\n{result.text}"
            return status, text

        summary = f"subagent_id={sub.subagent_id} session_id={run.session_id} name={sub.name}"
        # Claim the session now, not when the task first runs: another call of the same turn
        # must not open it meanwhile and drive the same history concurrently.
        sub.running.add(run.session_id)
        return self.background.start("subagent", run.description or sub.name, summary, work(), task_id=task_id)

    # --- lifecycle ----------------------------------------------------------------------

    def files_added(self, added: Sequence[str]) -> None:
        """An update put ``added`` into the workspace: grow the grants that cover them."""
        self.subagents.grow(added)

    async def wait_background(self, timeout: float) -> bool:
        return await self.background.wait_all(timeout)

    async def close(self) -> None:
        await self.background.cancel_all()
        sessions = [s for sub in self.subagents.by_id.values() for s in sub.sessions.values()]
        if self._main is not None:
            sessions.append(self._main)
        for session in sessions:
            with contextlib.suppress(Exception):
                await session.provider.aclose()


def _profile_tools(tools: Sequence[Tool], runtime: ScenarioRuntime) -> list[Tool]:
    """The tools of the runtime's profile: compat swaps in the earlier release's Bash and RunSubagent."""
    if not runtime.compat:
        return list(tools)
    from arena_tui.agents.compat_tools import SchemaRunSubagentTool, StrictBashTool

    swap: dict[str, Tool] = {"Bash": StrictBashTool(), "RunSubagent": SchemaRunSubagentTool(runtime)}
    return [swap.get(t.name, t) for t in tools]


def _create_missing_folders(workspace: Path, paths: Sequence[str]) -> None:
    """Access paths the data names but git could not store (empty folders agents write into)."""
    for rel in paths:
        clean = os.path.normpath(rel.strip("/"))
        if clean in ("", ".") or clean.startswith("..") or Path(clean).suffix:
            continue
        target = workspace / clean
        real, root = os.path.realpath(target), os.path.realpath(workspace)
        if not real.startswith(root.rstrip("/") + "/"):
            continue  # through a link out of the workspace: never create anything there
        if not os.path.lexists(target):
            Path(real).mkdir(parents=True, exist_ok=True)


@dataclass(frozen=True)
class RuntimeScriptVars:
    """``${workspace}``, ``${subagent:NAME}`` and ``${session:NAME}`` for scripted trajectories."""

    runtime: ScenarioRuntime

    @property
    def workspace(self) -> str:
        return str(self.runtime.workspace)

    def subagent_id(self, name: str) -> str | None:
        return self.runtime.subagent_id(name)

    def session_id(self, name: str) -> str | None:
        return self.runtime.session_id(name)
