"""A real-provider run against the fake server with injected faults: every round scored or failed with a reason."""

from __future__ import annotations

import json
from pathlib import Path

from arena_tui.config import validate_model_json
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.runner.helpers import fast_settings

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
