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
from arena_tui.providers.human import HUMAN_NAME
from arena_tui.scoring.compare import ComparedRun, in_profile, ranked, write_charts, write_table
from arena_tui.scoring.compare_stats import cells_for, intervals_of, write_statistics
from arena_tui.scoring.figures import write_published_figures
from arena_tui.scoring.humans import human_label, merge_humans
from arena_tui.scoring.published import load_published
from arena_tui.scoring.repeats import run_kind
from arena_tui.scoring.report import pct
from arena_tui.store.pack import checksum_problems, is_pack, read_pack, unpacked
from arena_tui.store.runs import StoredRun, load_run
from arena_tui.store.schema import STORE_FILENAME


def _load(path: Path, profile: str) -> tuple[str, ComparedRun]:
    if path.is_dir() and (path / STORE_FILENAME).is_file():
        return _ours(load_run(path), profile)
    if is_pack(path):  # a submission pack ranks like its run folder, once its checksums hold
        manifest, files = read_pack(path)
        problems = checksum_problems(manifest, files)
        if problems:
            raise BadInputError(f"pack '{path}' refused: {problems[0]}", fix="run `clawarena-team verify` on it")
        with unpacked(files) as root:
            return _ours(load_run(root), profile)
    if not path.exists():
        raise BadInputError(f"'{path}' does not exist", fix="pass run output folders or earlier report.json files")
    run_id, published = load_published(path, profile)
    label = f"{path.name} (published)"
    metrics = "compat" if profile == "compat" else "earlier"
    return label, ComparedRun(label, run_id, published, metrics)


def _ours(run: StoredRun, profile: str) -> tuple[str, ComparedRun]:
    scores, metrics = in_profile(run.scores, run.row.run_id, profile)
    label = human_label(run.scores, run.row.status) if run.started.manager == HUMAN_NAME else run.started.manager
    kind = run_kind(run.started.manager)
    return label, ComparedRun(label, run.row.run_id, scores, metrics, kind)


def cmd_compare(args: argparse.Namespace) -> int:
    outputs = [*(args.outputs or []), *(getattr(args, "reports", None) or [])]
    if len(outputs) < 2:
        raise BadInputError("compare needs at least two runs", fix="pass two or more run output folders")
    profile = getattr(args, "metrics", None) or "arena"
    loaded = merge_humans([_load(Path(o), profile) for o in outputs])
    names = Counter(label for label, _ in loaded)
    compared = [
        run
        if names[label] == 1
        else ComparedRun(f"{label} [{run.run_id[-6:]}]", run.run_id, run.scores, run.metrics, run.kind)
        for label, run in loaded
    ]
    out = Path(args.output) if args.output else Path("compare")
    out.mkdir(parents=True, exist_ok=True)
    md, path_csv = write_table(compared, out)
    heatmap, scatter = write_charts(compared, out)
    order = ranked(compared)
    cells = {run.label: cells_for(run.scores) for run in order}
    stats_md = write_statistics([r.label for r in order], cells, out)
    figures = write_published_figures(order, out)
    for rank, run in enumerate(order, 1):
        iv = intervals_of(cells[run.label]).get("SMS", (0.0, 0.0))
        print(
            f"{rank}. {run.label:40} SMS {pct(run.scores.sms):>5} [{pct(iv[0])}, {pct(iv[1])}]  "
            f"TCR {pct(run.scores.tcr):>5}  [{run.metrics}]"
        )
    print(f"wrote {md}, {path_csv}, {heatmap}, {scatter}")
    print(f"intervals, paired tests and grouped leaderboard: {stats_md}; figures: {', '.join(p.name for p in figures)}")
    return 0
