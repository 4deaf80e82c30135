"""The pure reducer: tree, stream, grants, counters and scores from a hand-built run (no App)."""

from __future__ import annotations

import pytest

from arena_tui import events as ev
from arena_tui.scoring import score_events
from arena_tui.tui.formatting import bar, clock, duration, short_args, tokens
from arena_tui.tui.ring import RingBuffer
from arena_tui.tui.state import MAIN, ArenaState, reduce
from tests.tui.sample_events import CHART, RUN, SID, SLICER, T0, sample_run


@pytest.fixture
def state() -> ArenaState:
    s = ArenaState()
    for event in sample_run():
        s = reduce(s, event)
    return s


def test_header(state: ArenaState) -> None:
    h = state.header
    assert (h.run_id, h.manager, h.scenario_id, h.round_id, h.round_index, h.round_count) == (
        RUN, "gpt-5.4", SID, "q3", 2, 4,
    )  # fmt: skip
    assert h.simulated == ["omni"]
    assert h.elapsed_s == pytest.approx(len(sample_run()) - 1)


def test_tree(state: ArenaState) -> None:
    assert list(state.agents) == [MAIN, CHART, SLICER]
    chart, slicer = state.agents[CHART], state.agents[SLICER]
    assert (chart.name, chart.model_key, chart.state, chart.forbidden) == ("chart-reader", "vlm", "done", 1)
    session = chart.sessions["sess1a2b3c"]
    assert (session.continued, session.mode, session.calls) == (False, "background", 2)
    assert slicer.sessions["sessffee01"].mode == "foreground"
    assert state.agents[MAIN].forbidden == 1


def test_subagent_states_follow_runs() -> None:
    s = ArenaState()
    events = sample_run()
    bg_index = next(i for i, e in enumerate(events) if isinstance(e, ev.SubagentRunStarted))
    s.apply_many(events[: bg_index + 1])
    assert s.agents[CHART].state == "background"
    s.apply(ev.SubagentRunStarted(run_id=RUN, scenario_id=SID, subagent_id=CHART, mode="foreground",
                                  continued=True, session_id="sess1a2b3c"))  # fmt: skip
    assert s.agents[CHART].state == "running"
    assert s.agents[CHART].sessions["sess1a2b3c"].continued


def test_stream(state: ArenaState) -> None:
    lines = list(state.stream)
    calls = [line for line in lines if line.kind == "call"]
    assert [c.tool for c in calls] == ["CreateSubagent", "RunSubagent", "Read", "Read", "Read", "CreateSubagent",
                                       "Bash", "Grep"]  # fmt: skip
    assert [c.outcome for c in calls] == ["ok", "ok", "ok", "forbidden", "forbidden", "ok", "ok", "pending"]
    assert state.calls["c7"].duration_ms == 210 and state.calls["c7"].output == "exit 0\n17"
    assert state.calls["c3"].arguments == {"file_path": "analytics/conv.png"}
    kinds = {line.kind for line in lines}
    assert {"notification", "reminder", "round", "check"} <= kinds
    note = next(line for line in lines if line.kind == "notification")
    assert "[bold]42[/bold]" in note.text  # kept verbatim; widgets never parse it as markup


def test_grants_come_from_the_score_fold(state: ArenaState) -> None:
    chart = state.grant(CHART)
    assert chart is not None
    assert chart.tools_granted == ["Read", "Grep"] and chart.tools_used == {"Read"}
    assert chart.touched == {"analytics/conv.png"} and len(chart.reachable) == 4
    assert (chart.tpp, chart.roc, chart.wpp, chart.mca) == (0.5, 1.0, 0.25, 1.0)
    slicer = state.grant(SLICER)
    assert slicer is not None and (slicer.tpp, slicer.roc, slicer.wpp, slicer.mca) == (1 / 3, 1.0, 1.0, 1.0)
    assert state.grant(MAIN) is None and state.grant("nope") is None


def test_counters_scores_and_strip(state: ArenaState) -> None:
    scores, reference = state.scores, score_events(sample_run())
    assert (scores.maf, scores.saft, scores.safa) == (1, 1, 0.5)
    assert (scores.tcr, scores.tpp, scores.wpp, scores.sms) == (reference.tcr, reference.tpp, reference.wpp,
                                                                reference.sms)  # fmt: skip
    assert scores.rounds_passed == 1 and scores.rounds_total == 6
    assert state.round_strip() == ["pass", "fail", "running", "pending", "pending", "pending"]


def test_budget(state: ArenaState) -> None:
    assert state.budget.token_limit == 200_000
    assert state.budget.main_context == 41_500
    assert state.budget.main_tokens == 31_000 + 41_500
    assert state.scores.main_cost_usd == pytest.approx(0.41)
    assert state.scores.pool_tokens == {"vlm": 9_500}


def test_versions_move_only_for_their_panel() -> None:
    s = ArenaState()
    events = sample_run()
    s.apply_many(events[:-1])
    before = s.versions.fingerprint()
    s.apply(events[-1])  # a main tool call: stream and tree (call count), not grants or budget
    after = s.versions
    assert after.stream > before[2] and after.grants == before[3] and after.budget == before[6]


def test_new_scenario_resets_tree_and_marks() -> None:
    s = ArenaState()
    s.apply_many(sample_run())
    s.apply(ev.ScenarioStarted(run_id=RUN, scenario_id=SID, round_ids=["q1", "q2", "q3", "q4"], attempt=2, ts=T0 + 99))
    assert list(s.agents) == [MAIN] and s.agents[MAIN].forbidden == 0
    assert s.round_strip()[:4] == ["pending"] * 4


def test_stream_ring_evicts_and_forgets_calls() -> None:
    s = ArenaState(stream_capacity=8)
    s.apply_many(sample_run())
    assert len(s.stream) == 8 and s.stream.first_no == s.stream.next_no - 8
    assert "c1" not in s.calls and "c8" in s.calls
    assert all(line.no >= s.stream.first_no for line in s.calls.values())


def test_filter_cycle(state: ArenaState) -> None:
    assert state.filter_cycle() == [None, MAIN, CHART, SLICER]
    assert state.label(CHART) == "chart-reader"


def test_ring_buffer() -> None:
    ring: RingBuffer[int] = RingBuffer(3)
    assert [ring.append(i)[1] for i in range(5)] == [None, None, None, 0, 1]
    assert list(ring) == [2, 3, 4] and ring.get(1) is None and ring.get(4) == 4 and ring.get(5) is None
    with pytest.raises(ValueError):
        RingBuffer(0)


def test_formatting() -> None:
    assert (
        short_args({"pattern": "EU", "path": "sales/", "limit": 3, "background": True})
        == "EU sales/ limit=3 --background"
    )
    assert short_args({"command": "x " * 40}, 10).endswith("…")
    assert (duration(3), duration(1234), duration(125_000), duration(None)) == ("3 ms", "1.2 s", "2m05s", "")
    assert (tokens(950), tokens(41_500), tokens(1_200_000)) == ("950", "42k", "1.2M")
    assert clock(3 * 3600 + 61) == "03:01:01" and bar(0.5, 4) == "▇▇░░"
