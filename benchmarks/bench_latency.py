"""A latency-bound run: all scenarios at once against a model that always takes the same time.

    .venv/bin/python -m benchmarks.bench_latency [--latency 2] [-c 41] [--tests FILE] [-t ID ...] [--cold-checks]

The fake OpenAI-compatible server (its own process) answers every request after
``--latency`` seconds with one tool call, then a text reply: two requests per round.
With every scenario running at once, the run can take no less than the longest
scenario's chain of requests (rounds × 2 × latency), its *bound*; everything above that
is harness time on the critical path: checks, update copies, transcript flushes, file
writes. Printed: wall, bound, their ratio, the fake server's own CPU and lateness, the
check times (also by round), when the first requests went out, and the event loop's lag
(a 10 ms ticker's overshoot). ``--cold-checks`` runs every check in a fresh sandbox
(no resident engine interpreter), for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from arena_tui import events as ev
from arena_tui.config import validate_model_json
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner import engine_host
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.settings import Settings
from benchmarks._machine import machine_info

SIM_POOL = {
    "llm": {"provider": "sim"},
    "vlm": {"provider": "sim", "modalities": {"image": 4, "video": 1}},
    "omni": {"provider": "sim", "modalities": {"image": 4, "video": 1, "audio": 2}},
}


MARKS = (ev.ModelRequest, ev.ModelResponse, ev.RoundStarted, ev.RoundFinished, ev.CheckFinished)


class Tally:
    def __init__(self) -> None:
        self.check_ms: list[float] = []
        self.check_by_round: dict[int, list[float]] = {}
        """Check wall ms by the round's position in its scenario (the first one may wait for the engine host)."""
        self._checked: collections.Counter[str] = collections.Counter()
        self.rounds = 0
        self.requests = 0
        self.times: dict[str, list[tuple[str, float]]] = {}
        """Per scenario: (event kind, seconds since the run began) of its model and round events."""
        self.t0 = time.perf_counter()

    def __call__(self, event: ev.Event) -> None:
        sid = event.scenario_id or ""
        if sid and event.agent_id in (None, "", ev.MAIN_AGENT) and isinstance(event, MARKS):
            self.times.setdefault(sid, []).append((event.kind, time.perf_counter() - self.t0))
        if isinstance(event, ev.CheckFinished):
            self.check_ms.append(event.duration_ms)
            self.check_by_round.setdefault(self._checked[sid], []).append(event.duration_ms)
            self._checked[sid] += 1
        elif isinstance(event, ev.RoundScored):
            self.rounds += 1
        elif isinstance(event, ev.ModelRequest):
            self.requests += 1


class CallbackCPU:
    """The loop thread's CPU per callback, and where long callbacks spend it (sampled stacks).

    CPU time of the loop thread only, so load from other processes does not count; a sampler
    thread records the loop thread's stack every 10 ms while one callback has run over 20 ms.
    """

    def __init__(self) -> None:
        self.worst: list[float] = []
        self.total = 0.0
        self.samples: collections.Counter[str] = collections.Counter()
        self._began: float | None = None
        self._loop_thread = threading.get_ident()
        self._stop = threading.Event()

    def install(self) -> None:
        probe, original = self, asyncio.events.Handle._run

        def timed(handle: asyncio.events.Handle) -> None:
            before = time.thread_time()
            probe._began = time.perf_counter()
            try:
                original(handle)
            finally:
                probe._began = None
                spent = time.thread_time() - before
                probe.total += spent
                if spent > 0.005:
                    probe.worst.append(spent)

        asyncio.events.Handle._run = timed  # type: ignore[assignment, method-assign]
        threading.Thread(target=self._sample, daemon=True).start()

    def _sample(self) -> None:
        root = str(Path(__file__).resolve().parents[1] / "arena_tui")
        while not self._stop.wait(0.01):
            began = self._began
            if began is None or time.perf_counter() - began < 0.02:
                continue
            frame = sys._current_frames().get(self._loop_thread)
            where: list[str] = []
            while frame is not None and len(where) < 3:
                if frame.f_code.co_filename.startswith(root):
                    name = frame.f_code.co_filename[len(root) + 1 :]
                    where.append(f"{name}:{frame.f_lineno} {frame.f_code.co_name}")
                frame = frame.f_back
            self.samples[" < ".join(where) or "(outside arena_tui)"] += 1

    def report(self) -> None:
        self._stop.set()
        worst = sorted(self.worst, reverse=True)
        print(
            f"loop thread CPU in callbacks: {self.total:.1f} s; {len(worst)} over 5 ms, "
            f"longest {1000 * (worst[0] if worst else 0):.0f} ms"
        )
        for where, count in self.samples.most_common(6):
            print(f"  {10 * count:6d} ms sampled in long callbacks at {where}")


