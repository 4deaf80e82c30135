"""The one-line run header: run, models, status, elapsed event time (scenario and round: the status line).

Below 120 columns the brand goes and the run id, manager and pool are cut from the middle, the
widest first, each keeping both ends (a run id's end is its unique part).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.formatting import clock, fit
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.quiet import update_text


class HeaderLine(Static):
    """Run id, manager and pool models, simulated labels, scenario and round, elapsed (from event time)."""

    DEFAULT_CSS = """
    HeaderLine {
        height: 1;
        width: 1fr;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self._seen: object = None

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Re-render when the header part of ``state`` changed."""
        key = state.versions.header
        if key == self._seen and not force:
            return
        self._seen = key
        h = state.header
        right = clock(h.elapsed_s)
        width = max(0, self.size.width - 2)
        brand = " ClawArena-Team" if width >= 120 or not h.run_id else ""
        labels: list[str] = []
        values: list[str] = []
        floors: list[int] = []
        if h.run_id:  # the id's end is what tells two runs of a day apart: cut from the middle only
            labels.append("run ")
            values.append(h.run_id)
            floors.append(min(len(h.run_id), 24))
        if h.manager:
            labels.append("main ")
            values.append(h.manager)
            floors.append(min(len(h.manager), 10))
        names = list(dict.fromkeys(h.pool.values()))
        if names:
            labels.append("pool ")
            values.append(" / ".join(names[:2]) + (f" +{len(names) - 2}" if len(names) > 2 else ""))
            floors.append(min(len(values[-1]), 10))
        tail = ""
        if h.simulated and not all(n.startswith("sim") for n in names):
            tail += f" · {len(h.simulated)} simulated"
        if h.status not in ("running", "waiting"):
            tail += f" · {h.status}"
        joiners = len(brand) + sum(len(label) + 3 for label in labels) - (0 if brand else 2) + len(right) + 1
        if sum(floors) + joiners + len(tail) > width:  # the pool says "sim" already; the status is in the status line
            tail = ""
        fitted = fit(values, max(0, width - joiners - len(tail)), floors)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(brand, style="bold")
        for i, (label, value) in enumerate(zip(labels, fitted, strict=True)):
            text.append(" · " if brand or i else " ")
            text.append(label)
            text.append(value, style="bold" if label == "main " else "")
        if tail:
            text.append(tail, style="bold")
        pad = width - text.cell_len - len(right)
        if pad >= 1:
            text.append(" " * pad + right)
        else:
            text.truncate(max(0, width - len(right) - 1), overflow="ellipsis")
            text.append(" " + right)
        update_text(self, text)

    def on_resize(self) -> None:
        """Right-align the clock again for the new width."""
        self._seen = None
