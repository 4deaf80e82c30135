"""Live scores: TCR, TPP, ROC, WPP, MCA, SMS in large digits, and one mark per round.

While rounds are still open the panel leads with the figures over the finished rounds
("TCR 100.0 % of 3 rounds") and shows the whole-benchmark figures (what the report would say
now, open rounds counted as failed) and the coverage beside them; once every round has a
verdict both are the same and it shows the report's figures, each with the report's 95 %
interval (:mod:`arena_tui.tui.score_intervals`), the method and its resample count.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Digits, Static

from arena_tui.tui.formatting import pct, plural
from arena_tui.tui.progress import so_far
from arena_tui.tui.score_intervals import final_intervals, interval_lines, method_text, sample_text
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
        self._intervals: tuple[object, dict[str, Any] | None] = (None, None)
        """The scores last bootstrapped and their intervals (a redraw for a new width reuses them)."""

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
        subtitle, with_intervals = "", False
        done = so_far(state.so_far, s.rounds_total)
        lines = Text(no_wrap=True, overflow="ellipsis")
        if not done.rounds_done and state.header.status == "running":
            lines.append("TCR     –   SMS     –\n")
            lines.append(f"0/{plural(s.rounds_total, 'round')}: none scored yet\n")
            lines.append("TPP     –   ROC     –\n")
            lines.append("WPP     –   MCA     –")
            big = 0.0
            set_title(self, "Score · so far")
        elif done.complete and (intervals := self.final_intervals(state)):
            width = max(1, self.size.width)
            lines.append("\n".join(self.head_lines(s.rounds_passed, s.rounds_total, intervals, width)) + "\n")
            lines.append("\n".join(interval_lines(intervals, width)))
            method = method_text(intervals)
            subtitle = method if len(method) <= width - 2 else ""
            if not subtitle:
                lines.append("\n" + method)
            big = s.sms
            set_title(self, "Score · 95 % intervals")
            with_intervals = True  # the narrow layout gives it the full width
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
        set_title(self, subtitle, subtitle=True)
        self.set_class(with_intervals, "-intervals")
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

    def final_intervals(self, state: ArenaState) -> dict[str, Any] | None:
        """report.json's intervals of the finished run (one bootstrap per change of the scores)."""
        scores = state.scores
        if self._intervals[0] is not scores:
            self._intervals = (scores, final_intervals(scores))
        return self._intervals[1]

    @staticmethod
    def head_lines(passed: int, total: int, intervals: dict[str, Any], width: int) -> list[str]:
        """``4/6 rounds passed · 2 scenarios × 3 epochs``, shortened or split to fit ``width``."""
        sample = sample_text(intervals)
        for line in (f"{passed}/{plural(total, 'round')} passed · {sample}", f"{passed}/{total} passed · {sample}"):
            if len(line) <= width:
                return [line]
        return [f"{passed}/{plural(total, 'round')} passed", sample]
