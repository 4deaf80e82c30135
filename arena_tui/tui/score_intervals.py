"""The score panel's 95 % intervals once a run is finished, as text (Textual-free).

The intervals are report.json's ``intervals`` (:func:`~arena_tui.scoring.intervals.run_intervals`
over the same fold), each figure written as report.md writes it
(:func:`~arena_tui.scoring.repeats.interval_cell`), so the panel, the report and ``compare``
never disagree.
"""

from __future__ import annotations

from typing import Any

from arena_tui.scoring import RunScores
from arena_tui.scoring.repeats import interval_cell
from arena_tui.tui.formatting import plural

PANEL_ORDER = ("TCR", "SMS", "TPP", "ROC", "WPP", "MCA", "cost_usd")
"""The panel's order: the two headline figures first, as the panel shows them while running."""
NAMES = {"cost_usd": "cost"}
NAME_CELLS = 4
COLUMN_GAP = 3


def final_intervals(scores: RunScores) -> dict[str, Any] | None:
    """report.json's ``intervals`` once every round of every epoch has a verdict (None before:
    an interval over a half-run would read as the run's). Costs one bootstrap."""
    if not scores.scenarios or any(r not in s.passed for s in scores.every_epoch() for r in s.round_ids):
        return None
    from arena_tui.scoring.intervals import run_intervals  # numpy: loaded at a run's end, not before a first frame

    return run_intervals(scores) or None


def figure_lines(intervals: dict[str, Any], width: int) -> list[str]:
    """``TCR  66.7 [50.0, 83.3]`` per figure of :data:`PANEL_ORDER` (percent; cost in dollars);
    a line wider than ``width`` puts its bracket on the next line, under the value."""
    lines: list[str] = []
    for key in PANEL_ORDER:
        name = NAMES.get(key, key).ljust(NAME_CELLS)
        cell = interval_cell(intervals["figures"][key], key)
        line = f"{name} {cell}"
        if len(line) <= width:
            lines.append(line)
            continue
        value, bracket = cell.split(" [", 1)
        lines += [f"{name} {value}", " " * (NAME_CELLS + 1) + "[" + bracket]
    return lines


def interval_lines(intervals: dict[str, Any], width: int) -> list[str]:
    """The figures' lines for a panel ``width`` cells wide: two figures a line (TCR beside SMS,
    TPP beside ROC, WPP beside MCA, then cost) where both fit, else one a line."""
    single = figure_lines(intervals, 10**6)
    left = max(len(line) for line in single[0:-1:2])
    if left + COLUMN_GAP + max(len(line) for line in single[1:-1:2]) > width or len(single[-1]) > width:
        return figure_lines(intervals, width)
    pairs = zip(single[0:-1:2], single[1:-1:2], strict=True)
    return [*(a.ljust(left + COLUMN_GAP) + b for a, b in pairs), single[-1]]


def method_text(intervals: dict[str, Any]) -> str:
    """``percentile bootstrap, 2000 resamples``: the report's method name and its resample count."""
    name = str(intervals["method"]).split(" over ", 1)[0]  # the full text says what is resampled
    return f"{name}, {intervals['resamples']} resamples"


def sample_text(intervals: dict[str, Any]) -> str:
    """``2 scenarios × 3 epochs``: what the bootstrap drew from."""
    return f"{plural(int(intervals['scenarios']), 'scenario')} × {plural(int(intervals['epochs']), 'epoch')}"
