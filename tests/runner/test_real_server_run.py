"""Against a strict OpenAI-compatible server: a tool-calling main completes a demo scenario, a dead
server stops the run with the resume command, and resume scores every round once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui import events as ev
from arena_tui.cli import main
from arena_tui.config import validate_model_json
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.store import StoreReader
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.fixtures import ServerFactory
from tests.fakes.replies import FakeReply
from tests.fakes.scripted_server import ScenarioResponder, TrajectoryResponder, threaded_server
from tests.runner.helpers import demo_only, fast_settings

FIRST, SECOND = "s_demo_treatment_room_fridge", "s_demo_supplier_shortfall_claim"
SIM_POOL = {
    "llm": {"provider": "sim"},
    "vlm": {"provider": "sim", "modalities": {"image": 4, "video": 1}},
    "omni": {"provider": "sim", "modalities": {"image": 4, "video": 1, "audio": 2}},
}


def model_json(base: str, **main: Any) -> dict[str, Any]:
    return {"main": {"provider": "vllm", "model_id": "fake-model", "api_base": base, **main}, **SIM_POOL}


def responder(dataset: Path, out: Path, ids: list[str], silent_calls: bool = True) -> ScenarioResponder:
    loaded = load_dataset(dataset, None, ids)
    return ScenarioResponder(
        {
            s.id: TrajectoryResponder.for_scenario(
                dataset / "scenarios" / s.id,
                [r.id for r in s.rounds],
                (out / s.id / "workspace").resolve(),
                silent_calls,
            )
            for s in loaded.scenarios
        }
    )


async def test_strict_server_and_a_tool_calling_main_complete_a_demo_scenario(
    fake_openai_factory: ServerFactory, tmp_path: Path
) -> None:
    dataset, out = demo_only(tmp_path / "demo"), tmp_path / "out"
    server = await fake_openai_factory(strict=True)
    server.responder = responder(dataset, out, [SECOND])
    config = validate_model_json(model_json(server.base_url), env={})
    outcome = await execute_run(RunPlan(load_dataset(dataset, None, [SECOND]), config, fast_settings(), out))
    scenario = outcome.scores.scenarios[SECOND]
    assert scenario.status == "completed" and all(scenario.passed.values()) and len(scenario.passed) == 6
    sent = [m for r in server.chat_requests for m in r.body["messages"] if m["role"] == "assistant"]
    silent = [m for m in sent if m.get("tool_calls") and m["content"] == ""]
    assert silent and all(isinstance(m["content"], str) for m in sent)


async def test_null_content_is_rejected_by_the_strict_server_and_named(
    fake_openai_factory: ServerFactory, tmp_path: Path
) -> None:
    """The same run with ``tool_call_content: null`` fails: the strict mode really bites. The server still
    answers its health check, so the scenario fails with the server's words (it is not "unavailable")."""
    dataset, out = demo_only(tmp_path / "demo"), tmp_path / "out"
    server = await fake_openai_factory(strict=True)
    server.responder = responder(dataset, out, [SECOND])
    config = validate_model_json(model_json(server.base_url, tool_call_content="null"), env={})
    outcome = await execute_run(RunPlan(load_dataset(dataset, None, [SECOND]), config, fast_settings(), out))
    assert outcome.scores.scenarios[SECOND].status == "failed"
    report = json.loads((out / "report.json").read_text())
    reason = report["per_scenario"][0]["reason"]
    assert reason.startswith("provider_error: ") and "provider_error: provider_error" not in reason
    assert "field 'content'" in reason and "(assistant)" in reason
    errors = [e for e in _events(out) if isinstance(e, ev.AgentStopped)]
    assert '"tool_call_content"' in errors[-1].detail  # the fix travels with the final error
    assert "\n" not in reason


def _events(out: Path) -> list[ev.Event]:
    reader = StoreReader(out)
    try:
        return list(reader.iter_events(reader.latest_run_id()))
    finally:
        reader.close()


def test_dead_server_stops_the_run_and_resume_scores_every_round_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset, out = demo_only(tmp_path / "demo"), tmp_path / "out"
    args = ["-d", str(dataset), "--headless", "--no-probe", "--max-retries", "4", "--request-timeout-s", "5"]
    with threaded_server(strict=True) as threaded:
        server = threaded.server
        server.responder = responder(dataset, out, [FIRST, SECOND])
        server.kill_after = 9  # dies inside the first scenario
        model = json.dumps(model_json(server.base_url))
        code = main(["run", *args, "--model", model, "-o", str(out)])
        port = server.port
    printed = capsys.readouterr().out
    assert code == 1
    last = printed.strip().splitlines()[-1]
    assert f"127.0.0.1:{port}" in last and f"clawarena-team resume {out.resolve()}" in last
    assert "2 of 2 scenarios unfinished" in last
    events = _events(out)
    errors = [e for e in events if isinstance(e, ev.ModelError)]
    assert 1 <= len(errors) <= 3 and errors[-1].final  # stopped within 3 failed requests, not 5 attempts
    finished = [e for e in events if isinstance(e, ev.ScenarioFinished)]
    assert [(e.scenario_id, e.status) for e in finished] == [(FIRST, "unfinished")]  # the second never started
    assert not any(isinstance(e, ev.ScenarioStarted) and e.scenario_id == SECOND for e in events)

    with threaded_server(strict=True) as threaded:
        threaded.stop()
        threaded.start(port)  # the server is back on its address
        threaded.server.responder = responder(dataset, out, [FIRST, SECOND])
        code = main(["resume", str(out), *args[2:], "--model", model])
    assert code == 0, capsys.readouterr()
    report = json.loads((out / "report.json").read_text())
    assert (report["rounds_passed"], report["rounds_total"]) == (12, 12)
    assert report["unfinished_scenarios"] == []
    scored = [(e.scenario_id, e.round_id) for e in _events(out)[len(events) :] if isinstance(e, ev.RoundScored)]
    assert sorted(scored) == sorted(set(scored)) and len(scored) == 12


