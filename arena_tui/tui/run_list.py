"""The runs browser's list, read from each store's summary (Textual-free).

Listing must be quick for many stores, so a row comes from the store's ``runs`` table and the
output folder's ``report.json`` (written by every run that stopped, completed or not). Runs
without a current report (still running, crashed, or stores without one) are scored later with
the one scoring fold (:func:`arena_tui.runner.stored_runs.load_run`). A ``running`` run whose writer
process is gone is shown as ``crashed``.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena_tui.errors import BadInputError
from arena_tui.events import RunStarted, event_from_json
from arena_tui.runner.stored_runs import load_run
from arena_tui.scoring import RunScores
from arena_tui.store.reader import RunRow, StoreReader, store_path
from arena_tui.store.runs import find_stores, run_status
from arena_tui.store.schema import connect


@dataclass
class Figures:
    """What a row shows of a run's scores."""

    tcr: float
    sms: float
    rounds_passed: int
    rounds_total: int
    scenarios: int
    cost_usd: float
    simulated: bool

    @classmethod
    def from_report(cls, report: dict[str, Any]) -> Figures:
        scores = report["scores"]
        return cls(
            float(scores["TCR"]),
            float(scores["SMS"]),
            int(report["rounds_passed"]),
            int(report["rounds_total"]),
            int(report.get("coverage", {}).get("scenarios", len(report.get("per_scenario", [])))),
            float(report.get("cost_usd", 0.0)),
            bool(report.get("simulated")),
        )

    @classmethod
    def from_scores(cls, s: RunScores) -> Figures:
        return cls(s.tcr, s.sms, s.rounds_passed, s.rounds_total, len(s.scenarios), s.main_cost_usd, bool(s.simulated))


@dataclass
class RunSummary:
    """One run of one store as the list shows it."""

    out_dir: Path
    row: RunRow
    status: str
    figures: Figures | None = None
    """``None`` until the run is scored (no current report)."""
    scores: RunScores | None = field(default=None, repr=False)
    """Full scores once folded (compare needs them)."""

    @property
    def key(self) -> str:
        """The table's key for the run (unique across stores)."""
        return f"{self.out_dir}::{self.row.run_id}"


@dataclass(frozen=True)
class LoadedRuns:
    """What a scan of a folder found: runs newest first, and one line per unreadable store or run."""

    runs: list[RunSummary]
    problems: list[str]


def _report(out_dir: Path, run_id: str) -> dict[str, Any] | None:
    try:
        report = json.loads((out_dir / "report.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return report if isinstance(report, dict) and report.get("run_id") == run_id else None


def writer_pid(out_dir: Path, run_id: str) -> int | None:
    """The writer process recorded by the run's latest ``run_started`` (``None`` when not recorded)."""
    conn = connect(str(store_path(out_dir)), readonly=True)
    try:
        row = conn.execute(
            "SELECT data FROM events WHERE run_id = ? AND kind = 'run_started' ORDER BY seq DESC LIMIT 1", (run_id,)
        ).fetchone()
    finally:
        conn.close()
    event = event_from_json(row[0]) if row else None
    return event.writer_pid if isinstance(event, RunStarted) else None


def shown_status(out_dir: Path, row: RunRow) -> str:
    """The status every listing shows (:func:`arena_tui.store.runs.run_status`), without folding events."""
    if row.status != "running":
        return row.status
    return run_status(row.status, writer_pid(out_dir, row.run_id))


def list_runs(root: Path) -> LoadedRuns:
    """Every run of every store under ``root``, from the stores' summaries (no event is folded)."""
    runs: list[RunSummary] = []
    problems: list[str] = []
    for out_dir in find_stores(root):
        try:
            reader = StoreReader(out_dir)
            try:
                rows = reader.runs()
            finally:
                reader.close()
            for row in rows:
                status = shown_status(out_dir, row)
                report = _report(out_dir, row.run_id) if row.status != "running" else None
                figures = None
                if report is not None:
                    try:
                        figures = Figures.from_report(report)
                    except (KeyError, TypeError, ValueError):
                        figures = None
                runs.append(RunSummary(out_dir, row, status, figures))
        except (BadInputError, OSError, ValueError, sqlite3.Error) as exc:
            problems.append(f"{out_dir}: {exc}")
    runs.sort(key=lambda r: (-r.row.created_ts, r.row.run_id))
    return LoadedRuns(runs, problems)


def score(summary: RunSummary) -> RunSummary:
    """Fold the run's events (blocking): fills ``scores`` and ``figures``."""
    stored = load_run(summary.out_dir, summary.row.run_id)
    summary.scores = stored.scores
    summary.figures = Figures.from_scores(stored.scores)
    return summary


def scan_runs(root: Path) -> LoadedRuns:
    """List and fully score every run under ``root`` (blocking)."""
    loaded = list_runs(root)
    problems = list(loaded.problems)
    kept: list[RunSummary] = []
    for summary in loaded.runs:
        try:
            kept.append(score(summary))
        except (BadInputError, OSError, ValueError, sqlite3.Error) as exc:
            problems.append(f"{summary.out_dir} {summary.row.run_id}: {exc}")
    return LoadedRuns(kept, problems)
