"""Replies a hostile or broken model sends, through the real HTTP client and the fake server.

Each case is one run of ``s_beta`` from the mini dataset: the reply under test comes first in
round q1, usually after two reads of ``hr/salaries.csv`` (forbidden to the main agent, so MAF
2). The run must finish without a traceback, answer the model with a tool error it can read,
keep the counted forbidden accesses, never retry the scenario, and leave a store that
``rescore`` scores exactly as the live report did.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui import events as ev
from arena_tui.commands.results import cmd_rescore
from arena_tui.commands.run import exit_code
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunOutcome, RunPlan, execute_run
from arena_tui.runner.stored_runs import load_run
from tests.dataset.mini_dataset import make_dataset
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.reliability.common import TALLY, all_events, assert_nothing_lost
from tests.reliability.test_provider_faults import ROUNDS, main_config, write_call
from tests.runner.helpers import fast_settings

SID = "s_beta"


def forbidden_reads(out: Path) -> FakeReply:
    path = str(out / SID / "workspace" / "hr" / "salaries.csv")
    calls = [{"id": f"peek_{i}", "name": "Read", "arguments": {"file_path": path}} for i in range(2)]
    return FakeReply(tool_calls=calls)


def finish_rounds(out: Path) -> list[FakeReply]:
    """The model then writes the answer and stops; later rounds answer at once."""
    return [FakeReply(tool_calls=[write_call(out, SID)]), FakeReply(text="written")]


async def run_one(
    server: FakeOpenAIServer, tmp_path: Path, *replies: FakeReply, retries: int = 1, **settings: object
) -> RunOutcome:
    root = make_dataset(tmp_path / "ds")
    out = tmp_path / "out"
    server.queue(*replies)
    plan = RunPlan(
        load_dataset(root, None, [SID]),
        main_config(server),
        fast_settings(concurrency=1, **settings),
        out,
        retries=retries,
    )
    outcome = await asyncio.wait_for(execute_run(plan), 120)
    TALLY["malformed_inputs"] += 1
    return outcome


def rescored(out: Path) -> dict[str, Any]:
    """``rescore`` from the store alone; returns the report.json it wrote."""
    assert cmd_rescore(argparse.Namespace(output=str(out), metrics=None)) == 0
    report: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return report


def assert_survives(out: Path, outcome: RunOutcome, maf: int) -> dict[str, Any]:
    """Finished once, MAF kept, the store agrees with the live report."""
    live = assert_nothing_lost(out, {SID: ROUNDS})
    row = live["per_scenario"][0]
    assert row["status"] == "completed", row
    assert row["MAF"] == maf, row
    events = all_events(out)
    assert sum(isinstance(e, ev.ScenarioStarted) for e in events) == 1, "the scenario was re-run"
    assert not any(isinstance(e, ev.AgentStopped) and e.reason == "provider_error" for e in events)
    again = rescored(out)
    for key in ("per_scenario", "unfinished_scenarios", "coverage"):
        assert again[key] == live[key], key
    assert load_run(out).row.status == "completed"
    assert exit_code(outcome) == 0
    return live


def invalid_results(out: Path) -> list[ev.ToolResult]:
    return [e for e in all_events(out) if isinstance(e, ev.ToolResult) and e.invalid]


async def test_surrogate_in_finish_reason_keeps_the_store_writing(
    fake_openai: FakeOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    peek = forbidden_reads(out)
    peek.finish_reason = "tool_calls\ud800"
    outcome = await run_one(fake_openai, tmp_path, peek, *finish_rounds(out))
    assert "removed" not in capsys.readouterr().err
    assert_survives(out, outcome, maf=2)
    responses = [e for e in all_events(out) if isinstance(e, ev.ModelResponse)]
    assert responses[0].finish_reason == "tool_calls\ufffd"
    main = (out / SID / "sessions" / "main.jsonl").read_text(encoding="utf-8")
    assert "replaced" in main and "unencodable" in main


async def test_surrogate_in_arguments_is_replaced_not_fatal(fake_openai: FakeOpenAIServer, tmp_path: Path) -> None:
    out = tmp_path / "out"
    bad = json.dumps({"file_path": str(out / SID / "workspace" / "output" / "answer.txt"), "content": "11 \ud800x"})
    outcome = await run_one(
        fake_openai, tmp_path, FakeReply(tool_calls=[{"name": "Write", "arguments": bad}]), FakeReply(text="written")
    )
    assert_survives(out, outcome, maf=0)
    written = (out / SID / "workspace" / "output" / "answer.txt").read_text(encoding="utf-8")
    assert written == "11 \ufffdx"
    for line in (out / SID / "sessions" / "main.jsonl").read_text(encoding="utf-8").splitlines():
        json.loads(line)


async def test_deep_nesting_is_the_models_fault_and_cannot_reroll(
    fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    deep = FakeReply(tool_calls=[{"name": "Glob", "arguments": "[" * 100_000}], chunking="whole")
    outcome = await run_one(fake_openai, tmp_path, forbidden_reads(out), deep, *finish_rounds(out))
    assert_survives(out, outcome, maf=2)
    [bad] = invalid_results(out)
    assert bad.is_error and "nest" in bad.output and "Traceback" not in bad.output


async def test_leaked_deep_call_block_is_answered(fake_openai: FakeOpenAIServer, tmp_path: Path) -> None:
    out = tmp_path / "out"
    leak = FakeReply(text="Now: <tool_call>" + "[" * 100_000 + "</tool_call>", text_piece=50_000)
    outcome = await run_one(fake_openai, tmp_path, forbidden_reads(out), leak, *finish_rounds(out))
    assert_survives(out, outcome, maf=2)
    [bad] = invalid_results(out)
    assert bad.is_error and bad.output.strip()


async def test_cut_reply_is_not_a_final_answer(fake_openai: FakeOpenAIServer, tmp_path: Path) -> None:
    out = tmp_path / "out"
    cut = FakeReply(text='<tool_call>\n{"name": "Glob", "arguments', finish_reason="length")
    outcome = await run_one(fake_openai, tmp_path, cut, *finish_rounds(out))
    live = assert_survives(out, outcome, maf=0)
    assert live["per_scenario"][0]["rounds"]["q1"] is True
    [bad] = invalid_results(out)
    assert "truncated" in bad.output
    assert live["invalid_calls"] == {SID: 1}


async def test_cut_plain_reply_gets_a_chance_to_resend(fake_openai: FakeOpenAIServer, tmp_path: Path) -> None:
    out = tmp_path / "out"
    cut = FakeReply(text="The answer is in the file I am about to wr", finish_reason="length")
    outcome = await run_one(fake_openai, tmp_path, cut, *finish_rounds(out))
    live = assert_survives(out, outcome, maf=0)
    assert live["per_scenario"][0]["rounds"]["q1"] is True
    told = [e for e in all_events(out) if isinstance(e, ev.ReminderDelivered) and e.reminder == "truncated_reply"]
    assert len(told) == 1 and "truncated" in told[0].body


async def test_only_transport_failures_are_provider_errors(fake_openai: FakeOpenAIServer, tmp_path: Path) -> None:
    """A scenario that lost a round to its server is unfinished, and so the run exits 1."""
    out = tmp_path / "out"
    down = [FakeReply(fault="500") for _ in range(3)]
    outcome = await run_one(fake_openai, tmp_path, *down, *finish_rounds(out), retries=0, breaker_threshold=5)
    row = outcome.scores.scenarios[SID]
    assert row.status == "failed" and "provider_error" in row.reason
    assert exit_code(outcome) == 1


async def test_unicode_line_breaks_cannot_split_a_transcript_line(
    fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    """Found by the fuzzer: U+0085/U+2028 in a call survived into the JSONL, where splitlines() broke the line."""
    out = tmp_path / "out"
    odd = FakeReply(tool_calls=[{"name": "Glob", "arguments": {"pattern": "*\u2028\x85\u2029"}}])
    outcome = await run_one(fake_openai, tmp_path, odd, *finish_rounds(out))
    assert_survives(out, outcome, maf=0)
    text = (out / SID / "sessions" / "main.jsonl").read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines()]
    calls = [c for line in lines for c in line.get("tool_calls", [])]
    assert calls[0]["arguments"]["pattern"] == "*\u2028\x85\u2029"
