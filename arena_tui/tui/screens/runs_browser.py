"""Runs browser: every stored run under a folder in one table; mark runs to compare, Enter to replay.

The list comes from each store's summary (:mod:`arena_tui.tui.run_list`) at once; runs without
a current report are scored afterwards in a thread and their rows filled in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static
from textual.worker import Worker, WorkerState

from arena_tui.errors import BadInputError
from arena_tui.tui.formatting import cut_middle, pct, plural

if TYPE_CHECKING:  # the store reader, event models and scoring load in the scan's thread, after the first frame
    from arena_tui.tui.run_list import LoadedRuns, RunSummary

COLUMNS: tuple[tuple[str, str], ...] = (
    ("mark", "✓"),
    ("date", "date (UTC)"),
    ("id", "id"),
    ("manager", "manager"),
    ("rounds", "rounds"),
    ("TCR", "TCR"),
    ("SMS", "SMS"),
    ("status", "status"),
    ("pool", "pool"),
    ("scenarios", "scen."),
    ("cost", "cost $"),
)
NARROW_COLUMNS = 8
"""Below 120 columns only the first columns are shown (they fit 80 columns)."""
MARK = "●"
LOAD_GROUP = "runs-load"
SCORE_GROUP = "runs-score"
STATUS_STYLES = {"completed": "green", "running": "yellow", "interrupted": "dark_orange"}

__all__ = ["COLUMNS", "RunsBrowser", "row_key", "run_cells"]


def row_key(run: RunSummary) -> str:
    """The table's key for a run (unique across stores)."""
    return run.key


def run_cells(run: RunSummary, marked: bool = False, narrow: bool = False) -> tuple[Text, ...]:
    """One table row; every string is ``Text`` so model names are never read as markup.

    Args:
        run: A listed run (its figures may still be missing: ``…``).
        marked: Whether the row is marked for comparison.
        narrow: Fit 80 columns: short date, cut manager name, only the first columns.

    Returns:
        Cells in :data:`COLUMNS` order.
    """
    row, f = run.row, run.figures
    when = dt.datetime.fromtimestamp(row.created_ts, dt.UTC)
    date = when.strftime("%m-%d %H:%M" if narrow else "%Y-%m-%d %H:%M")
    manager = row.manager if not narrow or len(row.manager) <= 16 else cut_middle(row.manager, 16)
    pool = " / ".join(dict.fromkeys(row.pool.values())) or "—"
    if f is not None and f.simulated:
        pool += " (sim)"
    wait = Text("…", style="dim", justify="right")
    cells = (
        Text(MARK if marked else " ", style="bold"),
        Text(date),
        # The id's unique end at 80 columns (the line under the table gives it whole): two runs never look alike.
        Text(row.run_id.rsplit("-", 1)[-1][-6:] if narrow else row.run_id, style="dim"),
        Text(manager),
        Text(f"{f.rounds_passed}/{f.rounds_total}", justify="right") if f else wait,
        Text(pct(f.tcr).strip(), justify="right") if f else wait,
        Text(pct(f.sms).strip(), style="bold", justify="right") if f else wait,
        Text(run.status, style=STATUS_STYLES.get(run.status, "red")),
        Text(pool),
        Text(str(f.scenarios), justify="right") if f else wait,
        Text(f"{f.cost_usd:.4f}", justify="right") if f else wait,
    )
    return cells[:NARROW_COLUMNS] if narrow else cells


