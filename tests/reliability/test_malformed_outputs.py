"""Malformed model outputs through the fake server: a clear answer to the model, nothing lost.

Round q1 of ``s_beta`` starts with the malformed reply; the model then writes its answer
and stops. Every case must end with the run complete, the odd output held in the store,
an error (or a result) the model can read, and the report written. Each case adds to
``TALLY["malformed_inputs"]``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.reliability.common import TALLY, all_events, assert_nothing_lost, raw_event_text
from tests.reliability.test_provider_faults import ROUNDS, main_config, write_call
from tests.runner.helpers import fast_settings

BIG = 5 * 1024 * 1024
MANY = 200
REL = pytest.mark.reliability


def _malformed(case: str, out: Path) -> FakeReply:
    ws = out / "s_beta" / "workspace"
    if case == "unknown_tool":
        return FakeReply(tool_calls=[{"name": "Teleport", "arguments": {"to": "/"}}])
    if case == "bad_json_args":
        return FakeReply(tool_calls=[{"name": "Read", "arguments": '{"file_path": "' + str(ws) + "/requests/brief"}])
    if case == "missing_required":
        return FakeReply(tool_calls=[{"name": "Read", "arguments": {}}])
    if case == "huge_text":
        return FakeReply(text="w" * (BIG - 3) + "END", text_piece=256 * 1024)
    if case == "many_calls":
        glob = {"name": "Glob", "arguments": {"pattern": "*", "path": str(ws / "requests")}}
        return FakeReply(tool_calls=[{**glob, "id": f"glob_{i}"} for i in range(MANY)], chunking="whole")
    raise AssertionError(case)


CASES = [
    pytest.param("unknown_tool", id="unknown_tool"),
    pytest.param("bad_json_args", id="bad_json_args", marks=REL),
    pytest.param("missing_required", id="missing_required", marks=REL),
    pytest.param("huge_text", id="huge_text", marks=REL),
    pytest.param("many_calls", id="many_calls"),
]


@pytest.mark.parametrize("case", CASES)
async def test_malformed_output_is_answered(fake_openai: FakeOpenAIServer, tmp_path: Path, case: str) -> None:
    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    # A plain (huge) final answer ends q1 on its own, so there the agent writes in q2.
    fake_openai.queue(
        _malformed(case, out), FakeReply(tool_calls=[write_call(out, "s_beta")]), FakeReply(text="written")
    )
    plan = RunPlan(load_dataset(root, None, ["s_beta"]), main_config(fake_openai), fast_settings(), out)
    outcome = await asyncio.wait_for(execute_run(plan), 120)
    TALLY["malformed_inputs"] += 1

    assert not outcome.interrupted and not fake_openai.replies
    report = assert_nothing_lost(out, {"s_beta": ROUNDS})
    row = report["per_scenario"][0]
    assert row["status"] == "completed", row
    events = all_events(out)
    results = [e for e in events if isinstance(e, ev.ToolResult)]
    if case == "huge_text":
        assert row["rounds"] == {"q1": False, "q2": True, "q3": True, "q4": True}
        assert any(isinstance(e, ev.ModelResponse) and len(e.content) == BIG for e in events), "the 5 MB reply is lost"
        assert raw_event_text(out).count("wwwwEND") >= 1
    elif case == "many_calls":
        assert row["rounds_passed"] == 4
        globs = [r for r in results if r.tool == "Glob"]
        assert len(globs) == MANY and not any(r.is_error for r in globs)
        assert all("brief.md" in r.output for r in globs)
    else:
        assert row["rounds_passed"] == 4
        first = results[0]
        assert first.is_error and first.invalid, first
        assert first.output.strip() and "Traceback" not in first.output
        if case == "unknown_tool":
            assert "Teleport" in first.output
        if case == "missing_required":
            assert "file_path" in first.output
    assert (out / "report.md").is_file()
