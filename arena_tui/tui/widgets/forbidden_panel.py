"""Forbidden-access counters: MAF (main), SAFt (all subagents), SAFa (per subagent)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.quiet import update_text


class ForbiddenPanel(Static):
    """MAF, SAFt and SAFa; a non-zero count is drawn in the error colour."""

    DEFAULT_CSS = """
    ForbiddenPanel {
        height: auto;
        border: round $primary 40%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    ForbiddenPanel > .forbidden--hot { color: $error; text-style: bold; }
    ForbiddenPanel > .forbidden--zero { color: $text-muted; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"forbidden--hot", "forbidden--zero"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.border_title = "Forbidden"
        self._seen: object = None

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Re-render when the forbidden counters changed."""
        key = (state.versions.forbidden, state.versions.tree)
        if key == self._seen and not force:
            return
        self._seen = key
        scores = state.scores
        hot = self.get_component_rich_style("forbidden--hot")
        zero = self.get_component_rich_style("forbidden--zero")
        text = Text(no_wrap=True, overflow="ellipsis")
        for label, value, shown in (
            ("MAF", scores.maf, str(scores.maf)),
            ("SAFt", scores.saft, str(scores.saft)),
            ("SAFa", scores.safa, f"{scores.safa:.1f}"),
        ):
            text.append(f"{label} ")
            text.append(shown, style=hot if value else zero)
            text.append("  ")
        text.rstrip()
        update_text(self, text)
