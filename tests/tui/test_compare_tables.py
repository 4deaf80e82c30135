"""The compare view's tables are the ones ``compare -o DIR`` writes: one source for CLI and TUI."""

from __future__ import annotations

import asyncio
from pathlib import Path

from arena_tui.cli import main
from arena_tui.scoring import score_events
from arena_tui.scoring.compare import ComparedRun, ranked
from arena_tui.tui.screens.compare_view import compare_tables
from arena_tui.tui.widgets.figure_table import oriented
from tests.tui.epoch_runs import WEAKER, epoch_run, write_epoch_run

RUNS = (("oracle", "20261202-051000-e29a01", None), ("gpt-5.4-mini", "20261202-052000-e29b02", WEAKER))


def test_tui_tables_are_the_written_files(tmp_path: Path) -> None:
    for manager, run_id, plan in RUNS:
        asyncio.run(write_epoch_run(tmp_path / manager, run_id, manager, plan))
    assert main(["compare", *(str(tmp_path / m) for m, _, _ in RUNS), "-o", str(tmp_path / "cmp")]) == 0
    runs = ranked([ComparedRun(m, r, score_events(epoch_run(m, plan, r))) for m, r, plan in RUNS])
    tables = compare_tables(runs, [r.label for r in runs])
    assert [t.name for t in tables[:3]] == ["intervals", "paired", "leaderboard"]
    stats = (tmp_path / "cmp" / "compare_stats.md").read_text(encoding="utf-8")
    figures = (tmp_path / "cmp" / "figures.md").read_text(encoding="utf-8")
    assert stats.endswith("\n".join(line for t in tables[:3] for line in t.markdown()))
    assert figures.endswith("\n".join(line for t in tables[3:] for line in t.markdown()))
    paired = tables[1]
    assert paired.rows[0][:2] == ["oracle", "gpt-5.4-mini"] and paired.rows[0][-1] == "n.s."  # 2 scenarios: p ≥ 0.5


def test_a_wide_figure_turns_on_its_side() -> None:
    runs = [ComparedRun(m, r, score_events(epoch_run(m, plan, r))) for m, r, plan in RUNS]
    spread = compare_tables(runs, [r.label for r in runs])[-1]
    first, heads, rows = oriented(spread)
    assert first == ""
    assert heads == ["oracle", "gpt-5.4-mini"] and [row[0] for row in rows] == spread.heads
    assert rows[0][1] == spread.rows[0][1]  # the first scenario's cell of the first run
    assert oriented(spread, transpose=False) == ("run", spread.heads, spread.rows)
