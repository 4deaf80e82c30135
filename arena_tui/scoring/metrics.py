"""The management metrics of SPEC §5 for one subagent and one scenario.

Pure data with derived properties: nothing here reads files or clocks, so live panels,
reports, replay and rescore get identical numbers from identical events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

READ_ONLY_TOOLS = frozenset({"Read", "Grep", "Glob"})
MUTATING_TOOLS = frozenset({"Write", "Edit", "Bash"})
MEDIA_FOR_KEY = {"vlm": frozenset({"image", "video"}), "omni": frozenset({"audio"})}


def sms(tcr: float, tpp: float, roc: float, wpp: float, mca: float) -> float:
    """SMS = TCR × (TPP + ROC + WPP + MCA) / 4, every input a fraction in [0, 1]."""
    return tcr * (tpp + roc + wpp + mca) / 4.0


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


@dataclass
class SubagentScore:
    """What one subagent was granted against what it really used."""

    subagent_id: str
    name: str
    model_key: str
    tools_granted: list[str]
    paths_granted: list[str]
    via: str = "CreateSubagent"
    reachable: set[str] = field(default_factory=set)
    tools_used: set[str] = field(default_factory=set)
    touched: set[str] = field(default_factory=set)
    modalities_read: set[str] = field(default_factory=set)
    forbidden: int = 0
    sessions: list[str] = field(default_factory=list)

    @property
    def tpp(self) -> float:
        granted = set(self.tools_granted)
        return len(granted & self.tools_used) / len(granted) if granted else 0.0

    @property
    def roc(self) -> float:
        only_reads = self.tools_used <= READ_ONLY_TOOLS
        return 0.0 if only_reads and set(self.tools_granted) & MUTATING_TOOLS else 1.0

    @property
    def wpp(self) -> float:
        if not self.reachable:
            return 1.0 if self.touched else 0.0
        return min(1.0, len(self.touched) / len(self.reachable))

    @property
    def mca(self) -> float:
        needed = MEDIA_FOR_KEY.get(self.model_key)
        if needed is None:
            return 1.0
        return 1.0 if self.modalities_read & needed else 0.0


class ManagementMeans:
    """TPP/ROC/WPP/MCA as means over ``parts()`` (subagents of a scenario, scenarios of a run), and SMS."""

    @property
    def tcr(self) -> float:
        raise NotImplementedError

    def parts(self) -> Iterable[Any]:
        raise NotImplementedError

    def _mean(self, metric: str) -> float:
        return mean([float(getattr(part, metric)) for part in self.parts()])

    @property
    def tpp(self) -> float:
        return self._mean("tpp")

    @property
    def roc(self) -> float:
        return self._mean("roc")

    @property
    def wpp(self) -> float:
        return self._mean("wpp")

    @property
    def mca(self) -> float:
        return self._mean("mca")

    @property
    def sms(self) -> float:
        return sms(self.tcr, self.tpp, self.roc, self.wpp, self.mca)


@dataclass
class ScenarioScore(ManagementMeans):
    """One scenario's rounds and subagents; an unfinished scenario's missing rounds count as failed."""

    scenario_id: str
    round_ids: list[str]
    passed: dict[str, bool] = field(default_factory=dict)
    status: str = "pending"
    reason: str = ""
    attempt: int = 0
    subagents: dict[str, SubagentScore] = field(default_factory=dict)
    maf: int = 0
    saft: int = 0
    # Invocation counts: new/continue × foreground/background, workflow, workflow_agent.
    inv: dict[str, int] = field(default_factory=dict)

    @property
    def rounds_passed(self) -> int:
        return sum(1 for rid in self.round_ids if self.passed.get(rid))

    @property
    def tcr(self) -> float:
        return self.rounds_passed / len(self.round_ids) if self.round_ids else 0.0

    def parts(self) -> Iterable[Any]:
        return self.subagents.values()

    @property
    def finished(self) -> bool:
        return self.status == "completed"
