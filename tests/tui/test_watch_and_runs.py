"""Watching a run whose writer stops, and the runs list: statuses, narrow columns, replay and back, compare."""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from arena_tui import events as ev
from arena_tui.commands import tui as tui_commands
from arena_tui.scoring import RunScores, ScenarioScore
from arena_tui.scoring.compare import ComparedRun
from arena_tui.store import EventStore
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.browser_app import BrowserApp
from arena_tui.tui.run_list import list_runs
from arena_tui.tui.screens.compare_view import CompareView, coverage_warning, distinct_labels
from arena_tui.tui.screens.runs_browser import COLUMNS, NARROW_COLUMNS, RunsBrowser
from arena_tui.tui.store_sources import StorePollSource
from arena_tui.tui.widgets.status_line import StatusLine
from tests.tui.conftest import wait_for
from tests.tui.stored_runs import two_stores


def dead_pid() -> int:
    """The id of a process that has exited (and was reaped)."""
    child = os.fork()
    if child == 0:
        os._exit(0)
    os.waitpid(child, 0)
    return child


async def write_started(out: Path, run_id: str, pid: int | None, finish: str | None = None) -> None:
    store = await EventStore.open(out, flush_interval=0.01)
    bus = ev.EventBus(run_id)
    bus.subscribe(store.append)
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], round_ids={"s1": ["q1"]}, manager="m",
                           pool={"llm": "sim"}, writer_pid=pid))  # fmt: skip
    bus.emit(ev.ScenarioStarted(run_id="", scenario_id="s1", round_ids=["q1"]))
    if finish:
        bus.emit(ev.RunFinished(run_id="", status=finish))  # type: ignore[arg-type]
    await store.close()


async def test_watch_flags_a_writer_that_died(tmp_path: Path) -> None:
    await write_started(tmp_path, "r1", dead_pid())
    source = StorePollSource(tmp_path, interval_s=0.02)
    batches = source.__aiter__()
    first = await anext(batches)
    assert first[0].kind == "run_started" and source.stopped == ""
    waiter = asyncio.ensure_future(anext(batches))
    for _ in range(100):
        if source.stopped:
            break
        await asyncio.sleep(0.02)
    waiter.cancel()
    assert "stopped without finishing" in source.stopped and "clawarena-team resume" in source.stopped


async def test_watch_keeps_quiet_while_the_writer_lives(tmp_path: Path) -> None:
    await write_started(tmp_path, "r1", os.getpid())
    source = StorePollSource(tmp_path, interval_s=0.02)
    batches = source.__aiter__()
    await anext(batches)
    waiter = asyncio.ensure_future(anext(batches))
    await asyncio.sleep(0.2)
    waiter.cancel()
    assert source.stopped == ""


