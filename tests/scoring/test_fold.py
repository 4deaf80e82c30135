"""The scoring fold: per-subagent metrics, scenario and run aggregates, failure accounting."""

from __future__ import annotations

from arena_tui import events as ev
from arena_tui.scoring import score_events
from arena_tui.scoring.metrics import SubagentScore


def _sub(key: str = "llm", tools: list[str] | None = None, used: set[str] | None = None) -> SubagentScore:
    return SubagentScore("sub_1", "n", key, tools if tools is not None else ["Read"], ["a"], tools_used=used or set())


def test_tpp_counts_granted_and_used() -> None:
    assert _sub(tools=["Read", "Grep", "Bash", "Write"], used={"Read", "Bash"}).tpp == 0.5
    assert _sub(tools=[], used=set()).tpp == 0.0


def test_roc_penalises_unused_write_grants() -> None:
    assert _sub(tools=["Read", "Write"], used={"Read"}).roc == 0.0
    assert _sub(tools=["Read", "Write"], used={"Write"}).roc == 1.0
    assert _sub(tools=["Read", "Grep"], used={"Read"}).roc == 1.0
    assert _sub(tools=["Read", "Bash"], used=set()).roc == 0.0


def test_wpp_and_mca() -> None:
    sub = _sub(key="vlm")
    sub.reachable = {"a/1", "a/2", "a/3", "a/4"}
    sub.touched = {"a/1"}
    assert sub.wpp == 0.25
    assert sub.mca == 0.0
    sub.modalities_read = {"text", "image"}
    assert sub.mca == 1.0
    omni = _sub(key="omni")
    omni.modalities_read = {"image"}
    assert omni.mca == 0.0
    # An llm subagent needs at least one text read (a do-nothing one gets 0).
    assert _sub(key="llm").mca == 0.0
    llm = _sub(key="llm")
    llm.modalities_read = {"document"}
    assert llm.mca == 1.0


def _run_events() -> list[ev.Event]:
    r = "run"
    return [
        ev.RunStarted(
            run_id=r,
            dataset="d",
            scenario_ids=["s1", "s2"],
            round_ids={"s1": ["q1", "q2"], "s2": ["q1", "q2", "q3"]},
            manager="m",
            pool={},
        ),
        ev.ScenarioStarted(run_id=r, scenario_id="s1", round_ids=["q1", "q2"]),
        ev.SubagentCreated(
            run_id=r,
            scenario_id="s1",
            subagent_id="sub_a",
            name="reader",
            model_key="vlm",
            tools=["Read", "Write"],
            accessible_paths=["ev"],
            reachable_files=["ev/a.png", "ev/b.csv"],
        ),
        ev.SubagentRunStarted(
            run_id=r,
            scenario_id="s1",
            agent_id="sub_a",
            session_id="x1",
            subagent_id="sub_a",
            mode="background",
            continued=False,
        ),
        ev.ToolResult(
            run_id=r,
            scenario_id="s1",
            agent_id="sub_a",
            call_id="c1",
            tool="Read",
            files=[ev.FileTouch(path="ev/a.png", op="read", modality="image")],
        ),
        ev.ToolResult(run_id=r, scenario_id="s1", agent_id="sub_a", call_id="c2", tool="Write", forbidden=True),
        ev.ForbiddenAccess(
            run_id=r, scenario_id="s1", agent_id="sub_a", tool="Write", path="/etc", reason="path_outside_scope"
        ),
        ev.ForbiddenAccess(
            run_id=r, scenario_id="s1", agent_id="main", tool="Read", path="ev", reason="path_outside_scope"
        ),
        ev.SubagentScopeGrown(run_id=r, scenario_id="s1", subagent_id="sub_a", added_files=["ev/c.csv", "ev/d.csv"]),
        ev.ModelResponse(
            run_id=r,
            scenario_id="s1",
            agent_id="main",
            request_id="m",
            model_key="main",
            model_name="x",
            usage=ev.Usage(prompt_tokens=100, completion_tokens=10),
            cost_usd=0.5,
        ),
        ev.ModelResponse(
            run_id=r,
            scenario_id="s1",
            agent_id="sub_a",
            request_id="m2",
            model_key="vlm",
            model_name="y",
            usage=ev.Usage(prompt_tokens=40, completion_tokens=2),
        ),
        ev.RoundScored(run_id=r, scenario_id="s1", round_id="q1", passed=True),
        ev.RoundScored(run_id=r, scenario_id="s1", round_id="q2", passed=False),
        ev.ScenarioFinished(run_id=r, scenario_id="s1", status="completed"),
        # s2 crashes after one passed round; its remaining rounds count as failed.
        ev.ScenarioStarted(run_id=r, scenario_id="s2", round_ids=["q1", "q2", "q3"]),
        ev.RoundScored(run_id=r, scenario_id="s2", round_id="q1", passed=True),
        ev.ScenarioFinished(run_id=r, scenario_id="s2", status="crashed", reason="provider down"),
    ]


def test_run_aggregates() -> None:
    scores = score_events(_run_events())
    s1 = scores.scenarios["s1"]
    sub = s1.subagents["sub_a"]
    assert sub.tpp == 0.5  # Write was refused, so only Read counts
    assert sub.roc == 0.0
    assert sub.wpp == 0.25  # 1 of 4 (two files added by an update under the grant)
    assert sub.mca == 1.0
    assert sub.forbidden == 1
    assert (s1.maf, s1.saft) == (1, 1)
    assert scores.rounds_total == 5 and scores.rounds_passed == 2
    assert scores.tcr == 0.4
    # s1 marks no round: both rounds are room, sub_a's round q1 falls short, q2 by nothing:
    # TPP 1 − 0.5/2, ROC 1 − 1/2, WPP 1 − 0.75/2, MCA 1.
    assert (s1.tpp, s1.roc, s1.wpp, s1.mca) == (0.75, 0.5, 0.625, 1.0)
    # s2 has no subagent: all four are 0 and it still counts in the means.
    assert scores.tpp == 0.375 and scores.roc == 0.25 and scores.wpp == 0.3125 and scores.mca == 0.5
    assert abs(scores.sms - 0.4 * (0.375 + 0.25 + 0.3125 + 0.5) / 4) < 1e-12
    assert scores.unfinished == ["s2"]
    assert scores.sub == 1 and scores.mkd == {"llm": 0, "vlm": 1, "omni": 0}
    assert scores.inv == {"new_background": 1}
    assert (scores.maf, scores.saft, scores.safa) == (1, 1, 1.0)
    assert scores.main_cost_usd == 0.5
    assert scores.pool_tokens == {"vlm": 42}


def test_scenario_that_never_started_counts_as_failed() -> None:
    events = _run_events()[:1]
    scores = score_events(events)
    assert scores.rounds_total == 5 and scores.tcr == 0.0
    assert sorted(scores.unfinished) == ["s1", "s2"]


def test_retry_replaces_the_earlier_attempt() -> None:
    events = _run_events()
    retry: list[ev.Event] = [
        ev.ScenarioStarted(run_id="run", scenario_id="s2", round_ids=["q1", "q2", "q3"], attempt=2),
        *[ev.RoundScored(run_id="run", scenario_id="s2", round_id=q, passed=True) for q in ("q1", "q2", "q3")],
        ev.ScenarioFinished(run_id="run", scenario_id="s2", status="completed"),
    ]
    scores = score_events(events + retry)
    assert scores.rounds_passed == 4 and scores.unfinished == []
