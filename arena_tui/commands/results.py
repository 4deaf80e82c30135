"""``rescore``, ``report`` and ``runs``: everything recomputed from the store alone.

``--metrics arena|compat`` picks the profile a report leads with (both are always in
report.json). ``report`` also stitches outputs of the earlier release (their
``metadata.json``) with ours, in the earlier definitions.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from arena_tui.errors import BadInputError
from arena_tui.runner.stored_runs import load_run, read_run, stitch
from arena_tui.scoring.compat import build_compat, scenario_metadata
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.published import collect_metadata
from arena_tui.scoring.report import compat_markdown, compat_summary, headline, pct, write_report
from arena_tui.scoring.report_model import SCORE_KEYS, Report, ReportMeta
from arena_tui.store.reader import StoreReader
from arena_tui.store.runs import find_stores
from arena_tui.store.schema import STORE_FILENAME, StoreError


def _write(target: Path, scores: RunScores, meta: ReportMeta, profile: str | None = None) -> Report:
    """write_report, with a full or unwritable disk as one line naming the folder."""
    try:
        target.mkdir(parents=True, exist_ok=True)
        return write_report(target, scores, meta, profile)
    except OSError as exc:
        raise BadInputError(
            f"cannot write the report into '{target}': {exc.strerror or exc}",
            fix="free space on that disk or pass a writable folder with -o",
        ) from None


def _table_line(report: Report) -> str:
    if report.metrics_profile == "compat":
        return compat_summary(report.compat)
    scores = headline(report)
    figures = "  ".join(f"{k} {pct(scores[k])}" for k in SCORE_KEYS)
    return f"{figures}  rounds {report.rounds_passed}/{report.rounds_total}  cost ${report.cost_usd}"


def _inputs(args: argparse.Namespace) -> list[Path]:
    outs = [Path(o) for o in [*(args.outputs or []), *(getattr(args, "inputs", None) or [])]]
    if not outs:
        raise BadInputError("report needs at least one run output folder", fix="pass OUT (or -i OUT)")
    return outs


def dataset_coverage(dataset_dir: Path, finished: set[str]) -> list[str]:
    """``report -d DIR``: how many of the dataset's scenarios the report covers, and which are missing."""
    from arena_tui.dataset.loader import load_dataset

    full = {s.id for s in load_dataset(dataset_dir).scenarios}
    missing = sorted(full - finished)
    lines = [f"  coverage: {len(full & finished)}/{len(full)} scenarios"]
    return lines + ([f"  MISSING ({len(missing)}): {', '.join(missing)}"] if missing else [])


def _earlier_report(outs: list[Path], target: Path, run_id: str = "stitched", dataset: str | None = None) -> int:
    """Stitch earlier-release outputs (and ours, in its definitions) into its report shape."""
    by_id: dict[str, dict[str, Any]] = {}
    for out in outs:
        if (out / STORE_FILENAME).is_file():
            run = load_run(out)
            found = [scenario_metadata(s) for s in run.scores.scenarios.values() if s.finished]
        elif out.is_dir():
            found = collect_metadata(out)
        else:
            raise BadInputError(f"'{out}' is not a folder", fix="pass run output folders")
        for md in found:
            by_id[str(md["scenario_id"])] = md
    if not by_id:
        raise BadInputError("no finished scenario (metadata.json or a stored run) under the given folders")
    report = build_compat(run_id, [by_id[k] for k in sorted(by_id)])
    target.mkdir(parents=True, exist_ok=True)
    (target / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    (target / "report.md").write_text("\n".join(compat_markdown(report)) + "\n", encoding="utf-8")
    c = report["composite"]
    print(f"report of {len(outs)} output(s) in the earlier-release definitions → {target / 'report.md'}")
    print(compat_summary(report))
    print(f"legacy composite parts: TCS {pct(c['TCS'])}  MQS {pct(c['MQS'])}")
    if dataset:
        print("\n".join(dataset_coverage(Path(dataset), set(by_id))))
    return 0


def cmd_rescore(args: argparse.Namespace) -> int:
    out = Path(args.output)
    run = load_run(out)
    report = _write(out, run.scores, run.meta, getattr(args, "metrics", None))
    print(f"rescored run {run.row.run_id} from {out} (store only)")
    print(_table_line(report))
    if report.unfinished_scenarios:
        print(f"unfinished (counted as failed): {', '.join(report.unfinished_scenarios)}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    outs = _inputs(args)
    target = Path(args.output) if args.output else outs[0]
    if any(not (o / STORE_FILENAME).is_file() for o in outs):
        return _earlier_report(
            outs, target, getattr(args, "run_id", None) or "stitched", getattr(args, "dataset", None)
        )
    runs = [load_run(o) for o in outs]
    if len(runs) == 1:
        scores, meta = runs[0].scores, runs[0].meta
    else:
        scores = stitch(runs)
        managers = sorted({r.started.manager for r in runs})
        meta = ReportMeta(
            run_id="+".join(r.row.run_id for r in runs),
            stitched_from=[str(o) for o in outs],
            dataset=runs[-1].started.dataset,
            manager=", ".join(managers),
            pool=runs[-1].started.pool,
            sandbox_mode=", ".join(sorted({r.started.sandbox_mode for r in runs})),
            settings=runs[-1].started.settings,
        )
    if getattr(args, "run_id", None):
        meta = meta.model_copy(update={"run_id": args.run_id})  # a label, as the earlier --run-id
    report = _write(target, scores, meta, getattr(args, "metrics", None))
    coverage = report.coverage
    print(f"report of {len(runs)} run(s) → {target / 'report.md'}")
    print(f"coverage {coverage.finished}/{coverage.scenarios} scenarios finished")
    print(_table_line(report))
    if getattr(args, "dataset", None):
        print(
            "\n".join(
                dataset_coverage(Path(args.dataset), {sid for sid, sc in scores.scenarios.items() if sc.finished})
            )
        )
    return 0


def cmd_runs(args: argparse.Namespace) -> int:
    root = Path(args.root)
    if not root.is_dir():
        raise BadInputError(f"folder '{root}' does not exist", fix="pass the folder that holds your run outputs")
    stores = find_stores(root)
    if not stores:
        print(f"no stored runs under {root}")
        return 0
    columns = f"{'date (UTC)':19}  {'run id':26}  {'manager':28}  {'rounds':>7}  {'TCR':>5}  {'SMS':>5}"
    header = f"{columns}  {'cost $':>8}  status"
    print(header)
    damaged = 0
    runs = []
    for out in stores:
        try:
            reader = StoreReader(out)
            try:
                rows = reader.runs()
                if not rows:
                    reader.latest_run_id()  # raises the one-line "holds no run yet" with its fix
                runs += [read_run(reader, out, row.run_id) for row in rows]
            finally:
                reader.close()
        except (StoreError, BadInputError) as exc:  # one line per unusable store; the others are still listed
            print(f"clawarena-team runs: error: {exc}", file=sys.stderr)
            damaged += 1
    runs.sort(key=lambda r: (-r.row.created_ts, r.row.run_id))  # newest first, as the browser
    for run in runs:
        s = run.scores
        date = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(run.row.created_ts))
        print(
            f"{date:19}  {run.row.run_id:26}  {run.started.manager[:28]:28}  "
            f"{s.rounds_passed:>3}/{s.rounds_total:<3}  {pct(s.tcr):>5}  {pct(s.sms):>5}  "
            f"{s.main_cost_usd:>8.4f}  {run.status}  {run.out_dir}"
        )
    return 2 if damaged else 0