async def test_watch_screen_shows_the_stopped_writer_notice(tmp_path: Path) -> None:
    await write_started(tmp_path, "r1", dead_pid())
    app = ArenaApp(StorePollSource(tmp_path, interval_s=0.02), mode="watch", clock=lambda: 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.screen.query_one(StatusLine)
        await wait_for(pilot, lambda: "STOPPED" in str(line.render()), "stopped notice", tries=300)
        assert line.has_class("-stopped")


async def test_runs_list_shows_interrupted_and_crashed_runs(tmp_path: Path) -> None:
    await write_started(tmp_path / "crashed", "r-crashed", dead_pid())
    await write_started(tmp_path / "alive", "r-alive", os.getpid())
    await write_started(tmp_path / "quit", "r-quit", os.getpid(), finish="interrupted")
    statuses = {r.row.run_id: r.status for r in list_runs(tmp_path).runs}
    assert statuses == {"r-crashed": "crashed", "r-alive": "running", "r-quit": "interrupted"}


async def test_runs_list_reads_reports_without_folding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    strong, _weak = await two_stores(tmp_path)
    report = {"run_id": "run-strong", "scores": {"TCR": 0.5, "SMS": 0.25}, "rounds_passed": 2, "rounds_total": 4,
              "coverage": {"scenarios": 2}, "cost_usd": 0.5, "simulated": []}  # fmt: skip
    (strong / "report.json").write_text(__import__("json").dumps(report))
    folded: list[str] = []
    import arena_tui.tui.run_list as run_list

    monkeypatch.setattr(run_list, "load_run", lambda out, rid: folded.append(rid))
    runs = {r.row.run_id: r for r in list_runs(tmp_path).runs}
    assert not folded, "listing never folds events"
    assert runs["run-strong"].figures is not None and runs["run-strong"].figures.sms == 0.25
    assert runs["run-weak"].figures is None  # no report: scored later, off the list's path


def _scored(browser: RunsBrowser) -> bool:
    return all(r.figures for r in browser.runs.values()) and browser.loaded


async def test_browser_fits_80_columns_and_shows_all_columns_when_wide(tmp_path: Path) -> None:
    await two_stores(tmp_path)
    for size, count in (((80, 24), NARROW_COLUMNS), ((160, 48), len(COLUMNS))):
        app = BrowserApp(tmp_path, theme="dark")
        async with app.run_test(size=size) as pilot:
            browser = app.browser
            await wait_for(pilot, functools.partial(_scored, browser), "scored")
            await pilot.pause()
            table = browser.query_one(DataTable)
            assert len(table.columns) == count
            assert table.virtual_size.width <= size[0], "every column is on screen"
            labels = [str(c.label) for c in table.columns.values()]
            assert {"TCR", "SMS", "status"} <= set(labels)


def test_enter_replay_from_the_browser_comes_back_to_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    choices: list[Any] = [(Path("/runs/a"), "run-a"), None]
    shown: list[int] = []
    replayed: list[str] = []

    def fake_run(self: BrowserApp) -> Any:
        shown.append(1)
        return choices.pop(0)

    monkeypatch.setattr(BrowserApp, "run", fake_run)

    def fake_replay(ns: argparse.Namespace) -> int:
        replayed.append(ns.run_id)
        return 0

    monkeypatch.setattr(tui_commands, "cmd_replay", fake_replay)
    assert tui_commands.cmd_browse(argparse.Namespace(root="/runs")) == 0
    assert replayed == ["run-a"] and len(shown) == 2


def _scores(rounds: dict[str, list[str]], passed: bool = True) -> RunScores:
    scenarios = {
        sid: ScenarioScore(sid, rids, {r: passed for r in rids}, status="completed") for sid, rids in rounds.items()
    }
    return RunScores(scenarios, {})


def test_compare_warns_about_different_rounds_and_labels_runs_apart() -> None:
    small = ComparedRun("oracle", "20260101-000000-aaaaaa", _scores({"s1": ["q1", "q2"]}))
    big = ComparedRun("oracle", "20260101-000000-bbbbbb", _scores({"s1": ["q1", "q2"], "s2": ["q1"]}))
    labels = distinct_labels([small, big], ["out-a", "out-b"])
    assert labels == ["oracle · out-a", "oracle · out-b"]
    assert distinct_labels([small, big], ["same", "same"]) == [
        "oracle · same · 20260101-000000-aaaaaa",
        "oracle · same · 20260101-000000-bbbbbb",
    ]
    warning = coverage_warning([small, big], labels)
    assert "different rounds" in warning and "out-a 2" in warning and "out-b 3" in warning
    assert coverage_warning([small, small], labels) == ""


async def test_compare_view_shows_the_warning(tmp_path: Path) -> None:
    small = ComparedRun("oracle", "r1", _scores({"s1": ["q1"]}))
    big = ComparedRun("oracle", "r2", _scores({"s1": ["q1"], "s2": ["q1"]}))
    app = BrowserApp(tmp_path, theme="dark")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.browser.loaded, "loaded")
        await app.push_screen(CompareView([small, big], ["a", "a"]))
        await pilot.pause()
        assert "different rounds" in str(app.screen.query_one("#compare-warning").render())
