"""A stored run read back as a whole: its events folded, its selection, its last ``seq``.

:func:`read_run` is the one reader of a stored run: ``resume``, ``rescore``, ``report``,
``compare``, ``replay`` and ``runs`` all go through it. It folds every event with the one
scoring fold, so a report rebuilt from the store equals the report the live run wrote. A run
resumed several times has several ``run_started`` events; the latest one is what the last
``run``/``resume`` selected (settings, selection, writer), and it alone describes the run —
the live report of that ``resume`` is written from it too.
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
from arena_tui.store.runs import run_status


@dataclass
class StoredRun:
    """One run of one store, read back once."""

    out_dir: Path
    row: RunRow
    started: ev.RunStarted
    """The latest ``run_started``: what the last ``run`` or ``resume`` selected."""
    fold: ScoreFold
    """Every stored event folded (a resumed run keeps counting in it)."""
    last_seq: int

    @property
    def run_id(self) -> str:
        return self.row.run_id

    @property
    def scores(self) -> RunScores:
        return self.fold.result()

    @property
    def meta(self) -> ReportMeta:
        return ReportMeta.of(self.started)

    @property
    def status(self) -> str:
        """What every listing shows (see :func:`run_status`)."""
        return run_status(self.row.status, self.started.writer_pid)


def read_run(reader: StoreReader, out_dir: Path, run_id: str) -> StoredRun:
    """Fold every stored event of ``run_id``; a damaged event fails here, before anything uses it."""
    rows = [r for r in reader.runs() if r.run_id == run_id]
    if not rows:
        raise BadInputError(f"run '{run_id}' is not in the store at {out_dir}")
    fold = ScoreFold()
    started: ev.RunStarted | None = None
    last_seq = 0
    for event in reader.iter_events(run_id):
        if isinstance(event, ev.RunStarted):
            started = event
        fold.apply(event)
        last_seq = max(last_seq, event.seq)
    if started is None:
        raise BadInputError(f"run '{run_id}' in {out_dir} has no run_started event; the store is incomplete")
    return StoredRun(out_dir, rows[0], started, fold, last_seq)


def load_run(out_dir: Path, run_id: str | None = None) -> StoredRun:
    """Read one stored run (the latest of the store unless ``run_id`` is given)."""
    reader = StoreReader(out_dir)
    try:
        return read_run(reader, out_dir, run_id or reader.latest_run_id())
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
