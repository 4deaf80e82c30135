"""``compare``'s statistics: each run's intervals, the paired table and the grouped leaderboard.

Every compared run becomes :class:`~arena_tui.scoring.intervals.Cells` (ours from the fold's
epochs; an earlier-release report from its per-scenario metrics, one epoch, no cost), so
intervals and paired tests are computed the same way for both. In the compat profile our run
is seen through the earlier report shape too, so the tests compare like with like.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from arena_tui.scoring.figures import FigureTable
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.intervals import (
    FIGURES,
    RESAMPLES,
    SEED,
    Cells,
    cell_values,
    cells_of,
    figures,
    percentile_interval,
    resample,
)
from arena_tui.scoring.paired import ALPHA, PERMUTATIONS, TEST, PairResult, compare_pair, leaderboard_groups
from arena_tui.scoring.published import PublishedScores
from arena_tui.scoring.repeats import interval_cell
from arena_tui.scoring.report_file import ReportFileScores

_QUARTET = ("tool_permission_score", "readonly_subagent_score", "workspace_permission_score", "model_choice_score")


def cells_for(scores: RunScores | PublishedScores | ReportFileScores) -> Cells:
    if isinstance(scores, RunScores):
        return cells_of(scores)
    if isinstance(scores, ReportFileScores):
        return _report_cells(scores.report)
    rows = []
    ids = []
    for row in scores.report.get("scenarios") or []:
        m = row.get("metrics") or {}
        total = float(m.get("rounds_total") or m.get("total_rounds") or row.get("rounds_total") or 1)
        passed = float(m.get("task_success_rate", 0.0)) * total
        ids.append(str(row.get("scenario_id")))
        tpp, roc, wpp, mca = (float(m.get(k, 0.0)) for k in _QUARTET)
        rows.append([cell_values(passed, total, tpp, roc, wpp, mca, 0.0)])
    return Cells(ids, np.array(rows, dtype=np.float64).reshape(len(ids), 1, 7))


def _report_cells(report: dict[str, Any]) -> Cells:
    """One of our report.json files without its store: its per-epoch rows, else its per-scenario
    rows (cost is not per scenario there: 0)."""
    rows: dict[str, list[list[float]]] = {}
    source = report.get("per_epoch") or report.get("per_scenario") or []
    for row in source:
        rounds = row.get("rounds") or {}
        total = float(len(rounds)) if "epoch" in row else float(row.get("rounds_total") or len(rounds))
        passed = float(sum(bool(v) for v in rounds.values())) if "epoch" in row else float(row.get("rounds_passed", 0))
        tpp, roc, wpp, mca = (float(row.get(k, 0.0)) for k in ("TPP", "ROC", "WPP", "MCA"))
        rows.setdefault(str(row.get("scenario_id")), []).append(cell_values(passed, total, tpp, roc, wpp, mca, 0.0))
    k = max((len(v) for v in rows.values()), default=1)
    values = [[eps[i % len(eps)] for i in range(k)] for eps in rows.values()]
    return Cells(list(rows), np.array(values, dtype=np.float64).reshape(len(rows), k, 7))


def intervals_of(cells: Cells) -> dict[str, tuple[float, float]]:
    if not cells.scenario_ids:
        return {}
    drawn = figures(resample(cells, np.random.default_rng(SEED)))
    return {k: percentile_interval(drawn[k]) for k in FIGURES}


def pairs_of(labels: list[str], cells: dict[str, Cells]) -> dict[tuple[str, str], PairResult]:
    """Every ordered pair (higher-ranked first, as ``labels`` is ordered) that shares a scenario."""
    out: dict[tuple[str, str], PairResult] = {}
    for a, b in combinations(labels, 2):
        pair = compare_pair(a, cells[a], b, cells[b])
        if pair is not None:
            out[(a, b)] = pair
    return out


def point_figures(cells: Cells) -> dict[str, float]:
    """The figures the intervals are about, from the same cells (SMS = TCR × (TPP+ROC+WPP+MCA)/4)."""
    return (
        {k: float(v) for k, v in figures(cells.values).items()} if cells.scenario_ids else dict.fromkeys(FIGURES, 0.0)
    )


def interval_table(labels: list[str], cells: dict[str, Cells]) -> FigureTable:
    """Each run's figures with their 95 % interval (``labels`` ranked by SMS)."""
    rows = []
    for label in labels:
        values, c = point_figures(cells[label]), cells[label]
        iv = intervals_of(c)
        shape = f"{len(c.scenario_ids)} × {c.epochs}"
        row = [interval_cell({"value": values[k], "low": lo, "high": hi}, k) for k, (lo, hi) in iv.items()]
        rows.append([label, shape, *row])
    note = f"Percentile bootstrap over scenarios (and epochs within them), {RESAMPLES} resamples, seed {SEED}."
    return FigureTable("intervals", "95 % intervals", ["scenarios × epochs", *FIGURES], rows, note=note)


