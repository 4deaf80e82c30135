"""Paired comparison of runs on the same scenarios: SMS and TCR differences, their interval and test.

For two runs A and B on their common scenarios:

- the **difference** A − B of SMS and of TCR, each with a 95 % percentile-bootstrap interval:
  one resample draws the common scenarios with replacement (the same draw for both runs, so
  the comparison stays paired) and, where a run has several epochs, that run's epochs within
  each drawn scenario;
- a **paired permutation test** (``scipy.stats.permutation_test``, ``permutation_type="samples"``):
  under the null hypothesis that the two runs are exchangeable on each scenario, the runs'
  per-scenario results (means over epochs) are swapped scenario by scenario, every one of
  the 2^n swaps when 2^n ≤ the resample count (an exact test), and the two-sided p-value is
  the share of swaps whose |difference| is at least the observed one.

A difference is **significant** when p < 0.05. The leaderboard groups runs ranked by SMS:
a run joins the group of the run above it while its difference to that group's leader is
not significant (docs/scoring.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats

from arena_tui.scoring.intervals import RESAMPLES, SEED, Array, Cells, figures, percentile_interval

ALPHA = 0.05
PERMUTATIONS = 9999
TEST = "paired permutation test over scenarios (scipy.stats.permutation_test, two-sided)"


@dataclass(frozen=True)
class PairResult:
    a: str
    b: str
    scenarios: int
    diff: dict[str, float]
    """A − B for SMS and TCR."""
    interval: dict[str, tuple[float, float]]
    p_value: dict[str, float]

    @property
    def significant(self) -> bool:
        """Whether the SMS difference is significant at ALPHA."""
        return self.p_value["SMS"] < ALPHA

    def as_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "scenarios": self.scenarios,
            **{
                k: {
                    "diff": round(self.diff[k], 6),
                    "low": round(self.interval[k][0], 6),
                    "high": round(self.interval[k][1], 6),
                    "p_value": round(self.p_value[k], 6),
                    "significant": self.p_value[k] < ALPHA,
                }
                for k in ("SMS", "TCR")
            },
        }


def _summary(cells: Cells) -> Array:
    """Per scenario: the cell means over epochs (passed and rounds per epoch, the quartet, cost)."""
    means: Array = cells.values.mean(axis=1)
    return means


def _figure_of_rows(rows: Array, key: str) -> Array:
    """SMS or TCR of summary rows shaped (..., scenarios, 7), as one epoch each."""
    return figures(rows[..., None, :])[key]


def compare_pair(
    a: str, cells_a: Cells, b: str, cells_b: Cells, resamples: int = RESAMPLES, seed: int = SEED
) -> PairResult | None:
    """The paired comparison of two runs on their common scenarios; None when they share none."""
    common = [sid for sid in cells_a.scenario_ids if sid in set(cells_b.scenario_ids)]
    if not common:
        return None
    ca, cb = cells_a.only(common), cells_b.only(common)
    rng = np.random.default_rng(seed)
    n = len(common)
    # One scenario draw for both runs, each run's epochs drawn within it.
    draw = rng.integers(0, n, (resamples, n))
    boot_a = ca.values[draw[..., None], rng.integers(0, ca.epochs, (resamples, n, ca.epochs))]
    boot_b = cb.values[draw[..., None], rng.integers(0, cb.epochs, (resamples, n, cb.epochs))]
    fa, fb = figures(ca.values), figures(cb.values)
    ba, bb = figures(boot_a), figures(boot_b)
    stacked = np.concatenate([_summary(ca), _summary(cb)])
    diff: dict[str, float] = {}
    interval: dict[str, tuple[float, float]] = {}
    p_value: dict[str, float] = {}
    for key in ("SMS", "TCR"):
        diff[key] = float(fa[key] - fb[key])
        interval[key] = percentile_interval(ba[key] - bb[key])
        p_value[key] = _permutation_p(stacked, n, key, rng)
    return PairResult(a, b, n, diff, interval, p_value)


def _permutation_p(stacked: Array, n: int, key: str, rng: np.random.Generator) -> float:
    def statistic(x: Array, y: Array, axis: int = -1) -> Array:
        # x and y are scenario row numbers into ``stacked`` (A's first, then B's), swapped per pair.
        rows_x = stacked[x.astype(np.int64)]
        rows_y = stacked[y.astype(np.int64)]
        out: Array = _figure_of_rows(rows_x, key) - _figure_of_rows(rows_y, key)
        return out

    index = np.arange(n, dtype=np.float64)
    observed = statistic(index, index + n)
    if n < 2 or np.allclose(stacked[:n], stacked[n:]) or abs(float(observed)) < 1e-12:
        # Identical results, no difference, or one scenario (its 2 swaps give p = 2/2): p = 1.
        return 1.0
    result = stats.permutation_test(
        (index, index + n),
        statistic,
        permutation_type="samples",
        vectorized=True,
        n_resamples=PERMUTATIONS,
        alternative="two-sided",
        rng=rng,
    )
    return float(result.pvalue)


def leaderboard_groups(labels: list[str], pairs: dict[tuple[str, str], PairResult]) -> list[int]:
    """Group numbers (1, 2, …) for runs already ranked by SMS: a run stays in the group above it
    while it does not differ significantly from that group's leader (or shares no scenario with it)."""
    groups: list[int] = []
    leader = ""
    for i, label in enumerate(labels):
        if i == 0:
            groups.append(1)
            leader = label
            continue
        pair = pairs.get((leader, label))
        if pair is not None and pair.significant:
            groups.append(groups[-1] + 1)
            leader = label
        else:
            groups.append(groups[-1])
    return groups
