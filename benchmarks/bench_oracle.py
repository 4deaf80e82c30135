"""A full oracle run of the whole dataset, headless: wall time, per round, per tool call, peak RSS.

    .venv/bin/python -m benchmarks.bench_oracle [-d data/clawarena-team] [--tests FILE] [-c 1] [--repeat 1]

Harness overhead per tool call is measured separately (benchmarks.harness_turns: the agent
loop, tool runner, scope check, events, store and transcripts with no model latency), at
50 and 200 turns to show it stays flat as the conversation grows.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from pathlib import Path

from arena_tui import events as ev
from arena_tui.config import load_model_config
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.settings import Settings
from benchmarks._machine import machine_info
from benchmarks.harness_turns import per_turn_ms


class Tally:
    def __init__(self) -> None:
        self.tool_ms: list[float] = []
        self.check_ms: list[float] = []
        self.rounds = 0
        self.passed = 0
        self.events = 0

    def __call__(self, event: ev.Event) -> None:
        self.events += 1
        if isinstance(event, ev.ToolResult):
            self.tool_ms.append(event.duration_ms)
        elif isinstance(event, ev.CheckFinished):
            self.check_ms.append(event.duration_ms)
        elif isinstance(event, ev.RoundScored):
            self.rounds += 1
            self.passed += event.passed


def one_run(dataset_root: Path, tests: str | None, concurrency: int) -> tuple[float, Tally]:
    dataset = load_dataset(dataset_root, tests, None)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings.model_validate({"concurrency": concurrency, "headless": True})
        plan = RunPlan(dataset, load_model_config("oracle"), settings, Path(tmp), subscribers=[tally])
        start = time.perf_counter()
        asyncio.run(execute_run(plan))
        return time.perf_counter() - start, tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-d", "--dataset", default="data/clawarena-team")
    parser.add_argument("--tests", default=None)
    parser.add_argument("-c", "--concurrency", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(machine_info())
    walls = []
    tally = Tally()
    for _ in range(args.repeat):
        wall, tally = one_run(Path(args.dataset), args.tests, args.concurrency)
        walls.append(wall)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    wall = statistics.median(walls)
    print(
        f"oracle run: {tally.rounds} rounds ({tally.passed} passed), {tally.events} events, "
        f"concurrency {args.concurrency}"
    )
    print(f"wall time: {wall:.1f} s (median of {args.repeat}); {1000 * wall / max(1, tally.rounds):.0f} ms per round")
    print(
        f"checks: {sum(tally.check_ms) / 1000:.1f} s in total, median {statistics.median(tally.check_ms or [0]):.0f} ms"
    )
    print(
        f"tool calls: {len(tally.tool_ms)}, median {statistics.median(tally.tool_ms or [0]):.2f} ms "
        f"(Bash under bubblewrap dominates the tail: p90 "
        f"{sorted(tally.tool_ms)[int(0.9 * len(tally.tool_ms))] if tally.tool_ms else 0:.1f} ms)"
    )
    print(f"peak RSS: {rss_mb:.0f} MB")
    for n in (50, 200):
        print(f"harness overhead per tool-calling turn at {n} turns: {per_turn_ms(n, 3):.3f} ms (median of 3)")


if __name__ == "__main__":
    main()