def paired_table(pairs: dict[tuple[str, str], PairResult]) -> FigureTable:
    """A − B of SMS and TCR per pair, with the paired bootstrap interval, the test's p and ``n.s.``."""
    rows = []
    for (a, b), pair in pairs.items():
        d = pair.as_dict()
        cells_txt = [
            part
            for k in ("SMS", "TCR")
            for part in (
                f"{100 * d[k]['diff']:+.1f} [{100 * d[k]['low']:+.1f}, {100 * d[k]['high']:+.1f}]",
                f"{d[k]['p_value']:.3f}",
            )
        ]
        rows.append([a, b, str(pair.scenarios), *cells_txt, "significant" if pair.significant else "n.s."])
    if not pairs:
        rows.append(["(no two runs share a scenario)", *("" for _ in range(7))])
    note = (
        f"{TEST}, up to {PERMUTATIONS} permutations (exact when 2^n is fewer); interval: paired bootstrap. "
        f"`n.s.`: not significant at p < {ALPHA}. With n scenarios the smallest possible p is 2/2^n."
    )
    heads = ["B", "scenarios", "ΔSMS [95 %]", "p (SMS)", "ΔTCR [95 %]", "p (TCR)", f"SMS at p < {ALPHA}"]
    return FigureTable("paired", "Paired differences (A − B on common scenarios)", heads, rows, "A", note)


def leaderboard_table(
    labels: list[str], cells: dict[str, Cells], pairs: dict[tuple[str, str], PairResult]
) -> FigureTable:
    """Runs ranked by SMS in groups whose SMS differences are not significant."""
    groups = leaderboard_groups(labels, pairs)
    rows = []
    for i, label in enumerate(labels):
        nxt = pairs.get((label, labels[i + 1])) if i + 1 < len(labels) else None
        mark = "" if nxt is None else ("significant" if nxt.significant else "n.s.")
        sms = point_figures(cells[label])["SMS"]
        rows.append([str(groups[i]), str(i + 1), label, f"{100 * sms:.1f}", mark])
    title = "Leaderboard (groups: SMS differences inside a group are not significant)"
    return FigureTable("leaderboard", title, ["rank", "run", "SMS", "vs next"], rows, "group")


def statistics_tables(labels: list[str], cells: dict[str, Cells]) -> list[FigureTable]:
    """Intervals, the paired table and the grouped leaderboard: compare_stats.md and the TUI compare view."""
    pairs = pairs_of(labels, cells)
    return [interval_table(labels, cells), paired_table(pairs), leaderboard_table(labels, cells, pairs)]


def statistics_markdown(labels: list[str], cells: dict[str, Cells]) -> str:
    """compare_stats.md: intervals, the paired table and the grouped leaderboard (``labels`` ranked by SMS)."""
    return "\n".join(line for table in statistics_tables(labels, cells) for line in table.markdown())


def statistics_json(labels: list[str], cells: dict[str, Cells]) -> dict[str, Any]:
    pairs = pairs_of(labels, cells)
    return {
        "intervals": {label: {k: list(v) for k, v in intervals_of(cells[label]).items()} for label in labels},
        "method": {"bootstrap_resamples": RESAMPLES, "seed": SEED, "test": TEST, "alpha": ALPHA},
        "pairs": [p.as_dict() for p in pairs.values()],
        "groups": dict(zip(labels, leaderboard_groups(labels, pairs), strict=True)),
    }


def write_statistics(labels: list[str], cells: dict[str, Cells], out: Path) -> Path:
    path = out / "compare_stats.md"
    text = "# Run comparison: intervals and paired tests\n\n" + statistics_markdown(labels, cells)
    path.write_text(text, encoding="utf-8")
    (out / "compare_stats.json").write_text(json.dumps(statistics_json(labels, cells), indent=2), encoding="utf-8")
    return path
