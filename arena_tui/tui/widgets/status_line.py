"""The live status line: where the run is, how old its last event is, and whether its writer stopped."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.progress import status_text
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.quiet import update_text


class StatusLine(Static):
    """``scenario i of n · round · time in round · age of the last event · model`` (live, play and watch).

    Args:
        clock: Current time in seconds since the epoch (injected so tests and snapshots are stable).
        stopped: Why the run's writer stopped (``watch``), empty while it may still be writing.
    """

    DEFAULT_CSS = """
    StatusLine { height: 1; width: 1fr; background: $boost; color: $foreground; padding: 0 1; }
    StatusLine.-stopped { height: auto; max-height: 4; background: $error 30%; color: $text; text-style: bold; }
    """

    def __init__(self, clock: Callable[[], float], stopped: Callable[[], str], *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.clock = clock
        self.stopped = stopped
        self._state: ArenaState | None = None
        self._seen: object = None

    def on_mount(self) -> None:
        """Ages move with the clock even when no event arrives."""
        self.set_interval(1.0, self._refresh_clock)

    def _refresh_clock(self) -> None:
        if self._state is not None:
            self.sync(self._state)

    def notice(self, state: ArenaState) -> str:
        """The stopped-writer notice, or empty."""
        why = self.stopped()
        if not why and state.header.status in ("interrupted", "failed", "crashed"):
            why = f"the run was marked {state.header.status}"
        return why

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Redraw when the header moved or a second passed."""
        self._state = state
        now = self.clock()
        notice = self.notice(state)
        key = (state.versions.header, int(now), notice, self.size.width)
        if key == self._seen and not force:
            return
        self._seen = key
        self.set_class(bool(notice), "-stopped")
        width = max(1, self.size.width - 2)
        where = status_text(state, now, compact=self.size.width < 120, width=width)
        if notice:  # the action (the resume command) must be on screen: the notice wraps instead of being cut
            update_text(self, Text(f"⚠ STOPPED: {notice}\n{where}", overflow="fold"))
            return
        update_text(self, Text(where, no_wrap=True, overflow="ellipsis"))
