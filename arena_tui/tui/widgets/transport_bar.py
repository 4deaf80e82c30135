"""Replay transport: play state, speed, position (event n of N), scenario and round."""

from __future__ import annotations

import math

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.formatting import cut_middle
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
        narrow = self.size.width < 120
        keys = "s seek · ␣ play · . step · +/-" if narrow else "space play/pause · . step · +/- speed · s seek"
        where = f" · round {h.round_id}" if h.round_id and not narrow else f" {h.round_id}" if h.round_id else ""
        head = f"{mode}  {speed}  " + (
            f"{r.position:,}/{r.total:,}" if narrow else f"event {r.position:,} of {r.total:,}"
        )
        glyphs = "" if narrow else "⏮ ⏪ ⏯ ⏩ ⏭  "
        room = max(0, self.size.width - 2 - len(glyphs) - len(head) - len(where) - len(keys) - 7)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(glyphs)
        text.append(mode, style="bold")
        text.append(head[len(mode) :])
        if h.scenario_id:  # cut from the middle so the keys (seek above all) stay on screen
            text.append(f"  · {cut_middle(h.scenario_id, max(8, room))}")
        text.append(where)
        text.append(f"   {keys}", style="dim" if narrow else "")
        self.update(text)

    def on_resize(self) -> None:
        """Lay the line out again for the new width."""
        self._seen = None
