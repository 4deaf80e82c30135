"""The "so far" figures are the report of the finished part: replayed event by event, every frame.

The reference is computed the way a report is (``score_events``) over a rewritten prefix: each
scenario's events up to its latest verdict (all of them once it ended), its round list cut to
the rounds that have a verdict. Live (the TUI's state), replay and headless lines must equal it
at every event, and equal the final report at the end.
"""

from __future__ import annotations

import asyncio
import functools
import io
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.config import load_model_config
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.runner.progress import PlainProgress
from arena_tui.scoring import RunScores, ScoreFold, score_events
from arena_tui.settings import Settings
from arena_tui.tui.state import ArenaState
from arena_tui.tui.store_sources import StoredEvents

DATASET = Path(__file__).resolve().parents[2] / "data" / "clawarena-team"
DEMO = ("s_demo_treatment_room_fridge", "s_demo_supplier_shortfall_claim")
FIGURES = ("tcr", "tpp", "roc", "wpp", "mca", "sms")


@functools.lru_cache(maxsize=1)
def stored_oracle_run() -> tuple[list[ev.Event], str]:
    """The reference manager over both demo scenarios at once (-c 2); (stored events, headless output)."""
    out = Path(tempfile.mkdtemp(prefix="cateam-sofar-"))
    try:
        plan = RunPlan(
            load_dataset(DATASET, None, list(DEMO)),
            load_model_config("oracle"),
            Settings(concurrency=2),
            out / "run",
        )
        printed = io.StringIO()
        plan.subscribers = [PlainProgress(plan.fold, printed)]
        asyncio.run(execute_run(plan))
        _rid, stored = StoredEvents.load(out / "run")
        return list(stored), printed.getvalue()
    finally:
        shutil.rmtree(out, ignore_errors=True)


def report_of_finished_part(events: Sequence[ev.Event]) -> RunScores:
    """Score, as a report does, the events of each scenario up to its latest verdict."""
    last_start: dict[str, int] = {}
    last_verdict: dict[str, int] = {}
    ended: set[str] = set()
    scored: dict[str, list[str]] = {}
    for i, e in enumerate(events):
        sid = e.scenario_id or ""
        if isinstance(e, ev.ScenarioStarted):
            last_start[sid] = i
            last_verdict.pop(sid, None)
            ended.discard(sid)
            scored[sid] = []
        elif isinstance(e, ev.RoundScored):
            last_verdict[sid] = i
            scored.setdefault(sid, []).append(e.round_id)
        elif isinstance(e, ev.ScenarioFinished):
            ended.add(sid)
    kept = set(last_verdict) | ended
    out: list[ev.Event] = []
    for i, e in enumerate(events):
        owner = e.scenario_id
        if isinstance(e, ev.RunStarted):
            ids = [s for s in e.scenario_ids if s in kept]
            rounds = {s: e.round_ids[s] if s in ended else scored[s] for s in ids}
            out.append(e.model_copy(update={"scenario_ids": ids, "round_ids": rounds}))
        elif owner is None or owner in ended:
            out.append(e)
        elif owner in last_verdict and i <= last_verdict[owner]:
            if isinstance(e, ev.ScenarioStarted) and i == last_start[owner]:
                cut = scored[owner]
                e = e.model_copy(
                    update={"round_ids": cut, "delegation_rounds": [r for r in e.delegation_rounds if r in cut]}
                )
            out.append(e)
    return score_events(out)


def figures(scores: RunScores) -> tuple[float, ...]:
    return tuple(round(getattr(scores, f), 9) for f in FIGURES)


def test_replay_so_far_equals_the_report_of_the_finished_part_at_every_event() -> None:
    events, _printed = stored_oracle_run()
    assert sum(isinstance(e, ev.RoundScored) for e in events) >= 6
    state = ArenaState()
    for k, event in enumerate(events, start=1):
        state.apply(event)
        reference = report_of_finished_part(events[:k])
        assert figures(state.so_far) == figures(reference), f"after event {k} ({event.kind})"
        assert state.so_far.rounds_total == reference.rounds_total
    final = score_events(events)
    assert figures(state.so_far) == figures(final) == figures(state.scores)
    assert final.sms > 0.5, "the reference run scores well: a zero everywhere would prove nothing"


def test_one_perfect_round_reads_as_the_report_of_that_round() -> None:
    """After a perfect first round that delegated, the scenario reads 100, not 1/5 of it (open rounds wait)."""
    events, _ = stored_oracle_run()
    sid = DEMO[0]  # its q1 needs delegation, and the reference delegates it well
    first = next(i for i, e in enumerate(events) if isinstance(e, ev.RoundScored) and e.scenario_id == sid)
    state = ArenaState()
    state.apply_many(events[: first + 1])
    part = state.so_far.scenarios[sid]
    assert (part.round_ids, part.tcr, part.tpp, part.sms) == (["q1"], 1.0, 1.0, 1.0)
    whole = state.scores.scenarios[sid]
    assert whole.tcr < 1.0 and whole.tpp < 0.5, "the report of the run so far counts the open rounds as missed"


def test_a_seeded_state_continues_the_runs_fold_and_reads_the_finished_part() -> None:
    """A run in this process hands the fold as it stood before its first event (kept rounds of a
    resumed run); the state owns it, folds every later event, and "so far" stays the report of the
    finished part, kept rounds included."""
    events, _ = stored_oracle_run()
    cut = next(i for i, e in enumerate(events) if isinstance(e, ev.ScenarioFinished)) + 1
    seed = ScoreFold().apply_all(events[:cut])
    state = ArenaState(seed=seed)
    assert state.fold is seed and state.finished.fold is seed
    for k, event in enumerate(events[cut:], start=cut + 1):
        state.apply(event)
        if isinstance(event, ev.RoundScored):
            assert figures(state.so_far) == figures(report_of_finished_part(events[:k])), f"after event {k}"
    assert figures(state.fold.result()) == figures(score_events(events))


def test_headless_round_lines_give_the_finished_part_and_end_at_the_report() -> None:
    events, printed = stored_oracle_run()
    lines = re.findall(r"^(\S+) (\S+) (PASS|FAIL).*TCR (\S+)  SMS (\S+)$", printed, re.M)
    assert len(lines) == sum(isinstance(e, ev.RoundScored) for e in events)
    verdicts = [i for i, e in enumerate(events) if isinstance(e, ev.RoundScored)]
    for (sid, rid, _v, tcr, sms_), at in zip(lines, verdicts, strict=True):
        assert (sid, rid) == (events[at].scenario_id, getattr(events[at], "round_id", ""))
        reference = report_of_finished_part(events[: at + 1])
        assert float(tcr) == pytest.approx(round(100 * reference.tcr, 1))
        assert float(sms_) == pytest.approx(round(100 * reference.sms, 1))
    final = score_events(events)
    assert float(lines[-1][4]) == pytest.approx(round(100 * final.sms, 1))
    assert float(lines[0][3]) == 100.0, "the first perfect round reads 100, not 1/12 of the run"
