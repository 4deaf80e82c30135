"""Which provider serves each agent session of a scenario, from the model configuration.

Real and scripted entries go through the provider registry. The runner itself supplies
``oracle`` (the scenario's reference trajectory, replayed through the real tools), ``sim``
(the simulated pool) and ``null`` (a manager that answers without acting, for the gate).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arena_tui import events as ev
from arena_tui.agents.runtime import PoolMember
from arena_tui.agents.subagents import Subagent
from arena_tui.config import POOL_KEYS, ModelConfig, ModelEntry
from arena_tui.dataset.model import Scenario
from arena_tui.errors import BadInputError
from arena_tui.providers.base import CallIdentity, Provider
from arena_tui.providers.baselines import BASELINES, baseline_provider
from arena_tui.providers.greedy import GreedyManager
from arena_tui.providers.human import HUMAN_NAME, HumanManager
from arena_tui.providers.registry import make_provider
from arena_tui.providers.retry import RetryPolicy
from arena_tui.providers.script_vars import ScriptVars
from arena_tui.providers.scripted import ScriptedProvider
from arena_tui.providers.sim import SIM_NAME, SimWorker
from arena_tui.providers.trajectory import load_trajectory

ORACLE_NAME = "oracle (reference trajectory)"
NULL_NAME = "null (answers without acting)"


def entry_name(entry: ModelEntry) -> str:
    if entry.provider == "sim":
        return SIM_NAME
    if entry.provider == "oracle":
        return ORACLE_NAME
    if entry.provider == "human":
        return HUMAN_NAME
    return entry.display_name


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

    def __call__(self, model_key: str, identity: CallIdentity, subagent: Subagent | None) -> Provider:
        if model_key == "main" and self.manager_override == "null":
            return ScriptedProvider([], name=NULL_NAME, identity=identity, emit=self.emit)
        if model_key == "main" and self.manager_override == "greedy":
            manifest = self.scenario.manifest
            grant = [*manifest.main_agent_accessible_paths, *manifest.main_agent_delegable_paths]
            return GreedyManager(grant, identity, self.emit)
        if self.manager_override in BASELINES:
            baseline = baseline_provider(
                self.manager_override, model_key, self.scenario, self.script_vars, identity, self.emit
            )
            if baseline is not None:
                return baseline
        if model_key == "main" and self.human is not None:
            return self.human.provider(identity, self.emit)
        entry = getattr(self.config, model_key, None)
        if entry is None:
            raise BadInputError(f"model JSON: no entry for '{model_key}'", fix=f"add a '{model_key}' entry to --model")
        if entry.provider == "oracle":
            trajectory = load_trajectory(self.scenario.solution_dir / "trajectory.json")
            return ScriptedProvider(
                rounds=trajectory, script_vars=self.script_vars, name=ORACLE_NAME, identity=identity, emit=self.emit
            )
        if entry.provider == "sim":
            grant = [os.path.join(self.workspace, p) for p in (subagent.grant if subagent else [])]
            return SimWorker(
                grant=grant,
                tools=subagent.tools if subagent else [],
                workspace=str(self.workspace),
                truth_dir=self.scenario.truth_dir if self.scenario.truth_dir.is_dir() else None,
                identity=identity,
                emit=self.emit,
            )
        return make_provider(
            entry,
            identity=identity,
            emit=self.emit,
            policy=self.policy,
            script_vars=self.script_vars,
            subagent_name=subagent.name if subagent else None,
        )
