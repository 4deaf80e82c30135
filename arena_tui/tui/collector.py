"""Full passes of Python's cyclic garbage collector at moments a person does not feel.

A full (oldest-generation) collection walks every tracked object and holds the interpreter
while it does: with a screen, a run and their imports in one process that is 100–200 ms on a
small machine, and it lands on whatever key press happens to be waiting. While a screen is
open, the objects alive once it is up (modules, classes, the app itself) are frozen out of the
collector's walk, and the full pass waits for a quiet moment: no key or click for
``quiet_s``, at most every ``every_s``, and never later than ``longest_s`` after the last one.
The young generations are collected as usual, so most garbage cycles still go at once.
Closing the screen puts the collector back as it was. Textual-free.
"""

from __future__ import annotations

import gc
import time

NEVER = 1 << 30
"""An oldest-generation threshold that the automatic collector never reaches."""


class QuietCollector:
    """Holds the automatic full collection back and runs it when input is quiet.

    Args:
        every_s: Least time between two full passes.
        quiet_s: How long input must have been quiet for a pass to run.
        longest_s: A pass runs after this long whatever the input does.
    """

    def __init__(self, every_s: float = 20.0, quiet_s: float = 1.0, longest_s: float = 120.0) -> None:
        self.every_s, self.quiet_s, self.longest_s = every_s, quiet_s, longest_s
        self.passes: list[float] = []
        """Seconds each full pass took (for benchmarks)."""
        self._saved: tuple[int, int, int] | None = None
        self._last_pass = 0.0
        self._last_input = 0.0

    @property
    def active(self) -> bool:
        return self._saved is not None

    def start(self, now: float | None = None) -> None:
        """Freeze what is alive now and take the full pass over from the automatic collector."""
        if self._saved is not None:
            return
        gc.collect()  # what is garbage already goes now, not into the frozen set
        gc.freeze()
        young, middle, _oldest = self._saved = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)
        self._last_pass = self._last_input = time.monotonic() if now is None else now

    def stop(self) -> None:
        """Give the collector back: thresholds as they were, frozen objects collectable again."""
        if self._saved is None:
            return
        gc.set_threshold(*self._saved)
        self._saved = None
        gc.unfreeze()

    def input_seen(self, now: float) -> None:
        """A key or click arrived at ``now`` (``time.monotonic()``)."""
        self._last_input = now

    def tick(self, now: float) -> bool:
        """Run the full pass if it is due and input is quiet; ``True`` when it ran."""
        if self._saved is None:
            return False
        since = now - self._last_pass
        if since < self.every_s or (now - self._last_input < self.quiet_s and since < self.longest_s):
            return False
        started = time.perf_counter()
        gc.collect()
        self.passes.append(time.perf_counter() - started)
        self._last_pass = time.monotonic()
        return True
