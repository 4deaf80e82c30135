"""Base of the play forms: a modal that dismisses with one tool call (or ``None`` when cancelled)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Button, Input, TextArea

ToolCall = tuple[str, dict[str, Any]]
"""A tool name and its arguments, named exactly as the tools name them."""


class ToolForm(ModalScreen[ToolCall | None]):
    """A form for one tool; subclasses compose the fields and build the arguments.

    | Key | Action |
    | :- | :- |
    | ctrl+s | Submit. |
    | escape | Cancel. |
    """

    DEFAULT_CSS = """
    ToolForm { align: center middle; }
    ToolForm > #form {
        width: 90; max-width: 96%; height: auto; max-height: 96%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    ToolForm .row { height: auto; }
    ToolForm .field-label { color: $text-muted; height: 1; margin-top: 1; }
    ToolForm Input { width: 1fr; }
    ToolForm TextArea { height: 5; }
    ToolForm #buttons { height: auto; align-horizontal: right; margin-top: 1; }
    ToolForm #buttons Button { margin-left: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "submit", "Submit", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    TOOL: ClassVar[str] = ""
    """The tool this form calls."""

    def buttons(self) -> ComposeResult:
        """Submit and Cancel."""
        with Horizontal(id="buttons"):
            yield Button("Cancel", id="cancel")
            yield Button(f"Submit {self.TOOL}", id="submit", variant="primary")

    def on_mount(self) -> None:
        """No blinking cursors (stable screenshots)."""
        for widget in self.query(Input):
            widget.cursor_blink = False
        for area in self.query(TextArea):
            area.cursor_blink = False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Submit or cancel."""
        event.stop()
        if event.button.id == "submit":
            self.action_submit()
        else:
            self.action_cancel()

    def arguments(self) -> dict[str, Any] | None:
        """The call's arguments, or ``None`` after telling the user what is missing."""
        raise NotImplementedError

    def action_submit(self) -> None:
        """Dismiss with the call if the fields are complete."""
        args = self.arguments()
        if args is not None:
            self.dismiss((self.TOOL, args))

    def action_cancel(self) -> None:
        """Dismiss without a call."""
        self.dismiss(None)

    def missing(self, what: str, widget_id: str) -> None:
        """Tell the user a field is needed and focus it.

        Args:
            what: The message.
            widget_id: The field to focus.
        """
        self.notify(what, severity="warning", markup=False)
        self.query_one(f"#{widget_id}").focus()
