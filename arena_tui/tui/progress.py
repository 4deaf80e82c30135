"""What the status line and the score panel say about progress (Textual-free).

Scores come from the run's one :class:`~arena_tui.scoring.ScoreFold`: "so far" figures are the
report of the finished part (:mod:`arena_tui.scoring.finished`), beside the whole-benchmark
figures the report prints now (unscored rounds count as failed there).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena_tui.scoring import RunScores
from arena_tui.store.lock import pid_alive as pid_alive  # kept importable here for the TUI
from arena_tui.tui.formatting import clock, fit, plural
from arena_tui.tui.score_intervals import final_intervals
from arena_tui.tui.state import ArenaState


@dataclass(frozen=True)
class SoFar:
    """Figures over the rounds that have a verdict: the report of the finished part."""

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


def so_far(part: RunScores, rounds_total: int) -> SoFar:
    """The figures of ``part`` (:class:`~arena_tui.scoring.finished.FinishedPart`'s result) out of ``rounds_total``."""
    done = part.rounds_total
    return SoFar(done, part.rounds_passed, rounds_total, part.tcr, part.sms, part.tpp, part.roc, part.wpp, part.mca)


def final_interval(scores: RunScores, figure: str = "SMS") -> tuple[float, float] | None:
    """The report's 95 % interval of ``figure`` once every round of every epoch has a verdict (None
    before): what the score panel shows at the end of a run (:mod:`arena_tui.tui.score_intervals`)."""
    found = (final_intervals(scores) or {}).get("figures", {}).get(figure)
    return (float(found["low"]), float(found["high"])) if found else None


def status_text(state: ArenaState, now: float, compact: bool = False, width: int | None = None) -> str:
    """``scenario 2 of 5 s_x · round q3 (3/6) · 00:01:12 in round · last event 3 s ago · main gpt``.

    Args:
        state: The drawn state.
        now: Current time (seconds since the epoch) for the ages; event time in replays.
        compact: Narrow terminals: the same facts in fewer words (``2/5 s_x · q3 (3/6) · …``).
        width: Cells available: the model (the header names it), then the ages go, then scenario
            ids are cut from the middle; where the run is always stays.
    """
    h = state.header
    ids: list[str] = []
    parts: list[tuple[str, bool]] = []  # (text with {} for the scenario id, may be dropped)
    total = len(h.scenario_ids)
    running = list(state.running.values())
    if len(running) > 1:
        parts.append((f"{len(running)} scenarios running", False))
        for p in running:
            where = f"{p.round_id} ({p.round_index + 1}/{p.round_count})" if p.round_id else "starting"
            ids.append(p.scenario_id)
            parts.append((f"{p.index}/{total} {{}} {where}", False))
    elif h.scenario_id:
        index = h.scenario_ids.index(h.scenario_id) + 1 if h.scenario_id in h.scenario_ids else 0
        ids.append(h.scenario_id)
        parts.append((f"{index}/{total} {{}}" if compact else f"scenario {index} of {total} {{}}", False))
        if h.round_id:
            where = f"{h.round_id} ({h.round_index + 1}/{h.round_count})"
            parts.append((where if compact else f"round {where}", False))
            if h.round_started_ts and h.status == "running":
                parts.append((f"{clock(now - h.round_started_ts)} in round", True))
    elif total:
        parts.append((plural(total, "scenario"), False))
    if h.status not in ("running", "waiting"):
        parts.insert(0, (f"run {h.status}", False))
    if h.now_ts and h.status == "running":
        age_text = f"last {age(now - h.now_ts)} ago" if compact else f"last event {age(now - h.now_ts)} ago"
        parts.append((age_text, True))
    if h.manager:
        parts.append((f"main {h.manager}", True))
    if not parts:
        return "waiting for the run to start"

    def joined(kept: list[tuple[str, bool]], shown: list[str]) -> str:
        it = iter(shown)
        return " · ".join(t.replace("{}", next(it)) if "{}" in t else t for t, _ in kept)

    if width is None or len(joined(parts, ids)) <= width:
        return joined(parts, ids)
    for drop in range(len(parts) - 1, -1, -1):  # the model first, then the ages
        if parts[drop][1] and len(joined(parts, ids)) > width:
            del parts[drop]
    extra = len(joined(parts, ids)) - sum(len(i) for i in ids)
    return joined(parts, fit(ids, max(0, width - extra), [min(len(i), 12) for i in ids]))


def age(seconds: float) -> str:
    """``4 s``, ``3m05s``, ``1h02m``."""
    s = int(max(0.0, seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"
