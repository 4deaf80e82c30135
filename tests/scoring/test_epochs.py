"""Repeated runs in the fold and the report: epochs, retries inside an epoch, pass^k / pass@k."""

from __future__ import annotations

from arena_tui import events as ev
from arena_tui.scoring import score_events
from arena_tui.scoring.epochs import merge_as_epochs, pass_k, scenario_over_epochs
from arena_tui.scoring.report import build_report, report_markdown
from arena_tui.scoring.report_model import ReportMeta

SID = "s1"


def started(epochs: int, participant: str = "", manager: str = "m") -> ev.RunStarted:
    return ev.RunStarted(
        run_id="r",
        dataset="d",
        scenario_ids=[SID],
        round_ids={SID: ["q1", "q2"]},
        manager=manager,
        pool={},
        selection={"epochs": epochs, **({"participant": participant} if participant else {})},
    )


def epoch(n: int, attempt: int, q1: bool, q2: bool, status: str = "completed") -> list[ev.Event]:
    return [
        ev.ScenarioStarted(run_id="r", scenario_id=SID, round_ids=["q1", "q2"], attempt=attempt, epoch=n),
        ev.RoundScored(run_id="r", scenario_id=SID, round_id="q1", passed=q1),
        ev.RoundScored(run_id="r", scenario_id=SID, round_id="q2", passed=q2),
        ev.ScenarioFinished(run_id="r", scenario_id=SID, status=status),  # type: ignore[arg-type]
    ]


def test_epochs_are_kept_apart_and_averaged() -> None:
    scores = score_events([started(2), *epoch(1, 1, True, False), *epoch(2, 2, True, True)])
    assert sorted(scores.epochs[SID]) == [1, 2]
    assert scores.epoch_count == 2
    assert (scores.rounds_passed, scores.rounds_total) == (3, 4)  # over both epochs
    assert scores.tcr == 0.75
    # q1 passed in both epochs, q2 in one: pass^2 = 1/2, pass@2 = 2/2.
    assert pass_k(scores) == {
        "k": 2,
        "pass_hat_k": 0.5,
        "pass_at_k": 1.0,
        "per_scenario": {SID: {"pass_hat_k": 0.5, "pass_at_k": 1.0}},
    }


def test_a_retry_replaces_only_its_own_epoch() -> None:
    events = [started(2), *epoch(1, 1, True, True), *epoch(2, 2, False, False, "crashed"), *epoch(2, 3, True, False)]
    scores = score_events(events)
    assert scores.epochs[SID][1].attempt == 1 and scores.epochs[SID][2].attempt == 3
    assert scores.rounds_passed == 3 and scores.unfinished == []


def test_an_epoch_that_never_ran_counts_as_failed() -> None:
    scores = score_events([started(3), *epoch(1, 1, True, True), *epoch(2, 2, True, True)])
    assert scores.rounds_total == 6 and scores.rounds_passed == 4
    assert scores.unfinished == [SID]
    assert pass_k(scores)["pass_hat_k"] == 0.0


def test_one_epoch_is_the_plain_run() -> None:
    scores = score_events([started(1), *epoch(1, 1, True, False)])
    assert scores.epoch_count == 1 and scores.tcr == 0.5
    report = build_report(scores, _meta())
    assert report.epochs == 1 and report.per_epoch == [] and report.pass_k == {}
    assert report.intervals["figures"]["TCR"] == {"value": 0.5, "low": 0.5, "high": 0.5}


def test_report_gives_epoch_rows_pass_k_and_intervals() -> None:
    scores = score_events([started(2), *epoch(1, 1, True, False), *epoch(2, 2, True, True)])
    report = build_report(scores, _meta())
    assert report.epochs == 2 and len(report.per_epoch) == 2
    row = report.per_scenario[0]
    assert (row.rounds_passed, row.rounds_total, row.TCR) == (3, 4, 0.75)
    assert row.rounds == {"q1": True, "q2": False}  # per round: passed in every epoch
    assert report.intervals["epochs"] == 2 and report.intervals["resamples"] == 2000
    md = report_markdown(report)
    assert "## 95 % intervals" in md and "pass^2" in md and "| s1 | 2 | completed | ✓✓ |" in md


def test_participants_and_think_time_come_from_events() -> None:
    def turn(latency_ms: float) -> ev.ModelResponse:  # a person's turn: the "model call" waits for them
        return ev.ModelResponse(
            run_id="r", scenario_id=SID, request_id="x", model_key="main", model_name="human", latency_ms=latency_ms
        )

    events = [
        started(1, participant="ada", manager="human"),
        *epoch(1, 1, True, False)[:1],
        ev.RoundStarted(run_id="r", scenario_id=SID, round_id="q1", index=0, question="?"),
        turn(30_000),  # a tool call after 30 s
        turn(11_500),  # ending the round 11.5 s later
    ]
    scores = score_events(events)
    assert scores.participants == ["ada"] and scores.think_s == {SID: {"q1": 41.5}}
    # A model's run records no think time, whatever its latency.
    assert score_events([started(1), *events[1:]]).think_s == {}
    report = build_report(scores, _meta(manager="human"))
    assert report.kind == "human" and report.participants == ["ada"]
    assert "Human baseline" in report_markdown(report)


def test_participants_pool_like_epochs() -> None:
    ada = score_events([started(1, "ada"), *epoch(1, 1, True, True)])
    bob = score_events([started(1, "bob"), *epoch(1, 1, False, True)])
    pooled = merge_as_epochs([ada, bob])
    assert pooled.participants == ["ada", "bob"] and pooled.epoch_count == 2
    assert pooled.tcr == 0.75
    assert scenario_over_epochs(pooled, SID).round_passes() == {"q1": [True, False], "q2": [True, True]}


def _meta(manager: str = "m") -> ReportMeta:
    return ReportMeta(run_id="r", dataset="d", manager=manager, pool={}, sandbox_mode="bwrap", settings={})


def test_live_so_far_counts_every_epoch_once() -> None:
    from arena_tui.scoring.finished import FinishedPart
    from arena_tui.scoring.fold import ScoreFold

    fold = ScoreFold()
    part = FinishedPart(fold)
    for event in [started(2), *epoch(1, 1, True, False), *epoch(2, 2, True, True)[:2]]:
        fold.apply(event)
        part.observe(event)
    now = part.result()  # epoch 1 whole, epoch 2 up to its first verdict
    assert (now.rounds_passed, now.rounds_total) == (2, 3)


def test_score_panel_gets_the_interval_at_the_end() -> None:
    from arena_tui.tui.progress import final_interval

    running = score_events([started(2), *epoch(1, 1, True, False)])
    assert final_interval(running) is None  # epoch 2 has no verdict yet
    done = score_events([started(2), *epoch(1, 1, True, False), *epoch(2, 2, True, True)])
    assert final_interval(done, "TCR") == (0.5, 1.0)  # one scenario: its epochs (1/2, 2/2) resampled
