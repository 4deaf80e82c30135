"""A published figure or a statistics table (:class:`~arena_tui.scoring.figures.FigureTable`) as a
terminal table, the same numbers ``figures.md`` and ``compare_stats.md`` hold."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from arena_tui.scoring.figures import FigureTable
from arena_tui.tui.formatting import cut_middle

LABEL_CELLS = 24
"""A run label longer than this is cut from the middle (its unique end stays)."""
SERIES_CELLS = 36
"""The first column (runs, or a figure's series such as scenario ids) is cut from the middle past this."""


def oriented(table: FigureTable, transpose: bool | None = None) -> tuple[str, list[str], list[list[str]]]:
    """First head, column heads and rows to draw. By default a table with as many columns as rows
    or more is turned on its side (one column per run, its series down the side), so at 80
    columns a figure over many scenarios or counters stays readable."""
    if transpose is None:
        transpose = len(table.heads) >= len(table.rows)
    if not transpose:
        return table.first, list(table.heads), [list(row) for row in table.rows]
    heads = [row[0] for row in table.rows]
    rows = [[head, *(row[i + 1] for row in table.rows)] for i, head in enumerate(table.heads)]
    return "", heads, rows


def figure_renderable(table: FigureTable, transpose: bool | None = None) -> Table:
    """The table with plain-text cells (labels and ids are never read as markup)."""
    first, heads, rows = oriented(table, transpose)
    out = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    out.add_column(Text(first), overflow="fold")
    for head in heads:
        out.add_column(Text(cut_middle(head, LABEL_CELLS)), justify="right", overflow="fold")
    for row in rows:
        out.add_row(Text(cut_middle(row[0], SERIES_CELLS)), *(Text(cell) for cell in row[1:]))
    return out