async def lag_probe(samples: list[float], tick: float = 0.01) -> None:
    """How late the loop wakes a 10 ms sleeper: a blocked loop shows up here."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(tick)
        samples.append(loop.time() - before - tick)


async def timed_run(plan: RunPlan, lags: list[float]) -> float:
    probe = asyncio.create_task(lag_probe(lags))
    start = time.perf_counter()
    try:
        await execute_run(plan)
    finally:
        probe.cancel()
    return time.perf_counter() - start


def critical_path(tally: Tally, latency: float, wall: float) -> None:
    """Where the slowest scenario's time went: before its first request, in requests, between them, after."""
    slowest = max(tally.times, key=lambda sid: tally.times[sid][-1][1])
    marks = tally.times[slowest]
    requests = [t for k, t in marks if k == "model_request"]
    responses = [t for k, t in marks if k == "model_response"]
    in_requests = sum(b - a for a, b in zip(requests, responses, strict=False))
    gaps = [b - a for a, b in zip(responses, requests[1:], strict=False)]
    tool_gaps, round_gaps = gaps[0::2], gaps[1::2]
    parts = transition_parts(marks)
    firsts = sorted(next(t for k, t in m if k == "model_request") for m in tally.times.values() if m)
    print(
        f"first requests of the {len(firsts)} scenarios: {firsts[0]:.2f} s to {firsts[-1]:.2f} s "
        f"(median {statistics.median(firsts):.2f} s) after the run began"
    )
    print(f"slowest scenario {slowest}: first request at {requests[0]:.2f} s, last reply at {responses[-1]:.2f} s")
    print(
        f"  in requests {in_requests:.1f} s ({len(requests)} x {latency:g} s = {len(requests) * latency:.1f} s), "
        f"tool turns {sum(tool_gaps):.2f} s, round transitions {sum(round_gaps):.2f} s "
        f"(max {max(round_gaps, default=0):.2f} s), after the last reply {wall - responses[-1]:.2f} s"
    )
    print(
        "  per round transition, median: "
        + ", ".join(f"{name} {1000 * statistics.median(v):.0f} ms" for name, v in parts.items() if v)
    )


def transition_parts(marks: list[tuple[str, float]]) -> dict[str, list[float]]:
    """Last reply -> round finished (transcript flush) -> check finished -> next request."""
    parts: dict[str, list[float]] = {"flush": [], "check": [], "to next request": []}
    last_reply = finished = checked = None
    for kind, t in marks:
        if kind == "model_response":
            last_reply = t
        elif kind == "round_finished" and last_reply is not None:
            finished = t
            parts["flush"].append(t - last_reply)
        elif kind == "check_finished" and finished is not None:
            checked = t
            parts["check"].append(t - finished)
        elif kind == "model_request" and checked is not None:
            parts["to next request"].append(t - checked)
            last_reply = finished = checked = None
    return parts


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-d", "--dataset", default="data/clawarena-team")
    parser.add_argument("--tests", default=None, help="tests file (default: the dataset's tests.json)")
    parser.add_argument("-t", "--scenario", action="append", default=None, help="only these scenario ids")
    parser.add_argument("--latency", type=float, default=2.0, help="seconds per model request")
    parser.add_argument("-c", "--concurrency", type=int, default=41)
    parser.add_argument("--cold-checks", action="store_true", help="a fresh sandbox for every check")
    args = parser.parse_args()
    print(machine_info())
    if args.cold_checks:

        async def cold(*_args: object) -> None:
            return None

        engine_host.EngineHost.run = cold  # type: ignore[assignment, method-assign]
    dataset = load_dataset(Path(args.dataset), args.tests, args.scenario)
    longest = max(len(s.rounds) for s in dataset.scenarios)
    bound = longest * 2 * args.latency
    server = subprocess.Popen(
        [sys.executable, "-m", "benchmarks._latency_server", str(args.latency)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None and server.stdin is not None
    port = int(server.stdout.readline())
    raw = {"main": {"provider": "vllm", "model_id": "fake-model", "api_base": f"http://127.0.0.1:{port}/v1"}}
    config = validate_model_json({**raw, **SIM_POOL}, env={})
    tally = Tally()
    lags: list[float] = []
    callbacks = CallbackCPU()
    callbacks.install()
    settings = Settings.model_validate({"concurrency": args.concurrency, "headless": True})
    try:
        with tempfile.TemporaryDirectory() as tmp:
            plan = RunPlan(dataset, config, settings, Path(tmp), subscribers=[tally])
            tally.t0 = time.perf_counter()
            wall = asyncio.run(timed_run(plan, lags))
    finally:
        server.stdin.close()
        served, server_cpu, late_median, late_max = server.stdout.readline().split()
        server.wait(10)
    n = len(dataset.scenarios)
    print(
        f"{n} scenarios at -c {args.concurrency}, {tally.rounds} rounds, {served} requests served, "
        f"latency {args.latency:g} s, checks {'cold' if args.cold_checks else 'resident engine'}"
    )
    print(
        f"fake server: {server_cpu} s of CPU; answers {late_median} ms (median), {late_max} ms (max) "
        f"past the latency from request read to answer written"
    )
    print(f"bound: {bound:.1f} s (longest scenario: {longest} rounds x 2 requests x {args.latency:g} s)")
    print(f"wall:  {wall:.1f} s")
    print(f"ratio: {wall / bound:.3f}x")
    if tally.check_ms:
        print(
            f"checks: {len(tally.check_ms)}, wall median {statistics.median(tally.check_ms):.0f} ms, "
            f"p90 {pct(tally.check_ms, 0.9):.0f} ms, max {max(tally.check_ms):.0f} ms"
        )
        print(
            "  check wall by round, median (max) ms: "
            + ", ".join(
                f"#{i + 1} {statistics.median(v):.0f} ({max(v):.0f})" for i, v in sorted(tally.check_by_round.items())
            )
        )
    if tally.times:
        critical_path(tally, args.latency, wall)
    callbacks.report()
    if lags:
        print(
            f"event-loop lag (10 ms ticker): median {1000 * statistics.median(lags):.1f} ms, "
            f"p99 {1000 * pct(lags, 0.99):.1f} ms, max {1000 * max(lags):.1f} ms"
        )


if __name__ == "__main__":
    main()
