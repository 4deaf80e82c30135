"""Stored runs as a whole: find stores, fold a run's events into scores, stitch several runs.

Everything here recomputes from events with the one scoring fold, so a report rebuilt from
the store equals the report the live run wrote.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena_tui import events as ev
from arena_tui.errors import BadInputError
from arena_tui.scoring.fold import AgentTokens, RunScores, ScoreFold
from arena_tui.scoring.report_model import ReportMeta
from arena_tui.store.reader import RunRow, StoreReader
from arena_tui.store.schema import STORE_FILENAME


@dataclass
class StoredRun:
    """One run of one store, scored."""

    out_dir: Path
    row: RunRow
    started: ev.RunStarted
    scores: RunScores

    @property
    def meta(self) -> ReportMeta:
        return ReportMeta.of(self.started)


def find_stores(root: Path, max_depth: int = 3) -> list[Path]:
    """Output folders under ``root`` (itself included) that hold a run store."""
    found: list[Path] = []
    if (root / STORE_FILENAME).is_file():
        found.append(root)
    frontier = [root]
    for _ in range(max_depth):
        nxt = []
        for folder in frontier:
            try:
                children = [c for c in folder.iterdir() if c.is_dir() and not c.name.startswith(".")]
            except OSError:
                continue
            for child in children:
                if (child / STORE_FILENAME).is_file():
                    found.append(child)
                nxt.append(child)
        frontier = nxt
    return sorted(set(found))


def load_run(out_dir: Path, run_id: str | None = None) -> StoredRun:
    """Score one stored run (the latest of the store unless ``run_id`` is given)."""
    reader = StoreReader(out_dir)
    try:
        rid = run_id or reader.latest_run_id()
        rows = [r for r in reader.runs() if r.run_id == rid]
        if not rows:
            raise BadInputError(f"run '{rid}' is not in the store at {out_dir}")
        fold = ScoreFold()
        started: ev.RunStarted | None = None
        for event in reader.iter_events(rid):
            if isinstance(event, ev.RunStarted) and started is None:
                started = event
            fold.apply(event)
        if started is None:
            raise BadInputError(f"run '{rid}' in {out_dir} has no run_started event; the store is incomplete")
        return StoredRun(out_dir, rows[0], started, fold.result())
    finally:
        reader.close()


def stitch(runs: list[StoredRun]) -> RunScores:
    """One score set from several runs: per scenario, the last run that finished it (else the last one)."""
    chosen: dict[str, Any] = {}
    epochs: dict[str, Any] = {}
    for run in runs:
        for sid, score in run.scores.scenarios.items():
            previous = chosen.get(sid)
            if previous is None or score.finished or not previous.finished:
                chosen[sid] = score
                epochs[sid] = run.scores.epochs_of(sid)  # every epoch of the run chosen for it
    tokens: dict[str, AgentTokens] = {}
    for run in runs:
        for agent, t in run.scores.tokens.items():
            key = f"{run.row.run_id}:{agent}" if agent != ev.MAIN_AGENT else f"{run.row.run_id}:main"
            tokens[key] = t
    simulated = sorted({label for run in runs for label in run.scores.simulated})
    return RunScores(chosen, tokens, simulated, epochs=epochs)
