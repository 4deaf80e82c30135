"""Base of the play forms: a modal that dismisses with one tool call (or ``None`` when cancelled)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Select, TextArea

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

    def __init__(self) -> None:
        super().__init__()
        self._names: dict[Checkbox, str] = {}
        """Each checkbox's own label (the shown one adds its state)."""

    def buttons(self) -> ComposeResult:
        """Submit and Cancel."""
        with Horizontal(id="buttons"):
            yield Button("Cancel", id="cancel")
            yield Button(f"Submit {self.TOOL}", id="submit", variant="primary")

    def on_mount(self) -> None:
        """No blinking cursors (stable screenshots); checkboxes say their state in words, not only colour.

        The form's keys are on its border: the footer below belongs to the run screen.
        """
        for form in self.query("#form"):
            form.border_subtitle = "ctrl+s submit · esc cancel"
        for widget in self.query(Input):
            widget.cursor_blink = False
        for area in self.query(TextArea):
            area.cursor_blink = False
        for box in self.query(Checkbox):
            self._names.setdefault(box, box.label.plain)  # mount handlers of subclasses run this again
            self._relabel(box)

    def _relabel(self, box: Checkbox) -> None:
        name = self._names.get(box, box.label.plain)
        box.label = Text(f"[x] {name}" if box.value else f"[ ] {name}")  # Text: never read as markup

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """``[x] Read`` / ``[ ] Read``: readable in monochrome and when the off colour is faint."""
        self._relabel(event.checkbox)

    def on_key(self, event: events.Key) -> None:
        """Text typed while a Select (or a checkbox) has focus goes to the next text field instead of being lost."""
        focused = self.focused
        if not isinstance(focused, Select | Checkbox) or not event.is_printable or not event.character:
            return
        if isinstance(focused, Select) and focused.expanded:
            return
        if event.character == " ":
            return  # space toggles or opens the focused control
        chain = self.focus_chain
        after = chain[chain.index(focused) + 1 :] if focused in chain else []
        field = next((w for w in after if isinstance(w, Input | TextArea)), None)
        if field is None:
            return
        event.stop()
        event.prevent_default()
        field.focus()
        if isinstance(field, Input):
            field.insert_text_at_cursor(event.character)
        else:
            field.insert(event.character)

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
