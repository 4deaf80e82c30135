"""Snapshots of the runs browser, the compare view with its heatmap, and the CreateSubagent form.

Stores and workspaces live under a fixed temporary folder so the paths drawn never change.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Checkbox, DataTable, Input, TextArea

from arena_tui.tui.app import ArenaApp
from arena_tui.tui.browser_app import BrowserApp
from arena_tui.tui.play_context import PlayContext
from arena_tui.tui.screens.compare_view import CompareView
from arena_tui.tui.screens.create_subagent_form import CreateSubagentForm
from arena_tui.tui.sources import ListSource
from arena_tui.tui.widgets.grant_tree import GrantTree
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import sample_run
from tests.tui.stored_runs import two_stores

Snap = Callable[..., bool]


def _fixed_dir(name: str) -> Path:
    folder = Path(tempfile.gettempdir()) / "cateam-tui-snapshots" / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def _browser() -> BrowserApp:
    root = _fixed_dir("runs")
    asyncio.run(two_stores(root))
    return BrowserApp(root, theme="dark")


async def _loaded(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, BrowserApp)
    await wait_for(pilot, lambda: app.browser.loaded, "runs loaded")
    await wait_for(pilot, lambda: all(r.figures for r in app.browser.runs.values()), "runs scored")
    table = app.browser.query_one(DataTable)
    for _ in range(2):  # a resize that arrives meanwhile rebuilds the columns: settle after it too
        await wait_for(pilot, lambda: _widths_settled(table), "columns as wide as their cells")
        await pilot.pause(0.05)
    await wait_for(pilot, lambda: _widths_settled(table), "columns as wide as their cells")


def _widths_settled(table: DataTable[Any]) -> bool:
    """Every column is as wide as its widest cell: the table measures new and updated cells on its
    next idle, which a busy machine may not reach before the screenshot."""
    if table._updated_cells or table._new_rows or table._require_update_dimensions:
        return False
    for key, column in table.columns.items():
        cells = [str(cell) for cell in table.get_column(key)]
        if cells and column.content_width < max(cell_len(cell) for cell in cells):
            return False
    return True


def test_runs_browser(snap_compare: Snap) -> None:
    async def mark_first(pilot: Pilot[Any]) -> None:
        await _loaded(pilot)
        await pilot.press("space")
        await pilot.pause()

    assert snap_compare(_browser(), terminal_size=(132, 20), run_before=mark_first)


def test_runs_browser_80x24(snap_compare: Snap) -> None:
    assert snap_compare(_browser(), terminal_size=(80, 24), run_before=_loaded)


def test_runs_browser_160x48(snap_compare: Snap) -> None:
    assert snap_compare(_browser(), terminal_size=(160, 48), run_before=_loaded)


def test_compare_view_with_heatmap(snap_compare: Snap) -> None:
    async def compare(pilot: Pilot[Any]) -> None:
        await _loaded(pilot)
        await pilot.press("space", "down", "space", "c")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, CompareView), "compare view")
        await pilot.pause()

    assert snap_compare(_browser(), terminal_size=(120, 24), run_before=compare)


def test_create_subagent_form(snap_compare: Snap) -> None:
    root = _fixed_dir("workspace")
    for folder, file in (("analytics", "conv.png"), ("sales", "us.csv"), ("sales", "eu.csv")):
        (root / folder).mkdir(exist_ok=True)
        (root / folder / file).write_text("x")

    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        return "ok"

    app = ArenaApp(
        ListSource(sample_run()), mode="play", theme="dark", submit=submit, tools=["CreateSubagent"],
        clock=lambda: sample_run()[-1].ts + 7,
    )  # fmt: skip
    setattr(app, "play_context", PlayContext(grantable=[str(root / "analytics"), str(root / "sales")]))  # noqa: B010

    async def fill(pilot: Pilot[Any]) -> None:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateSubagentForm), "form")
        form = app.screen
        form.query_one("#name", Input).value = "chart-reader"
        form.query_one("#tool-Read", Checkbox).value = True
        form.query_one("#system_prompt", TextArea).text = "You read charts and report the numbers."
        tree = form.query_one(GrantTree)
        tree.focus()
        tree.cursor_line = 0
        await pilot.press("enter", "down", "space")  # open analytics/, grant conv.png
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 44), run_before=fill)
