"""Paired comparison against known answers (scoring/paired.py)."""

from __future__ import annotations

import numpy as np
import pytest

from arena_tui.scoring.intervals import Cells, cell_values
from arena_tui.scoring.paired import compare_pair, leaderboard_groups


def run(passed: list[int], total: int = 2, quartet: float = 1.0, epochs: int = 1) -> Cells:
    rows = [[cell_values(p, total, quartet, quartet, quartet, quartet, 0.0)] * epochs for p in passed]
    return Cells([f"s{i}" for i in range(len(passed))], np.array(rows, dtype=np.float64))


def test_identical_runs_do_not_differ() -> None:
    a = run([1, 2, 0, 1, 2, 1])
    pair = compare_pair("a", a, "b", a)
    assert pair is not None
    assert pair.diff == {"SMS": 0.0, "TCR": 0.0}
    assert pair.interval == {"SMS": (0.0, 0.0), "TCR": (0.0, 0.0)}
    assert pair.p_value == {"SMS": 1.0, "TCR": 1.0}
    assert not pair.significant


def test_strict_dominance_on_twelve_scenarios() -> None:
    """A passes both rounds everywhere, B one of two: every scenario favours A.

    The exact test enumerates all 2^12 = 4096 swaps; only "no swap" and "swap all" reach
    |ΔTCR| = 0.5, so the two-sided p-value is 2/4096.
    """
    a, b = run([2] * 12), run([1] * 12)
    pair = compare_pair("a", a, "b", b)
    assert pair is not None
    assert pair.diff["TCR"] == pytest.approx(0.5)
    assert pair.diff["SMS"] == pytest.approx(0.5)  # SMS = TCR × 1: 1.0 − 0.5
    assert pair.p_value["TCR"] == pytest.approx(2 / 4096)
    assert pair.p_value["SMS"] == pytest.approx(2 / 4096)
    assert pair.interval["TCR"] == pytest.approx((0.5, 0.5))  # every scenario differs by exactly .5
    assert pair.significant


def test_hand_computed_permutation_p() -> None:
    """Three scenarios of two rounds: A passes 2, 1, 2; B passes 0, 1, 1.

    ΔTCR = (5 − 2)/6 = 0.5. Swapping a scenario flips the sign of its share, (2, 0, 1)/6, so
    the 8 swaps give ±3/6 (4 times: the 0 share's sign does not matter) and ±1/6 (4 times);
    4 of 8 reach |0.5|: p = 0.5 — not significant, as with any 3 scenarios (smallest p 2/8).
    """
    a, b = run([2, 1, 2]), run([0, 1, 1])
    pair = compare_pair("a", a, "b", b)
    assert pair is not None
    assert pair.diff["TCR"] == pytest.approx(0.5)
    assert pair.p_value["TCR"] == pytest.approx(0.5)
    assert not pair.significant


def test_runs_without_common_scenarios_are_not_paired() -> None:
    a = run([1, 2])
    b = Cells(["x", "y"], a.values.copy())
    assert compare_pair("a", a, "b", b) is None


def test_only_common_scenarios_are_compared() -> None:
    a = run([2, 2, 2, 0])
    b = Cells(["s0", "s1", "s2"], run([1, 1, 1]).values)
    pair = compare_pair("a", a, "b", b)
    assert pair is not None and pair.scenarios == 3
    assert pair.diff["TCR"] == pytest.approx(0.5)


def test_epochs_of_different_counts_pair_by_scenario_means() -> None:
    a, b = run([2] * 12, epochs=3), run([1] * 12)
    pair = compare_pair("a", a, "b", b)
    assert pair is not None and pair.p_value["TCR"] == pytest.approx(2 / 4096)


def test_leaderboard_groups_ties_with_the_group_leader() -> None:
    top, same, low = run([2] * 12), run([2] * 12), run([0] * 12)
    cells = {"top": top, "same": same, "low": low}
    labels = ["top", "same", "low"]
    pairs = {(x, y): p for x in labels for y in labels if x != y for p in [compare_pair(x, cells[x], y, cells[y])] if p}
    assert leaderboard_groups(labels, pairs) == [1, 1, 2]