def test_a_truncated_reply_is_visible_in_progress_transcript_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    answer = str((out / "s_beta" / "workspace" / "output" / "answer.txt").resolve())
    write = {"name": "Write", "arguments": {"file_path": answer, "content": "42 widgets"}}
    with threaded_server(strict=True) as threaded:
        server = threaded.server
        server.queue(FakeReply(tool_calls=[write]), FakeReply(text="The answer is", finish_reason="length"))
        model = json.dumps({"main": {"provider": "vllm", "model_id": "fake-model", "api_base": server.base_url}})
        code = main(
            ["run", "-d", str(root), "-t", "s_beta", "--model", model, "-o", str(out), "--headless", "--no-probe"]
        )
    printed = capsys.readouterr().out
    assert code == 0
    q1 = next(line for line in printed.splitlines() if line.startswith("s_beta q1 "))
    assert "truncated: 1 reply hit the output limit" in q1
    assert not any("truncated" in line for line in printed.splitlines() if line.startswith("s_beta q2 "))
    lines = [json.loads(x) for x in (out / "s_beta" / "sessions" / "main.jsonl").read_text().splitlines()[1:]]
    cut = [x for x in lines if x.get("truncated")]
    assert [(x["role"], x["content"], x["round_id"]) for x in cut] == [("assistant", "The answer is", "q1")]
    assert "**truncated**" in (out / "s_beta" / "sessions" / "main.md").read_text()
    report = json.loads((out / "report.json").read_text())
    assert report["per_scenario"][0]["truncated"] == {"q1": 1}
    assert "Truncated replies" in (out / "report.md").read_text() and "s_beta: q1 ×1" in (out / "report.md").read_text()
    timing = report["timing"]["per_round"]["s_beta"]
    assert set(timing) == {"q1", "q2", "q3", "q4"}
    run = report["timing"]["run"]
    assert run["scenario_wall_s"] == pytest.approx(sum(t["wall_s"] for t in timing.values()), abs=0.01)
    assert run["wall_s"] >= run["scenario_wall_s"]  # elapsed: the scenario plus the run's own start and end
    assert all(t["model_s"] > 0 for t in timing.values())  # every round made a real request
    assert "## Timing (seconds)" in (out / "report.md").read_text()


async def test_broken_or_sentinel_arguments_never_run_a_tool(fake_openai: Any, tmp_path: Path) -> None:
    """Cut-off JSON is a malformed call; an object that imitates the old ``_raw`` sentinel is just
    an invalid call. Neither writes the answer, so the round's check fails."""
    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    answer = (out / "s_beta" / "workspace" / "output" / "answer.txt").resolve()
    cut = '{"file_path": "' + str(answer) + '", "content": "42 wid'
    sentinel = {"_raw": json.dumps({"file_path": str(answer), "content": "42 widgets"})}
    fake_openai.queue(
        FakeReply(tool_calls=[{"name": "Write", "arguments": cut}]),
        FakeReply(tool_calls=[{"name": "Write", "arguments": sentinel}]),
        FakeReply(text="done"),
    )
    config = validate_model_json(
        {"main": {"provider": "vllm", "model_id": "fake-model", "api_base": fake_openai.base_url}}, env={}
    )
    outcome = await execute_run(RunPlan(load_dataset(root, None, ["s_beta"]), config, fast_settings(), out))
    assert outcome.scores.scenarios["s_beta"].passed["q1"] is False and not answer.exists()
    events = _events(out)
    results = [e for e in events if isinstance(e, ev.ToolResult) and e.tool == "Write"]
    assert [r.invalid for r in results] == [True, True] and "not valid JSON" in results[0].output
    called = [e for e in events if isinstance(e, ev.ToolCalled) and e.tool == "Write"]
    assert called[0].arguments == {} and called[1].arguments == sentinel
    # the malformed call went back to the server as an empty object, the sentinel as the model sent it
    history = fake_openai.chat_requests[2].body["messages"]
    sent = [c["function"]["arguments"] for m in history if m["role"] == "assistant" for c in m.get("tool_calls", [])]
    assert sent == ["{}", json.dumps(sentinel)]
