"""Plain progress for runs without a terminal UI: one line per round, with the running scores."""

from __future__ import annotations

import sys
from typing import TextIO

from arena_tui import events as ev
from arena_tui.scoring.compat import compat_report, leaderboard
from arena_tui.scoring.finished import FinishedPart
from arena_tui.scoring.fold import RunScores, ScoreFold


class PlainProgress:
    """A bus subscriber that prints scenario starts, each scored round and scenario ends."""

    def __init__(self, fold: ScoreFold, out: TextIO | None = None, profile: str = "arena") -> None:
        self.out = out or sys.stdout
        self.profile = profile
        """``compat``: the figures are the earlier release's (``--metrics compat``), as in the report."""
        self.run_id = ""
        self.fold = fold
        """The run's own fold (already applied when this subscriber sees an event)."""
        self.finished = FinishedPart(fold)
        """Each round's line gives the report of the finished part, not of the whole run so far."""
        self._truncated: dict[tuple[str | None, str], int] = {}

    def __call__(self, event: ev.Event) -> None:
        self.finished.observe(event)
        if isinstance(event, ev.RunStarted):
            self.run_id = event.run_id
            sim = f" [simulated: {'; '.join(event.simulated)}]" if event.simulated else ""
            total = sum(len(r) for r in event.round_ids.values())
            self._line(
                f"run {event.run_id}: {_n(len(event.scenario_ids), 'scenario')}, {_n(total, 'round')}, "
                f"manager {event.manager}, sandbox {event.sandbox_mode}{sim}"
            )
        elif isinstance(event, ev.ScenarioStarted) and event.attempt > 1:
            self._line(f"{event.scenario_id}: retry, attempt {event.attempt}")
        elif isinstance(event, ev.RoundFinished):
            if event.truncated:
                self._truncated[event.scenario_id, event.round_id] = event.truncated
            if event.status == "unavailable":
                self._line(f"{event.scenario_id} {event.round_id} not scored ({event.reason})")
        elif isinstance(event, ev.ModelError) and event.final:
            self._line(f"{event.scenario_id or '-'} model error: {event.error}")
        elif isinstance(event, ev.RoundScored):
            s = self.finished.result()
            verdict = "PASS" if event.passed else "FAIL"
            why = f" ({event.reason})" if event.reason else ""
            cut = self._truncated.pop((event.scenario_id, event.round_id), 0)
            if cut:
                why += f" [truncated: {cut} repl{'ies' if cut > 1 else 'y'} hit the output limit]"
            self._line(f"{event.scenario_id} {event.round_id} {verdict}{why}  {self._so_far(s)}")
        elif isinstance(event, ev.ScenarioFinished) and event.status != "completed":
            self._line(f"{event.scenario_id}: {event.status}: {event.reason}")
        elif isinstance(event, ev.RunFinished):
            if event.reason and event.status == "failed":
                self._line(f"run stopped: {event.reason}")
            s = self.fold.result()
            if self.profile == "compat":  # the closing line that follows gives the earlier figures (commands/run.py)
                self._line(f"run {event.status}: {s.rounds_passed}/{s.rounds_total} rounds")
                return
            self._line(
                f"run {event.status}: {s.rounds_passed}/{s.rounds_total} rounds, TCR {100 * s.tcr:.1f}, "
                f"TPP {100 * s.tpp:.1f}, ROC {100 * s.roc:.1f}, WPP {100 * s.wpp:.1f}, "
                f"MCA {100 * s.mca:.1f}, SMS {100 * s.sms:.1f}"
            )

    def _so_far(self, s: RunScores) -> str:
        """The finished part's figures in the run's profile."""
        if self.profile == "compat":
            composite = compat_report(s, self.run_id)["composite"]
            return (
                f"TCR {100 * composite['TCR']:.1f}  leaderboard SMS {100 * leaderboard(composite)['SMS']:.1f} (compat)"
            )
        return f"TCR {100 * s.tcr:.1f}  SMS {100 * s.sms:.1f}"

    def _line(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _n(count: int, word: str) -> str:
    """``1 scenario``, ``2 scenarios``."""
    return f"{count} {word}{'' if count == 1 else 's'}"
