"""Property-based fuzzing of model replies, over the real HTTP client and the fake server.

Two layers, both fed :mod:`tests.reliability.hostile` replies:

* one request at a time through :class:`~arena_tui.providers.model.Model` (the client every
  run uses): every reply with a sound envelope is read without raising, its event
  serialises, and each call is either usable or malformed with a reason;
* whole runs of one scenario: two counted forbidden reads, then hostile replies, then the
  answer. No traceback; the scenario runs once and completes; store, transcripts and the
  live report agree; ``rescore`` reproduces the report; both forbidden reads still count.

The default run tries a few cases of each (a few seconds); ``--run-reliability`` runs the
full budget. Cases tried are added to ``TALLY["fuzz_cases"]``, printed in the closing
``reliability tally`` line.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from arena_tui import events as ev
from arena_tui.providers.messages import Message
from arena_tui.providers.retry import RetryPolicy
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply
from tests.providers.helpers import TOOLS, provider
from tests.reliability.common import TALLY, all_events
from tests.reliability.hostile import hostile_reply, many_calls
from tests.reliability.test_hostile_replies import SID, assert_survives, finish_rounds, forbidden_reads, run_one

ONE_ATTEMPT = RetryPolicy(max_retries=0, per_call_timeout_s=60.0, total_timeout_s=120.0)
"""Every reply here has a sound envelope: a failed attempt is a bug, so none is retried away."""
FAST_EXAMPLES = {"request": 6, "run": 2, "calls": 1000}
FULL_EXAMPLES = {"request": 400, "run": 60, "calls": 5000}


def _budget(request: pytest.FixtureRequest, layer: str) -> settings:
    full = bool(request.config.getoption("--run-reliability"))
    return settings(
        max_examples=(FULL_EXAMPLES if full else FAST_EXAMPLES)[layer],
        deadline=None,
        database=None,
        derandomize=not full,  # the default share is the same every time; the full budget explores
        phases=list(Phase) if full else [Phase.explicit, Phase.generate],  # shrinking only in the full run
        suppress_health_check=list(HealthCheck),
    )


async def _one_request(replies: list[FakeReply]) -> None:
    server = FakeOpenAIServer()
    await server.start()
    events: list[ev.Event] = []
    model = provider(server.base_url, events, policy=ONE_ATTEMPT)
    try:
        for reply in replies:
            server.queue(reply)
            answer = await model.complete([Message(role="user", content="go")], TOOLS)
            for call in answer.tool_calls:
                assert call.malformed == bool(call.problem), call
                assert isinstance(call.arguments, dict)
                json.dumps(call.arguments).encode("utf-8")
            assert not [e for e in events if isinstance(e, ev.ModelError)]
            [response] = [e for e in events if isinstance(e, ev.ModelResponse)]
            ev.event_from_json(response.model_dump_json())
            events.clear()
    finally:
        await model.aclose()
        await server.stop()


def test_any_reply_is_read_without_raising(request: pytest.FixtureRequest) -> None:
    @_budget(request, "request")
    @given(st.lists(hostile_reply(), min_size=1, max_size=3))
    def case(replies: list[FakeReply]) -> None:
        TALLY["fuzz_cases"] += 1
        asyncio.run(_one_request(replies))

    case()


def test_thousands_of_calls_with_one_id_in_one_turn_are_all_answered(request: pytest.FixtureRequest) -> None:
    full = bool(request.config.getoption("--run-reliability"))
    n = (FULL_EXAMPLES if full else FAST_EXAMPLES)["calls"]

    async def go() -> None:
        server = FakeOpenAIServer()
        await server.start()
        model = provider(server.base_url, [], policy=ONE_ATTEMPT)
        try:
            server.queue(many_calls(n))
            answer = await model.complete([Message(role="user", content="go")], TOOLS)
        finally:
            await model.aclose()
            await server.stop()
        assert len(answer.tool_calls) == n
        assert len({c.id for c in answer.tool_calls}) == n, "a repeated id would answer two calls at once"

    TALLY["fuzz_cases"] += 1
    asyncio.run(go())


async def _one_run(replies: list[FakeReply], tmp: Path) -> None:
    server = FakeOpenAIServer()
    await server.start()
    try:
        out = tmp / "out"
        outcome = await run_one(server, tmp, forbidden_reads(out), *replies, *finish_rounds(out))
    finally:
        await server.stop()
    live = assert_survives(out, outcome, maf=_main_refusals(out))
    assert live["per_scenario"][0]["MAF"] >= 2, "a counted forbidden access was lost"
    _transcript_agrees(out)


def _main_refusals(out: Path) -> int:
    return sum(isinstance(e, ev.ForbiddenAccess) and e.agent_id in (None, ev.MAIN_AGENT) for e in all_events(out))


def _transcript_agrees(out: Path) -> None:
    lines = [json.loads(ln) for ln in (out / SID / "sessions" / "main.jsonl").read_text(encoding="utf-8").splitlines()]
    turns = [e for e in all_events(out) if isinstance(e, ev.TurnRecorded) and e.agent_id in (None, ev.MAIN_AGENT)]
    assert [ln["role"] for ln in lines[1:]] == [t.role for t in turns]
    results = [e for e in all_events(out) if isinstance(e, ev.ToolResult) and e.agent_id in (None, ev.MAIN_AGENT)]
    assert sum(ln["role"] == "tool_result" for ln in lines[1:]) == len(results)


def test_hostile_replies_never_break_a_run(request: pytest.FixtureRequest) -> None:
    @_budget(request, "run")
    @given(st.lists(hostile_reply(), min_size=1, max_size=4))
    def case(replies: list[FakeReply]) -> None:
        TALLY["fuzz_cases"] += 1
        with tempfile.TemporaryDirectory() as tmp:
            asyncio.run(_one_run(replies, Path(tmp)))

    case()


@pytest.mark.reliability
def test_a_run_survives_a_turn_of_thousands_of_calls() -> None:
    TALLY["fuzz_cases"] += 1
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_one_run([many_calls(2000)], Path(tmp)))
