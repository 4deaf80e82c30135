"""The live screen for someone watching a run: paths, where the run is, honest scores, quitting."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.widgets import Static

from arena_tui import events as ev
from arena_tui.scoring import ScoreFold
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.formatting import relativize, short_args
from arena_tui.tui.progress import so_far, status_text
from arena_tui.tui.screens.confirm_quit import ConfirmQuit
from arena_tui.tui.screens.help_screen import HelpScreen
from arena_tui.tui.sources import ListSource, NoRunHere
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.agents_tree import AgentsTree
from arena_tui.tui.widgets.score_panel import ScorePanel
from arena_tui.tui.widgets.status_line import StatusLine
from arena_tui.tui.widgets.tool_stream import ToolStream
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import (
    CHART,
    OTHER,
    SID,
    SLICER,
    T0,
    WS,
    concurrent_run,
    long_run_start,
    sample_run,
    workspace_run,
)


def _text(widget: Any) -> str:
    return str(widget.render())


# --- paths --------------------------------------------------------------------------


def test_workspace_paths_are_shown_relative_and_keep_their_end() -> None:
    assert relativize(f"{WS}/logger_exports/a.csv") == "logger_exports/a.csv"
    assert relativize(f"python3 {WS}/tools/x.py {WS}/logger_exports/") == "python3 tools/x.py logger_exports/"
    assert relativize(WS) == "."
    # Paths that only look alike stay as they are: not a workspace folder, or outside any workspace.
    for text in ("/etc/passwd", "/a/myworkspace/x", "/a/workspace_old/x", "workspace/x", "see the workspace"):
        assert relativize(text) == text
    cut = short_args({"file_path": f"{WS}/logger_exports/deep/folder/fr3_2026-03-14_minute_export.csv"}, 40)
    assert cut.startswith("…") and cut.endswith("/fr3_2026-03-14_minute_export.csv") and len(cut) == 40


async def test_stream_rows_and_details_show_workspace_relative_paths() -> None:
    app = ArenaApp(ListSource(workspace_run()), clock=lambda: T0 + 20)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_ingested(pilot, app, len(workspace_run()))
        stream = app.screen.query_one(ToolStream)
        rows = [stream._line_text(line, 100).plain for line in app.state.stream]
        joined = "\n".join(rows)
        assert "/runs/out" not in joined
        assert "…fr3_2026-03-14_minute_export.csv" in joined or "fr3_2026-03-14_minute_export.csv" in joined
        assert "python3 tools/excursion_minutes.py logger_exports/" in joined
        assert "/etc/passwd" in joined  # a path outside the workspace is shown whole
        assert "Read requests/brief.md first." in joined


# --- status line and grouping -------------------------------------------------------------


def test_status_line_says_where_the_run_is() -> None:
    state = ArenaState()
    state.apply_many(sample_run())
    last = sample_run()[-1].ts
    round_start = next(e.ts for e in sample_run() if isinstance(e, ev.RoundStarted) and e.round_id == "q3")
    text = status_text(state, now=last + 4)
    assert text.startswith("scenario 1 of 2 s_ab_test · round q3 (3/4)")
    assert f"00:00:{int(last + 4 - round_start):02d} in round" in text
    assert "last event 4 s ago" in text and text.endswith("main gpt-5.4")


async def test_live_screen_shows_scenario_and_round_with_an_injected_clock() -> None:
    app = ArenaApp(ListSource(sample_run()), clock=lambda: sample_run()[-1].ts + 75)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        line = app.screen.query_one(StatusLine)
        assert "1/2 s_ab_test · q3 (3/4)" in _text(line)  # 80 columns: the compact spelling
        assert "last 1m15s ago" in _text(line)


async def test_agents_of_concurrent_scenarios_are_grouped_by_scenario() -> None:
    state = ArenaState()
    state.apply_many(concurrent_run())
    assert state.grouped() and set(state.running) == {SID, OTHER}
    assert "2 scenarios running" in status_text(state, T0 + 10)
    assert f"2/2 {OTHER} r2 (2/3)" in status_text(state, T0 + 10)
    # Main's stream lines say which scenario they belong to, by its number in the status line.
    assert [line.agent_label for line in state.stream if "round" in line.text] == ["main #1", "main #2"]
    app = ArenaApp(ListSource(concurrent_run()), clock=lambda: T0 + 10)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, len(concurrent_run()))
        tree = app.screen.query_one(AgentsTree)
        groups = {str(node.label).split()[1]: node for node in tree.root.children}
        assert sorted(str(node.label).split()[0] for node in tree.root.children) == ["#1", "#2"]
        assert set(groups) == {SID, OTHER}
        assert [child.data for child in groups[SID].children] == [CHART]
        assert [child.data for child in groups[OTHER].children] == [SLICER]
        assert str(groups[OTHER].label).endswith(" r2"), "a scenario node names its current round"


async def _applied(pilot: object, app: ArenaApp, count: int) -> None:
    """Wait until ``count`` events were applied and drawn (the source may still be open)."""
    await wait_for(pilot, lambda: app.state.events_applied >= count, f"{count} events")  # type: ignore[arg-type]
    frames = app.frames
    await wait_for(pilot, lambda: app.frames > frames + 1, "redraw")  # type: ignore[arg-type]


async def test_a_filter_stays_on_an_agent_whose_scenario_ended_and_says_so() -> None:
    later: list[ev.Event] = [
        ev.ScenarioFinished(run_id="r", seq=900, ts=T0 + 900, scenario_id=SID, status="completed"),
        ev.ScenarioStarted(run_id="r", seq=901, ts=T0 + 901, scenario_id=OTHER, round_ids=["r1", "r2"]),
    ]
    gate: asyncio.Event = asyncio.Event()

    class Gated(NoRunHere):
        async def _batches(self) -> AsyncIterator[Sequence[ev.Event]]:
            yield sample_run()
            await gate.wait()
            yield later

        def __aiter__(self) -> AsyncIterator[Sequence[ev.Event]]:
            return self._batches()

    app = ArenaApp(Gated(), clock=lambda: T0)
    async with app.run_test(size=(140, 40)) as pilot:
        await _applied(pilot, app, len(sample_run()))
        app.run_screen.select_agent(CHART)
        stream = app.screen.query_one(ToolStream)
        assert stream.agent_filter == CHART
        gate.set()
        await _applied(pilot, app, len(sample_run()) + 2)
        assert stream.agent_filter == CHART, "a scenario that ends does not take the person's filter away"
        assert f"chart-reader · {SID} (ended)" in str(stream.border_title)
        assert stream.rows, "its lines are still shown"
        assert app.state.grant(CHART) is not None, "Grants can still show what it was given"


# --- scores ---------------------------------------------------------------------------


def test_so_far_figures_are_over_finished_rounds_beside_the_whole_benchmark() -> None:
    state = ArenaState()
    state.apply_many(long_run_start(passed=3))
    done = so_far(state.so_far, state.scores.rounds_total)
    assert (done.rounds_done, done.rounds_passed, done.rounds_total) == (3, 3, 258)
    assert done.tcr == 1.0 and abs(state.scores.tcr - 3 / 258) < 1e-9
    assert not done.complete and abs(done.coverage - 3 / 258) < 1e-9


async def test_score_panel_leads_with_finished_rounds_and_shows_coverage() -> None:
    app = ArenaApp(ListSource(long_run_start(passed=3)), clock=lambda: T0)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, len(long_run_start(passed=3)))
        panel = app.screen.query_one(ScorePanel)
        text = _text(panel.query_one("#score-lines"))
        assert "TCR 100.0 % of 3 rounds" in text
        assert "all 258: TCR 1.2" in text and "covered 3/258" in text


async def test_the_panel_continues_the_runs_seed_so_kept_rounds_count() -> None:
    """After ``resume`` the run's fold already holds the kept scenarios; the panel must count them."""
    kept = long_run_start(scenarios=2, rounds=2, passed=2)
    fold = ScoreFold().apply_all(kept)
    resumed: list[ev.Event] = [
        ev.RunStarted(run_id="r", seq=100, ts=T0 + 100, dataset="d", scenario_ids=["s_000", "s_001"],
                      round_ids={"s_000": ["q1", "q2"], "s_001": ["q1", "q2"]}, manager="oracle", pool={}),
        ev.ScenarioStarted(run_id="r", seq=101, ts=T0 + 101, scenario_id="s_001", round_ids=["q1", "q2"]),
        ev.RoundScored(run_id="r", seq=102, ts=T0 + 102, scenario_id="s_001", round_id="q1", passed=True),
    ]  # fmt: skip

    class RunInProcess(ListSource):
        """A source whose run starts from kept rounds (as ``RunSource`` after ``resume``)."""

        def __init__(self) -> None:
            super().__init__(resumed)
            self.seed = fold

    app = ArenaApp(RunInProcess(), clock=lambda: T0)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ingested(pilot, app, len(resumed))
        assert app.state.fold is fold
        assert (app.state.scores.rounds_passed, app.state.scores.rounds_total) == (3, 4)
        assert app.state.round_strip() == ["pass", "pass", "pass", "pending"]
        assert "3 rounds" in _text(app.screen.query_one("#score-lines"))


