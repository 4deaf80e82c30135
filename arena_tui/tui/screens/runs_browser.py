"""Runs browser: every stored run under a folder in one table; mark runs to compare, Enter to replay."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static
from textual.worker import Worker, WorkerState

from arena_tui.errors import BadInputError
from arena_tui.scoring.compare import ComparedRun
from arena_tui.scoring.report import pct
from arena_tui.store.reader import StoreReader
from arena_tui.store.runs import StoredRun, find_stores, load_run
from arena_tui.tui.screens.compare_view import CompareView

COLUMNS: tuple[tuple[str, str], ...] = (
    ("mark", "✓"),
    ("date", "date (UTC)"),
    ("run_id", "run id"),
    ("manager", "manager"),
    ("pool", "pool"),
    ("scenarios", "scen."),
    ("rounds", "rounds"),
    ("TCR", "TCR"),
    ("SMS", "SMS"),
    ("cost", "cost $"),
    ("status", "status"),
)
MARK = "●"
LOAD_GROUP = "runs-load"


@dataclass(frozen=True)
class LoadedRuns:
    """What a scan of a folder found.

    Args:
        runs: Every readable run, newest first.
        problems: One line per store or run that could not be read.
    """

    runs: list[StoredRun]
    problems: list[str]


def scan_runs(root: Path) -> LoadedRuns:
    """Load and score every run of every store under ``root`` (blocking; call it from a thread).

    Args:
        root: A folder holding output folders (or one output folder).

    Returns:
        The runs, newest first, and what could not be read.
    """
    runs: list[StoredRun] = []
    problems: list[str] = []
    for out_dir in find_stores(root):
        try:
            reader = StoreReader(out_dir)
            try:
                run_ids = [r.run_id for r in reader.runs()]
            finally:
                reader.close()
        except (BadInputError, OSError, ValueError) as exc:
            problems.append(f"{out_dir}: {exc}")
            continue
        for run_id in run_ids:
            try:
                runs.append(load_run(out_dir, run_id))
            except (BadInputError, OSError, ValueError) as exc:
                problems.append(f"{out_dir} {run_id}: {exc}")
    runs.sort(key=lambda r: (-r.row.created_ts, r.row.run_id))
    return LoadedRuns(runs, problems)


def row_key(run: StoredRun) -> str:
    """The table's key for a run (unique across stores)."""
    return f"{run.out_dir}::{run.row.run_id}"


def run_cells(run: StoredRun, marked: bool = False) -> tuple[Text, ...]:
    """One table row; every string is ``Text`` so model names are never read as markup.

    Args:
        run: A scored stored run.
        marked: Whether the row is marked for comparison.

    Returns:
        Cells in :data:`COLUMNS` order.
    """
    s, row = run.scores, run.row
    date = dt.datetime.fromtimestamp(row.created_ts, dt.UTC).strftime("%Y-%m-%d %H:%M")
    pool = " / ".join(dict.fromkeys(row.pool.values())) or "—"
    if s.simulated:
        pool += " (sim)"
    status_style = {"completed": "green", "running": "yellow"}.get(row.status, "red")
    return (
        Text(MARK if marked else " ", style="bold"),
        Text(date),
        Text(row.run_id),
        Text(row.manager),
        Text(pool),
        Text(str(len(s.scenarios)), justify="right"),
        Text(f"{s.rounds_passed}/{s.rounds_total}", justify="right"),
        Text(pct(s.tcr), justify="right"),
        Text(pct(s.sms), style="bold", justify="right"),
        Text(f"{s.main_cost_usd:.4f}", justify="right"),
        Text(row.status, style=status_style),
    )


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

    class RunChosen(Message):
        """Enter was pressed on a run: replay it."""

        def __init__(self, out_dir: Path, run_id: str) -> None:
            super().__init__()
            self.out_dir, self.run_id = out_dir, run_id

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.root = root
        self.runs: dict[str, StoredRun] = {}
        """Loaded runs by row key, in table order."""
        self.marked: list[str] = []
        """Row keys of the marked runs, in marking order."""
        self.loaded = False
        """Whether a scan has completed."""

    def compose(self) -> ComposeResult:
        """Title, table, status line, footer."""
        yield Static(Text(f"Stored runs · {self.root}"), id="browser-title")
        table: DataTable[Text] = DataTable(id="runs-table", cursor_type="row", zebra_stripes=True)
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        yield table
        yield Static(Text("scanning…"), id="browser-status")
        yield Footer()

    def on_mount(self) -> None:
        """Start the first scan."""
        self.query_one(DataTable).focus()
        self.scan()

    @work(thread=True, group=LOAD_GROUP, exclusive=True, exit_on_error=False, description="load stored runs")
    def scan(self) -> None:
        """Worker: read every store off the UI thread, then hand the result to the screen."""
        self.post_message(self.RunsLoaded(scan_runs(self.root)))

    def on_runs_browser_runs_loaded(self, event: RunsBrowser.RunsLoaded) -> None:
        """Fill the table (keeping marks of runs that are still there)."""
        table = self.query_one(DataTable)
        table.clear()
        self.runs = {row_key(run): run for run in event.loaded.runs}
        self.marked = [k for k in self.marked if k in self.runs]
        for key, run in self.runs.items():
            table.add_row(*run_cells(run, key in self.marked), key=key)
        self.loaded = True
        self._status(event.loaded.problems)
        for problem in event.loaded.problems[:3]:
            self.notify(problem, title="unreadable run", severity="warning", markup=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A failed scan is shown, never swallowed."""
        if event.state == WorkerState.ERROR and event.worker.group == LOAD_GROUP:
            message = f"scanning {self.root} failed: {event.worker.error}"
            self.loaded = True
            status = self.query_one("#browser-status", Static)
            status.add_class("-error")
            status.update(Text(message))
            self.notify(message, severity="error", timeout=30, markup=False)

    def _status(self, problems: Sequence[str] = ()) -> None:
        stores = len({run.out_dir for run in self.runs.values()})
        text = f"{len(self.runs)} runs in {stores} stores · {len(self.marked)} marked"
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
        self._status()

    def action_compare(self) -> None:
        """Compare the marked runs (at least two)."""
        if len(self.marked) < 2:
            self.notify("mark two or more runs with space, then press c", severity="warning")
            return
        runs = [self.runs[k] for k in self.marked]
        self.app.push_screen(CompareView([ComparedRun(r.row.manager, r.row.run_id, r.scores) for r in runs]))

    def action_reload(self) -> None:
        """Scan the folder again."""
        self.query_one("#browser-status", Static).update(Text("scanning…"))
        self.scan()
