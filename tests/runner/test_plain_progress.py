"""Headless progress lines speak the run's metrics profile (``--metrics compat``: the earlier figures)."""

from __future__ import annotations

import io

from arena_tui import events as ev
from arena_tui.runner.progress import PlainProgress
from arena_tui.scoring import ScoreFold, score_events
from arena_tui.scoring.compat import compat_report, leaderboard
from tests.scoring.test_finished import stored_oracle_run


def _printed(profile: str) -> list[str]:
    events, _ = stored_oracle_run()
    fold, out = ScoreFold(), io.StringIO()
    progress = PlainProgress(fold, out, profile=profile)
    for event in events:
        fold.apply(event)  # the run's fold sees each event before its subscribers
        progress(event)
    return out.getvalue().splitlines()


def test_compat_lines_give_the_earlier_figures_and_no_arena_figures() -> None:
    events, _ = stored_oracle_run()
    run_id = next(e.run_id for e in events if isinstance(e, ev.RunStarted))
    lines = _printed("compat")
    rounds = [line for line in lines if " PASS " in line or " FAIL " in line]
    assert rounds and all(line.endswith("(compat)") and "leaderboard SMS" in line for line in rounds)
    composite = compat_report(score_events(events), run_id)["composite"]
    assert rounds[-1].endswith(f"leaderboard SMS {100 * leaderboard(composite)['SMS']:.1f} (compat)")
    assert lines[-1] == "run completed: 12/12 rounds"  # the command's closing line gives the figures next
    assert not any(f"{name} " in line for line in lines for name in ("TPP", "ROC", "WPP", "MCA"))


def test_arena_lines_keep_the_arena_figures() -> None:
    lines = _printed("arena")
    assert lines[-1].startswith("run completed: 12/12 rounds, TCR 100.0") and lines[-1].endswith("SMS 100.0")
    assert not any("(compat)" in line for line in lines)