# --- quitting ---------------------------------------------------------------------------


class StoppableSource:
    """A run that goes on until it is stopped; stopping ends it the way a run does (interrupted)."""

    seed: ScoreFold | None = None
    stoppable = True

    def __init__(self) -> None:
        self.stopped = asyncio.Event()
        self.stop_calls = 0

    def stop(self) -> None:
        self.stop_calls += 1
        self.stopped.set()

    async def _batches(self) -> AsyncIterator[Sequence[ev.Event]]:
        yield sample_run()
        await self.stopped.wait()
        yield [ev.RunFinished(run_id="r", seq=999, ts=T0 + 999, status="interrupted", reason="stopped by the user")]

    def __aiter__(self) -> AsyncIterator[Sequence[ev.Event]]:
        return self._batches()


async def test_q_during_a_live_run_asks_then_stops_cleanly_with_130() -> None:
    source = StoppableSource()
    app = ArenaApp(source, clock=lambda: T0, resume_hint="continue it with `clawarena-team resume out`")
    async with app.run_test(size=(80, 24)) as pilot:
        await _applied(pilot, app, len(sample_run()))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmQuit), "confirmation")
        assert "clawarena-team resume out" in "".join(_text(w) for w in app.screen.query("Static"))
        await pilot.press("n")  # keep running
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmQuit), "back to the run")
        assert app.is_running and source.stop_calls == 0
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmQuit), "confirmation again")
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.is_running, "the app exits once the run stopped")
    assert source.stop_calls == 1
    assert app.return_code == 130
    assert app.state.header.status == "interrupted", "the final frame shows the run as interrupted"


