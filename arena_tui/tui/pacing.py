"""Frame pacing: live frames give way to key presses when painting is what keeps the loop busy.

A frame folds the events that arrived and repaints what moved; on a loaded machine one paint can
take longer than the frame interval, so frames would follow each other back to back and a key
press would wait behind them. The pacer holds the next frame back until the last one's cost has
been paid back ``share`` times over in idle loop time (bounded by ``longest_wait_s``): a quiet
machine keeps the full frame rate, a loaded one paints less often and keys still answer at once
(a key's own redraw never waits for the pacer). Textual-free.
"""

from __future__ import annotations


class FramePacer:
    """Decides whether a frame tick should draw.

    Args:
        share: The loop time a frame may take is one part in ``share`` (3: at most a quarter
            of the time painting, the rest free for input and the run).
        longest_wait_s: The longest a frame is held back, however slow the last one was.
    """

    def __init__(self, share: float = 3.0, longest_wait_s: float = 0.5) -> None:
        self.share = share
        self.longest_wait_s = longest_wait_s
        self._next_at = 0.0
        self.held = 0
        """Ticks skipped so far (for benchmarks)."""

    def due(self, now: float) -> bool:
        """Whether a frame may be drawn at ``now`` (``time.monotonic()``)."""
        if now >= self._next_at:
            return True
        self.held += 1
        return False

    def painted(self, started: float, finished: float) -> None:
        """A frame begun at ``started`` was on screen at ``finished``: hold the next one accordingly."""
        cost = max(0.0, finished - started)
        self._next_at = finished + min(self.longest_wait_s, self.share * cost)
