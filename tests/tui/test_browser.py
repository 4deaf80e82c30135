"""Runs browser and compare view: stores found off the UI thread, marking, compare ranking, Enter returns a run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable

from arena_tui.tui.browser_app import BrowserApp
from arena_tui.tui.run_list import scan_runs
from arena_tui.tui.screens.compare_view import CompareView
from arena_tui.tui.screens.runs_browser import RunsBrowser
from arena_tui.tui.widgets.heatmap import BUCKETS, HeatmapRow, SmsHeatmap, bucket_for
from tests.tui.stored_runs import two_stores


async def wait_until(pilot: Pilot[Any], condition: Callable[[], bool], what: str, tries: int = 200) -> None:
    """Let the app run until ``condition()`` holds; fail after ``tries`` short pauses."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def _cells(table: DataTable[Any], row: int) -> list[str]:
    return [str(c) for c in table.get_row_at(row)]


async def test_scan_runs_newest_first(tmp_path: Path) -> None:
    await two_stores(tmp_path)
    loaded = scan_runs(tmp_path)
    assert [r.row.run_id for r in loaded.runs] == ["run-strong", "run-weak"]
    assert loaded.problems == []
    assert scan_runs(tmp_path / "missing").runs == []


async def test_browser_lists_marks_compares_and_returns_the_chosen_run(tmp_path: Path) -> None:
    strong, _weak = await two_stores(tmp_path)
    opened: list[tuple[Path, str]] = []
    app = BrowserApp(tmp_path, theme="dark", open_replay=lambda out, rid: opened.append((out, rid)))
    async with app.run_test(size=(140, 30)) as pilot:
        browser = app.browser
        await wait_until(pilot, lambda: browser.loaded, "runs loaded")
        table = browser.query_one(DataTable)
        assert table.row_count == 2
        await wait_until(pilot, lambda: all(r.figures for r in browser.runs.values()), "runs without a report scored")
        first, second = _cells(table, 0), _cells(table, 1)
        assert first[1:4] == ["2026-01-01 01:00", "run-strong", "gpt-5.4"]
        assert second[3] == "[bold]qwen[/bold]-3"  # shown verbatim, never parsed as markup
        # SMS: TCR 3/4 × mean(TPP .875, ROC 1, WPP .875, MCA 1) = 0.703 (s_dsar's one subagent used Read of
        # Read+Grep and read 1 of 2 files in q1 of its 2 unmarked rounds: TPP and WPP 1 − 0.5/2).
        assert first[4:8] == ["3/4", "75.0", "70.3", "completed"]
        assert first[10] == "0.4100"

        await pilot.press("c")  # nothing marked: a notification, no compare view
        assert not isinstance(app.screen, CompareView)
        await pilot.press("space", "down", "space")
        assert [str(c) for c in table.get_column("mark")] == ["●", "●"]
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, CompareView), "compare view")
        compare = app.screen
        assert isinstance(compare, CompareView)
        ranking = compare.query_one(DataTable)
        assert [_cells(ranking, i)[:3] + _cells(ranking, i)[-1:] for i in range(2)] == [
            ["1", "gpt-5.4", "70.3", "run-strong"],  # SMS beside the label: on screen at 80 columns
            ["2", "[bold]qwen[/bold]-3", "18.8", "run-weak"],
        ]
        heatmap = compare.query_one(SmsHeatmap)
        assert heatmap.scenario_ids == ["s_ab_test", "s_dsar"]
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, RunsBrowser), "back to the browser")

        await pilot.press("up", "enter")
    assert opened == [(strong, "run-strong")]
    assert app.return_value == (strong, "run-strong")


async def test_browser_on_an_empty_folder(tmp_path: Path) -> None:
    app = BrowserApp(tmp_path)
    async with app.run_test(size=(100, 20)) as pilot:
        await wait_until(pilot, lambda: app.browser.loaded, "scan finished")
        assert "no stored runs" in str(app.browser.query_one("#browser-status").render())
        await pilot.press("enter", "q")
    assert app.return_value is None


def test_heatmap_buckets_and_plain_labels() -> None:
    assert [bucket_for(v).glyph for v in (0.0, 0.3, 0.6, 1.0, 1.7)] == ["░░", "▒▒", "▓▓", "██", "██"]
    assert len(BUCKETS) == 4
    heatmap = SmsHeatmap([HeatmapRow("[red]x[/red]", 0.5, {"s1": 0.9})], ["s1", "s2"])
    rendered = heatmap.render()
    text = Text("\n").join(line for line in rendered.renderables if isinstance(line, Text))  # type: ignore[union-attr]
    assert "[red]x[/red]" in text.plain and "██" in text.plain and "not run" in text.plain


async def test_80_columns_tell_runs_apart_and_name_the_run_under_the_cursor(tmp_path: Path) -> None:
    strong, _weak = await two_stores(tmp_path)
    app = BrowserApp(tmp_path, theme="dark")
    async with app.run_test(size=(80, 24)) as pilot:
        browser = app.browser
        await wait_until(pilot, lambda: browser.loaded, "runs loaded")
        table = browser.query_one(DataTable)
        assert [_cells(table, i)[2] for i in range(2)] == ["strong", "weak"]  # the ids' unique ends
        detail = browser.query_one("#browser-detail")
        await wait_until(pilot, lambda: "run run-strong" in str(detail.render()), "cursor run named")
        assert f"in {strong.relative_to(tmp_path)}" in str(detail.render())
        await pilot.press("down")
        await wait_until(pilot, lambda: "run run-weak" in str(detail.render()), "detail follows the cursor")


async def test_marks_survive_a_replay_from_the_browser(tmp_path: Path) -> None:
    strong, _weak = await two_stores(tmp_path)
    first = BrowserApp(tmp_path, theme="dark")
    async with first.run_test(size=(140, 30)) as pilot:
        await wait_until(pilot, lambda: first.browser.loaded, "runs loaded")
        await pilot.press("down", "space", "up", "enter")  # mark the second, replay the first
    assert first.return_value == (strong, "run-strong")
    assert len(first.marked) == 1
    again = BrowserApp(tmp_path, theme="dark", marked=first.marked)
    async with again.run_test(size=(140, 30)) as pilot:
        await wait_until(pilot, lambda: again.browser.loaded, "runs loaded")
        table = again.browser.query_one(DataTable)
        assert [str(c) for c in table.get_column("mark")] == [" ", "●"]


async def test_compare_marks_a_run_that_did_not_finish(tmp_path: Path) -> None:
    from tests.tui.stored_runs import ScenarioPlan, write_run

    plans = [ScenarioPlan("s_ab_test", [True, False])]
    await write_run(tmp_path / "done", "run-done", "gpt-5.4", plans)
    await write_run(tmp_path / "broken", "run-broken", "gpt-5.4", plans, ts=1_767_225_700.0, status="failed")
    app = BrowserApp(tmp_path, theme="dark")
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_until(pilot, lambda: app.browser.loaded, "runs loaded")
        await wait_until(pilot, lambda: all(r.figures for r in app.browser.runs.values()), "runs scored")
        await pilot.press("space", "down", "space", "c")
        await wait_until(pilot, lambda: isinstance(app.screen, CompareView), "compare view")
        labels = [_cells(app.screen.query_one(DataTable), i)[1] for i in range(2)]
        assert sorted(labels) == ["gpt-5.4", "gpt-5.4 [failed]"]
