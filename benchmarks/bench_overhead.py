"""Harness overhead per agent turn (one tool call each), side by side with inspect_ai's mock model.

    .venv/bin/python -m benchmarks.bench_overhead [--turns 50,200] [--repeat 3] [--inspect-venv .bench/inspect]

inspect_ai is installed into its own virtual environment on first use (it is not a
dependency of the arena). Both sides run the same number of turns with one trivial tool
call per turn and no model latency, so the figures are harness cost only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from pathlib import Path

from benchmarks._machine import machine_info
from benchmarks.harness_turns import per_turn_ms

HERE = Path(__file__).resolve().parent


def ensure_inspect(env_dir: Path) -> Path:
    python = env_dir / "bin" / "python"
    probe = subprocess.run([str(python), "-c", "import inspect_ai"], capture_output=True) if python.exists() else None
    if probe is None or probe.returncode != 0:
        print(f"installing inspect-ai into {env_dir} (one time) …", flush=True)
        venv.EnvBuilder(with_pip=True).create(env_dir)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "inspect-ai"], check=True)
    return python


def inspect_per_turn_ms(python: Path, counts: list[int], repeat: int) -> dict[int, float]:
    out = subprocess.run(
        [str(python), str(HERE / "_inspect_side.py"), ",".join(map(str, counts)), str(repeat)],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds = json.loads(out.stdout.strip().splitlines()[-1])
    return {int(n): 1000 * s / int(n) for n, s in seconds.items()}


def inspect_version(python: Path) -> str:
    out = subprocess.run(
        [str(python), "-c", "import inspect_ai; print(inspect_ai.__version__)"], capture_output=True, text=True
    )
    return out.stdout.strip() or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", default="50,200")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--inspect-venv", default=str(Path(".bench") / "inspect"))
    parser.add_argument("--skip-inspect", action="store_true")
    parser.add_argument("--chart", default=None, help="write a bar chart (PNG) of the figures here")
    args = parser.parse_args()
    counts = [int(x) for x in args.turns.split(",")]
    print(machine_info())
    ours = {n: per_turn_ms(n, args.repeat) for n in counts}
    ours_read = {n: per_turn_ms(n, args.repeat, "Read") for n in counts}
    theirs: dict[int, float] = {}
    label = "inspect_ai (not measured)"
    if not args.skip_inspect:
        python = ensure_inspect(Path(args.inspect_venv))
        label = f"inspect_ai {inspect_version(python)}"
        theirs = inspect_per_turn_ms(python, counts, args.repeat)
    print("both sides: one trivial tool call per turn (arena: ListSubagents; inspect: a constant-returning tool)")
    print(f"{'turns':>6}  {'arena ms/turn':>14}  {label + ' ms/turn':>28}  {'ratio':>7}  {'arena, scoped Read':>19}")
    for n in counts:
        other = theirs.get(n)
        ratio = f"{other / ours[n]:.1f}x" if other else "-"
        print(f"{n:>6}  {ours[n]:>14.3f}  {other if other else float('nan'):>28.3f}  {ratio:>7}  {ours_read[n]:>19.3f}")
    cpu = {n: per_turn_ms(n, args.repeat, clock=time.process_time) for n in counts}
    print(
        "arena CPU ms/turn (process time, all threads; what other load on the machine changes least): "
        + ", ".join(f"{cpu[n]:.3f} at {n} turns" for n in counts)
    )
    sys.stdout.flush()
    if args.chart:
        write_chart(Path(args.chart), counts, ours, ours_read, theirs, label)


def write_chart(
    path: Path,
    counts: list[int],
    ours: dict[int, float],
    ours_read: dict[int, float],
    theirs: dict[int, float],
    label: str,
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.8))
    width = 0.27
    xs = range(len(counts))
    ax.bar([x - width for x in xs], [ours[n] for n in counts], width, label="arena (no-I/O tool)")
    ax.bar(list(xs), [ours_read[n] for n in counts], width, label="arena (scoped Read)")
    ax.bar([x + width for x in xs], [theirs.get(n, 0.0) for n in counts], width, label=label)
    ax.set_xticks(list(xs), [f"{n} turns" for n in counts])
    ax.set_ylabel("harness ms per tool-calling turn")
    ax.set_yscale("log")
    ax.set_title("Harness overhead per turn (lower is better)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    print(f"chart: {path}")


if __name__ == "__main__":
    main()
