"""Asks before a live run or a play session is stopped."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmQuit(ModalScreen[bool]):
    """``y``/``q``/enter stops the run (it stays resumable); ``n``/escape goes back.

    Args:
        what: What is stopped, e.g. ``the run`` or ``the play session``.
        resume_hint: What to do afterwards (e.g. the command that continues it), shown in the dialog.
    """

    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Vertical {
        width: 64; max-width: 95%; height: auto;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    ConfirmQuit #confirm-title { text-style: bold; color: $warning; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q,enter", "answer(True)", "Stop", priority=True),
        Binding("n,escape", "answer(False)", "Go back", priority=True),
    ]

    def __init__(self, what: str = "the run", resume_hint: str = "") -> None:
        super().__init__()
        self.what = what
        self.resume_hint = resume_hint

    def compose(self) -> ComposeResult:
        """Question, consequence, keys."""
        body = Text()
        body.append("It is stopped cleanly and marked interrupted; the store keeps every event.\n")
        if self.resume_hint:
            body.append(f"Afterwards: {self.resume_hint}\n")
        body.append("\ny / q / enter: stop    n / escape: keep running", style="bold")
        with Vertical():
            yield Static(Text(f"Stop {self.what}?"), id="confirm-title", markup=False)
            yield Static(body, markup=False)

    def action_answer(self, stop: bool) -> None:
        """Close with the answer."""
        self.dismiss(stop)
