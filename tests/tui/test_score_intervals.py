"""The score panel's intervals at the end of a run are report.json's, written as report.md writes them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from arena_tui import events as ev
from arena_tui.scoring.report import write_report
from arena_tui.scoring.report_model import ReportMeta
from arena_tui.tui.score_intervals import (
    PANEL_ORDER,
    figure_lines,
    final_intervals,
    interval_lines,
    method_text,
    sample_text,
)
from arena_tui.tui.state import ArenaState
from tests.tui.epoch_runs import epoch_run

NUMBER = re.compile(r"\d+\.\d+")


def finished_state() -> tuple[ArenaState, list[ev.Event]]:
    events = epoch_run()
    state = ArenaState()
    state.apply_many(events)
    return state, events


def test_panel_intervals_equal_report_json(tmp_path: Path) -> None:
    state, events = finished_state()
    started = next(e for e in events if isinstance(e, ev.RunStarted))
    write_report(tmp_path, state.scores, ReportMeta.of(started))
    report = json.loads((tmp_path / "report.json").read_text())["intervals"]
    shown = final_intervals(state.scores)
    assert shown is not None
    lines = figure_lines(shown, 80)
    assert len(lines) == len(PANEL_ORDER) == 7
    for key, line in zip(PANEL_ORDER, lines, strict=True):
        figure = report["figures"][key]
        if key in ("TCR", "SMS", "TPP", "cost_usd"):
            assert figure["high"] > figure["low"]  # the fixture gives these width
        scale, places = (1, 4) if key == "cost_usd" else (100, 1)
        expected = [f"{scale * figure[k]:.{places}f}" for k in ("value", "low", "high")]
        assert NUMBER.findall(line) == expected, key
    # Two a line where the panel is wide: the same text, side by side.
    paired = interval_lines(shown, 80)
    assert len(paired) == 4 and [w for line in paired for w in line.split()] == " ".join(lines).split()
    assert method_text(shown) == f"percentile bootstrap, {report['resamples']} resamples"
    assert sample_text(shown) == "2 scenarios × 3 epochs"


def test_no_interval_before_the_last_verdict() -> None:
    events = epoch_run()
    last_verdict = max(i for i, e in enumerate(events) if isinstance(e, ev.RoundScored))
    state = ArenaState()
    state.apply_many(events[:last_verdict])
    assert final_intervals(state.scores) is None
    state.apply_many(events[last_verdict:])
    assert final_intervals(state.scores) is not None


def test_a_line_wider_than_the_panel_puts_its_bracket_below() -> None:
    state, _ = finished_state()
    shown = final_intervals(state.scores)
    assert shown is not None
    narrow = interval_lines(shown, 22)
    assert all(len(line) <= 22 for line in narrow)
    cost = next(i for i, line in enumerate(narrow) if line.startswith("cost"))
    assert narrow[cost + 1].lstrip().startswith("[")
    assert figure_lines(shown, 80)[-1] == narrow[cost] + " " + narrow[cost + 1].lstrip()
