"""``compare``: two or more runs → markdown and CSV ranked by SMS, heatmap and SMS-vs-cost charts.

Each OUT is one of our run folders (``arena.sqlite``) or an earlier-release output (its
``report.json`` or a folder of ``metadata.json``); ``--metrics compat`` ranks every run by
the earlier definitions, so a new run stands beside published ones on equal terms.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from arena_tui.errors import BadInputError
from arena_tui.scoring.compare import ComparedRun, in_profile, ranked, write_charts, write_table
from arena_tui.scoring.published import load_published
from arena_tui.scoring.report import pct
from arena_tui.store.runs import load_run
from arena_tui.store.schema import STORE_FILENAME


def _load(path: Path, profile: str) -> tuple[str, ComparedRun]:
    if path.is_dir() and (path / STORE_FILENAME).is_file():
        run = load_run(path)
        scores, metrics = in_profile(run.scores, run.row.run_id, profile)
        return run.started.manager, ComparedRun(run.started.manager, run.row.run_id, scores, metrics)
    if not path.exists():
        raise BadInputError(f"'{path}' does not exist", fix="pass run output folders or earlier report.json files")
    run_id, published = load_published(path, profile)
    label = f"{path.name} (published)"
    metrics = "compat" if profile == "compat" else "earlier"
    return label, ComparedRun(label, run_id, published, metrics)


def cmd_compare(args: argparse.Namespace) -> int:
    outputs = [*(args.outputs or []), *(getattr(args, "reports", None) or [])]
    if len(outputs) < 2:
        raise BadInputError("compare needs at least two runs", fix="pass two or more run output folders")
    profile = getattr(args, "metrics", None) or "arena"
    loaded = [_load(Path(o), profile) for o in outputs]
    names = Counter(label for label, _ in loaded)
    compared = [
        run if names[label] == 1 else ComparedRun(f"{label} [{run.run_id[-6:]}]", run.run_id, run.scores, run.metrics)
        for label, run in loaded
    ]
    out = Path(args.output) if args.output else Path("compare")
    out.mkdir(parents=True, exist_ok=True)
    md, path_csv = write_table(compared, out)
    heatmap, scatter = write_charts(compared, out)
    for rank, run in enumerate(ranked(compared), 1):
        print(f"{rank}. {run.label:40} SMS {pct(run.scores.sms):>5}  TCR {pct(run.scores.tcr):>5}  [{run.metrics}]")
    print(f"wrote {md}, {path_csv}, {heatmap}, {scatter}")
    return 0
