"""Four scenarios at once (``-c 4``) on one slow fake server that answers 429, 503 and llama.cpp's
"Context size has been exceeded" for a while, then recovers: every scenario finishes, none is
unavailable, and the report's timing and spend agree with the server's own log. A second run
fails, times out and succeeds in one scenario and checks every timing figure against the log,
and a stored run folded again (``rescore``) gives the same figures."""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from arena_tui import events as ev
from arena_tui.config import validate_model_json
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.scoring.fold import ScoreFold
from arena_tui.scoring.report import timing_dict
from arena_tui.store import StoreReader
from tests.dataset.mini_dataset import make_scenario, write_json
from tests.fakes.fixtures import ServerFactory
from tests.fakes.openai_server import FakeOpenAIServer, LogLine
from tests.fakes.replies import FakeReply, Fault
from tests.runner.helpers import fast_settings

SIM_POOL = {"llm": {"provider": "sim"}}
PRICE_IN, PRICE_OUT = 2.0, 8.0
_WORKSPACE = re.compile(r"(/[^\s\\\"]*/workspace)\b")


def four_scenarios(root: Path, n: int = 4) -> list[str]:
    ids = [f"s_{chr(ord('a') + i)}" for i in range(n)]
    for sid in ids:
        make_scenario(root, sid)
    write_json(root / "manifests.json", {"scenarios": {s: f"scenarios/{s}/manifest.json" for s in ids}})
    write_json(root / "tests.json", {"name": "busy", "manifests_ref": "manifests.json", "scenario_ids": ids})
    return ids


class Answerer:
    """Writes the answer file with a Write call, then says it is done; ``faults`` come first, in order."""

    def __init__(self, faults: list[FakeReply], delay_s: float = 0.03) -> None:
        self.faults = list(faults)
        self.delay_s = delay_s

    def __call__(self, body: dict[str, Any]) -> FakeReply:
        if self.faults:
            return self.faults.pop(0)
        messages = body["messages"]
        if messages[-1]["role"] == "tool":
            return FakeReply(text="Written.", delay_s=self.delay_s)
        found = _WORKSPACE.search(json.dumps(messages))
        assert found is not None
        path = f"{found.group(1)}/output/answer.txt"
        call = {"id": f"call_{len(messages)}", "name": "Write", "arguments": {"file_path": path, "content": "4"}}
        return FakeReply(tool_calls=[call], delay_s=self.delay_s)


def scenario_of(line: LogLine) -> str:
    found = _WORKSPACE.search(json.dumps(line.body.get("messages", [])))
    assert found is not None
    return Path(found.group(1)).parent.name


def model_json(server: FakeOpenAIServer) -> dict[str, Any]:
    main = {"provider": "vllm", "model_id": "fake-model", "api_base": server.base_url}
    return {"main": {**main, "price_in": PRICE_IN, "price_out": PRICE_OUT}, **SIM_POOL}


def stored_events(out: Path) -> list[ev.Event]:
    reader = StoreReader(out)
    try:
        return list(reader.iter_events(reader.latest_run_id()))
    finally:
        reader.close()


def busy_faults() -> list[FakeReply]:
    kinds: list[Fault] = ["429", "503", "context_slot"]
    return [FakeReply(fault=kinds[i % 3], retry_after=0.02 if i % 3 == 0 else None) for i in range(24)]


