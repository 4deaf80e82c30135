"""Provider names → backends: the one place every model of a run is chosen.

Every name a model JSON (or a preset) may use is registered here: the five real
provider names share one OpenAI-compatible backend; ``scripted`` replays a trajectory
file; ``oracle`` replays the scenario's reference trajectory; ``sim`` is the simulated
pool; ``human`` is the person at the play console; ``null`` and ``greedy`` are the
managers of the dataset gate. :func:`make_provider` wraps the backend in the one
:class:`~arena_tui.providers.model.Model`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from arena_tui.config import REAL_PROVIDERS, ModelConfig, ModelEntry
from arena_tui.errors import ConfigError
from arena_tui.providers.base import CallIdentity, Emit, ModelAPI, ProviderNotAvailable, no_emit
from arena_tui.providers.greedy import GreedyManager
from arena_tui.providers.human import HumanManager
from arena_tui.providers.model import CircuitBreaker, Model, Pricing
from arena_tui.providers.openai_compat import OpenAICompatAPI
from arena_tui.providers.retry import RetryPolicy
from arena_tui.providers.script_vars import ScriptVars
from arena_tui.providers.scripted import ScriptedProvider
from arena_tui.providers.sim import SIM_NAME, SimWorker
from arena_tui.providers.trajectory import TrajectoryError, load_trajectory, resolve_script_path, turns_for
from arena_tui.vocabulary import HUMAN_NAME

ORACLE_NAME = "oracle (reference trajectory)"
NULL_NAME = "null (answers without acting)"


@dataclass(frozen=True)
class ScenarioFiles:
    """What scenario-bound backends read: the workspace and the scenario's reference files."""

    workspace: Path
    solution_dir: Path
    truth_dir: Path | None = None
    manager_grant: tuple[str, ...] = ()
    """Everything the manager may touch or grant (the greedy manager grants it all)."""


@dataclass(frozen=True)
class ProviderContext:
    """Everything a factory may need; new fields get defaults so factories keep working."""

    entry: ModelEntry
    identity: CallIdentity
    emit: Emit = no_emit
    policy: RetryPolicy | None = None
    script_vars: ScriptVars | None = None
    subagent_name: str | None = None
    """For pool keys: the subagent whose session this provider serves."""
    grant: Sequence[str] = ()
    """For pool keys: the subagent's granted paths (absolute)."""
    tools: Sequence[str] = ()
    """For pool keys: the subagent's granted tools."""
    env: Mapping[str, str] | None = None
    files: ScenarioFiles | None = None
    human: HumanManager | None = None
    breaker: CircuitBreaker | None = field(default=None)


ProviderFactory = Callable[[ProviderContext], ModelAPI]
_FACTORIES: dict[str, ProviderFactory] = {}


def register_provider(name: str, factory: ProviderFactory) -> None:
    """Make ``name`` buildable (tests register doubles this way)."""
    _FACTORIES[name] = factory


def registered_providers() -> list[str]:
    return sorted(_FACTORIES)


def display_name(entry: ModelEntry) -> str:
    """The name reports and the UI show for an entry."""
    return {"sim": SIM_NAME, "oracle": ORACLE_NAME, "human": HUMAN_NAME}.get(entry.provider, entry.display_name)


def _files(ctx: ProviderContext, name: str) -> ScenarioFiles:
    if ctx.files is None:
        raise ProviderNotAvailable(
            f"provider '{name}' plays inside a scenario; use it through `run`, `play` or `check --gate`"
        )
    return ctx.files


def _openai_compat(ctx: ProviderContext) -> ModelAPI:
    return OpenAICompatAPI(ctx.entry, policy=ctx.policy, env=ctx.env)


