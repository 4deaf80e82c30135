"""Which model serves each agent session of a scenario: the model JSON, through the one registry.

The gate's ``null``/``greedy`` managers and the play console's person replace the manager
by provider name; everything else is the entry's own provider.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from arena_tui import events as ev
from arena_tui.agents.runtime import PoolMember
from arena_tui.agents.subagents import Subagent
from arena_tui.config import ModelConfig, ModelEntry
from arena_tui.dataset.model import Scenario
from arena_tui.errors import BadInputError
from arena_tui.providers.base import CallIdentity
from arena_tui.providers.human import HumanManager
from arena_tui.providers.model import CircuitBreaker, Model
from arena_tui.providers.registry import ScenarioFiles, display_name, make_provider
from arena_tui.providers.retry import RetryPolicy
from arena_tui.providers.script_vars import ScriptVars
from arena_tui.runner.baselines import BASELINES, baseline_api, wrap_worker
from arena_tui.vocabulary import POOL_KEYS


def entry_name(entry: ModelEntry) -> str:
    return display_name(entry)


def pool_members(config: ModelConfig) -> list[PoolMember]:
    members = []
    for key in POOL_KEYS:
        entry = getattr(config, key)
        if entry is None:
            continue
        modalities: dict[str, int | bool] = dict(entry.modalities.model_dump())
        members.append(PoolMember(key, entry_name(entry), modalities))
    return members


def simulated_labels(config: ModelConfig) -> list[str]:
    """Which roles are not real models (shown in every report and in the UI)."""
    out = []
    for key, entry in config.entries().items():
        if entry.provider in ("sim", "oracle", "scripted"):
            out.append(f"{key}: {entry_name(entry)}")
    return out


@dataclass
class ScenarioProviders:
    """The ProviderFactory of one scenario run (see ``ScenarioRuntime``)."""

    config: ModelConfig
    scenario: Scenario
    workspace: Path
    emit: Callable[[ev.Event], object]
    policy: RetryPolicy
    script_vars: ScriptVars | None = None
    manager_override: str | None = None
    """``"null"`` (never acts) or ``"greedy"`` (over-grants one omni subagent) replace the manager for the gate."""
    human: HumanManager | None = None
    """``play``: the person at the console is the manager."""
    breaker: CircuitBreaker = field(default_factory=CircuitBreaker)
    """The run's one breaker: consecutive failed requests and back-pressure per host, across scenarios."""
    endpoints: set[str] = field(default_factory=set)
    """Hosts this scenario's models talk to (an open breaker elsewhere does not stop it)."""

    def __call__(self, model_key: str, identity: CallIdentity, subagent: Subagent | None) -> Model:
        if self.manager_override in BASELINES:
            api = baseline_api(self.manager_override, model_key, self.scenario, self.script_vars)
            if api is not None:
                return Model(api, identity=identity, emit=self.emit, policy=self.policy, breaker=self.breaker)
        entry = getattr(self.config, model_key, None)
        name: str | None = None
        if model_key == "main" and self.manager_override is not None:
            name = self.manager_override
        elif model_key == "main" and self.human is not None:
            name = "human"
        if name is not None:  # a replaced manager: none of the entry's settings or prices apply
            entry = ModelEntry(provider="human" if name == "human" else "scripted")
        if entry is None:
            raise BadInputError(f"model JSON: no entry for '{model_key}'", fix=f"add a '{model_key}' entry to --model")
        manifest = self.scenario.manifest
        files = ScenarioFiles(
            workspace=self.workspace,
            solution_dir=self.scenario.solution_dir,
            truth_dir=self.scenario.truth_dir if self.scenario.truth_dir.is_dir() else None,
            manager_grant=(*manifest.main_agent_accessible_paths, *manifest.main_agent_delegable_paths),
        )
        model = make_provider(
            entry,
            provider=name,
            identity=identity,
            emit=self.emit,
            policy=self.policy,
            script_vars=self.script_vars,
            subagent_name=subagent.name if subagent else None,
            grant=list(subagent.grant) if subagent else [],
            tools=list(subagent.tools) if subagent else [],
            files=files,
            human=self.human,
            breaker=self.breaker,
        )
        if subagent is not None and self.manager_override in BASELINES:
            model.api = wrap_worker(
                self.manager_override, model.api, subagent.grant, subagent.tools, str(self.workspace)
            )
        if model.api.endpoint:
            self.endpoints.add(model.api.endpoint)
        return model
