"""Seek picker: a list of every round in a replay; choosing one dismisses with its event index."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class RoundPicker(ModalScreen[int | None]):
    """Choose a round to seek to.

    Args:
        rounds: ``(event index, scenario id, round id)`` for each round start.
    """

    DEFAULT_CSS = """
    RoundPicker { align: center middle; }
    RoundPicker > OptionList {
        width: 60;
        max-width: 95%;
        height: auto;
        max-height: 80%;
        border: thick $primary;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, rounds: list[tuple[int, str, str]]) -> None:
        super().__init__()
        self.rounds = rounds

    def compose(self) -> ComposeResult:
        """One option per round."""
        options = [
            Option(Text(f"{scenario} · round {round_id}  (event {index + 1:,})"), id=str(index))
            for index, scenario, round_id in self.rounds
        ]
        picker = OptionList(*options, id="round-list")
        picker.border_title = "Seek to round"
        yield picker

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Dismiss with the chosen round's event index."""
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        """Dismiss without seeking."""
        self.dismiss(None)