def _scripted(ctx: ProviderContext) -> ModelAPI:
    entry = ctx.entry
    path = resolve_script_path(entry.script or "", entry.base_dir)
    trajectory = load_trajectory(path)
    name = entry.name or f"scripted:{path.name}"
    scenario = ctx.identity.scenario_id
    if ctx.identity.model_key == "main":
        return ScriptedProvider(rounds=trajectory, script_vars=ctx.script_vars, name=name, scenario_id=scenario)
    turns = turns_for(trajectory, ctx.subagent_name or "*", scenario)
    return ScriptedProvider(turns, script_vars=ctx.script_vars, name=name)


def _oracle(ctx: ProviderContext) -> ModelAPI:
    trajectory = load_trajectory(_files(ctx, "oracle").solution_dir / "trajectory.json")
    return ScriptedProvider(rounds=trajectory, script_vars=ctx.script_vars, name=ORACLE_NAME)


def _sim(ctx: ProviderContext) -> ModelAPI:
    files = _files(ctx, "sim")
    return SimWorker(
        grant=[os.path.join(files.workspace, p) for p in ctx.grant],
        tools=list(ctx.tools),
        workspace=str(files.workspace),
        truth_dir=files.truth_dir,
    )


def _human(ctx: ProviderContext) -> ModelAPI:
    if ctx.human is None:
        raise ProviderNotAvailable("provider 'human' is the person at the console; use it through `play`")
    return ctx.human.provider()


def _null(ctx: ProviderContext) -> ModelAPI:
    return ScriptedProvider([], name=NULL_NAME)


def _greedy(ctx: ProviderContext) -> ModelAPI:
    return GreedyManager(list(_files(ctx, "greedy").manager_grant))


for _name in REAL_PROVIDERS:
    register_provider(_name, _openai_compat)
register_provider("scripted", _scripted)
register_provider("oracle", _oracle)
register_provider("sim", _sim)
register_provider("human", _human)
register_provider("null", _null)
register_provider("greedy", _greedy)


def make_provider(
    entry: ModelEntry,
    *,
    provider: str | None = None,
    identity: CallIdentity | None = None,
    emit: Emit = no_emit,
    policy: RetryPolicy | None = None,
    script_vars: ScriptVars | None = None,
    subagent_name: str | None = None,
    grant: Sequence[str] = (),
    tools: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    files: ScenarioFiles | None = None,
    human: HumanManager | None = None,
    breaker: CircuitBreaker | None = None,
) -> Model:
    """Build a fresh model for one agent or session (never share one between agents).

    ``provider`` overrides the entry's provider name (the gate's ``null``/``greedy`` managers).
    """
    name = provider or entry.provider
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ProviderNotAvailable(f"provider '{name}' is not registered (known: {', '.join(sorted(_FACTORIES))})")
    ctx = ProviderContext(
        entry=entry,
        identity=identity or CallIdentity(),
        emit=emit,
        policy=policy,
        script_vars=script_vars,
        subagent_name=subagent_name,
        grant=grant,
        tools=tools,
        env=env,
        files=files,
        human=human,
        breaker=breaker,
    )
    pricing = Pricing(entry.price_in, entry.price_out, entry.price_cached_in)
    return Model(factory(ctx), identity=ctx.identity, emit=emit, policy=policy, pricing=pricing, breaker=breaker)


def check_runnable(config: ModelConfig, *, needs_main: bool = True) -> None:
    """Before any scenario starts: a manager entry exists and every scripted trajectory file loads.

    Without this, a typo in a ``script`` path or a missing ``main`` would only show as every
    scenario "crashing" one after the other.
    """
    if needs_main and config.main is None:
        raise ConfigError(
            "model JSON: main: missing (the manager model under test)",
            fix='add a "main" entry, e.g. "main": {"provider": "openai_compat", "model_id": ..., "api_base": ...}',
        )
    for key, entry in config.entries().items():
        if entry.provider != "scripted":
            continue
        path = resolve_script_path(entry.script or "", entry.base_dir)
        try:
            load_trajectory(path)
        except TrajectoryError as exc:
            raise ConfigError(
                f"model JSON: {key}.script: {exc.message}",
                fix=exc.fix or "point it at a readable trajectory JSON file (relative paths start at the model JSON)",
            ) from None
