"""Help: every key binding of the run screen, in one modal."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS: tuple[tuple[str, str], ...] = (
    ("q", "quit"),
    ("?", "this help"),
    ("ctrl+p", "command palette (themes, filters, replay controls)"),
    ("tab / shift+tab", "move between panels"),
    ("enter (Agents)", "select an agent: fills Grants and filters Tool calls"),
    ("enter (Tool calls)", "full arguments and result of the line under the cursor"),
    ("up / down, home / end", "move in Tool calls; end follows the newest line"),
    ("f", "cycle the Tool calls filter: all agents, main, each subagent"),
    ("escape", "show all agents again"),
    ("g", "focus the Agents tree (to pick whose grants to see)"),
)
REPLAY_KEYS: tuple[tuple[str, str], ...] = (
    ("space", "pause / play"),
    (". / right", "step one event"),
    ("+ / -", "speed 1×, 4×, 16×, 100×, max"),
    ("s", "seek to a round"),
)


class HelpScreen(ModalScreen[None]):
    """Key bindings of the run screen (replay keys too when replaying)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 76;
        max-width: 95%;
        height: auto;
        max-height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, replay: bool = False) -> None:
        super().__init__()
        self.replay = replay

    def compose(self) -> ComposeResult:
        """A two-column key table."""
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        for key, what in KEYS + (REPLAY_KEYS if self.replay else ()):
            table.add_row(key, what)
        with VerticalScroll():
            yield Static(table)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
