"""A run built behind the opening screen, handed to the app that is already on screen.

``run``, ``resume`` and ``play`` on a terminal paint their opening screen before anything slow:
the command itself (its imports, the dataset, the startup probe, the output lock) runs in a
thread that the app's loader starts after the first frame. When the command has its run it
offers it here (:meth:`Handoff.offer`) and waits until the app has closed; the app shows what
was offered. A command that ends without offering a run (a refused dataset, a headless setting)
closes the opening screen, and the CLI reports the command's own result or error. Textual-free.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from arena_tui.tui.play import ToolSubmitter
    from arena_tui.tui.play_context import PlayContext
    from arena_tui.tui.sources import RunEventSource


@dataclass(frozen=True)
class RunView:
    """What the app needs to show a run of this process: its source and the screen's settings."""

    source: RunEventSource
    mode: Literal["live", "play"] = "live"
    submit: ToolSubmitter | None = None
    """Play: where the console's tool calls go."""
    tools: tuple[str, ...] = ()
    play_context: PlayContext | None = None
    resume_hint: str = ""
    save_dir: Path | None = None
    theme: str | None = None
    """A theme the run's settings name (a settings file may name one the command line did not)."""


class Handoff:
    """Runs ``command`` behind the opening screen and passes its :class:`RunView` to the app.

    Args:
        command: The command's work (what it does without an opening screen); returns its exit code.
    """

    def __init__(self, command: Callable[[], int]) -> None:
        self._command = command
        self._lock = threading.Lock()
        self._changed = threading.Event()
        """Set when a view is offered, the command ends or declines, or the app leaves."""
        self._leaving = threading.Event()
        """The app is leaving: no view is shown any more."""
        self._closed = threading.Event()
        """The app has gone and the terminal is the command's again (set by :meth:`finish`)."""
        self._view: RunView | None = None
        self._thread: threading.Thread | None = None
        self.result: int | None = None
        self.error: BaseException | None = None

    def open(self) -> RunView | None:
        """The app's loader (a worker thread, after the first frame): start the command, wait for its run.

        Returns:
            The offered view, or ``None`` when the command ended without one or the app closed first.
        """
        with self._lock:
            if self._thread is None and not self._leaving.is_set():
                self._thread = threading.Thread(target=self._run_command, name="command", daemon=True)
                self._thread.start()
        self._changed.wait()
        with self._lock:
            return None if self._leaving.is_set() else self._view

    def _run_command(self) -> None:
        try:
            self.result = self._command()
        except BaseException as exc:  # reported by the CLI once the app has closed (one line for an ArenaError)
            self.error = exc
        finally:
            self._changed.set()

    def offer(self, view: RunView) -> bool:
        """The command's thread: show ``view``. ``False`` when the app is leaving already: do not start the run."""
        with self._lock:
            if self._leaving.is_set():
                return False
            self._view = view
        self._changed.set()
        return True

    def decline(self) -> None:
        """The command's thread: it goes on without a screen (a headless setting); returns once the app has closed."""
        self._changed.set()  # the loader finds no view: the app closes
        self._closed.wait()

    def wait_closed(self) -> None:
        """The command's thread: block until the app has gone and the terminal is the command's again."""
        self._closed.wait()

    def leave(self) -> None:
        """The app is leaving: a waiting loader returns, an offer after this is refused, the command goes on."""
        with self._lock:
            self._leaving.set()
        self._changed.set()

    def finish(self) -> int:
        """The main thread, after the app: the command's exit code once it has ended (its error is raised)."""
        self.leave()
        self._closed.set()
        with self._lock:
            thread = self._thread
        if thread is None:
            return 130  # left before the command started: nothing was done
        thread.join()
        if self.error is not None:
            raise self.error
        return self.result if self.result is not None else 0


_current: Handoff | None = None


def current() -> Handoff | None:
    """The handoff of the command running behind an opening screen in this process, if any."""
    return _current


def install(handoff: Handoff | None) -> None:
    """Make ``handoff`` the one :func:`current` returns (``None`` when the command is over)."""
    global _current
    _current = handoff
