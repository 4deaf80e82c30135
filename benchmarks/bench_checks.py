"""What one round's check costs, piece by piece: sandbox, interpreter, engine import, conditions.

    .venv/bin/python -m benchmarks.bench_checks [-t s_demo_supplier_shortfall_claim] [--repeat 5]

First an oracle run of the scenario leaves a real workspace (deliverables and transcripts).
Then each round's check is taken apart, every piece run ``--repeat`` times and its median
printed as CPU time (this process plus its reaped children) and wall time:

* sandbox start: bubblewrap running ``true`` with the check's binds;
* interpreter start: ``python3 -c pass`` in it, with site imports and without (``-I -S``);
* engine import: compiling the engine and running its top level (its standard-library imports);
* transcript reading and condition evaluation: the engine's own code, in this process;
* the harness's walks before each check (ownership, escaping hard links);
* the whole check, cold (a fresh sandbox) and on the scenario's resident engine sandbox.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import re
import resource
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from arena_tui.config import load_model_config
from arena_tui.dataset.loader import load_dataset
from arena_tui.dataset.model import Scenario
from arena_tui.dataset.schema import Round
from arena_tui.runner.check_sandbox import check_launch
from arena_tui.runner.checks import run_check
from arena_tui.runner.engine_host import EngineHost
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.sandbox.hardlinks import escaping_hardlinks
from arena_tui.sandbox.limits import DEFAULT_LIMITS, drops_privileges, sandbox_uid
from arena_tui.sandbox.ownership import settle
from arena_tui.sandbox.process import run_launch
from arena_tui.settings import Settings
from benchmarks._machine import machine_info

Sample = tuple[float, float]  # (CPU ms, wall ms)
TIMES = re.compile(r"(\d+)m([\d.]+)s")


def inner_cpu(stderr: bytes | str) -> float:
    """Seconds of CPU bash's ``times`` reports for the shell and its children (inside the sandbox).

    The processes inside bubblewrap's PID namespace are reaped there, so this process's
    ``RUSAGE_CHILDREN`` never sees them; the shell that ran them does.
    """
    text = stderr.decode() if isinstance(stderr, bytes) else stderr
    lines = text.strip().splitlines()[-2:]
    return sum(int(m) * 60 + float(sec) for line in lines for m, sec in TIMES.findall(line))


def _cpu() -> float:
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


async def measure(work: Callable[[], Awaitable[Any]], extra_cpu: Callable[[], float] = lambda: 0.0) -> Sample:
    cpu0, extra0, wall0 = _cpu(), extra_cpu(), time.perf_counter()
    await work()
    return 1000 * (_cpu() - cpu0 + extra_cpu() - extra0), 1000 * (time.perf_counter() - wall0)


def engine_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("_bench_check_engine", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Pieces:
    def __init__(self, scenario: Scenario, workspace: Path) -> None:
        self.scenario = scenario
        self.workspace = workspace
        self.ph = scenario.placeholder_values(workspace)
        self.engine = scenario.scripts_dir / "_check.py"
        self.samples: dict[str, list[Sample]] = {}
        self.inside = 0.0
        """CPU seconds used inside sandboxes so far (as their shells counted it)."""

    def add(self, name: str, sample: Sample) -> None:
        self.samples.setdefault(name, []).append(sample)

    async def sandboxed(self, command: str) -> float:
        """Run ``command`` in a check's sandbox; returns the CPU seconds used inside it."""
        spec = self.scenario.rounds[0].eval
        timed = command + "\ntimes >&2"
        launch = await asyncio.to_thread(check_launch, spec, timed, self.ph, str(self.workspace), DEFAULT_LIMITS)
        result = await run_launch(launch, 30)
        if result.returncode != 0:
            raise SystemExit(f"{command[:60]}: exit {result.returncode}: {result.stderr[-300:]!r}")
        self.inside += inner_cpu(result.stderr)
        return self.inside

    def in_process(self, module: ModuleType) -> None:
        for rnd in self.scenario.rounds:
            import json

            spec = json.loads((self.scenario.scripts_dir / f"{rnd.id}.json").read_text(encoding="utf-8"))
            t0 = time.process_time()
            ck = module.Check(str(self.workspace), spec)
            ck.sessions()
            t1 = time.process_time()
            for cond in spec["conditions"]:
                module.KINDS[cond["kind"]][0](ck, cond)
            t2 = time.process_time()
            self.add("transcript reading (in the engine)", (1000 * (t1 - t0), 1000 * (t1 - t0)))
            self.add("condition evaluation (in the engine)", (1000 * (t2 - t1), 1000 * (t2 - t1)))

    async def walks(self) -> None:
        ws = str(self.workspace)

        def both() -> None:
            settle(ws, sandbox_uid(ws) if drops_privileges() else None)
            escaping_hardlinks([ws])

        await asyncio.to_thread(both)

    async def piece(self, name: str, command: str) -> None:
        self.add(name, await measure(lambda: self.sandboxed(command), lambda: self.inside))

    async def cold_check(self, rnd: Round) -> None:
        """The round's check in a fresh sandbox, its command followed by ``times`` to count its CPU."""
        spec = rnd.eval.model_copy(update={"command": rnd.eval.command + "\ntimes >&2"})
        outcome = await run_check(spec, self.ph, self.workspace)
        self.inside += inner_cpu(outcome.stderr)

    async def run(self, repeat: int) -> None:
        engine = str(self.engine)
        warm = f"exec(compile(open({engine!r},'rb').read(),{engine!r},'exec'),{{'__name__':'_warm'}})"
        host = EngineHost(self.workspace, self.ph, DEFAULT_LIMITS)
        module = engine_module(self.engine)
        try:
            for _ in range(repeat):
                await self.piece("sandbox start (bwrap, setpriv, bash)", "true")
                await self.piece("+ interpreter start (python3)", "python3 -c pass")
                await self.piece("+ interpreter start (python3 -I -S -B)", "python3 -I -S -B -c pass")
                await self.piece("+ engine compile and imports (python3)", f'python3 -c "{warm}"')
                self.add("harness walks (ownership, hard links)", await measure(self.walks))
                self.in_process(module)
                for rnd in self.scenario.rounds:
                    cold = await measure(lambda r=rnd: self.cold_check(r), lambda: self.inside)  # type: ignore[misc]
                    self.add("whole check, cold sandbox", cold)
                for rnd in self.scenario.rounds:
                    child = host.child_cpu_s
                    hosted = await measure(
                        lambda r=rnd: run_check(r.eval, self.ph, self.workspace, host=host),  # type: ignore[misc]
                        lambda: host.child_cpu_s,
                    )
                    if host.served > len(self.scenario.rounds):  # the first pass pays for the start
                        self.add("whole check, resident engine sandbox", hosted)
                        in_child = 1000 * (host.child_cpu_s - child)
                        self.add("  of which the forked engine child", (in_child, 0.0))
                        self.add("  of which the harness (walks, pipe, loop)", (hosted[0] - in_child, 0.0))
        finally:
            await host.close()


