"""``stats``: STATS.md and charts for a dataset (or one of its subsets)."""

from __future__ import annotations

import argparse
from pathlib import Path

from arena_tui.dataset.loader import load_dataset
from arena_tui.dataset.stats import compute_stats, write_stats


def cmd_stats(args: argparse.Namespace) -> int:
    dataset = load_dataset(Path(args.dataset), args.tests, args.scenarios)
    stats = compute_stats(dataset)
    out = Path(args.output) if args.output else Path("docs") / "data-stats" / dataset.name
    written = write_stats(dataset.name, stats, out)
    print(f"{stats.scenarios} scenarios, {stats.rounds} rounds, {stats.update_groups} update groups")
    print("wrote " + ", ".join(str(p) for p in written))
    return 0
