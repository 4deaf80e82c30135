"""The first frame of a screen that has something to open: what is being opened, on a plain screen.

Reading a store and importing the run screen (event models, scoring fold, widgets) take a few
hundred milliseconds, and building a run (its imports, the dataset, the startup probe) up to a few
seconds; this screen is painted before any of it, so the terminal answers at once. What the
command prints meanwhile (which preset it fell back to, the probe's table) is shown below.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

PRINTED_LINES = 40
"""The most recent printed lines kept on screen."""


class OpeningScreen(Screen[None]):
    """``opening …`` and the key that leaves; replaced by the run screen when the source is open."""

    DEFAULT_CSS = """
    OpeningScreen { align: center middle; }
    OpeningScreen > Vertical { width: auto; max-width: 95%; height: auto; }
    OpeningScreen #opening { width: auto; color: $text-muted; }
    OpeningScreen #printed { width: auto; color: $text-muted; margin-top: 1; }
    """

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what
        self.lines: list[str] = []
        self._partial = ""

    def compose(self) -> ComposeResult:
        """One line; the text is the caller's, never read as markup."""
        with Vertical():
            yield Static(Text(f"opening {self.what} …   (q quits)"), id="opening", markup=False)
            yield Static("", id="printed", markup=False)

    def show_printed(self, text: str) -> None:
        """Add printed text (it arrives in pieces; a line shows once it is complete or when more follows)."""
        pieces = (self._partial + text).split("\n")
        self._partial = pieces.pop()
        self.lines = [*self.lines, *pieces][-PRINTED_LINES:]
        shown = [*self.lines, self._partial] if self._partial else self.lines
        self.query_one("#printed", Static).update(Text("\n".join(shown)))
