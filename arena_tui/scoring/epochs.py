"""Repeated runs (``run --epochs K``): a scenario's figures over its epochs, and pass^k / pass@k.

Each epoch is an independent session of the scenario, stored as its own attempt with its
epoch number; the fold keeps every epoch (``RunScores.epochs``). A scenario's figure over
epochs is the mean of its epochs' figures (TCR: passed rounds ÷ rounds over all epochs, the
same thing when every epoch has the same rounds). For a round, pass^k (all k epochs passed,
tau-bench's measure of consistency) and pass@k (at least one passed) are reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.metrics import ManagementMeans, ScenarioScore


@dataclass
class EpochMeans(ManagementMeans):
    """One scenario over its epochs."""

    epochs: list[ScenarioScore]

    @property
    def rounds_passed(self) -> int:
        return sum(s.rounds_passed for s in self.epochs)

    @property
    def rounds_total(self) -> int:
        return sum(len(s.round_ids) for s in self.epochs)

    @property
    def tcr(self) -> float:
        return self.rounds_passed / self.rounds_total if self.rounds_total else 0.0

    def _aggregate(self, metric: str) -> float:
        values = [float(getattr(s, metric)) for s in self.epochs]
        return sum(values) / len(values) if values else 0.0

    @property
    def status(self) -> str:
        """``completed`` when every epoch completed, else the first other status."""
        return next((s.status for s in self.epochs if s.status != "completed"), "completed")

    @property
    def reason(self) -> str:
        return next((s.reason for s in self.epochs if s.status != "completed"), "")

    def round_passes(self) -> dict[str, list[bool]]:
        """Per round, whether each epoch passed it."""
        first = self.epochs[0].round_ids if self.epochs else []
        return {rid: [bool(s.passed.get(rid)) for s in self.epochs] for rid in first}


def scenario_over_epochs(scores: RunScores, scenario_id: str) -> EpochMeans:
    return EpochMeans(list(scores.epochs_of(scenario_id).values()))


def pass_k(scores: RunScores) -> dict[str, Any]:
    """``report.json``'s ``pass_k``: over every (scenario, round), the share all k epochs passed
    (pass^k) and the share at least one did (pass@k); per scenario too."""
    per: dict[str, dict[str, float]] = {}
    every = anyone = count = 0
    for sid in scores.scenarios:
        passes = scenario_over_epochs(scores, sid).round_passes()
        all_k = sum(all(p) for p in passes.values())
        any_k = sum(any(p) for p in passes.values())
        n = len(passes)
        per[sid] = {"pass_hat_k": round(all_k / n, 6) if n else 0.0, "pass_at_k": round(any_k / n, 6) if n else 0.0}
        every, anyone, count = every + all_k, anyone + any_k, count + n
    return {
        "k": scores.epoch_count,
        "pass_hat_k": round(every / count, 6) if count else 0.0,
        "pass_at_k": round(anyone / count, 6) if count else 0.0,
        "per_scenario": per,
    }


def merge_as_epochs(runs: list[RunScores]) -> RunScores:
    """Several runs of the same scenarios as one run with one epoch per run (human participants).

    A scenario's epochs are the runs that have it, in the order given; tokens are kept per run.
    """
    scenarios: dict[str, ScenarioScore] = {}
    epochs: dict[str, dict[int, ScenarioScore]] = {}
    tokens = {}
    participants: list[str] = []
    think: dict[str, dict[str, float]] = {}
    for i, run in enumerate(runs, 1):
        for sid, score in run.scenarios.items():
            scenarios[sid] = score
            epochs.setdefault(sid, {})[len(epochs.get(sid, {})) + 1] = score
        tokens.update({f"{i}:{agent}": t for agent, t in run.tokens.items()})
        who = run.participants or [f"participant {i}"]
        participants += [p for p in who if p not in participants]
        for sid, rounds in run.think_s.items():
            think[f"{who[0]}:{sid}"] = dict(rounds)
    simulated = sorted({label for run in runs for label in run.simulated})
    return RunScores(scenarios, tokens, simulated, epochs=epochs, participants=participants, think_s=think)