async def test_q_after_the_run_finished_quits_at_once() -> None:
    app = ArenaApp(ListSource(sample_run()), clock=lambda: T0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("q")
        await wait_for(pilot, lambda: not app.is_running, "exit")
    assert app.return_code in (0, None)


# --- help, screenshots ---------------------------------------------------------------------


async def test_help_has_a_glossary_of_every_score() -> None:
    app = ArenaApp(ListSource(sample_run()), clock=lambda: T0)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(app.screen.query_one(Static).content)
        text = console.export_text()
        lines = text.splitlines()
        assert "glossary" in text
        for term in ("TCR", "TPP", "ROC", "WPP", "MCA", "SMS", "MAF", "SAFt", "SAFa"):
            assert any(line.strip(" │▊▎▌").startswith(f"{term} ") for line in lines), term


async def test_screenshot_goes_into_the_run_folder_and_says_where(tmp_path: Path) -> None:
    app = ArenaApp(ListSource(sample_run()), clock=lambda: T0, save_dir=tmp_path / "run")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        app.deliver_screenshot()  # what the palette's "Screenshot" calls
        await pilot.press("ctrl+s")
        await pilot.pause()
        saved = sorted((tmp_path / "run").glob("screenshot-*.svg"))
        assert saved and saved[0].read_text(encoding="utf-8").startswith("<svg")
        assert any(str(saved[0]) in n.message for n in app._notifications)


async def test_argument_column_takes_the_themes_colours() -> None:
    for theme in ("dark", "light"):
        app = ArenaApp(ListSource(workspace_run()), theme=theme, clock=lambda: T0)
        async with app.run_test(size=(120, 30)) as pilot:
            await wait_ingested(pilot, app, len(workspace_run()))
            stream = app.screen.query_one(ToolStream)
            line = next(line for line in app.state.stream if line.tool == "Bash")
            text = stream._line_text(line, 100)
            at = text.plain.index("python3")
            style = text.get_style_at_offset(app.console, at)
            assert style.color is not None and style.bgcolor is not None, theme
            assert style.bgcolor == stream.rich_style.bgcolor, "no terminal-default stripes under the arguments"
