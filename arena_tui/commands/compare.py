"""``compare``: two or more runs → markdown and CSV ranked by SMS, heatmap and SMS-vs-cost charts.

Each OUT is one of our run folders (``arena.sqlite``), one of our ``report.json`` files (read
through its store when it sits next to one), or an earlier-release output (its
``report.json`` or a folder of ``metadata.json``); ``--metrics compat`` ranks every run by
the earlier definitions, so a new run stands beside published ones on equal terms. Runs
that cover different rounds are flagged, runs that did not finish are marked in the
ranking, and every run gets its own label.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from arena_tui.errors import BadInputError
from arena_tui.runner.stored_runs import StoredRun, load_run
from arena_tui.scoring.compare import ComparedRun, in_profile, ranked, write_charts, write_table
from arena_tui.scoring.compare_stats import cells_for, intervals_of, write_statistics
from arena_tui.scoring.comparison_json import write_comparison_json
from arena_tui.scoring.figures import write_published_figures
from arena_tui.scoring.humans import human_label, merge_humans
from arena_tui.scoring.published import load_published
from arena_tui.scoring.repeats import run_kind
from arena_tui.scoring.report import pct
from arena_tui.scoring.report_file import is_our_report, report_scores
from arena_tui.store.pack import checksum_problems, is_pack, read_pack, unpacked
from arena_tui.store.schema import STORE_FILENAME
from arena_tui.vocabulary import HUMAN_NAME

FINISHED_RUN = "completed"
REPORT_ONLY = "report-only"
"""The status of a run read from its report.json alone: its figures are taken as written."""


def _our_report_file(path: Path, profile: str) -> tuple[str, ComparedRun, str] | None:
    """One of our report.json files without its store (copied, or the store removed)."""
    candidate = path / "report.json" if path.is_dir() else path
    if not candidate.is_file():
        return None
    try:
        data = json.loads(candidate.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # load_published names the file in its error
    if not is_our_report(data):
        return None
    scores, metrics = report_scores(data, profile)
    label = str(data.get("manager") or candidate.parent.name)
    run = ComparedRun(label, str(data.get("run_id") or candidate.parent.name), scores, metrics)
    return label, run, REPORT_ONLY


def _load(path: Path, profile: str) -> tuple[str, ComparedRun, str]:
    """``(label, run, run status)``; the status is empty where the source records none."""
    if path.is_file() and path.name == "report.json" and (path.parent / STORE_FILENAME).is_file():
        path = path.parent  # our run's report: every figure is recomputed from its store
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
        raise BadInputError(
            f"'{path}' does not exist",
            fix="pass run output folders or report.json files (ours or the earlier release's)",
        )
    ours = _our_report_file(path, profile)
    if ours is not None:
        return ours
    run_id, published = load_published(path, profile)
    label = f"{path.name} (published)"
    metrics = "compat" if profile == "compat" else "earlier"
    return label, ComparedRun(label, run_id, published, metrics), ""


def unique_labels(loaded: list[tuple[str, ComparedRun]]) -> list[ComparedRun]:
    """Every run under its own label: a repeated manager gets its run id's tail, then a number."""
    names = Counter(label for label, _ in loaded)
    first = [label if names[label] == 1 else f"{label} [{run.run_id[-6:]}]" for label, run in loaded]
    seen: Counter[str] = Counter()
    repeats = Counter(first)
    out: list[ComparedRun] = []
    for label, (_, run) in zip(first, loaded, strict=True):
        seen[label] += 1
        final = label if repeats[label] == 1 else f"{label} #{seen[label]}"
        out.append(ComparedRun(final, run.run_id, run.scores, run.metrics, run.kind))
    return out


def run_mark(run: ComparedRun, status: str) -> str:
    """Why a run's figures are not a whole, recomputed run's: crashed, interrupted, partial, or taken from a
    report.json without its store; empty otherwise."""
    marks: list[str] = []
    if status == REPORT_ONLY:
        marks.append("read from its report.json alone (not recomputed from a store)")
    elif status and status != FINISHED_RUN:
        marks.append("crashed or still running" if status == "running" else status)
    total = len(run.scores.scenarios)
    unfinished = len(run.scores.unfinished)
    if unfinished:
        marks.append(f"partial: {unfinished}/{max(total, unfinished)} scenarios unfinished")
    return "; ".join(marks)


