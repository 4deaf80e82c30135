"""``compare``: two or more stored runs → markdown and CSV ranked by SMS, heatmap and SMS-vs-cost charts."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from arena_tui.errors import BadInputError
from arena_tui.scoring.compare import ComparedRun, ranked, write_charts, write_table
from arena_tui.scoring.report import pct
from arena_tui.store.runs import load_run


def cmd_compare(args: argparse.Namespace) -> int:
    if len(args.outputs) < 2:
        raise BadInputError("compare needs at least two runs", fix="pass two or more run output folders")
    runs = [load_run(Path(o)) for o in args.outputs]
    names = Counter(r.started.manager for r in runs)
    compared = [
        ComparedRun(
            r.started.manager if names[r.started.manager] == 1 else f"{r.started.manager} [{r.row.run_id[-6:]}]",
            r.row.run_id,
            r.scores,
        )
        for r in runs
    ]
    out = Path(args.output) if args.output else Path("compare")
    out.mkdir(parents=True, exist_ok=True)
    md, path_csv = write_table(compared, out)
    heatmap, scatter = write_charts(compared, out)
    for rank, run in enumerate(ranked(compared), 1):
        print(f"{rank}. {run.label:40} SMS {pct(run.scores.sms):>5}  TCR {pct(run.scores.tcr):>5}")
    print(f"wrote {md}, {path_csv}, {heatmap}, {scatter}")
    return 0