async def test_four_scenarios_on_one_busy_server_all_finish(fake_openai_factory: ServerFactory, tmp_path: Path) -> None:
    ids = four_scenarios(tmp_path / "ds")
    server = await fake_openai_factory()
    server.responder = Answerer(busy_faults())
    config = validate_model_json(model_json(server), env={})
    # One retry per request and a breaker at 3: the 24 busy answers would lose every scenario if counted.
    settings = fast_settings(concurrency=4, max_retries=1, breaker_threshold=3)
    out = tmp_path / "out"
    outcome = await execute_run(RunPlan(load_dataset(tmp_path / "ds", None, None), config, settings, out))

    assert {sid: s.status for sid, s in outcome.scores.scenarios.items()} == dict.fromkeys(ids, "completed")
    assert all(all(s.passed.values()) and len(s.passed) == 4 for s in outcome.scores.scenarios.values())
    assert not outcome.unavailable_host and server.peak_in_flight >= 2  # they did run at the same time
    events = stored_events(out)
    errors = [e for e in events if isinstance(e, ev.ModelError)]
    assert len(errors) == 24 and all(e.backpressure and not e.final for e in errors)
    assert not any(isinstance(e, ev.RoundFinished) and e.status == "unavailable" for e in events)

    report = json.loads((out / "report.json").read_text())
    answered = [line for line in server.log if line.outcome == "ok"]
    failed = [line for line in server.log if line.outcome != "ok"]
    assert len(answered) == 4 * 4 * 2 and len(failed) == 24  # per scenario: 4 rounds × (Write, "Written.")
    spend = report["timing"]["spend"]
    prompt = sum(line.usage["prompt_tokens"] for line in answered if line.usage)
    completion = sum(line.usage["completion_tokens"] for line in answered if line.usage)
    assert spend["counted"] == {
        "requests": len(answered),
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "cost_usd": pytest.approx((prompt * PRICE_IN + completion * PRICE_OUT) / 1e6),
    }
    assert spend["abandoned"]["requests"] == 0
    by_scenario: dict[str, list[LogLine]] = defaultdict(list)
    for line in server.log:
        by_scenario[scenario_of(line)].append(line)
    for sid in ids:
        timing = report["timing"]["per_scenario"][sid]
        mine = [e for e in events if e.scenario_id == sid]
        replies = [e for e in mine if isinstance(e, ev.ModelResponse)]
        lost = [e for e in mine if isinstance(e, ev.ModelError)]
        # Each answered request's client interval holds the server's, one for one and in order; the client's
        # is longer by its own event loop's turns (four scenarios share it), which is model time as it ran.
        _contains([(e.ts - e.latency_ms / 1000, e.ts) for e in replies], by_scenario[sid], "ok")
        _contains([(e.ts - e.elapsed_ms / 1000, e.ts) for e in lost], by_scenario[sid], "failed")
        assert timing["model_s"] == pytest.approx(sum(e.latency_ms for e in replies) / 1000, abs=0.002)
        waited = sum(e.elapsed_ms + 1000 * (e.retry_in_s or 0) for e in lost)
        waited += sum(e.queued_ms for e in replies)
        assert timing["retry_s"] == pytest.approx(waited / 1000, abs=0.002)
        parts = sum(timing[k] for k in ("model_s", "retry_s", "tool_s", "check_s", "harness_s"))
        assert parts == pytest.approx(timing["wall_s"], abs=0.01)
    run = report["timing"]["run"]
    assert run["wall_s"] < run["scenario_wall_s"]  # elapsed, not the sum of four parallel scenarios


def _contains(client: list[tuple[float, float]], server: list[LogLine], kind: str) -> None:
    lines = [line for line in server if (line.outcome == "ok") == (kind == "ok")]
    assert len(client) == len(lines), kind
    for (start, end), line in zip(client, lines, strict=True):
        assert start - 0.005 <= line.received and line.answered <= end + 0.005, (kind, start, end, line)


