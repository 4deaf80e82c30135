"""A scenario runtime on a tiny workspace, driven by scripted providers (one per session).

Layout under ``tmp_path/ws``::

    docs/brief.txt        main's accessible path
    deleg/notes.txt       delegable: main may only grant it
    deleg/img/pic.png     delegable media (a real 1x1 PNG)
    secret/keys.txt       neither: nobody may touch or grant it

The main agent's turns are keyed by round id (``ScriptedProvider(rounds=...)``); each
subagent's turns are keyed by its name and replayed from the start in every new session.
Tool-call arguments may use ``${workspace}``, ``${subagent:NAME}`` and ``${session:NAME}``.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from arena_tui import events as ev
from arena_tui.agents.runtime import PoolMember, RuntimeLimits, RuntimeScriptVars, ScenarioRuntime
from arena_tui.agents.subagents import Subagent
from arena_tui.providers.base import CallIdentity
from arena_tui.providers.messages import AssistantMessage, DeltaCallback, Message, ToolSchema
from arena_tui.providers.model import Model
from arena_tui.providers.scripted import ScriptedProvider, TurnFunction
from arena_tui.providers.trajectory import ScriptTurn
from arena_tui.vocabulary import ALL_TOOLS
from tests.tools.media import png_bytes

SCENARIO = "scn_agents"
RUN_ID = "run_agents"
NOTES = "code word: PELICAN"

Turn = Mapping[str, Any]
E = TypeVar("E", bound=ev.EventBase)

POOL = [
    PoolMember("llm", "text-model", {"text": True}),
    PoolMember("vlm", "vision-model", {"text": True, "image": 4, "video": 2}),
    PoolMember("omni", "omni-model", {"text": True, "image": 4, "video": 2, "audio": 2}),
]


def call(tool: str, /, **arguments: Any) -> dict[str, Any]:
    """One scripted tool call."""
    return {"name": tool, "arguments": arguments}


def turn(content: str = "", *calls: dict[str, Any]) -> dict[str, Any]:
    """One scripted assistant turn; no calls means a final answer."""
    return {"content": content, "tool_calls": list(calls)}


def last_user_text(messages: Sequence[Message]) -> str:
    return next((m.content for m in reversed(messages) if m.role == "user"), "")


@dataclass
class Script:
    """How to play one agent: its turns (or a function of the conversation) and its pacing."""

    turns: Sequence[Turn] | TurnFunction | Mapping[str, Sequence[Turn]]
    delay: float = 0.0
    """Seconds slept before every reply (a slow model)."""
    before: Callable[[int], Awaitable[None]] | None = None
    """Awaited before reply ``n`` (0-based), e.g. to wait for background work."""
    usage: Sequence[int] | None = None
    """Reported prompt tokens of reply ``n`` (the last value repeats)."""


class PacedProvider:
    """Wraps a scripted model: pacing, reported usage, and a record of what it was sent."""

    def __init__(self, inner: Model, script: Script) -> None:
        self.inner = inner
        self.script = script
        self.name = inner.name
        self.seen: list[list[Message]] = []
        self.closed = False

    @property
    def calls(self) -> int:
        return len(self.seen)

    def start_round(self, round_id: str) -> None:
        self.inner.start_round(round_id)

    async def complete(
        self, messages: Sequence[Message], tools: Sequence[ToolSchema] = (), *, on_delta: DeltaCallback | None = None
    ) -> AssistantMessage:
        index = len(self.seen)
        self.seen.append(list(messages))
        if self.script.delay:
            await asyncio.sleep(self.script.delay)
        if self.script.before is not None:
            await self.script.before(index)
        reply = await self.inner.complete(messages, tools, on_delta=on_delta)
        if self.script.usage:
            prompt = self.script.usage[min(index, len(self.script.usage) - 1)]
            reply = dataclasses.replace(
                reply, usage=ev.Usage(prompt_tokens=prompt, completion_tokens=0, total_tokens=prompt)
            )
        return reply

    async def aclose(self) -> None:
        self.closed = True
        await self.inner.aclose()


Spec = Script | Sequence[Turn] | TurnFunction


def _script(spec: Spec) -> Script:
    return spec if isinstance(spec, Script) else Script(spec)


@dataclass
class Factory:
    """The ProviderFactory: a fresh provider per session, scripted by subagent name."""

    main: Script
    subs: Mapping[str, Spec]
    script_vars: RuntimeScriptVars | None = None
    created: list[tuple[str, str | None, PacedProvider]] = field(default_factory=list)

    def __call__(self, model_key: str, identity: CallIdentity, subagent: Subagent | None) -> PacedProvider:
        if subagent is None:
            script, label = self.main, "main"
        else:
            script, label = (
                _script(self.subs.get(subagent.name, [turn(f"(no script for {subagent.name})")])),
                (subagent.name),
            )
        turns = script.turns
        if isinstance(turns, Mapping):
            api = ScriptedProvider(
                rounds={k: [ScriptTurn.model_validate(t) for t in v] for k, v in turns.items()},
                script_vars=self.script_vars,
            )
        elif callable(turns):
            api = ScriptedProvider(turns, script_vars=self.script_vars)
        else:
            api = ScriptedProvider(list(turns), script_vars=self.script_vars)
        provider = PacedProvider(Model(api, identity=identity), script)
        self.created.append((label, identity.session_id, provider))
        return provider

    def providers(self, label: str) -> list[PacedProvider]:
        return [p for name, _sid, p in self.created if name == label]


@dataclass
class Harness:
    ws: Path
    runtime: ScenarioRuntime
    factory: Factory
    bus: ev.EventBus
    events: list[ev.Event]
    workflows: Path

    def p(self, rel: str) -> str:
        """The absolute path of a workspace-relative path."""
        return str(self.ws / rel)

    def of(self, cls: type[E]) -> list[E]:
        return [e for e in self.events if isinstance(e, cls)]

    async def ask(self, question: str, round_id: str = "r1") -> Any:
        return await self.runtime.ask(question, round_id)

    def history_text(self) -> str:
        return "\n".join(m.content for m in self.runtime.main_session().history)

    def tool_results(self, tool: str, agent_id: str = ev.MAIN_AGENT) -> list[ev.ToolResult]:
        return [e for e in self.of(ev.ToolResult) if e.tool == tool and e.agent_id == agent_id]


def make_workspace(tmp: Path) -> Path:
    ws = tmp.resolve() / "ws"
    (ws / "docs").mkdir(parents=True)
    (ws / "deleg" / "img").mkdir(parents=True)
    (ws / "secret").mkdir()
    (ws / "docs" / "brief.txt").write_text("Project brief: find the code word.\n")
    (ws / "deleg" / "notes.txt").write_text(NOTES + "\n")
    (ws / "deleg" / "img" / "pic.png").write_bytes(png_bytes())
    (ws / "secret" / "keys.txt").write_text("TOP SECRET\n")
    return ws


def make_harness(
    tmp: Path,
    main: Script | Mapping[str, Sequence[Turn]] | TurnFunction,
    subs: Mapping[str, Spec] | None = None,
    *,
    limits: RuntimeLimits | None = None,
    enabled_tools: Sequence[str] = ALL_TOOLS,
) -> Harness:
    ws = make_workspace(tmp)
    events: list[ev.Event] = []
    bus = ev.EventBus(RUN_ID)
    bus.subscribe(events.append)
    factory = Factory(main if isinstance(main, Script) else Script(main), subs or {})
    workflows = tmp.resolve() / "out" / "workflows"
    runtime = ScenarioRuntime(
        run_id=RUN_ID,
        scenario_id=SCENARIO,
        workspace=ws,
        accessible=["docs"],
        delegable=["deleg"],
        emit=bus.emit,
        providers=factory,
        pool=POOL,
        main_modalities={"text": True},
        enabled_tools=list(enabled_tools),
        limits=limits or RuntimeLimits(),
        workflows_dir=workflows,
    )
    factory.script_vars = RuntimeScriptVars(runtime)
    return Harness(ws, runtime, factory, bus, events, workflows)
