"""Snapshots at 80×24 of the statistics a paper needs: the score panel's 95 % intervals at the
end of a run (replay of a finished three-epoch run), and the compare view's statistics and
published-figure tables (scrolled to them).

Stores live under a fixed temporary folder so the drawn paths never change.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.containers import VerticalScroll
from textual.pilot import Pilot

from arena_tui.tui.app import ArenaApp
from arena_tui.tui.browser_app import BrowserApp
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.screens.compare_view import CompareView
from arena_tui.tui.widgets.score_panel import ScorePanel
from tests.tui.conftest import wait_for
from tests.tui.epoch_runs import T0, WEAKER, epoch_run, write_epoch_run

Snap = Callable[..., bool]


def test_score_intervals_at_the_end_80x24(snap_compare: Snap) -> None:
    events = epoch_run()
    replay = ReplaySource(events, playing=False)
    app = ArenaApp(replay, mode="replay", theme="dark")

    async def to_the_end(pilot: Pilot[Any]) -> None:
        replay.seek(len(events))
        await wait_for(pilot, lambda: app.state.events_applied == len(events) and app.ingest.idle, "seek")
        panel = app.screen.query_one(ScorePanel)
        await wait_for(pilot, lambda: panel.has_class("-intervals"), "intervals drawn")
        frames = app.frames
        await wait_for(pilot, lambda: app.frames > frames + 1, "redraw")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_the_end)


def _epoch_stores() -> Path:
    root = Path(tempfile.gettempdir()) / "cateam-tui-snapshots" / "epochs"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    asyncio.run(write_epoch_run(root / "oracle", "20261202-051000-e29a01", "oracle (reference trajectory)", t0=T0 + 60))
    asyncio.run(write_epoch_run(root / "weaker", "20261202-052000-e29b02", "gpt-5.4-mini", WEAKER))
    return root


def _compare_scrolled_to(table: str) -> Callable[[Pilot[Any]], Any]:
    async def compare(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, BrowserApp)
        await wait_for(pilot, lambda: app.browser.loaded, "runs loaded")
        await wait_for(pilot, lambda: all(r.figures for r in app.browser.runs.values()), "runs scored")
        await pilot.press("space", "down", "space", "c")
        await wait_for(pilot, lambda: isinstance(app.screen, CompareView), "compare view")
        await pilot.pause()
        box = app.screen.query_one("#heatmap-box", VerticalScroll)
        box.scroll_to_widget(app.screen.query_one(f"#figure-{table}-title"), top=True, animate=False)
        await pilot.pause()
        await pilot.pause()

    return compare


def test_compare_paired_table_80x24(snap_compare: Snap) -> None:
    app = BrowserApp(_epoch_stores(), theme="dark")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_compare_scrolled_to("paired"))


def test_compare_published_figures_80x24(snap_compare: Snap) -> None:
    app = BrowserApp(_epoch_stores(), theme="dark")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_compare_scrolled_to("forbidden_accesses"))


def test_compare_heatmap_with_spread_80x24(snap_compare: Snap) -> None:
    app = BrowserApp(_epoch_stores(), theme="dark")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_compare_scrolled_to("sms_heatmap_epochs"))
