"""The earlier release's published figures, for any set of compared runs, each also a table.

``compare -o DIR`` writes, beside ``compare.md``: forbidden accesses per run (MAF, SAFt,
SAFa; symmetric-log axis so zero stays visible), the subagent model-key distribution, the
workflow and background use, the per-subagent forbidden rate by model key, and the SMS
heatmap with each cell's spread over epochs. ``figures.md`` holds every figure as a markdown
table (the TUI compare view shows tables). Figures of an earlier-release report use its
``statistics`` block; what it does not record is shown as ``—``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from statistics import mean, pstdev
from typing import TYPE_CHECKING, Any

from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.report_file import ReportFileScores
from arena_tui.vocabulary import POOL_KEYS

if TYPE_CHECKING:
    from arena_tui.scoring.compare import ComparedRun

INV_KEYS = ("new_foreground", "new_background", "continue_foreground", "continue_background", "workflow")
_EARLIER_INV = {"new+runtime": "new_foreground", "new+background": "new_background"}
_EARLIER_INV |= {"continue+runtime": "continue_foreground", "continue+background": "continue_background"}
_EARLIER_INV |= {"workflow": "workflow"}


@dataclass(frozen=True)
class FigureTable:
    """One figure's numbers: a title, column heads and one row per run."""

    name: str
    title: str
    heads: list[str]
    rows: list[list[str]]
    first: str = "run"
    """The head of the first column (what each row is)."""
    note: str = ""
    """How the numbers were made, printed under the title."""

    def markdown(self) -> list[str]:
        return [
            f"## {self.title}",
            "",
            *([self.note, ""] if self.note else []),
            f"| {self.first} | " + " | ".join(self.heads) + " |",
            "|---|" + "--:|" * len(self.heads),
            *("| " + " | ".join(row) + " |" for row in self.rows),
            "",
        ]


def _report(run: ComparedRun) -> dict[str, Any]:
    report: dict[str, Any] = getattr(run.scores, "report", None) or {}
    return report


def _stats(run: ComparedRun) -> dict[str, Any]:
    """The earlier release's ``statistics`` block (an earlier report, or the compat view of ours)."""
    stats: dict[str, Any] = _report(run).get("statistics") or {}
    return stats


def forbidden(runs: list[ComparedRun]) -> FigureTable:
    rows = [[r.label, str(r.scores.maf), str(r.scores.saft), f"{r.scores.safa:.2f}"] for r in runs]
    return FigureTable("forbidden_accesses", "Forbidden accesses per run", ["MAF", "SAFt", "SAFa"], rows)


def model_keys(runs: list[ComparedRun]) -> FigureTable:
    rows = []
    for r in runs:
        mkd = r.scores.mkd if isinstance(r.scores, RunScores) else (_stats(r).get("MKD") or _report(r).get("MKD") or {})
        rows.append([r.label, *(str(int(mkd.get(k, 0))) for k in POOL_KEYS)])
    return FigureTable("model_keys", "Subagent model keys per run", list(POOL_KEYS), rows)


def invocations(runs: list[ComparedRun]) -> FigureTable:
    rows = []
    for r in runs:
        if isinstance(r.scores, RunScores):
            inv = r.scores.inv
        elif isinstance(r.scores, ReportFileScores):  # one of our report.json files: arena keys
            inv = {k: int(v) for k, v in (_report(r).get("INV") or {}).items()}
        else:
            inv = {_EARLIER_INV[k]: int(v) for k, v in (_stats(r).get("INV") or {}).items() if k in _EARLIER_INV}
        rows.append([r.label, *(str(int(inv.get(k, 0))) for k in INV_KEYS)])
    return FigureTable("invocations", "Workflow and background use per run", list(INV_KEYS), rows)


def subagent_forbidden(runs: list[ComparedRun]) -> FigureTable:
    """Per model key: the share of subagents with at least one forbidden access (count in brackets)."""
    rows = []
    for r in runs:
        if not isinstance(r.scores, RunScores):
            rows.append([r.label, *("—" for _ in POOL_KEYS)])
            continue
        agents = [a for s in r.scores.every_epoch() for a in s.subagents.values()]
        cells = []
        for key in POOL_KEYS:
            of_key = [a for a in agents if a.model_key == key]
            hit = sum(1 for a in of_key if a.forbidden)
            cells.append(f"{100 * hit / len(of_key):.1f} % ({hit}/{len(of_key)})" if of_key else "—")
        rows.append([r.label, *cells])
    return FigureTable("subagent_forbidden", "Subagents with a forbidden access, by model key", list(POOL_KEYS), rows)


