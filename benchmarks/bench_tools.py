"""Per-call overhead of the file tools: a scoped Read of a small file, and Bash ``true``.

Bash runs under the full sandbox: bubblewrap with read-only /proc, sized /tmp, pinned
roots bound by descriptor, the seccomp filter, the ``ulimit`` caps and (root harness)
the unprivileged uid, plus the per-call workspace walk.

Prints median and p90 in milliseconds plus machine facts; it asserts nothing about time.
Run: ``.venv/bin/python benchmarks/bench_tools.py [--reads N] [--bashes N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from arena_tui.events import Event
from arena_tui.sandbox import ScopeGuard, sandbox_mode
from arena_tui.sandbox.limits import DEFAULT_LIMITS, drops_privileges
from arena_tui.sandbox.seccomp import filter_program
from arena_tui.tools import ToolContext, basic_runner


def _machine() -> list[str]:
    bwrap = shutil.which("bwrap")
    version = ""
    if bwrap:
        version = subprocess.run([bwrap, "--version"], capture_output=True, text=True).stdout.strip()
    return [
        f"python      {sys.version.split()[0]} ({platform.python_implementation()})",
        f"platform    {platform.platform()}",
        f"cpus        {os.cpu_count()}",
        f"sandbox     {sandbox_mode()} {version}",
        f"hardening   unprivileged uid: {drops_privileges()}, seccomp filter: {filter_program() is not None}, "
        f"caps: {DEFAULT_LIMITS}",
    ]


async def _measure(n: int, call: Callable[[], Awaitable[None]]) -> list[float]:
    times: list[float] = []
    for _ in range(n):
        start = time.perf_counter()
        await call()
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def _report(name: str, times: list[float]) -> None:
    times.sort()
    p90 = times[int(len(times) * 0.9) - 1] if len(times) >= 10 else times[-1]
    print(f"{name:<28} n={len(times):<5} median={statistics.median(times):8.3f} ms  p90={p90:8.3f} ms")


async def main(reads: int, bashes: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        (ws / "data").mkdir()
        small = ws / "data" / "small.txt"
        small.write_text("".join(f"line {i}\n" for i in range(50)))
        events: list[Event] = []
        ctx = ToolContext(agent_id="main", scope=ScopeGuard.for_main(ws, ["data"]), emit=events.append, session_id="b")
        runner = basic_runner()

        async def read() -> None:
            await runner.run("r", "Read", {"file_path": str(small)}, ctx)

        async def bash() -> None:
            await runner.run("b", "Bash", {"command": "true"}, ctx)

        for line in _machine():
            print(line)
        await _measure(5, read)
        _report("Read (small, scoped)", await _measure(reads, read))
        if sandbox_mode() == "bwrap":
            first = await runner.run("b", "Bash", {"command": "true"}, ctx)
            print(f"{'Bash `true` first result':<28} {first.text.splitlines()[0]}  (must be exit=0)")
            await _measure(2, bash)
            _report("Bash `true` under bwrap", await _measure(bashes, bash))
        else:
            print("Bash `true` under bwrap      skipped: bubblewrap unavailable")
        print(f"events emitted              {len(events)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reads", type=int, default=500)
    parser.add_argument("--bashes", type=int, default=50)
    ns = parser.parse_args()
    asyncio.run(main(ns.reads, ns.bashes))
