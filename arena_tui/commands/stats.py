"""``stats``: STATS.md and charts for a dataset (or one of its subsets); ``clean``: trim run outputs."""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path

from arena_tui.dataset.loader import load_dataset
from arena_tui.dataset.model import Dataset
from arena_tui.dataset.stats import compute_stats, write_stats
from arena_tui.errors import BadInputError, DatasetError


def print_summary(dataset: Dataset) -> None:
    """``stats`` without ``-o``: the earlier release's short summary, and no file written."""
    print(f"scenarios: {len(dataset.scenarios)}")
    print(f"total rounds: {sum(len(s.rounds) for s in dataset.scenarios)}")
    for s in dataset.scenarios:
        print(f"  {s.id}: {len(s.rounds)} rounds, updates={len(s.manifest.updates)}")


def cmd_stats(args: argparse.Namespace) -> int:
    try:
        dataset = load_dataset(Path(args.dataset), args.tests, args.scenarios)
    except DatasetError as exc:
        if not args.scenarios or "unknown scenario id" not in exc.message:
            raise
        raise DatasetError(  # the earlier release's `stats -t` named a tokenizer
            exc.message,
            fix=f"{exc.fix}; -t selects scenarios here: the earlier `-t TOKENIZER` has no counterpart "
            "(tokens are estimated at ~4 characters each), so drop it",
        ) from None
    if not args.output:
        print_summary(dataset)
        return 0
    stats = compute_stats(dataset)
    out = Path(args.output)
    written = write_stats(dataset.name, stats, out)
    print(f"{stats.scenarios} scenarios, {stats.rounds} rounds, {stats.update_groups} update groups")
    print("wrote " + ", ".join(str(p) for p in written))
    return 0


# ``clean`` targets → folder names inside each scenario folder of a run output.
CLEAN_TARGETS: dict[str, tuple[str, ...]] = {
    "work": ("workspace", "work"),
    "logs": ("logs", "llm_logs"),
    "sessions": ("sessions",),
}


def _scenario_folder(path: Path) -> bool:
    return (path / "metadata.json").is_file() or (path / "evals").is_dir()


def cmd_clean(args: argparse.Namespace) -> int:
    """Remove bulky per-scenario folders (workspaces by default) under a run output folder."""
    raw = args.out or args.root
    if raw is None:
        raise BadInputError("clean needs an output folder", fix="pass OUT or -o OUT")
    root = Path(raw)
    if not root.is_dir():
        print("(nothing to clean)")
        return 0
    chosen = {t.strip() for t in args.targets.split(",") if t.strip()}
    if "all" in chosen:
        chosen = set(CLEAN_TARGETS)
    unknown = sorted(chosen - set(CLEAN_TARGETS))
    if unknown:
        raise BadInputError(
            f"unknown clean target(s): {', '.join(unknown)}", fix="choose from work, logs, sessions, all"
        )
    names = {n for t in chosen for n in CLEAN_TARGETS[t]}
    removed = 0
    for dirpath, dirnames, _files in os.walk(root, followlinks=False):
        here = Path(dirpath)
        if len(here.relative_to(root).parts) > 3:
            dirnames[:] = []
            continue
        if not _scenario_folder(here):
            continue
        for name in sorted(set(dirnames) & names):
            target = here / name
            if not target.is_symlink():
                shutil.rmtree(target)
                print(f"  removed: {target}")
                removed += 1
        dirnames[:] = [d for d in dirnames if d not in names]
    print(f"clean complete: removed {removed} folders (targets: {', '.join(sorted(chosen))})")
    return 0