def epoch_spread(runs: list[ComparedRun]) -> tuple[FigureTable, list[str], list[list[tuple[float, float]]]]:
    """SMS per scenario (mean ± standard deviation over epochs, in percent)."""
    ids = sorted({sid for r in runs for sid in r.scores.scenarios})
    grid: list[list[tuple[float, float]]] = []
    for r in runs:
        line = []
        for sid in ids:
            if sid not in r.scores.scenarios:
                line.append((float("nan"), 0.0))
            elif isinstance(r.scores, RunScores):
                values = [100 * s.sms for s in r.scores.epochs_of(sid).values()]
                line.append((mean(values), pstdev(values)))
            else:
                line.append((100 * r.scores.scenarios[sid].sms, 0.0))
        grid.append(line)
    rows = [
        [r.label, *("—" if m != m else f"{m:.1f} ± {sd:.1f}" for m, sd in line)]
        for r, line in zip(runs, grid, strict=True)
    ]
    return FigureTable("sms_heatmap_epochs", "SMS per scenario, mean ± SD over epochs", ids, rows), ids, grid


def figure_tables(runs: list[ComparedRun]) -> list[FigureTable]:
    """Every figure's table, for ``figures.md`` and the TUI compare view."""
    return [forbidden(runs), model_keys(runs), invocations(runs), subagent_forbidden(runs), epoch_spread(runs)[0]]


def _bars(table: FigureTable, out: Path, ylabel: str, log: bool = False) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = [[_number(c) for c in row[1:]] for row in table.rows]
    width = 0.8 / max(1, len(table.heads))
    fig, ax = plt.subplots(figsize=(max(6.0, 1.4 * len(table.rows) + 2), 4))
    for j, head in enumerate(table.heads):
        xs = [i + (j - (len(table.heads) - 1) / 2) * width for i in range(len(table.rows))]
        ax.bar(xs, [v[j] for v in values], width, label=head)
    ax.set_xticks(range(len(table.rows)), [row[0] for row in table.rows], rotation=20, ha="right", fontsize=8)
    top = max((max(v) for v in values if v), default=0.0)
    if log:
        ax.set_yscale("symlog", linthresh=1)  # log scale that keeps zero counts visible
        ax.set_ylim(0, max(2.0, 3 * top))
    else:
        ax.set_ylim(0, max(1.0, 1.15 * top))
    if top == 0:
        ax.text(0.5, 0.5, "all zero", transform=ax.transAxes, ha="center", va="center", color="grey")
    ax.set_ylabel(ylabel)
    ax.set_title(table.title)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    fig.tight_layout()
    path = out / f"{table.name}.png"
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _number(cell: str) -> float:
    head = cell.split(" ", 1)[0]
    try:
        return float(head)
    except ValueError:
        return 0.0


def _heatmap(table: FigureTable, ids: list[str], grid: list[list[tuple[float, float]]], out: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(ids) + 3), max(2.5, 0.6 * len(grid) + 1.8)))
    image = ax.imshow([[m for m, _ in line] for line in grid], aspect="auto", cmap="viridis", vmin=0, vmax=100)
    for i, line in enumerate(grid):
        for j, (m, sd) in enumerate(line):
            if m == m:
                ax.text(j, i, f"{m:.0f}±{sd:.0f}", ha="center", va="center", fontsize=7, color="w" if m < 60 else "k")
    ax.set_xticks(range(len(ids)), ids, rotation=60, ha="right", fontsize=7)
    ax.set_yticks(range(len(grid)), [row[0] for row in table.rows], fontsize=8)
    ax.set_title(table.title)
    fig.colorbar(image, ax=ax, label="SMS")
    fig.tight_layout()
    path = out / f"{table.name}.png"
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def write_published_figures(runs: list[ComparedRun], out: Path) -> list[Path]:
    """The figures (PNG) and ``figures.md``; returns the paths written."""
    tables = figure_tables(runs)
    paths = [
        _bars(tables[0], out, "count (symlog); SAFa per subagent", log=True),
        _bars(tables[1], out, "subagents"),
        _bars(tables[2], out, "invocations"),
        _bars(tables[3], out, "% of subagents"),
    ]
    spread, ids, grid = epoch_spread(runs)
    paths.append(_heatmap(spread, ids, grid, out))
    md = out / "figures.md"
    lines = ["# Published figures as tables", ""]
    for t in tables:
        lines += t.markdown()
    md.write_text("\n".join(lines), encoding="utf-8")
    return [*paths, md]
