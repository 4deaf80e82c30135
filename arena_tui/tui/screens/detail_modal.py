"""Full arguments and result of one stream line, shown as plain text (never parsed as markup)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from arena_tui.tui.formatting import duration, full_json, relativize, time_of_day
from arena_tui.tui.state_models import StreamLine


class DetailModal(ModalScreen[None]):
    """A modal with one stream line's full details.

    | Key | Action |
    | :- | :- |
    | escape, q, enter | Close. |
    """

    DEFAULT_CSS = """
    DetailModal { align: center middle; }
    DetailModal > VerticalScroll {
        width: 90%;
        height: 85%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    DetailModal #detail-title { color: $accent; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("q", "dismiss", "Close", show=False),
        Binding("enter", "dismiss", "Close", show=False),
    ]

    def __init__(self, line: StreamLine) -> None:
        super().__init__()
        self.line = line

    def compose(self) -> ComposeResult:
        """Title, arguments, result."""
        line = self.line
        title = f"{time_of_day(line.ts)}  {line.agent_label}  {line.tool or line.kind}"
        if line.call_id:
            title += f"  ({line.call_id})"
        body = Text()
        if line.kind == "call":
            body.append(f"outcome: {line.outcome or '—'}   duration: {duration(line.duration_ms) or '—'}\n\n")
            body.append("arguments\n", style="bold")
            body.append(relativize(full_json(line.arguments or {})) + "\n\n")
            body.append("result\n", style="bold")
            output = relativize(line.output)
            body.append(output if output else "(no result yet)" if line.outcome == "pending" else "(empty)")
            body.append("\n\n(paths are shown relative to the scenario's workspace)", style="italic")
        else:
            body.append(line.text)
        with VerticalScroll():
            yield Static(Text(title), id="detail-title", markup=False)
            yield Static(body, id="detail-body", markup=False)

    async def action_dismiss(self, result: None = None) -> None:
        """Close the modal."""
        self.dismiss(result)
