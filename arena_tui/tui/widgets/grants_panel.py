"""Grants of the selected subagent: tools granted vs used, paths vs files touched, its four scores."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from arena_tui.tui.formatting import pct
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.quiet import set_title, update_text


class GrantsPanel(Static):
    """What the selected subagent was given against what it used (scores from the shared fold)."""

    DEFAULT_CSS = """
    GrantsPanel {
        height: auto;
        min-height: 5;
        border: round $primary 40%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    GrantsPanel > .grants--used { color: $success; }
    GrantsPanel > .grants--unused { color: $text-muted; }
    GrantsPanel > .grants--label { color: $accent; }
    GrantsPanel > .grants--hot { color: $error; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"grants--used", "grants--unused", "grants--label", "grants--hot"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.border_title = "Grants"
        self.agent_id: str | None = None
        """The subagent shown (``None``: nothing selected)."""
        self._seen: object = None

    def select(self, agent_id: str | None) -> None:
        """Show the grants of ``agent_id`` from the next sync on."""
        self.agent_id = agent_id
        self._seen = None

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Re-render when the selected subagent's grant or use changed."""
        key = (state.versions.grants, self.agent_id)
        if key == self._seen and not force:
            return
        self._seen = key
        score = state.grant(self.agent_id)
        style = self.get_component_rich_style
        if score is None:
            set_title(self, "Grants")
            update_text(self, Text("select a subagent in Agents (enter)", style=style("grants--unused")))
            return
        set_title(self, f"Grants · {score.name} ({score.model_key})")
        text = Text(overflow="fold")
        text.append("tools  ", style=style("grants--label"))
        for tool in score.tools_granted:
            used = tool in score.tools_used
            text.append(f"{tool} {'●' if used else '○'}  ", style=style("grants--used" if used else "grants--unused"))
        text.rstrip()
        text.append("\npaths  ", style=style("grants--label"))
        text.append(", ".join(score.paths_granted) or "—")
        text.append("\nfiles  ", style=style("grants--label"))
        text.append(f"{len(score.touched)} touched of {len(score.reachable)} reachable")
        if score.forbidden:
            text.append(f"\n⚠ {score.forbidden} forbidden", style=style("grants--hot"))
        text.append(f"\nTPP {pct(score.tpp)}   ROC {pct(score.roc)}")
        text.append(f"\nWPP {pct(score.wpp)}   MCA {pct(score.mca)}")
        update_text(self, text)
