"""What the status line and the score panel say about progress (Textual-free).

Scores come from the run's one :class:`~arena_tui.scoring.ScoreFold`: "so far" figures are the
same metrics over the rounds that have a verdict, beside the whole-benchmark figures the report
prints (unscored rounds count as failed there).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena_tui.scoring import RunScores
from arena_tui.scoring.metrics import sms
from arena_tui.store.lock import pid_alive as pid_alive  # kept importable here for the TUI
from arena_tui.tui.formatting import clock
from arena_tui.tui.state import ArenaState


@dataclass(frozen=True)
class SoFar:
    """Figures over the rounds that have a verdict."""

    rounds_done: int
    rounds_passed: int
    rounds_total: int
    tcr: float
    sms: float
    tpp: float = 0.0
    roc: float = 0.0
    wpp: float = 0.0
    mca: float = 0.0

    @property
    def coverage(self) -> float:
        """Share of the benchmark's rounds that have a verdict."""
        return self.rounds_done / self.rounds_total if self.rounds_total else 0.0

    @property
    def complete(self) -> bool:
        """Every round has a verdict (the so-far figures are the whole-benchmark ones)."""
        return self.rounds_total > 0 and self.rounds_done == self.rounds_total


def so_far(scores: RunScores) -> SoFar:
    """TCR, SMS and the management means over the finished rounds (means over the scenarios that have any)."""
    done = {sid: s for sid, s in scores.scenarios.items() if any(r in s.passed for r in s.round_ids)}
    rounds_done = sum(sum(1 for r in s.round_ids if r in s.passed) for s in done.values())
    passed = scores.rounds_passed
    tcr = passed / rounds_done if rounds_done else 0.0
    part = RunScores(done, scores.tokens, scores.simulated)
    value = sms(tcr, part.tpp, part.roc, part.wpp, part.mca) if done else 0.0
    return SoFar(rounds_done, passed, scores.rounds_total, tcr, value, part.tpp, part.roc, part.wpp, part.mca)


def status_text(state: ArenaState, now: float, compact: bool = False) -> str:
    """``scenario 2 of 5 s_x · round q3 (3/6) · 00:01:12 in round · last event 3 s ago · main gpt``.

    Args:
        state: The drawn state.
        now: Current time (seconds since the epoch) for the ages; event time in replays.
        compact: Narrow terminals: the same facts in fewer words (``2/5 s_x · q3 (3/6) · …``).
    """
    h = state.header
    parts: list[str] = []
    total = len(h.scenario_ids)
    running = list(state.running.values())
    if len(running) > 1:
        parts.append(f"{len(running)} scenarios running")
        for p in running:
            where = f"{p.round_id} ({p.round_index + 1}/{p.round_count})" if p.round_id else "starting"
            parts.append(f"{p.index}/{total} {p.scenario_id} {where}")
    elif h.scenario_id:
        index = h.scenario_ids.index(h.scenario_id) + 1 if h.scenario_id in h.scenario_ids else 0
        parts.append(f"{index}/{total} {h.scenario_id}" if compact else f"scenario {index} of {total} {h.scenario_id}")
        if h.round_id:
            where = f"{h.round_id} ({h.round_index + 1}/{h.round_count})"
            parts.append(where if compact else f"round {where}")
            if h.round_started_ts and h.status == "running":
                parts.append(f"{clock(now - h.round_started_ts)} in round")
    elif total:
        parts.append(f"{total} scenarios")
    if h.status not in ("running", "waiting"):
        parts.insert(0, f"run {h.status}")
    if h.now_ts and h.status == "running":
        parts.append(f"last {age(now - h.now_ts)} ago" if compact else f"last event {age(now - h.now_ts)} ago")
    if h.manager:
        parts.append(f"main {h.manager}")
    return " · ".join(parts) if parts else "waiting for the run to start"


def age(seconds: float) -> str:
    """``4 s``, ``3m05s``, ``1h02m``."""
    s = int(max(0.0, seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"
