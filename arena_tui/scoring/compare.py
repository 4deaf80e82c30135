"""Comparing runs: a table ranked by SMS (markdown and CSV), a per-scenario heatmap, SMS vs cost.

A compared run is one of ours (scored by the fold, in either profile) or an output of the
earlier release (:class:`~arena_tui.scoring.published.PublishedScores`); the ``metrics``
column says which definitions produced each row. Charts are drawn with matplotlib's
non-interactive backend, so this works on a headless machine.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from arena_tui.scoring.compat import compat_report
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.published import PublishedScores
from arena_tui.scoring.report import pct
from arena_tui.scoring.report_file import ReportFileScores
from arena_tui.scoring.report_model import SCORE_KEYS
from arena_tui.scoring.timing import total

Scores = RunScores | PublishedScores | ReportFileScores


@dataclass(frozen=True)
class ComparedRun:
    label: str
    run_id: str
    scores: Scores
    metrics: str = "arena"
    """Which definitions produced the figures: arena, compat, or earlier (a published run)."""


def in_profile(scores: RunScores, run_id: str, profile: str) -> tuple[Scores, str]:
    """One of our runs seen through ``profile`` (``compat``: the earlier release's definitions)."""
    if profile != "compat":
        return scores, "arena"
    view = PublishedScores(compat_report(scores, run_id), "compat", list(scores.simulated), scores.main_cost_usd)
    return view, "compat"


def ranked(runs: list[ComparedRun]) -> list[ComparedRun]:
    return sorted(runs, key=lambda r: (-r.scores.sms, r.label))


def _row(run: ComparedRun) -> dict[str, str]:
    s = run.scores
    values: dict[str, float] = {k: getattr(s, k.lower()) for k in SCORE_KEYS}
    return {
        "manager": run.label,
        "run_id": run.run_id,
        **{k: pct(values[k]) for k in SCORE_KEYS},
        "rounds": f"{s.rounds_passed}/{s.rounds_total}",
        "cost_usd": f"{s.main_cost_usd:.4f}",
        **_timing_columns(s),
        "SUB": str(s.sub),
        "MAF": str(s.maf),
        "SAFt": str(s.saft),
        "SAFa": f"{s.safa:.2f}",
        "simulated": "yes" if s.simulated else "no",
        "metrics": run.metrics,
    }


def _timing_columns(s: Scores) -> dict[str, str]:
    """Cost without the cache discount, and run totals of wall, model and harness seconds
    (tool and check time are in report.md). Reports of the earlier release carry none: blank."""
    if not isinstance(s, RunScores):
        return dict.fromkeys(("cost_usd_without_cache", "wall_s", "model_s", "harness_s"), "")
    t = total([r for sid in s.scenarios for r in s.stats.rounds.get(sid, {}).values()])
    return {
        "cost_usd_without_cache": f"{s.stats.cost_nocache_usd.get('main', s.main_cost_usd):.4f}",
        **{k: f"{t[k]:.1f}" for k in ("wall_s", "model_s", "harness_s")},
    }


def write_table(runs: list[ComparedRun], out: Path) -> tuple[Path, Path]:
    rows = [_row(r) for r in ranked(runs)]
    columns = list(rows[0])
    md = out / "compare.md"
    lines = ["| rank | " + " | ".join(columns) + " |", "|--:|" + "---|" * len(columns)]
    lines += [f"| {i} | " + " | ".join(row[c] for c in columns) + " |" for i, row in enumerate(rows, 1)]
    md.write_text("# Run comparison (ranked by SMS)\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    path_csv = out / "compare.csv"
    with path_csv.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["rank", *columns])
        writer.writeheader()
        for i, row in enumerate(rows, 1):
            writer.writerow({"rank": str(i), **row})
    return md, path_csv


def write_charts(runs: list[ComparedRun], out: Path) -> tuple[Path, Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    order = ranked(runs)
    scenario_ids = sorted({sid for r in order for sid in r.scores.scenarios})
    grid = [
        [100 * r.scores.scenarios[sid].sms if sid in r.scores.scenarios else float("nan") for sid in scenario_ids]
        for r in order
    ]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.5 * len(scenario_ids) + 3), max(2.5, 0.5 * len(order) + 1.5)))
    image = ax.imshow(grid, aspect="auto", cmap="viridis", vmin=0, vmax=100)
    ax.set_xticks(range(len(scenario_ids)), scenario_ids, rotation=60, ha="right", fontsize=7)
    ax.set_yticks(range(len(order)), [r.label for r in order], fontsize=8)
    ax.set_title("SMS per scenario")
    fig.colorbar(image, ax=ax, label="SMS")
    fig.tight_layout()
    heatmap = out / "sms_heatmap.png"
    fig.savefig(heatmap, dpi=120)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 4))
    for r in order:
        ax.scatter(r.scores.main_cost_usd, 100 * r.scores.sms)
        ax.annotate(
            r.label, (r.scores.main_cost_usd, 100 * r.scores.sms), fontsize=8, xytext=(4, 4), textcoords="offset points"
        )
    ax.set_xlabel("manager cost ($)")
    ax.set_ylabel("SMS")
    ax.set_title("SMS vs cost")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    scatter = out / "sms_vs_cost.png"
    fig.savefig(scatter, dpi=120)
    plt.close(fig)
    return heatmap, scatter