def prepared_workspace(dataset_root: Path, scenario_id: str, out: Path) -> tuple[Scenario, Path]:
    dataset = load_dataset(dataset_root, None, [scenario_id])
    settings = Settings.model_validate({"headless": True})
    asyncio.run(execute_run(RunPlan(dataset, load_model_config("oracle"), settings, out)))
    return dataset.scenarios[0], out.resolve() / scenario_id / "workspace"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-d", "--dataset", default="data/clawarena-team")
    parser.add_argument("-t", "--scenario", default="s_demo_supplier_shortfall_claim")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(machine_info())
    with tempfile.TemporaryDirectory() as tmp:
        scenario, workspace = prepared_workspace(Path(args.dataset), args.scenario, Path(tmp))
        pieces = Pieces(scenario, workspace)
        asyncio.run(pieces.run(args.repeat))
    print(f"{scenario.id}: {len(scenario.rounds)} rounds, {args.repeat} repeats; medians")
    print(f"{'piece':44} {'CPU ms':>8} {'wall ms':>8}")
    for name, samples in pieces.samples.items():
        cpu = statistics.median(s[0] for s in samples)
        wall = statistics.median(s[1] for s in samples)
        print(f"{name:44} {cpu:8.1f} {wall:8.1f}")


if __name__ == "__main__":
    main()
