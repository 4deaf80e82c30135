"""TUI throughput and responsiveness figures (printed, never asserted).

Measures: events/s through the pure reducer; events/s through the headless App fed by a
ListSource; time to the first frame of a 100,000-event replay; key-press latency (median and
p95) while a live source delivers 2,000 events/s; time to list the runs of 50 stores from their
summaries (the runs browser's first table).

Run: ``.venv/bin/python benchmarks/bench_tui.py [--events 100000] [--stores 50]``.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import textual

from arena_tui import events as ev
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.sources import ListSource, QueueSource
from arena_tui.tui.state import ArenaState
from arena_tui.tui.widgets.tool_stream import ToolStream
from tests.tui.sample_events import synthetic_run

SIZE = (140, 40)


def bench_reducer(events: list[ev.Event]) -> float:
    """Events per second through ``ArenaState.apply`` alone (best of three)."""
    best = math.inf
    for _ in range(3):
        state = ArenaState()
        start = time.perf_counter()
        state.apply_many(events)
        best = min(best, time.perf_counter() - start)
    return len(events) / best


async def bench_app_ingest(events: list[ev.Event]) -> tuple[float, int]:
    """Events per second through the headless App (ListSource), and frames drawn meanwhile."""
    app = ArenaApp(ListSource(events, batch_size=5000), frame_budget_s=0.06)
    async with app.run_test(headless=True, size=SIZE) as pilot:
        start = time.perf_counter()
        while app.state.events_applied < len(events):
            await pilot.pause(0.005)
        return len(events) / (time.perf_counter() - start), app.frames


async def bench_replay_first_frame(events: list[ev.Event]) -> float:
    """Seconds from app start to the first drawn frame of a replay at max speed."""
    start = time.perf_counter()
    app = ArenaApp(ReplaySource(events, speed=math.inf))
    async with app.run_test(headless=True, size=SIZE) as pilot:
        while app.frames < 1:
            await pilot.pause(0.001)
        return time.perf_counter() - start


async def bench_key_latency(rate: int, presses: int) -> tuple[float, float, int]:
    """Median and p95 ms from a key press to its effect while ``rate`` events/s arrive."""
    queue: asyncio.Queue[ev.Event | None] = asyncio.Queue()
    feed = iter(synthetic_run(rate * (presses // 4 + 30)))
    app = ArenaApp(QueueSource(queue))
    latencies: list[float] = []

    async def produce() -> None:
        period, per_tick = 0.01, max(1, rate // 100)
        next_at = time.perf_counter()
        for event in feed:
            queue.put_nowait(event)
            per_tick -= 1
            if per_tick == 0:
                per_tick = max(1, rate // 100)
                next_at += period
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        queue.put_nowait(None)

    async with app.run_test(headless=True, size=SIZE) as pilot:
        producer = asyncio.create_task(produce())
        await pilot.pause(0.5)
        stream = app.screen.query_one(ToolStream)
        for _ in range(presses):
            before = stream.agent_filter
            start = time.perf_counter()
            app.simulate_key("escape" if before is not None else "f")
            while stream.agent_filter == before:
                await asyncio.sleep(0.0005)
            latencies.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0.05)
        applied = app.state.events_applied
        producer.cancel()
    latencies.sort()
    return statistics.median(latencies), latencies[int(0.95 * (len(latencies) - 1))], applied


async def _make_stores(root: Path, count: int) -> None:
    from arena_tui.scoring.report import write_report
    from arena_tui.store.runs import load_run
    from tests.tui.stored_runs import ScenarioPlan, write_run

    for i in range(count):
        out = root / f"run-{i:03d}"
        plans = [ScenarioPlan(f"s_{j:02d}", [True, j % 3 != 0, True], ["Read"], 1) for j in range(6)]
        await write_run(out, f"run-{i:03d}", f"model-{i % 7}", plans, ts=1_700_000_000.0 + i)
        stored = load_run(out)
        write_report(out, stored.scores, stored.meta)


def bench_runs_list(stores: int) -> tuple[float, int]:
    """Seconds to list the runs of ``stores`` output folders (best of three), and the runs found."""
    import tempfile

    from arena_tui.tui.run_list import list_runs

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        asyncio.run(_make_stores(root, stores))
        best, found = math.inf, 0
        for _ in range(3):
            start = time.perf_counter()
            found = len(list_runs(root).runs)
            best = min(best, time.perf_counter() - start)
    return best, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--rate", type=int, default=2000, help="live events per second for the latency test")
    parser.add_argument("--presses", type=int, default=60)
    parser.add_argument("--stores", type=int, default=50, help="output folders for the runs-list figure")
    args = parser.parse_args()
    print(f"machine: {platform.platform()} · python {platform.python_version()} · {os.cpu_count()} CPUs")
    print(f"textual {textual.__version__} · processor {platform.processor() or platform.machine()}")
    events = list(synthetic_run(args.events))
    print(f"events: {len(events):,} synthetic (tool calls by main and subagents, rounds, forbidden hits)")
    print(f"reducer ingest:        {bench_reducer(events):>12,.0f} events/s")
    rate, frames = asyncio.run(bench_app_ingest(events))
    print(f"app ingest (headless): {rate:>12,.0f} events/s  ({frames} frames drawn)")
    print(f"replay first frame:    {asyncio.run(bench_replay_first_frame(events)) * 1000:>12,.0f} ms (incl. app start)")
    median, p95, applied = asyncio.run(bench_key_latency(args.rate, args.presses))
    print(f"key latency @{args.rate}/s:  median {median:.1f} ms · p95 {p95:.1f} ms ({applied:,} events applied)")
    seconds, found = bench_runs_list(args.stores)
    print(f"runs list ({args.stores} stores):  {seconds * 1000:>9,.0f} ms ({found} runs, from their summaries)")


if __name__ == "__main__":
    main()
