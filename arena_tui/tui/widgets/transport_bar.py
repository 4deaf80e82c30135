"""Replay transport: play state, speed, position (event n of N), scenario and round."""

from __future__ import annotations

import math

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.state import ArenaState


class TransportBar(Static):
    """One line: ⏮ ⏪ ⏯ ⏩ ⏭, speed and position of a replay."""

    DEFAULT_CSS = """
    TransportBar {
        height: 1;
        background: $boost;
        color: $foreground;
        padding: 0 1;
    }
    """

    def __init__(self, replay: ReplaySource, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.replay = replay
        self._seen: object = None

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Re-render when position, play state or speed changed."""
        r = self.replay
        key = (r.position, r.playing, r.speed, r.total, state.versions.header)
        if key == self._seen and not force:
            return
        self._seen = key
        speed = "max" if math.isinf(r.speed) else f"{r.speed:g}×"
        mode = "▶ playing" if r.playing and not r.at_end else "⏸ paused" if not r.at_end else "■ end"
        h = state.header
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("⏮ ⏪ ⏯ ⏩ ⏭  ")
        text.append(mode, style="bold")
        text.append(f"  {speed}  event {r.position:,} of {r.total:,}")
        if h.scenario_id:
            text.append(f"  · {h.scenario_id}")
        if h.round_id:
            text.append(f" · round {h.round_id}")
        text.append("   space play/pause · . step · +/- speed · s seek")
        self.update(text)