async def test_every_timing_figure_matches_the_servers_log(fake_openai_factory: ServerFactory, tmp_path: Path) -> None:
    """One scenario: a 500, then a stall past the request timeout, then answers. Each round's model time
    is the answered requests' time on the server, its retry time runs from the failed attempts' arrival
    to the next attempt's, and a fold of the stored events gives the report's figures exactly."""
    [sid] = four_scenarios(tmp_path / "ds", 1)
    server = await fake_openai_factory()
    server.responder = Answerer([FakeReply(fault="500"), FakeReply(fault="stall", stall_s=5)], delay_s=0.05)
    config = validate_model_json(model_json(server), env={})
    out = tmp_path / "out"
    settings = fast_settings(max_retries=3, request_timeout_s=0.5)
    began = time.time()
    outcome = await execute_run(RunPlan(load_dataset(tmp_path / "ds", None, None), config, settings, out))
    elapsed = time.time() - began
    assert outcome.scores.scenarios[sid].status == "completed"
    report = json.loads((out / "report.json").read_text())
    q1 = report["timing"]["per_round"][sid]["q1"]
    log = server.log
    assert [line.outcome for line in log[:3]] == ["500", "stall", "ok"]
    events = stored_events(out)
    q1_started = next(e.ts for e in events if isinstance(e, ev.RoundStarted) and e.round_id == "q1")
    q2_started = next(e.ts for e in events if isinstance(e, ev.RoundStarted) and e.round_id == "q2")
    replies = [e for e in events if isinstance(e, ev.ModelResponse) and q1_started <= e.ts < q2_started]
    errors = [e for e in events if isinstance(e, ev.ModelError)]
    q1_log = [line for line in log if line.received < q2_started]
    _contains([(e.ts - e.latency_ms / 1000, e.ts) for e in replies], q1_log, "ok")  # q1's Write and "Written."
    _contains([(e.ts - e.elapsed_ms / 1000, e.ts) for e in errors], q1_log, "failed")  # the 500 and the stall
    served = sum(line.answered - line.received for line in q1_log if line.outcome == "ok")
    assert served <= q1["model_s"] == pytest.approx(sum(e.latency_ms for e in replies) / 1000, abs=0.002)
    # The failed attempts' own durations, from their events (no clock compared across processes).
    assert q1["retry_s"] >= sum(e.elapsed_ms for e in errors) / 1000 - 0.002
    assert q1["retry_s"] >= 0.5  # the timed-out attempt's whole wait is in it, not in harness time
    check = next(e for e in events if isinstance(e, ev.CheckFinished) and e.round_id == "q1")
    assert q1["check_s"] == pytest.approx(check.duration_ms / 1000, abs=0.002)
    parts = q1["model_s"] + q1["retry_s"] + q1["tool_s"] + q1["check_s"] + q1["harness_s"]
    assert parts == pytest.approx(q1["wall_s"], abs=0.005)
    for rid in ("q2", "q3", "q4"):
        assert report["timing"]["per_round"][sid][rid]["retry_s"] < 0.05  # nothing failed there
    run = report["timing"]["run"]
    assert run["scenario_wall_s"] <= run["wall_s"] <= elapsed
    again = timing_dict(ScoreFold().apply_all(stored_events(out)).result())
    assert again == report["timing"]  # rescore reproduces every figure from the events


async def test_a_restarted_attempts_spend_is_abandoned_not_counted(
    fake_openai_factory: ServerFactory, tmp_path: Path
) -> None:
    """A 400 in round 2 fails the first attempt (its other rounds still run); ``--retry 1`` runs it again:
    the first attempt's requests are abandoned, the second's counted, and together they are the server's."""
    [sid] = four_scenarios(tmp_path / "ds", 1)
    server = await fake_openai_factory()
    answer = Answerer([])
    calls = {"n": 0}

    def respond(body: dict[str, Any]) -> FakeReply:
        calls["n"] += 1
        return FakeReply(fault="400") if calls["n"] == 3 else answer(body)

    server.responder = respond
    config = validate_model_json(model_json(server), env={})
    out = tmp_path / "out"
    plan = RunPlan(load_dataset(tmp_path / "ds", None, None), config, fast_settings(), out, retries=1)
    outcome = await execute_run(plan)
    assert outcome.scores.scenarios[sid].status == "completed" and outcome.scores.scenarios[sid].attempt == 2
    spend = json.loads((out / "report.json").read_text())["timing"]["spend"]
    answered = [line for line in server.log if line.outcome == "ok"]
    assert spend["abandoned"]["requests"] == 6  # the first attempt: q1, q3 and q4 answered (q2 got the 400)
    assert spend["counted"]["requests"] == len(answered) - 6 == 8
    total = sum(line.usage["prompt_tokens"] + line.usage["completion_tokens"] for line in answered if line.usage)
    counted = spend["counted"]["prompt_tokens"] + spend["counted"]["completion_tokens"]
    abandoned = spend["abandoned"]["prompt_tokens"] + spend["abandoned"]["completion_tokens"]
    assert counted + abandoned == total
