"""The one-line run header: run, models, status, elapsed event time (scenario and round: the status line)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.formatting import clock
from arena_tui.tui.state import ArenaState


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
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(" ClawArena-Team", style="bold")
        if h.run_id:
            text.append(f" · run {h.run_id[:8]}")
        if h.manager:
            text.append(" · main ")
            text.append(h.manager, style="bold")
        names = list(dict.fromkeys(h.pool.values()))
        if names:
            text.append(" · pool " + " / ".join(names[:2]) + (f" +{len(names) - 2}" if len(names) > 2 else ""))
        if h.simulated and not all(n.startswith("sim") for n in names):
            text.append(f" · {len(h.simulated)} simulated", style="italic")
        if h.status not in ("running", "waiting"):
            text.append(f" · {h.status}", style="bold")
        right = clock(h.elapsed_s)
        width = max(0, self.size.width - 2)
        pad = width - text.cell_len - len(right)
        if pad >= 1:
            text.append(" " * pad + right)
        else:
            text.truncate(max(0, width - len(right) - 1), overflow="ellipsis")
            text.append(" " + right)
        self.update(text)

    def on_resize(self) -> None:
        """Right-align the clock again for the new width."""
        self._seen = None
