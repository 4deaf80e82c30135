"""Provider faults from the fake server inside full scenario runs: retried, or recorded with a reason.

Each case runs the two-scenario mini dataset (one scenario at a time, so the reply queue is
deterministic) with the main agent on ``openai_compat`` at the fake server. The fault hits
round q1 of the first scenario. ``transient``: one faulty reply, then the agent writes the
answer, so every round must pass with no reason. ``exhausted``: the fault repeats on every
attempt, so q1 must be recorded as failed with a readable ``provider_error`` reason while the
run carries on. Every served faulty reply is added to ``TALLY["faults_injected"]``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui import events as ev
from arena_tui.config import ModelConfig, validate_model_json
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.reliability.common import TALLY, all_events, assert_nothing_lost
from tests.runner.helpers import fast_settings

SECRET = "sk-reliability-never-stored-77"
ROUNDS = ["q1", "q2", "q3", "q4"]
SCENARIOS = ["s_alpha", "s_beta"]
MAX_RETRIES = 2
TIMEOUT_S = 1.0
REL = pytest.mark.reliability


def main_config(server: FakeOpenAIServer) -> ModelConfig:
    return validate_model_json(
        {
            "main": {
                "provider": "openai_compat",
                "api_base": server.base_url,
                "model_id": "fake-model",
                "api_key": SECRET,
                "price_in": 1.0,
                "price_out": 2.0,
            },
            "llm": {"provider": "sim"},
        }
    )


def answer_path(out: Path, sid: str) -> str:
    return str(out / sid / "workspace" / "output" / "answer.txt")


def write_call(out: Path, sid: str) -> dict[str, Any]:
    return {"name": "Write", "arguments": {"file_path": answer_path(out, sid), "content": "11 widgets"}}


def transport_fault(kind: str) -> FakeReply:
    reply = FakeReply(text="a partial answer that never completes", fault=kind)  # type: ignore[arg-type]
    if kind == "429":
        reply.retry_after = 0.01
    if kind == "stall":
        reply.stall_s = 30.0
    return reply


TRANSPORT = ["429", "500", "502", "503", "reset", "stall", "truncate_no_done", "truncate_mid_chunk", "empty_choices"]
FAST = {"429", "reset", "stall"}
BACKPRESSURE = {"429", "503"}
"""A busy server: retried beyond ``max_retries`` (bounded by the call's total timeout), never a lost round."""


def _content_fault(kind: str, out: Path) -> list[FakeReply]:
    """Faults in what the model said (not in the transport): the loop must answer or recover."""
    path = answer_path(out, "s_alpha")
    if kind == "malformed_tool_json":
        bad = '{"file_path": "' + path + '", "content": "11 wid'
        return [
            FakeReply(tool_calls=[{"name": "Write", "arguments": bad}]),
            FakeReply(tool_calls=[write_call(out, "s_alpha")]),
        ]
    call = json.dumps({"name": "Write", "arguments": {"file_path": path, "content": "11 widgets"}})
    if kind == "leaked_tool_call_tagged":
        return [FakeReply(text=f"I will write it now.\n<tool_call>{call}</tool_call>")]
    if kind == "leaked_tool_call_bare":
        return [FakeReply(text=call)]
    raise AssertionError(kind)


CONTENT = ["malformed_tool_json", "leaked_tool_call_tagged", "leaked_tool_call_bare"]


def _cases() -> list[Any]:
    cases: list[Any] = []
    for kind in TRANSPORT:
        marks = () if kind in FAST else (REL,)
        cases.append(pytest.param(kind, "transient", id=f"{kind}-transient", marks=marks))
        cases.append(pytest.param(kind, "exhausted", id=f"{kind}-exhausted", marks=(REL,)))
    for kind in CONTENT:
        marks = () if kind == "malformed_tool_json" else (REL,)
        cases.append(pytest.param(kind, "content", id=kind, marks=marks))
    return cases


@pytest.mark.parametrize(("kind", "mode"), _cases())
async def test_fault_in_a_full_run(fake_openai: FakeOpenAIServer, tmp_path: Path, kind: str, mode: str) -> None:
    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    busy = kind in BACKPRESSURE
    if mode == "content":
        faulty = _content_fault(kind, out)
        injected = 1
    else:
        injected = 1 if mode == "transient" else MAX_RETRIES + 1
        faulty = [transport_fault(kind) for _ in range(injected)]
        if mode == "transient" or busy:  # a busy server is waited for beyond the retries: q1 is not lost
            faulty.append(FakeReply(tool_calls=[write_call(out, "s_alpha")]))
    alpha_tail = [FakeReply(text="written")]
    lost = mode == "exhausted" and not busy
    if lost:  # q1 is lost to the fault; the agent writes the answer in q2
        alpha_tail = [FakeReply(tool_calls=[write_call(out, "s_alpha")]), FakeReply(text="written")]
    beta = [FakeReply(tool_calls=[write_call(out, "s_beta")]), FakeReply(text="written")]
    replies = [*faulty, *alpha_tail, *[FakeReply(text="ok") for _ in ROUNDS[2 if lost else 1 :]], *beta]
    fake_openai.queue(*replies)

    # The breaker would stop an exhausted scenario as unfinished (tests/providers/test_real_servers.py);
    # here the provider_error path of a single lost round is under test.
    settings = fast_settings(
        max_retries=MAX_RETRIES, request_timeout_s=TIMEOUT_S, concurrency=1, breaker_threshold=MAX_RETRIES + 2
    )
    plan = RunPlan(load_dataset(root, None, None), main_config(fake_openai), settings, out)
    outcome = await execute_run(plan)
    TALLY["faults_injected"] += injected

    assert not fake_openai.replies, "not every scripted reply was consumed"
    assert not outcome.interrupted
    report = assert_nothing_lost(out, {sid: ROUNDS for sid in SCENARIOS})
    events = all_events(out)
    q1 = next(e for e in events if isinstance(e, ev.RoundScored) and e.scenario_id == "s_alpha" and e.round_id == "q1")
    errors = [e for e in events if isinstance(e, ev.ModelError)]
    rows = {r["scenario_id"]: r for r in report["per_scenario"]}
    assert rows["s_beta"]["status"] == "completed" and rows["s_beta"]["rounds_passed"] == 4
    if mode == "exhausted" and busy:  # more busy answers than retries: back-pressure, never a lost round
        assert q1.passed and rows["s_alpha"]["status"] == "completed"
        assert len(errors) == injected and all(e.backpressure and not e.final for e in errors)
    elif mode == "exhausted":
        assert not q1.passed
        assert q1.reason.startswith("provider_error"), q1.reason
        assert "Traceback" not in q1.reason and len(q1.reason.splitlines()) == 1
        assert rows["s_alpha"]["status"] == "failed" and "provider_error" in rows["s_alpha"]["reason"]
        assert rows["s_alpha"]["rounds"] == {"q1": False, "q2": True, "q3": True, "q4": True}
        assert len(errors) == injected and errors[-1].final
    else:
        assert q1.passed and q1.reason == "", q1.reason
        assert rows["s_alpha"]["status"] == "completed" and rows["s_alpha"]["rounds_passed"] == 4
        if mode == "transient":
            assert len(errors) == 1 and not errors[0].final
    if kind == "malformed_tool_json":
        bad = [e for e in events if isinstance(e, ev.ToolResult) and e.scenario_id == "s_alpha" and e.is_error]
        assert bad and bad[0].output.strip(), "the model got no readable error for its broken arguments"
    if kind.startswith("leaked"):
        assert any(isinstance(e, ev.ToolCalled) and e.tool == "Write" and e.scenario_id == "s_alpha" for e in events)
    for path in out.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
