"""A run built behind the opening screen: the first frame comes first, the run is handed over, no print is lost."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from textual.app import App

from arena_tui.errors import BadInputError
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.handoff import Handoff, RunView
from arena_tui.tui.screens.opening import OpeningScreen
from arena_tui.tui.screens.run_screen import RunScreen
from arena_tui.tui.sources import ListSource
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import sample_run


def test_an_offer_after_the_app_left_is_refused_and_the_command_still_ends() -> None:
    offered: list[bool] = []

    def command() -> int:
        offered.append(behind.offer(RunView(ListSource(sample_run()))))
        return 7

    behind = Handoff(command)
    behind.leave()  # the person quit on the opening screen before the command started
    assert behind.open() is None
    assert behind.finish() == 130 and offered == [], "never started: nothing was done"

    behind = Handoff(command)
    opened: list[RunView | None] = []
    threading.Thread(target=lambda: opened.append(behind.open())).start()
    deadline = time.monotonic() + 10
    while not opened and time.monotonic() < deadline:
        time.sleep(0.01)
    assert opened and opened[0] is not None
    behind.leave()
    assert behind.finish() == 7 and offered == [True]


def test_a_command_that_ends_without_a_run_closes_the_screen_and_its_error_is_raised() -> None:
    def refuse() -> int:
        raise BadInputError("dataset folder 'x' does not exist")

    behind = Handoff(refuse)
    assert behind.open() is None, "no run to show: the opening screen closes"
    with pytest.raises(BadInputError):
        behind.finish()


async def test_the_command_starts_after_the_first_frame_and_its_run_replaces_the_opening_screen() -> None:
    seen: dict[str, object] = {}
    app: ArenaApp

    def command() -> int:
        seen["thread"] = threading.current_thread().name
        seen["first_frame"] = app.first_frame_at is not None
        print("no --model given: using the offline 'oracle' preset")
        assert go.wait(10)
        if not behind.offer(RunView(ListSource(sample_run(), batch_size=7), "live", resume_hint="resume it")):
            return 130
        behind.wait_closed()
        print("SMS 100.0")  # after the app: straight to the terminal
        return 0

    go = threading.Event()
    behind = Handoff(command)
    app = ArenaApp(mode="live", load=behind.open, opening="a new run", cancel_load=behind.leave)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.first_frame_at is not None, "first frame")
        opening = app.screen
        assert isinstance(opening, OpeningScreen)
        await wait_for(pilot, lambda: bool(opening.lines), "printed on the opening screen")
        assert opening.lines == ["no --model given: using the offline 'oracle' preset"]
        go.set()
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), "run screen")
        await wait_ingested(pilot, app, len(sample_run()))
        assert app.resume_hint == "resume it" and len(app.screen_stack) == 2
        app.exit()
    assert seen == {"thread": "command", "first_frame": True}, "the command ran behind a painted screen"
    assert "".join(text for text, _err in app.printed) == "no --model given: using the offline 'oracle' preset\n"
    assert behind.finish() == 0


async def test_quitting_the_opening_screen_refuses_the_run_that_comes_later() -> None:
    go = threading.Event()
    offered: list[bool] = []

    def command() -> int:
        assert go.wait(10)
        offered.append(behind.offer(RunView(ListSource(sample_run()))))
        return 130

    behind = Handoff(command)
    app = ArenaApp(mode="live", load=behind.open, cancel_load=behind.leave)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.first_frame_at is not None, "first frame")
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None, "app leaving")
    go.set()
    assert behind.finish() == 130 and offered == [False], "the run that was still being built never starts"


def test_run_on_a_terminal_paints_first_and_prints_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The real ``run`` command: its dataset is loaded behind the painted opening screen, its report printed after."""
    from arena_tui import cli
    from arena_tui.commands import tui as tui_commands
    from arena_tui.dataset import loader

    monkeypatch.setattr(tui_commands, "use_tui", lambda args: True)
    loaded_after_first_frame: list[bool] = []
    real_load = loader.load_dataset
    apps: list[ArenaApp] = []

    def load_dataset(*args: object, **kwargs: object) -> object:
        loaded_after_first_frame.append(bool(apps) and apps[0].first_frame_at is not None)
        return real_load(*args, **kwargs)  # type: ignore[arg-type]

    def run_headless(self: ArenaApp) -> None:
        apps.append(self)

        def leave_when_done() -> None:
            if self.attached and self.ingest.source_done:
                self.exit()

        self.call_later(lambda: self.set_interval(0.05, leave_when_done))
        App.run(self, headless=True, size=(80, 24))

    monkeypatch.setattr("arena_tui.commands.run.load_dataset", load_dataset)
    monkeypatch.setattr(ArenaApp, "run", run_headless)
    out = tmp_path / "run"
    dataset = Path(__file__).resolve().parents[2] / "data" / "clawarena-team"
    argv = ["run", "-d", str(dataset), "-t", "s_demo_treatment_room_fridge", "-o", str(out)]
    assert cli.main(argv) == 0
    printed = capsys.readouterr()
    assert loaded_after_first_frame == [True]
    assert "no --model given" in printed.err, "what the command printed behind the screen reaches the terminal"
    assert "SMS 100.0" in printed.out and (out / "report.md").is_file()
