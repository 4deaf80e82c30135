"""Live scores: TCR, TPP, ROC, WPP, MCA, SMS in large digits, and one mark per round.

While rounds are still open the panel leads with the figures over the finished rounds
("TCR 100.0 % of 3 rounds") and shows the whole-benchmark figures (what the report would say
now, open rounds counted as failed) and the coverage beside them; once every round has a
verdict both are the same and it shows the report's figures.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Digits, Static

from arena_tui.tui.formatting import pct, plural
from arena_tui.tui.progress import so_far
from arena_tui.tui.state import ArenaState
from arena_tui.tui.state_models import RoundMark
from arena_tui.tui.widgets.quiet import set_title, update_text

MARKS: dict[RoundMark, tuple[str, str]] = {
    "pass": ("✓", "score--pass"),
    "fail": ("✗", "score--fail"),
    "running": ("…", "score--running"),
    "pending": ("·", "score--pending"),
}


class ScorePanel(Vertical):
    """Score metrics as percentages (docs/scoring.md fractions × 100) with SMS drawn large."""

    DEFAULT_CSS = """
    ScorePanel {
        height: auto;
        border: round $primary 40%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    ScorePanel > #score-lines { height: auto; }
    ScorePanel > #score-sms-row { height: auto; }
    ScorePanel Digits { width: auto; color: $accent; }
    ScorePanel > .score--pass { color: $success; }
    ScorePanel > .score--fail { color: $error; }
    ScorePanel > .score--running { color: $warning; }
    ScorePanel > .score--pending { color: $text-muted; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"score--pass", "score--fail", "score--running", "score--pending"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Score"
        self._seen: object = None
        self._lines = Static("", id="score-lines", markup=False)
        self._strip = Static("", id="score-strip", markup=False)
        self._sms = Digits("0.0", id="score-sms")

    def compose(self) -> ComposeResult:
        """Metric lines, then SMS."""
        yield self._lines
        yield self._strip
        yield self._sms

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Re-render when scores changed."""
        key = (state.versions.scores, self.size.width)
        if key == self._seen and not force:
            return
        self._seen = key
        s = state.scores
        done = so_far(state.so_far, s.rounds_total)
        lines = Text(no_wrap=True, overflow="ellipsis")
        if not done.rounds_done and state.header.status == "running":
            lines.append("TCR     –   SMS     –\n")
            lines.append(f"0/{plural(s.rounds_total, 'round')}: none scored yet\n")
            lines.append("TPP     –   ROC     –\n")
            lines.append("WPP     –   MCA     –")
            big = 0.0
            set_title(self, "Score · so far")
        elif done.complete or not done.rounds_done:
            lines.append(f"TCR {pct(s.tcr)}   SMS {pct(s.sms)}\n")
            lines.append(f"{s.rounds_passed}/{plural(s.rounds_total, 'round')} passed\n")
            lines.append(f"TPP {pct(s.tpp)}   ROC {pct(s.roc)}\n")
            lines.append(f"WPP {pct(s.wpp)}   MCA {pct(s.mca)}")
            big = s.sms
            set_title(self, "Score")
        else:
            lines.append(f"TCR {pct(done.tcr)} % of {plural(done.rounds_done, 'round')}\n", style="bold")
            lines.append(f"SMS {pct(done.sms)} so far\n", style="bold")
            lines.append(f"all {s.rounds_total}: TCR {pct(s.tcr).strip()} SMS {pct(s.sms).strip()}\n")
            lines.append(f"covered {done.rounds_done}/{done.rounds_total} ({pct(done.coverage).strip()} %)\n")
            lines.append(f"TPP {pct(done.tpp)}   ROC {pct(done.roc)}\n")
            lines.append(f"WPP {pct(done.wpp)}   MCA {pct(done.mca)}")
            big = done.sms
            set_title(self, "Score · so far")
        if not self._sms.is_attached:  # shutting down
            return
        update_text(self._lines, lines)
        strip = Text(overflow="fold")
        marks = state.round_strip()
        sep = " " if len(marks) * 2 <= max(1, self.size.width - 2) else ""
        for mark in marks:
            glyph, cls = MARKS[mark]
            strip.append(glyph, style=self.get_component_rich_style(cls))
            strip.append(sep)
        strip.rstrip()
        update_text(self._strip, strip)
        figure = f"{big * 100:.1f}"
        if self._sms.value != figure:  # big digits re-lay out: only when the figure moved
            self._sms.update(figure)
