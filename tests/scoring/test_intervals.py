"""Bootstrap intervals against known answers (scoring/intervals.py)."""

from __future__ import annotations

import numpy as np
import pytest

from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.intervals import (
    RESAMPLES,
    SEED,
    Cells,
    cell_values,
    cells_of,
    figures,
    percentile_interval,
    resample,
    run_intervals,
)
from arena_tui.scoring.metrics import ScenarioScore


def cells(rows: list[list[list[float]]]) -> Cells:
    return Cells([f"s{i}" for i in range(len(rows))], np.array(rows, dtype=np.float64))


def test_point_figures_follow_the_run_formulas() -> None:
    # Two scenarios, one epoch: passed 1/2 and 3/4 rounds; quartets (1, .5, 1, .5) and (0, .5, 0, .5).
    c = cells([[cell_values(1, 2, 1, 0.5, 1, 0.5, 0.25)], [cell_values(3, 4, 0, 0.5, 0, 0.5, 0.75)]])
    f = {k: float(v) for k, v in figures(c.values).items()}
    # TCR = (1 + 3) / (2 + 4) = 2/3; TPP = (1 + 0)/2 = .5, ROC = .5, WPP = .5, MCA = .5
    assert f["TCR"] == pytest.approx(2 / 3)
    assert [f[k] for k in ("TPP", "ROC", "WPP", "MCA")] == pytest.approx([0.5] * 4)
    # SMS = 2/3 × (.5 + .5 + .5 + .5) / 4 = 1/3; cost is the total, 1.0
    assert f["SMS"] == pytest.approx(1 / 3)
    assert f["cost_usd"] == pytest.approx(1.0)


def test_identical_scenarios_give_a_zero_width_interval() -> None:
    row = [cell_values(2, 4, 0.8, 1, 0.6, 1, 0.1)]
    drawn = figures(resample(cells([row] * 5), np.random.default_rng(SEED), 100))
    assert percentile_interval(drawn["SMS"]) == pytest.approx((0.5 * 0.85, 0.5 * 0.85))  # 0.5 × 3.4 / 4
    scores = _scores([(2, 4)] * 5)
    iv = run_intervals(scores)["figures"]["TCR"]
    assert (iv["low"], iv["value"], iv["high"]) == (0.5, 0.5, 0.5)


def test_two_scenarios_0_and_1_span_the_whole_range() -> None:
    # Resampling two scenarios (TCR 0 and 1, same rounds) gives TCR 0, .5, 1 with chances 1/4, 1/2, 1/4,
    # so the 2.5th percentile is 0 and the 97.5th is 1.
    iv = run_intervals(_scores([(0, 3), (3, 3)]))
    assert iv["figures"]["TCR"] == {"value": 0.5, "low": 0.0, "high": 1.0}
    assert iv["method"].startswith("percentile bootstrap")
    assert (iv["resamples"], iv["seed"], iv["level"]) == (RESAMPLES, SEED, 0.95)


def test_interval_reproduced_by_a_plain_loop() -> None:
    """The vectorised bootstrap equals a loop over the same draws written out by hand."""
    passed = [(1, 4), (4, 4), (2, 4), (0, 2), (3, 6), (5, 5), (1, 3)]
    result = run_intervals(_scores(passed), resamples=500, seed=7)["figures"]["TCR"]
    rng = np.random.default_rng(7)
    draws = rng.integers(0, len(passed), (500, len(passed)))
    by_hand = []
    for draw in draws:
        p = sum(passed[i][0] for i in draw)
        t = sum(passed[i][1] for i in draw)
        by_hand.append(p / t)
    low, high = np.percentile(by_hand, [2.5, 97.5])
    assert (result["low"], result["high"]) == (round(float(low), 6), round(float(high), 6))
    assert result["value"] == round(sum(p for p, _ in passed) / sum(t for _, t in passed), 6)


def test_same_store_same_interval() -> None:
    scores = _scores([(1, 4), (4, 4), (2, 4), (0, 2), (3, 6)])
    assert run_intervals(scores) == run_intervals(scores)  # a fixed seed: the same store, the same interval


def test_epochs_that_agree_add_no_width() -> None:
    """Epochs identical within each scenario: resampling them changes nothing, so the interval
    is the one of a single epoch, drawn from the same scenario indices."""
    one = cells([[cell_values(p, 4, 0, 0, 0, 0, 0)] for p in (0, 1, 3, 4)])
    three = Cells(one.scenario_ids, np.repeat(one.values, 3, axis=1))
    for c in (one, three):
        assert float(figures(c.values)["TCR"]) == pytest.approx(0.5)
    rng1, rng3 = np.random.default_rng(3), np.random.default_rng(3)
    t1 = figures(resample(one, rng1, 400))["TCR"]
    t3 = figures(resample(three, rng3, 400))["TCR"]
    assert np.allclose(t1, t3)


def test_epochs_that_differ_widen_the_interval() -> None:
    stable = _scores_epochs([[(2, 4), (2, 4)], [(3, 4), (3, 4)], [(1, 4), (1, 4)]])
    shaky = _scores_epochs([[(0, 4), (4, 4)], [(2, 4), (4, 4)], [(0, 4), (2, 4)]])
    a, b = run_intervals(stable)["figures"]["TCR"], run_intervals(shaky)["figures"]["TCR"]
    assert a["value"] == b["value"] == 0.5
    assert b["high"] - b["low"] > a["high"] - a["low"]


def _scenario(sid: str, passed: int, total: int) -> ScenarioScore:
    rounds = [f"q{i}" for i in range(total)]
    return ScenarioScore(sid, rounds, passed={r: i < passed for i, r in enumerate(rounds)}, status="completed")


def _scores(rows: list[tuple[int, int]]) -> RunScores:
    return RunScores({f"s{i}": _scenario(f"s{i}", p, t) for i, (p, t) in enumerate(rows)}, {})


def _scores_epochs(rows: list[list[tuple[int, int]]]) -> RunScores:
    epochs = {f"s{i}": {e: _scenario(f"s{i}", p, t) for e, (p, t) in enumerate(eps, 1)} for i, eps in enumerate(rows)}
    return RunScores({sid: eps[max(eps)] for sid, eps in epochs.items()}, {}, epochs=epochs)


def test_cells_match_the_run_scores() -> None:
    scores = _scores_epochs([[(2, 4), (1, 4)], [(4, 4), (0, 4)]])
    f = figures(cells_of(scores).values)
    assert float(f["TCR"]) == pytest.approx(scores.tcr) == pytest.approx(7 / 16)
    assert float(f["SMS"]) == pytest.approx(scores.sms)
