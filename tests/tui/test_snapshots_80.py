"""Snapshots at 80×24 of the screens a person meets first: replay, watch (stopped), compare.

Live, play and the runs browser at 80×24 are in test_snapshots.py and test_snapshots_more.py.
Run ids here are full-length (``20261201-213513-34603e``) so the snapshots show what 80 columns
keep of them; stores live under a fixed temporary folder so the drawn paths never change.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from arena_tui import events as ev
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.browser_app import BrowserApp
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.screens.compare_view import CompareView
from arena_tui.tui.sources import ListSource
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import sample_run
from tests.tui.stored_runs import T0, ScenarioPlan, write_run

Snap = Callable[..., bool]
LONG_ID = "20261201-213513-34603e"
ORACLE = "oracle (reference trajectory)"
NOW = sample_run()[-1].ts + 7


def long_id_run() -> list[ev.Event]:
    """The sample run under a full-length run id and a long pool name."""
    out: list[ev.Event] = []
    for e in sample_run():
        if isinstance(e, ev.RunStarted):
            e = e.model_copy(update={"pool": {"llm": "sim (simulated worker)", "vlm": "gemma-4-31b-it"}})
        out.append(e.model_copy(update={"run_id": LONG_ID}))
    return out


def test_replay_80x24(snap_compare: Snap) -> None:
    events = long_id_run()
    replay = ReplaySource(events, playing=False)
    app = ArenaApp(replay, mode="replay", theme="dark")

    async def seek(pilot: Pilot[Any]) -> None:
        replay.seek(20)
        await wait_for(pilot, lambda: app.state.events_applied == 20 and app.ingest.idle, "seek")
        frames = app.frames
        await wait_for(pilot, lambda: app.frames > frames + 1, "redraw")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=seek)


class StoppedSource(ListSource):
    """A watched store whose writer is gone (what ``StorePollSource.stopped`` then says)."""

    stopped = (
        "the writer (pid 4242) stopped without finishing the run; "
        "continue it with `clawarena-team resume runs/oracle-all`"
    )


def test_watch_stopped_80x24(snap_compare: Snap) -> None:
    events = long_id_run()
    app = ArenaApp(StoppedSource(events), mode="watch", theme="dark", clock=lambda: NOW)

    async def settled(pilot: Pilot[Any]) -> None:
        await wait_ingested(pilot, app, len(events))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=settled)


def _same_manager_stores() -> Path:
    """Two reference-manager runs of one day in two folders: only the id's end and the folder tell them apart."""
    root = Path(tempfile.gettempdir()) / "cateam-tui-snapshots" / "same-manager"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    plans = [ScenarioPlan("s_demo_supplier_shortfall_claim", [True, True]), ScenarioPlan("s_demo_fridge", [True])]
    asyncio.run(write_run(root / "oracle-all", LONG_ID, ORACLE, plans, ts=T0 + 60))
    weaker = [ScenarioPlan("s_demo_supplier_shortfall_claim", [True, False]), ScenarioPlan("s_demo_fridge", [False])]
    asyncio.run(write_run(root / "oracle-c4", "20261201-220101-9bc1d2", ORACLE, weaker, ts=T0))
    return root


def test_compare_80x24(snap_compare: Snap) -> None:
    app = BrowserApp(_same_manager_stores(), theme="dark")

    async def compare(pilot: Pilot[Any]) -> None:
        await wait_for(pilot, lambda: app.browser.loaded, "runs loaded")
        await wait_for(pilot, lambda: all(r.figures for r in app.browser.runs.values()), "runs scored")
        await pilot.press("space", "down", "space", "c")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, CompareView), "compare view")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=compare)
