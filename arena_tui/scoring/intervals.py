"""95 % intervals for a run's headline figures: a percentile bootstrap over scenarios.

A run is reduced to one cell per scenario and epoch (rounds passed, rounds, TPP, ROC, WPP,
MCA, manager cost). A resample draws the scenarios with replacement and, when the run has
several epochs, each drawn scenario's epochs with replacement, then recomputes every figure
with the run's own formulas (TCR = passed ÷ rounds, management figures = mean over scenarios
of the mean over epochs, SMS = TCR × (TPP + ROC + WPP + MCA) / 4, cost = the total). The
interval is the 2.5th and 97.5th percentile of the resampled figures. The generator is
seeded, so the same store always gives the same interval (docs/scoring.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from arena_tui.scoring.fold import RunScores

FIGURES = ("TCR", "TPP", "ROC", "WPP", "MCA", "SMS", "cost_usd")
RESAMPLES = 2000
SEED = 29
LEVEL = 0.95
METHOD = "percentile bootstrap over scenarios, and over epochs within each scenario when there are several"

Array = npt.NDArray[np.float64]
_PASSED, _TOTAL, _COST = 0, 1, 6


@dataclass(frozen=True)
class Cells:
    """One row per scenario, one column per epoch, seven values per cell (see module doc)."""

    scenario_ids: list[str]
    values: Array
    """Shape (scenarios, epochs, 7)."""

    @property
    def epochs(self) -> int:
        return int(self.values.shape[1]) if self.values.size else 1

    def only(self, scenario_ids: list[str]) -> Cells:
        index = [self.scenario_ids.index(sid) for sid in scenario_ids]
        return Cells(list(scenario_ids), self.values[index])


def cell_values(
    passed: float, total: float, tpp: float, roc: float, wpp: float, mca: float, cost: float
) -> list[float]:
    return [passed, total, tpp, roc, wpp, mca, cost]


def cells_of(scores: RunScores) -> Cells:
    """A run's cells; a scenario with fewer epochs than the run repeats its own (never the case
    for a run of ours: epochs that never started are there, failed)."""
    ids = list(scores.scenarios)
    k = scores.epoch_count
    rows = []
    for sid in ids:
        epochs = [
            cell_values(s.rounds_passed, len(s.round_ids), s.tpp, s.roc, s.wpp, s.mca, s.cost_usd)
            for s in scores.epochs_of(sid).values()
        ]
        rows.append([epochs[i % len(epochs)] for i in range(k)])
    return Cells(ids, np.array(rows, dtype=np.float64).reshape(len(ids), k, 7))


def figures(values: Array) -> dict[str, Array]:
    """The seven figures of cells shaped (..., scenarios, epochs, 7), over the last axes."""
    passed = values[..., _PASSED].sum(axis=(-1, -2))
    total = values[..., _TOTAL].sum(axis=(-1, -2))
    tcr = np.divide(passed, total, out=np.zeros_like(passed), where=total > 0)
    quartet = values[..., 2:6].mean(axis=-2).mean(axis=-2)
    out = {"TCR": tcr, **{k: quartet[..., i] for i, k in enumerate(("TPP", "ROC", "WPP", "MCA"))}}
    out["SMS"] = tcr * quartet.sum(axis=-1) / 4.0
    out["cost_usd"] = values[..., _COST].sum(axis=(-1, -2))
    return out


def resample(cells: Cells, rng: np.random.Generator, resamples: int = RESAMPLES) -> Array:
    """``resamples`` bootstrap copies of the cells: shape (resamples, scenarios, epochs, 7)."""
    n, k = cells.values.shape[0], cells.epochs
    scenarios = rng.integers(0, n, (resamples, n))
    epochs = rng.integers(0, k, (resamples, n, k)) if k > 1 else np.zeros((resamples, n, 1), dtype=np.int64)
    drawn: Array = cells.values[scenarios[..., None], epochs]
    return drawn


def percentile_interval(samples: Array, level: float = LEVEL) -> tuple[float, float]:
    tail = 100 * (1 - level) / 2
    low, high = np.percentile(samples, [tail, 100 - tail])
    return float(low), float(high)


def run_intervals(scores: RunScores, resamples: int = RESAMPLES, seed: int = SEED) -> dict[str, Any]:
    """``report.json``'s ``intervals``: each figure's value and its 95 % interval, and how they were made."""
    cells = cells_of(scores)
    if not cells.scenario_ids:
        return {}
    point = {k: float(v) for k, v in figures(cells.values).items()}
    drawn = figures(resample(cells, np.random.default_rng(seed), resamples))
    return {
        "method": METHOD,
        "resamples": resamples,
        "seed": seed,
        "level": LEVEL,
        "scenarios": len(cells.scenario_ids),
        "epochs": cells.epochs,
        "figures": {
            k: {"value": round(point[k], 6), "low": round(lo, 6), "high": round(hi, 6)}
            for k in FIGURES
            for lo, hi in [percentile_interval(drawn[k])]
        },
    }
