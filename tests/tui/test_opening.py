"""The opening screen: painted before the source is opened, then replaced by the run screen."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from arena_tui.errors import BadInputError
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.screens.opening import OpeningScreen
from arena_tui.tui.screens.run_screen import RunScreen
from arena_tui.tui.sources import ListSource
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import sample_run


async def test_opening_screen_is_the_first_frame_and_the_loader_runs_off_the_loop() -> None:
    gate = threading.Event()
    threads: list[str] = []

    def load() -> ListSource:
        threads.append(threading.current_thread().name)
        assert gate.wait(10), "the first frame was never painted"
        return ListSource(sample_run(), batch_size=7)

    app = ArenaApp(mode="live", load=load, opening="runs/demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.first_frame_at is not None, "first frame")
        assert isinstance(app.screen, OpeningScreen)
        assert "opening runs/demo" in str(app.screen.query_one("Static").render())
        assert not app.attached and not app.run_active
        await pilot.press("f")  # keys while opening reach no run screen and break nothing
        gate.set()
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), "run screen")
        await wait_ingested(pilot, app, len(sample_run()))
        assert threads and threads[0] != threading.main_thread().name
        assert len(app.screen_stack) == 2  # the opening screen gave way, it is not left below


async def test_a_palette_opened_over_the_opening_screen_closes_with_it() -> None:
    gate = threading.Event()

    def load() -> ListSource:
        assert gate.wait(10), "the first frame was never painted"
        return ListSource(sample_run(), batch_size=7)

    app = ArenaApp(mode="live", load=load)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.first_frame_at is not None, "first frame")
        app.action_command_palette()
        await wait_for(pilot, lambda: len(app.screen_stack) == 3, "palette over the opening screen")
        gate.set()
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), "run screen")
        assert len(app.screen_stack) == 2 and not any(isinstance(s, OpeningScreen) for s in app.screen_stack)


async def test_a_loader_that_returns_a_replay_makes_a_replay() -> None:
    app = ArenaApp(mode="replay", load=lambda: ReplaySource(sample_run(), speed=float("inf")))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), "run screen")
        assert app.mode == "replay" and app.replay is not None


async def test_a_refusing_loader_ends_the_app_with_its_error() -> None:
    def load() -> ListSource:
        raise BadInputError("run r1 in runs/x holds no events yet")

    app = ArenaApp(mode="replay", load=load)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.load_error is not None, "load error")
    assert isinstance(app.load_error, BadInputError) and app.return_code == 2


def test_a_source_and_a_loader_together_are_refused() -> None:
    try:
        ArenaApp(ListSource([]), load=lambda: ListSource([]))
    except ValueError as exc:
        assert "not both" in str(exc)
    else:
        raise AssertionError("accepted both")


def test_replay_command_reports_what_the_loader_refused_as_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    from arena_tui import cli
    from arena_tui.commands import tui as tui_commands
    from tests.tui.stored_runs import ScenarioPlan, write_run

    asyncio.run(write_run(tmp_path, "run-a", "oracle", [ScenarioPlan("s_one", [True])]))
    real_run = ArenaApp.run

    def headless(self: ArenaApp, *args: Any, **kwargs: Any) -> Any:
        return real_run(self, headless=True)

    monkeypatch.setattr(ArenaApp, "run", headless)
    monkeypatch.setattr(tui_commands, "use_tui", lambda args: True)
    code = cli.main(["replay", str(tmp_path), "--run-id", "run-missing"])
    err = capsys.readouterr().err
    assert code == 2 and "run-missing" in err and "Traceback" not in err, err