class RunsBrowser(Screen[None]):
    """Stored runs, newest first.

    | Key | Action |
    | :- | :- |
    | enter | Replay the run under the cursor. |
    | space | Mark / unmark the run for comparison. |
    | c | Compare the marked runs (two or more). |
    | r | Scan the folder again. |

    Args:
        root: The folder to scan for run stores.
    """

    DEFAULT_CSS = """
    RunsBrowser { layout: vertical; }
    RunsBrowser #browser-title { height: 1; padding: 0 1; color: $accent; text-style: bold; }
    RunsBrowser #runs-table { height: 1fr; }
    RunsBrowser #browser-status { height: 1; padding: 0 1; color: $text-muted; }
    RunsBrowser #browser-detail { height: 1; padding: 0 1; }
    RunsBrowser #browser-status.-error { color: $error; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_mark", "Mark"),
        Binding("c", "compare", "Compare"),
        Binding("r", "reload", "Rescan"),
    ]

    class RunsLoaded(Message):
        """A scan finished and the table shows its runs."""

        def __init__(self, loaded: LoadedRuns) -> None:
            super().__init__()
            self.loaded = loaded

    class RunScored(Message):
        """A run without a current report was scored (its row can be filled in)."""

        def __init__(self, run: RunSummary) -> None:
            super().__init__()
            self.run = run

    class CompareReady(Message):
        """The marked runs are scored and can be compared."""

        def __init__(self, runs: list[RunSummary]) -> None:
            super().__init__()
            self.runs = runs

    class RunChosen(Message):
        """Enter was pressed on a run: replay it."""

        def __init__(self, out_dir: Path, run_id: str) -> None:
            super().__init__()
            self.out_dir, self.run_id = out_dir, run_id

    def __init__(self, root: Path, marked: Sequence[str] = ()) -> None:
        super().__init__()
        self.root = root
        self.runs: dict[str, RunSummary] = {}
        """Loaded runs by row key, in table order."""
        self.marked: list[str] = list(marked)
        """Row keys of the marked runs, in marking order."""
        self.loaded = False
        """Whether a scan has completed (the list is shown; some rows may still be scored)."""
        self.narrow: bool | None = None
        self.problems: list[str] = []

    def compose(self) -> ComposeResult:
        """Title, table, status line, footer."""
        yield Static(Text(f"Stored runs · {self.root}"), id="browser-title")
        yield DataTable(id="runs-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="browser-detail", markup=False)
        yield Static(Text("scanning…"), id="browser-status")
        yield Footer()

    def on_mount(self) -> None:
        """Start the first scan once the empty table is on screen (its thread's imports would slow the paint)."""
        self.query_one(DataTable).focus()
        self._columns()
        self.call_after_refresh(self.scan)

    def on_resize(self, event: events.Resize) -> None:
        """Show the extra columns only where they fit."""
        if self._columns():
            self._fill()

    def _columns(self) -> bool:
        """(Re)build the columns for the width; whether they changed."""
        narrow = self.size.width < 120
        if narrow == self.narrow:
            return False
        self.narrow = narrow
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for key, label in COLUMNS[:NARROW_COLUMNS] if narrow else COLUMNS:
            table.add_column(label, key=key)
        return True

    @work(thread=True, group=LOAD_GROUP, exclusive=True, exit_on_error=False, description="load stored runs")
    def scan(self) -> None:
        """Worker: list every store's runs off the UI thread, then score the ones without a report."""
        from arena_tui.tui.run_list import LoadedRuns, list_runs, score

        loaded = list_runs(self.root)
        self.post_message(self.RunsLoaded(loaded))
        for run in loaded.runs:
            if run.figures is None:
                try:
                    self.post_message(self.RunScored(score(run)))
                except (BadInputError, OSError, ValueError) as exc:
                    self.post_message(self.RunsLoaded(LoadedRuns([], [f"{run.out_dir} {run.row.run_id}: {exc}"])))

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for key, run in self.runs.items():
            table.add_row(*run_cells(run, key in self.marked, bool(self.narrow)), key=key)

    def on_runs_browser_runs_loaded(self, event: RunsBrowser.RunsLoaded) -> None:
        """Fill the table (keeping marks of runs that are still there); late problems are only reported."""
        late = self.loaded and not event.loaded.runs and bool(event.loaded.problems)
        if late:  # a run that could not be scored after the list was shown
            self.problems += event.loaded.problems
        else:
            self.runs = {row_key(run): run for run in event.loaded.runs}
            self.marked = [k for k in self.marked if k in self.runs]
            self.problems = list(event.loaded.problems)
            self._fill()
        self.loaded = True
        self._status(self.problems)
        for problem in event.loaded.problems[:3]:
            self.notify(problem, title="unreadable run", severity="warning", markup=False)

    def on_runs_browser_run_scored(self, event: RunsBrowser.RunScored) -> None:
        """A row's figures arrived."""
        key = event.run.key
        if key not in self.runs:
            return
        self.runs[key] = event.run
        table = self.query_one(DataTable)
        cells = run_cells(event.run, key in self.marked, bool(self.narrow))
        for (column, _label), cell in zip(COLUMNS, cells, strict=False):
            table.update_cell(key, column, cell, update_width=True)
        self._status(self.problems)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A failed scan is shown, never swallowed."""
        if event.state == WorkerState.ERROR and event.worker.group == SCORE_GROUP:
            self.notify(f"cannot score the marked runs: {event.worker.error}", severity="error", markup=False)
        if event.state == WorkerState.ERROR and event.worker.group == LOAD_GROUP:
            message = f"scanning {self.root} failed: {event.worker.error}"
            self.loaded = True
            status = self.query_one("#browser-status", Static)
            status.add_class("-error")
            status.update(Text(message))
            self.notify(message, severity="error", timeout=30, markup=False)

    def _status(self, problems: Sequence[str] = ()) -> None:
        stores = len({run.out_dir for run in self.runs.values()})
        text = f"{plural(len(self.runs), 'run')} in {plural(stores, 'store')} · {len(self.marked)} marked"
        waiting = sum(1 for run in self.runs.values() if run.figures is None)
        if waiting:
            text += f" · scoring {plural(waiting, 'run')} without a report…"
        if problems:
            text += f" · {len(problems)} unreadable"
        if not self.runs:
            text = f"no stored runs under {self.root}"
        status = self.query_one("#browser-status", Static)
        status.set_class(bool(problems), "-error")
        status.update(Text(text))

    def _cursor_key(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.runs or table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return key if key in self.runs else None

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The run under the cursor in full: its whole id and its folder (relative to the scanned one)."""
        run = self.runs.get(event.row_key.value or "")
        detail = self.query_one("#browser-detail", Static)
        if run is None:
            detail.update("")
            return
        try:
            folder = str(run.out_dir.relative_to(self.root)) or "."
        except ValueError:
            folder = str(run.out_dir)
        width = max(10, self.size.width - 2 - len("run  · in ") - len(run.row.run_id))
        detail.update(Text(f"run {run.row.run_id} · in {cut_middle(folder, width)}"))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a run: ask to replay it."""
        event.stop()
        run = self.runs.get(event.row_key.value or "")
        if run is not None:
            self.post_message(self.RunChosen(run.out_dir, run.row.run_id))

    def action_toggle_mark(self) -> None:
        """Mark or unmark the run under the cursor."""
        key = self._cursor_key()
        if key is None:
            return
        if key in self.marked:
            self.marked.remove(key)
        else:
            self.marked.append(key)
        self.query_one(DataTable).update_cell(key, "mark", Text(MARK if key in self.marked else " ", style="bold"))
        self._status(self.problems)

    def action_compare(self) -> None:
        """Compare the marked runs (at least two); they are scored first where needed."""
        if len(self.marked) < 2:
            self.notify("mark two or more runs with space, then press c", severity="warning")
            return
        self._score_marked([self.runs[k] for k in self.marked])

    @work(thread=True, group=SCORE_GROUP, exclusive=True, exit_on_error=False, description="score marked runs")
    def _score_marked(self, runs: list[RunSummary]) -> None:
        from arena_tui.tui.run_list import score

        self.post_message(self.CompareReady([r if r.scores is not None else score(r) for r in runs]))

    def on_runs_browser_compare_ready(self, event: RunsBrowser.CompareReady) -> None:
        """Open the compare view."""
        from arena_tui.scoring.compare import ComparedRun
        from arena_tui.tui.screens.compare_view import CompareView

        compared = []
        for r in event.runs:
            assert r.scores is not None
            # A run that did not finish is marked where it is ranked: its open rounds count as failed.
            label = r.row.manager if r.status == "completed" else f"{r.row.manager} [{r.status}]"
            compared.append(ComparedRun(label, r.row.run_id, r.scores))
        self.app.push_screen(CompareView(compared, [r.out_dir.name for r in event.runs]))

    def action_reload(self) -> None:
        """Scan the folder again."""
        self.query_one("#browser-status", Static).update(Text("scanning…"))
        self.scan()
