"""Provider names → constructors. Everything that builds a provider goes through here.

The five real provider names share one client (OpenAI-compatible API, different base
URLs). ``scripted`` is built from its trajectory file. ``oracle``, ``sim`` and ``human``
belong to the runner, which registers them with :func:`register_provider` at start-up;
until then asking for one is a clear :class:`ProviderNotAvailable`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from arena_tui.config import REAL_PROVIDERS, ModelEntry
from arena_tui.providers.base import CallIdentity, Emit, Provider, ProviderNotAvailable, no_emit
from arena_tui.providers.openai_compat import OpenAICompatProvider
from arena_tui.providers.retry import RetryPolicy
from arena_tui.providers.script_vars import ScriptVars
from arena_tui.providers.scripted import ScriptedProvider
from arena_tui.providers.trajectory import load_trajectory, resolve_script_path, turns_for


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
    env: Mapping[str, str] | None = None


ProviderFactory = Callable[[ProviderContext], Provider]
_FACTORIES: dict[str, ProviderFactory] = {}


def register_provider(name: str, factory: ProviderFactory) -> None:
    """Make ``name`` buildable (the runner registers oracle, sim and human this way)."""
    _FACTORIES[name] = factory


def registered_providers() -> list[str]:
    return sorted(_FACTORIES)


def _openai_compat(ctx: ProviderContext) -> Provider:
    return OpenAICompatProvider(ctx.entry, identity=ctx.identity, emit=ctx.emit, policy=ctx.policy, env=ctx.env)


def _scripted(ctx: ProviderContext) -> Provider:
    entry = ctx.entry
    path = resolve_script_path(entry.script or "", entry.base_dir)
    trajectory = load_trajectory(path)
    name = entry.name or f"scripted:{path.name}"
    if ctx.identity.model_key == "main":
        return ScriptedProvider(
            rounds=trajectory, script_vars=ctx.script_vars, name=name, identity=ctx.identity, emit=ctx.emit
        )
    turns = turns_for(trajectory, ctx.subagent_name or "*")
    return ScriptedProvider(turns, script_vars=ctx.script_vars, name=name, identity=ctx.identity, emit=ctx.emit)


for _name in REAL_PROVIDERS:
    register_provider(_name, _openai_compat)
register_provider("scripted", _scripted)


def make_provider(
    entry: ModelEntry,
    *,
    identity: CallIdentity | None = None,
    emit: Emit = no_emit,
    policy: RetryPolicy | None = None,
    script_vars: ScriptVars | None = None,
    subagent_name: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Provider:
    """Build a fresh provider for one agent or session (never share one between agents)."""
    factory = _FACTORIES.get(entry.provider)
    if factory is None:
        raise ProviderNotAvailable(
            f"provider '{entry.provider}' is provided by the runner and is not registered here; "
            "use it through `run`/`play` (or call register_provider first)"
        )
    ctx = ProviderContext(
        entry=entry,
        identity=identity or CallIdentity(),
        emit=emit,
        policy=policy,
        script_vars=script_vars,
        subagent_name=subagent_name,
        env=env,
    )
    return factory(ctx)
