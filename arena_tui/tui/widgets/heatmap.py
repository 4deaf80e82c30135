"""A per-scenario SMS heatmap drawn with block characters: rows are runs, columns are scenarios."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widget import Widget

from arena_tui.tui.formatting import cut_middle


@dataclass(frozen=True)
class HeatmapRow:
    """One run of the heatmap.

    Args:
        label: The run's label (manager model); shown as plain text, never markup.
        sms: The run's overall SMS (0–1).
        cells: SMS (0–1) by scenario id; a scenario the run did not select is absent.
    """

    label: str
    sms: float
    cells: Mapping[str, float]


@dataclass(frozen=True)
class Bucket:
    """One shade of the heatmap: cells with ``low <= 100 × SMS < high``."""

    low: float
    high: float
    glyph: str
    color: str
    name: str


BUCKETS: tuple[Bucket, ...] = (
    Bucket(0, 25, "░░", "#e05d5d", "<25"),
    Bucket(25, 50, "▒▒", "#e8a33d", "25–50"),
    Bucket(50, 75, "▓▓", "#c9c83a", "50–75"),
    Bucket(75, 101, "██", "#4fbf6a", "≥75"),
)
"""Four shades from low to high SMS; glyph and colour both change, so it reads in monochrome too."""

MISSING_GLYPH = " ·"
LABEL_WIDTH = 28


def bucket_for(sms: float) -> Bucket:
    """The bucket of an SMS value in 0–1 (values outside are clamped).

    Args:
        sms: Scenario SMS, 0–1.

    Returns:
        The matching :data:`BUCKETS` entry.
    """
    value = min(max(100 * sms, 0.0), 100.0)
    return next(b for b in BUCKETS if b.low <= value < b.high)


class SmsHeatmap(Widget):
    """Runs × scenarios, one two-cell block per scenario coloured by SMS bucket, plus a legend.

    Columns are numbered; a key under the grid names each scenario. Labels and scenario ids
    are rich ``Text``, never markup.
    """

    DEFAULT_CSS = """
    SmsHeatmap { height: auto; width: 1fr; padding: 0 1; }
    """

    def __init__(
        self,
        rows: Sequence[HeatmapRow] = (),
        scenario_ids: Sequence[str] | None = None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.rows: list[HeatmapRow] = []
        self.scenario_ids: list[str] = []
        self.set_data(rows, scenario_ids)

    def set_data(self, rows: Sequence[HeatmapRow], scenario_ids: Sequence[str] | None = None) -> None:
        """Replace what is drawn.

        Args:
            rows: One per run, top to bottom.
            scenario_ids: Column order; default: every scenario of any row, sorted.
        """
        self.rows = list(rows)
        self.scenario_ids = (
            list(scenario_ids) if scenario_ids is not None else sorted({sid for r in rows for sid in r.cells})
        )
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        """Header of column numbers, one line per run, the legend and the scenario key."""
        if not self.rows or not self.scenario_ids:
            return Text("no scenarios to compare", style="dim")
        width = min(LABEL_WIDTH, max(len(r.label) for r in self.rows))
        header = Text(" " * (width + 1), no_wrap=True)
        for i in range(1, len(self.scenario_ids) + 1):
            header.append(f"{i:>2} ", style="bold")
        header.append("  SMS", style="bold")
        lines: list[Text] = [header]
        for row in self.rows:
            line = Text(no_wrap=True, overflow="ellipsis")
            label = cut_middle(row.label, width)  # labels differ at their end (· folder, · run id)
            line.append(label.ljust(width) + " ")
            for sid in self.scenario_ids:
                value = row.cells.get(sid)
                if value is None:
                    line.append(MISSING_GLYPH + " ", style="dim")
                else:
                    bucket = bucket_for(value)
                    line.append(bucket.glyph, style=bucket.color)
                    line.append(" ")
            line.append(f"{100 * row.sms:5.1f}")
            lines.append(line)
        lines.append(Text())
        lines.append(self._legend())
        lines.append(self._key())
        return Group(*lines)

    def _legend(self) -> Text:
        legend = Text("SMS  ", style="bold")
        for bucket in BUCKETS:
            legend.append(bucket.glyph, style=bucket.color)
            legend.append(f" {bucket.name}   ")
        legend.append(MISSING_GLYPH.strip(), style="dim")
        legend.append(" not run")
        return legend

    def _key(self) -> Text:
        key = Text(style="dim")
        for i, sid in enumerate(self.scenario_ids, 1):
            key.append(f"{i} {sid}")
            if i < len(self.scenario_ids):
                key.append("   ")
        return key
