"""The first frame of a screen that has something to open: what is being opened, on a plain screen.

Reading a store and importing the run screen (event models, scoring fold, widgets) take a few
hundred milliseconds; this screen is painted before either, so the terminal answers at once.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class OpeningScreen(Screen[None]):
    """``opening …`` and the key that leaves; replaced by the run screen when the source is open."""

    DEFAULT_CSS = """
    OpeningScreen { align: center middle; }
    OpeningScreen > Static { width: auto; max-width: 95%; color: $text-muted; }
    """

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        """One line; the text is the caller's, never read as markup."""
        yield Static(Text(f"opening {self.what} …   (q quits)"), markup=False)
