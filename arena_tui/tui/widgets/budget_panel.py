"""Budget: main agent context use against its limit (bar), tokens, cost, pool tokens."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.formatting import bar, tokens
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.quiet import update_text


class BudgetPanel(Static):
    """Main context bar, main tokens, main cost, pool tokens by model key."""

    DEFAULT_CSS = """
    BudgetPanel {
        height: auto;
        border: round $primary 40%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    BudgetPanel > .budget--bar { color: $accent; }
    BudgetPanel > .budget--hot { color: $error; }
    BudgetPanel > .budget--muted { color: $text-muted; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"budget--bar", "budget--hot", "budget--muted"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.border_title = "Budget"
        self._seen: object = None

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Re-render when the token or cost figures changed."""
        key = (state.versions.budget, self.size.width)
        if key == self._seen and not force:
            return
        self._seen = key
        b, scores = state.budget, state.scores
        fraction = b.main_context / b.token_limit if b.token_limit else 0.0
        width = max(4, self.size.width - 4 - 16)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"main {tokens(b.main_context)}/{tokens(b.token_limit)} ")
        style = "budget--hot" if fraction >= 0.9 else "budget--bar"
        text.append(bar(fraction, width), style=self.get_component_rich_style(style))
        text.append(f"\ncost ${scores.main_cost_usd:.2f}  {tokens(b.main_tokens)} tok")
        pool = scores.pool_tokens
        text.append("\npool ")
        if pool:
            text.append("  ".join(f"{k} {tokens(v)}" for k, v in sorted(pool.items())))
        else:
            text.append("—", style=self.get_component_rich_style("budget--muted"))
        if b.model_errors:
            text.append(f"\nmodel errors {b.model_errors}", style=self.get_component_rich_style("budget--hot"))
        update_text(self, text)
