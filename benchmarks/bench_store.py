"""Store figures: sustained append rate (events/s) and the time to load a 100,000-event run.

.venv/bin/python -m benchmarks.bench_store [--events N] [--repeat K]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from arena_tui import events as ev
from arena_tui.store import EventStore, StoreReader
from benchmarks._machine import machine_info


def _event(i: int) -> ev.Event:
    if i % 2:
        return ev.ToolCalled(
            run_id="",
            scenario_id="s1",
            agent_id="sub_1",
            call_id=f"c{i}",
            tool="Read",
            arguments={"file_path": f"/ws/evidence/slice_{i % 7}.csv", "offset": 0, "limit": 2000},
        )
    return ev.ToolResult(
        run_id="",
        scenario_id="s1",
        agent_id="sub_1",
        call_id=f"c{i - 1}",
        tool="Read",
        output="1\tid,amount\n2\t17,4.20\n" * 4,
        duration_ms=0.4,
        files=[ev.FileTouch(path=f"evidence/slice_{i % 7}.csv", op="read")],
    )


async def _append(out: Path, n: int) -> float:
    prepared = [_event(i) for i in range(n)]
    store = await EventStore.open(out)
    bus = ev.EventBus("bench")
    bus.subscribe(store.append)
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], manager="m", pool={}))
    start = time.perf_counter()
    for i, event in enumerate(prepared):
        bus.emit(event)
        if i % 1000 == 0:
            await asyncio.sleep(0)  # a live run yields to the writer between turns
    await store.close()
    return n / (time.perf_counter() - start)


def _load(out: Path) -> tuple[float, float]:
    start = time.perf_counter()
    reader = StoreReader(out)
    run_id = reader.latest_run_id()
    first = reader.events(run_id, 0, 500)  # what a replay needs for its first frame
    t_first = time.perf_counter() - start
    n = sum(1 for _ in reader.iter_events(run_id))
    t_all = time.perf_counter() - start
    reader.close()
    assert first and n > 0
    return t_first, t_all


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(machine_info())
    rates, firsts, alls = [], [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            rates.append(asyncio.run(_append(Path(tmp), args.events)))
            t_first, t_all = _load(Path(tmp))
            firsts.append(t_first)
            alls.append(t_all)
    print(f"append (bus → store, {args.events} events): median {statistics.median(rates):,.0f} events/s")
    print(f"load first 500 events of a {args.events}-event run: median {1000 * statistics.median(firsts):.1f} ms")
    print(f"load and parse all {args.events} events: median {statistics.median(alls):.2f} s")


if __name__ == "__main__":
    main()
