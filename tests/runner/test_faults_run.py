"""A real-provider run against the fake server with injected faults: every round scored or failed with a reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_tui.config import validate_model_json
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.runner.helpers import fast_settings, run_plan

SECRET = "sk-test-never-stored-0042"


async def test_faults_are_retried_or_recorded(fake_openai: FakeOpenAIServer, tmp_path: Path) -> None:
    from arena_tui.dataset.loader import load_dataset
    from arena_tui.runner.orchestrator import RunPlan, execute_run

    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    answer = str(out / "s_beta" / "workspace" / "output" / "answer.txt")
    write = {"name": "Write", "arguments": {"file_path": answer, "content": "42 widgets"}}
    fake_openai.queue(
        FakeReply(fault="429", retry_after=0.01),  # q1: rate limited, then acts
        FakeReply(tool_calls=[write]),
        FakeReply(text="written"),
        FakeReply(fault="503"),  # q2: a 5xx, retried
        FakeReply(text="still there"),
        FakeReply(fault="reset"),  # q3: a reset mid-stream, retried
        FakeReply(text="ok"),
        FakeReply(fault="401"),  # q4: fails for good: recorded, never raised
    )
    config = validate_model_json(
        {
            "main": {
                "provider": "openai_compat",
                "api_base": fake_openai.base_url,
                "model_id": "fake-model",
                "api_key": SECRET,
                "price_in": 1.0,
                "price_out": 2.0,
            },
            "llm": {"provider": "sim"},
        }
    )
    plan = RunPlan(load_dataset(root, None, ["s_beta"]), config, fast_settings(), out)
    outcome = await execute_run(plan)
    scenario = outcome.scores.scenarios["s_beta"]
    assert scenario.passed == {"q1": True, "q2": True, "q3": True, "q4": True}
    report = json.loads((out / "report.json").read_text())
    assert report["per_scenario"][0]["status"] == "failed"
    assert "provider_error" in report["per_scenario"][0]["reason"]
    assert report["cost_usd"] > 0
    evals = json.loads((out / "s_beta" / "evals" / "q4.json").read_text())
    assert "HTTP 401" in evals["reason"]
    for path in out.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


def test_timing_and_cache_reach_the_compare_table(tmp_path: Path) -> None:
    from arena_tui import events as ev
    from arena_tui.origin import Origin
    from arena_tui.scoring.compare import ComparedRun, write_table
    from arena_tui.scoring.fold import score_events

    def run(cached: int, latency_ms: float) -> list[ev.Event]:
        usage = ev.Usage(prompt_tokens=1000, completion_tokens=10, total_tokens=1010, cached_tokens=cached)
        ids = Origin("r", "s").fields()
        return [
            ev.RunStarted(run_id="r", dataset="d", scenario_ids=["s"], round_ids={"s": ["q1"]}, manager="m", pool={}),
            ev.ScenarioStarted(**ids, round_ids=["q1"], ts=100.0),
            ev.RoundStarted(**ids, round_id="q1", index=0, question="?", ts=100.0),
            ev.ModelResponse(
                **Origin("r", "s", "main").fields(),
                request_id="req_1",
                model_key="main",
                model_name="m",
                usage=usage,
                cost_usd=0.001 if cached else 0.002,
                cost_nocache_usd=0.002,
                latency_ms=latency_ms,
            ),
            ev.RoundFinished(**ids, round_id="q1", status="completed", ts=104.0),
            ev.RoundScored(**ids, round_id="q1", passed=True, ts=105.0),
        ]

    runs = [
        ComparedRun("cached", "r1", score_events(run(800, 3000.0))),
        ComparedRun("plain", "r2", score_events(run(0, 1000.0))),
    ]
    md, _csv = write_table(runs, tmp_path)
    header, _rule, *rows = md.read_text().splitlines()[2:]
    columns = [c.strip() for c in header.strip("|").split("|")]
    values = [dict(zip(columns, (c.strip() for c in row.strip("|").split("|")), strict=True)) for row in rows]
    by = {v["manager"]: v for v in values}
    assert (by["cached"]["cost_usd"], by["cached"]["cost_usd_without_cache"]) == ("0.0010", "0.0020")
    assert (by["cached"]["wall_s"], by["cached"]["model_s"], by["cached"]["harness_s"]) == ("5.0", "3.0", "2.0")
    assert by["plain"]["harness_s"] == "4.0"


def test_a_scenario_folder_that_cannot_be_written_is_a_crashed_scenario_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The transcripts' folder vanished (a second writer, a full disk): recorded with the path, the run goes on."""
    from arena_tui import events as ev
    from arena_tui.agents.transcripts import TranscriptWriter
    from arena_tui.store import StoreReader

    gone = tmp_path / "out" / "s_demo_treatment_room_fridge" / "sessions" / "main.md"

    def vanish(self: TranscriptWriter) -> None:
        if self.scenario_id == "s_demo_treatment_room_fridge":
            raise FileNotFoundError(2, "No such file or directory", str(gone))

    monkeypatch.setattr(TranscriptWriter, "write_markdown", vanish)
    outcome = run_plan(tmp_path / "out")
    assert not outcome.interrupted
    reader = StoreReader(tmp_path / "out")
    finished = {e.scenario_id: e for e in reader.events(reader.latest_run_id()) if isinstance(e, ev.ScenarioFinished)}
    crashed = finished["s_demo_treatment_room_fridge"]
    assert crashed.status == "crashed" and str(gone) in crashed.reason, crashed
    assert finished["s_demo_supplier_shortfall_claim"].status == "completed"
    assert not (tmp_path / "out" / "s_demo_treatment_room_fridge" / "metadata.json").exists()