def coverage(run: ComparedRun) -> dict[str, int]:
    """Rounds per scenario a run covers (earlier reports name no rounds, only their count)."""
    return {sid: len(s.round_ids) for sid, s in run.scores.scenarios.items()}


def coverage_gap(runs: list[ComparedRun]) -> list[str]:
    """Scenarios that not every run covers, or covers with another number of rounds."""
    covers = [coverage(r) for r in runs]
    sids = sorted({sid for c in covers for sid in c})
    return [sid for sid in sids if len({c.get(sid) for c in covers}) > 1]


def coverage_warning(runs: list[ComparedRun]) -> str:
    """One line when the runs do not cover the same rounds, else empty."""
    gap = coverage_gap(runs)
    if not gap:
        return ""
    sizes = "; ".join(f"{r.label}: {sum(c.values())} rounds in {len(c)} scenarios" for r, c in _covers(runs))
    return f"warning: {_gap_text(gap)} ({sizes}); compare runs of the same dataset and selection (-t/--tests)"


def _covers(runs: list[ComparedRun]) -> list[tuple[ComparedRun, dict[str, int]]]:
    return [(r, coverage(r)) for r in runs]


def _gap_text(gap: list[str]) -> str:
    shown = ", ".join(gap[:5]) + (f" and {len(gap) - 5} more" if len(gap) > 5 else "")
    return f"the runs cover different rounds, their figures are not comparable (not alike in every run: {shown})"


def write_notes(md: Path, runs: list[ComparedRun], marks: dict[str, str]) -> None:
    """Append the coverage note and the unfinished-run marks to compare.md."""
    lines = []
    gap = coverage_gap(runs)
    if gap:
        text = _gap_text(gap)
        lines += ["", f"**{text[:1].upper()}{text[1:]}.**"]
    if any(marks.values()):
        lines += ["", "## Run notes", ""]
        lines += [f"- {label}: {mark}" for label, mark in marks.items() if mark]
    if lines:
        with md.open("a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


def _ours(run: StoredRun, profile: str) -> tuple[str, ComparedRun, str]:
    """One of our stored runs (a human baseline labelled as one, with its participant and status)."""
    scores, metrics = in_profile(run.scores, run.row.run_id, profile)
    label = human_label(run.scores, run.row.status) if run.started.manager == HUMAN_NAME else run.started.manager
    kind = run_kind(run.started.manager)
    return label, ComparedRun(label, run.row.run_id, scores, metrics, kind), run.row.status


def cmd_compare(args: argparse.Namespace) -> int:
    outputs = [*(args.outputs or []), *(getattr(args, "reports", None) or [])]
    if len(outputs) < 2:
        raise BadInputError("compare needs at least two runs", fix="pass two or more run output folders")
    profile = getattr(args, "metrics", None) or "arena"
    loaded = merge_humans([_load(Path(o), profile) for o in outputs])
    compared = unique_labels([(label, run) for label, run, _ in loaded])
    marks = {run.label: run_mark(run, status) for run, (_, _, status) in zip(compared, loaded, strict=True)}
    warning = coverage_warning(compared)
    if warning:
        print(warning, file=sys.stderr)
    out = Path(args.output) if args.output else Path("compare")
    out.mkdir(parents=True, exist_ok=True)
    md, path_csv = write_table(compared, out)
    write_notes(md, compared, marks)
    earlier = write_comparison_json(compared, out)  # the file the earlier release's compare wrote
    heatmap, scatter = write_charts(compared, out)
    order = ranked(compared)
    cells = {run.label: cells_for(run.scores) for run in order}
    stats_md = write_statistics([r.label for r in order], cells, out)
    figures = write_published_figures(order, out)
    for rank, run in enumerate(order, 1):
        mark = f"  [{marks[run.label]}]" if marks[run.label] else ""
        iv = intervals_of(cells[run.label]).get("SMS", (0.0, 0.0))
        print(
            f"{rank}. {run.label:40} SMS {pct(run.scores.sms):>5} [{pct(iv[0])}, {pct(iv[1])}]  "
            f"TCR {pct(run.scores.tcr):>5}  [{run.metrics}]{mark}"
        )
    print(f"wrote {md}, {path_csv}, {earlier}, {heatmap}, {scatter}")
    print(f"intervals, paired tests and grouped leaderboard: {stats_md}; figures: {', '.join(p.name for p in figures)}")
    return 0
