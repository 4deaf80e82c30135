"""Compare view: the marked runs ranked by SMS, a per-scenario SMS heatmap, and below it the
statistics and published figures ``compare -o DIR`` writes (compare_stats.md, figures.md) as tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from arena_tui.scoring.compare import ComparedRun, ranked
from arena_tui.scoring.figures import FigureTable, figure_tables
from arena_tui.scoring.report import pct
from arena_tui.tui.formatting import cut_middle, plural
from arena_tui.tui.widgets.figure_table import figure_renderable
from arena_tui.tui.widgets.heatmap import HeatmapRow, SmsHeatmap

COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", "#"),
    ("manager", "run"),
    ("SMS", "SMS"),
    ("TCR", "TCR"),
    ("TPP", "TPP"),
    ("ROC", "ROC"),
    ("WPP", "WPP"),
    ("MCA", "MCA"),
    ("rounds", "rounds"),
    ("cost", "cost $"),
    ("run_id", "run id"),
)
"""SMS, the ranking's key, right after the run's label so it is on screen at 80 columns."""
LABEL_CELLS = 24
"""A label longer than this is cut from the middle (its unique end stays)."""


def compare_rows(runs: Sequence[ComparedRun], labels: Sequence[str] | None = None) -> list[tuple[Text, ...]]:
    """The ranked table's cells, best SMS first (the same order as ``compare``'s markdown).

    Args:
        runs: The runs to compare.
        labels: A unique label per run of ``runs`` (same order); default each run's own label.

    Returns:
        One tuple of cells per run, in :data:`COLUMNS` order.
    """
    named = dict(zip((id(r) for r in runs), labels or [r.label for r in runs], strict=True))
    rows: list[tuple[Text, ...]] = []
    for rank, run in enumerate(ranked(list(runs)), 1):
        s = run.scores
        numbers = [pct(v) for v in (s.tcr, s.tpp, s.roc, s.wpp, s.mca)]
        rows.append(
            (
                Text(str(rank), justify="right"),
                Text(cut_middle(named[id(run)], LABEL_CELLS)),
                Text(pct(s.sms), style="bold", justify="right"),
                *(Text(n, justify="right") for n in numbers),
                Text(f"{s.rounds_passed}/{s.rounds_total}", justify="right"),
                Text(f"{s.main_cost_usd:.4f}", justify="right"),
                Text(run.run_id, style="dim"),
            )
        )
    return rows


def distinct_labels(runs: list[ComparedRun], places: list[str]) -> list[str]:
    """A label per run that no other run shares: the manager, then its store folder, then its run id."""
    labels = [r.label for r in runs]
    for extra in (places, [r.run_id for r in runs], [str(i + 1) for i in range(len(runs))]):
        counts = {label: labels.count(label) for label in labels}
        if all(n == 1 for n in counts.values()):
            break
        labels = [
            f"{label} · {x}" if counts[label] > 1 and x else label for label, x in zip(labels, extra, strict=True)
        ]
    return labels


def coverage_warning(runs: Sequence[ComparedRun], labels: Sequence[str]) -> str:
    """A warning when the runs do not cover the same rounds (their SMS are then not comparable)."""
    # Scenario and round count: reports of the earlier release name no rounds, only count them.
    covered = [{(sid, len(sc.round_ids)) for sid, sc in r.scores.scenarios.items()} for r in runs]
    if all(c == covered[0] for c in covered):
        return ""
    sizes = ", ".join(f"{label} {sum(n for _, n in c)}" for label, c in zip(labels, covered, strict=True))
    return f"⚠ these runs cover different rounds ({sizes}): their scores are not comparable one to one"


def compare_tables(runs: Sequence[ComparedRun], labels: Sequence[str]) -> list[FigureTable]:
    """The intervals, paired table and grouped leaderboard, then the published figures: the tables
    ``compare -o DIR`` writes, from the same functions, for ``runs`` ranked by SMS under ``labels``."""
    # numpy and scipy: loaded when a comparison is opened, not with the runs browser's first frame
    from arena_tui.scoring.compare_stats import cells_for, statistics_tables

    named = [replace(run, label=label) for run, label in zip(runs, labels, strict=True)]
    cells = {run.label: cells_for(run.scores) for run in named}
    return [*statistics_tables(list(labels), cells), *figure_tables(named)]


class CompareView(Screen[None]):
    """Marked runs side by side.

    | Key | Action |
    | :- | :- |
    | tab | Move between the ranked table and the figures below it (arrows scroll them). |
    | escape | Back to the runs browser. |

    Args:
        runs: The runs to compare (two or more).
    """

    DEFAULT_CSS = """
    CompareView { layout: vertical; }
    CompareView #compare-title { height: 1; padding: 0 1; color: $accent; text-style: bold; }
    CompareView #compare-warning { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    CompareView #compare-table { height: auto; max-height: 50%; }
    CompareView #heatmap-box { height: 1fr; border-top: solid $primary 40%; }
    CompareView #heatmap-title { height: 1; padding: 0 1; text-style: bold; }
    CompareView .figure-title { height: auto; padding: 1 1 0 1; text-style: bold; color: $accent; }
    CompareView .figure-note { height: auto; padding: 0 1; color: $text-muted; }
    CompareView .figure-table { height: auto; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(self, runs: Sequence[ComparedRun], places: Sequence[str] = ()) -> None:
        super().__init__()
        where = dict(zip((id(r) for r in runs), places, strict=False))
        labels = distinct_labels(list(runs), [where.get(id(r), "") for r in runs])
        self.labels = {id(r): label for r, label in zip(runs, labels, strict=True)}
        self.runs = ranked(list(runs))
        """The compared runs, best SMS first."""
        self.warning = coverage_warning(self.runs, [self.labels[id(r)] for r in self.runs])
        """Why the ranking may mislead (runs over different rounds), or empty."""

    def compose(self) -> ComposeResult:
        """Title, ranked table, then heatmap, statistics and figures in one scrolled box."""
        yield Static(Text(f"Compare {plural(len(self.runs), 'run')} · ranked by SMS"), id="compare-title")
        if self.warning:
            yield Static(Text(self.warning), id="compare-warning")
        table: DataTable[Text] = DataTable(id="compare-table", cursor_type="row", zebra_stripes=True)
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        for i, cells in enumerate(compare_rows(self.runs, [self.labels[id(r)] for r in self.runs])):
            table.add_row(*cells, key=str(i))
        yield table
        with VerticalScroll(id="heatmap-box"):
            yield Static(Text("SMS per scenario"), id="heatmap-title")
            rows = [
                HeatmapRow(self.labels[id(r)], r.scores.sms, {sid: sc.sms for sid, sc in r.scores.scenarios.items()})
                for r in self.runs
            ]
            yield SmsHeatmap(rows, id="heatmap")
            for figure in compare_tables(self.runs, [self.labels[id(r)] for r in self.runs]):
                yield Static(Text(figure.title), id=f"figure-{figure.name}-title", classes="figure-title")
                if figure.note:
                    yield Static(Text(figure.note.replace("`", "")), classes="figure-note")
                # The leaderboard reads down by rank; the other tables turn when wider than long.
                transpose = False if figure.name == "leaderboard" else None
                yield Static(figure_renderable(figure, transpose), id=f"figure-{figure.name}", classes="figure-table")
        yield Footer()

    def action_back(self) -> None:
        """Back to where the view was opened from."""
        self.dismiss(None)
