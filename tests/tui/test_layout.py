"""80 columns keep what matters: ids cut from the middle, paths relative or short, every notice's action."""

from __future__ import annotations

from rich.text import Text

from arena_tui import events as ev
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.formatting import cut_middle, fit, plural, short_paths
from arena_tui.tui.progress import status_text
from arena_tui.tui.sources import ListSource
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.header_line import HeaderLine
from arena_tui.tui.widgets.status_line import StatusLine
from tests.tui.conftest import wait_ingested
from tests.tui.sample_events import T0
from tests.tui.test_snapshots_80 import LONG_ID, StoppedSource, long_id_run


def test_cut_middle_keeps_both_ends() -> None:
    assert cut_middle(LONG_ID, 12) == "20261…34603e"
    assert cut_middle(LONG_ID, 40) == LONG_ID
    assert len(cut_middle("abcdefghij", 5)) == 5
    assert cut_middle("abc", 0) == ""


def test_fit_cuts_the_widest_first_and_never_below_a_floor() -> None:
    out = fit([LONG_ID, "gpt-5.4", "sim (simulated worker) / gemma-4-31b-it"], 45, [22, 7, 10])
    assert out[0] == LONG_ID and out[1] == "gpt-5.4"
    assert len(out[2]) == 45 - 22 - 7 and out[2].startswith("sim") and out[2].endswith("it")


def test_paths_are_workspace_relative_or_their_last_two_parts() -> None:
    command = "python3 /data/s_x/checks/_check.py /runs/out/s_x/workspace /data/s_x/checks/q1.json"
    assert short_paths(command) == "python3 …/checks/_check.py . …/checks/q1.json"
    assert short_paths("read /runs/out/s_x/workspace/requests/brief.md") == "read requests/brief.md"


def test_singular_and_plural() -> None:
    assert [plural(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]


def _long_scenario_state() -> ArenaState:
    sid = "s_demo_supplier_shortfall_claim_with_a_long_tail_xyz"
    state = ArenaState()
    state.apply_many(
        [
            ev.RunStarted(run_id=LONG_ID, ts=T0, dataset="d", scenario_ids=[sid], round_ids={sid: ["q1", "q2"]},
                          manager="human", pool={}),
            ev.ScenarioStarted(run_id=LONG_ID, ts=T0 + 1, scenario_id=sid, round_ids=["q1", "q2"]),
            ev.RoundStarted(run_id=LONG_ID, ts=T0 + 2, scenario_id=sid, round_id="q2", index=1, question="?"),
        ]
    )  # fmt: skip
    return state


def test_status_text_at_a_width_keeps_the_scenario_end_and_the_round() -> None:
    text = status_text(_long_scenario_state(), T0 + 10, compact=True, width=50)
    assert len(text) <= 50
    assert "q2 (2/2)" in text and text.split(" · ")[0].endswith("xyz")
    assert "main human" not in text, "the header names the manager: the status line lets it go first"


async def test_the_header_keeps_the_whole_run_id_at_80_columns() -> None:
    events = long_id_run()
    app = ArenaApp(ListSource(events), theme="dark", clock=lambda: events[-1].ts)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(events))
        await pilot.pause()
        header = str(app.screen.query_one(HeaderLine).render())
        assert LONG_ID in header and "main gpt-5.4" in header and "pool sim" in header
        assert header.rstrip().endswith("00:00:40")


async def test_a_stopped_watch_shows_the_resume_command_at_80_columns() -> None:
    events = long_id_run()
    app = ArenaApp(StoppedSource(events), mode="watch", theme="dark", clock=lambda: events[-1].ts)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(events))
        await pilot.pause()
        rendered = app.screen.query_one(StatusLine).render()
        plain = rendered.plain if isinstance(rendered, Text) else str(rendered)
        assert "`clawarena-team resume runs/oracle-all`" in plain.replace("\n", " ")
        assert app.screen.query_one(StatusLine).size.height >= 2


def test_two_agents_of_one_name_in_two_scenarios_are_told_apart() -> None:
    a, b = "s_a", "s_b"
    state = ArenaState()
    state.apply_many(
        [
            ev.RunStarted(run_id="r", ts=T0, dataset="d", scenario_ids=[a, b], round_ids={a: ["q1"], b: ["q1"]},
                          manager="m", pool={}),
            ev.ScenarioStarted(run_id="r", ts=T0 + 1, scenario_id=a, round_ids=["q1"]),
            ev.ScenarioStarted(run_id="r", ts=T0 + 2, scenario_id=b, round_ids=["q1"]),
            ev.SubagentCreated(run_id="r", ts=T0 + 3, scenario_id=a, agent_id="main", subagent_id="sub_a",
                               name="tally", model_key="llm", tools=["Read"], accessible_paths=[], reachable_files=[]),
            ev.SubagentCreated(run_id="r", ts=T0 + 3, scenario_id=b, agent_id="main", subagent_id="sub_b",
                               name="tally", model_key="llm", tools=["Read"], accessible_paths=[], reachable_files=[]),
            ev.ToolCalled(run_id="r", ts=T0 + 4, scenario_id=b, agent_id="sub_b", call_id="c1", tool="Read",
                          arguments={"file_path": "x"}),
        ]
    )  # fmt: skip
    assert state.filter_label("sub_a") == "tally · s_a" and state.filter_label("sub_b") == "tally · s_b"
    line = state.stream.get(state.stream.next_no - 1)
    assert line is not None and line.agent_label == "tally #2"


async def test_the_help_says_what_it_is_and_how_to_close_it() -> None:
    from arena_tui.tui.screens.help_screen import HelpScreen

    app = ArenaApp(ListSource(long_id_run()), theme="dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one("VerticalScroll")
        assert "Help" in str(box.border_title) and "escape" in str(box.border_subtitle)
