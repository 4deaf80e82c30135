"""The first frame comes before anything slow: the source starts after it, and the TUI commands that
need no model (replay, watch, runs) never import the model clients."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator, Sequence

from arena_tui import events as ev
from arena_tui.errors import BadInputError
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.sources import NoRunHere
from tests.tui.conftest import wait_for
from tests.tui.sample_events import sample_run


class WatchfulSource(NoRunHere):
    """Notes whether the screen had painted its first frame when it was first iterated."""

    def __init__(self) -> None:
        self.app: ArenaApp | None = None
        self.painted_before_start: bool | None = None

    async def _batches(self) -> AsyncIterator[Sequence[ev.Event]]:
        assert self.app is not None
        self.painted_before_start = self.app.first_frame_at is not None
        yield sample_run()

    def __aiter__(self) -> AsyncIterator[Sequence[ev.Event]]:
        return self._batches()


async def test_the_source_starts_only_after_the_first_frame() -> None:
    source = WatchfulSource()
    app = ArenaApp(source)
    source.app = app
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: source.painted_before_start is not None, "source started")
        assert source.painted_before_start is True


class RefusedSource(NoRunHere):
    """A run refused before its first event (what a missing bwrap does)."""

    async def _batches(self) -> AsyncIterator[Sequence[ev.Event]]:
        raise BadInputError("bubblewrap (bwrap) is not available", fix="install it")
        yield []  # pragma: no cover (makes this an async generator)

    def __aiter__(self) -> AsyncIterator[Sequence[ev.Event]]:
        return self._batches()


async def test_a_run_refused_before_it_started_leaves_the_app_for_the_one_line_error() -> None:
    app = ArenaApp(RefusedSource())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.return_code == 2, "app left")


def test_replay_watch_and_runs_do_not_import_the_model_clients() -> None:
    code = (
        "import sys, arena_tui.commands.tui, arena_tui.tui.app, arena_tui.tui.browser_app; "
        "print(sorted(m for m in ('openai', 'arena_tui.providers', 'arena_tui.runner.orchestrator') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]"
