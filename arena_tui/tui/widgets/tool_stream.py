"""The tool-call stream: a virtual, line-based view over the state's ring buffer.

Only visible rows are drawn, so thousands of lines per second cost one refresh per tick.
Rows are line numbers into :attr:`ArenaState.stream`; a call line is completed in place when its
result arrives, and filtering by agent rebuilds the row list from the (bounded) buffer.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from arena_tui.tui.formatting import duration, one_line, short_args, time_of_day
from arena_tui.tui.state import ArenaState
from arena_tui.tui.state_models import StreamLine
from arena_tui.tui.widgets.quiet import set_title

OUTCOMES = {
    "pending": ("…", "stream--pending"),
    "ok": ("✓", "stream--ok"),
    "error": ("error ✗", "stream--error"),
    "invalid": ("invalid ✗", "stream--error"),
    "forbidden": ("FORBIDDEN ✗", "stream--forbidden"),
}


class ToolStream(ScrollView, can_focus=True):
    """Time, agent, tool, short arguments, outcome and duration, one line each.

    | Key | Action |
    | :- | :- |
    | up/down | Move the cursor. |
    | home/end | First line / follow the newest line. |
    | enter | Open the full arguments and result. |
    """

    DEFAULT_CSS = """
    ToolStream {
        height: 1fr;
        border: round $primary 40%;
        border-title-color: $text-muted;
        background: $surface;
    }
    ToolStream:focus { border: round $primary; }
    ToolStream > .stream--time { color: $text-muted; }
    ToolStream > .stream--agent { color: $secondary; }
    ToolStream > .stream--tool { color: $accent; }
    ToolStream > .stream--args { color: $foreground; }
    ToolStream > .stream--ok { color: $success; }
    ToolStream > .stream--error { color: $warning; }
    ToolStream > .stream--forbidden { color: $error; text-style: bold; }
    ToolStream > .stream--pending { color: $text-muted; }
    ToolStream > .stream--note { color: $text-muted; text-style: italic; }
    ToolStream > .stream--cursor { background: $primary 30%; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "stream--time", "stream--agent", "stream--tool", "stream--args", "stream--ok", "stream--error",
        "stream--forbidden", "stream--pending", "stream--note", "stream--cursor",
    }  # fmt: skip

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "cursor(-10)", "Page up", show=False),
        Binding("pagedown", "cursor(10)", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "follow", "Follow", show=False),
        Binding("enter", "open", "Details"),
    ]

    class LineOpened(Message):
        """The user asked for the full details of a stream line."""

        def __init__(self, line: StreamLine) -> None:
            super().__init__()
            self.line = line

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.agent_filter: str | None = None
        """Show only this agent's lines (``None``: all agents)."""
        self.cursor: int | None = None
        """Row of the cursor; ``None`` follows the newest line."""
        self._state: ArenaState | None = None
        self._rows: list[int] = []
        self._start = 0
        self._seen_no = 0
        self._seen: object = None
        self._strips: dict[tuple[object, ...], Strip] = {}
        self._styles: dict[str, Style] = {}
        """Component styles and the widget's own (``""``): computing one walks the DOM, per cell span."""
        """Drawn rows by line number, outcome, width and cursor: a scroll redraws every row, most unchanged."""
        self._update_title()

    @property
    def rows(self) -> list[int]:
        """Line numbers currently shown, oldest first."""
        return self._rows[self._start :]

    def set_filter(self, state: ArenaState, agent_id: str | None) -> None:
        """Show only ``agent_id``'s lines (``None`` for all) and rebuild the rows."""
        self.agent_filter = agent_id
        self._state = None
        self.cursor = None
        self._update_title(state)
        self.sync(state)

    def _update_title(self, state: ArenaState | None = None) -> None:
        who = "all agents" if self.agent_filter is None else (state.filter_label(self.agent_filter) if state else "")
        set_title(self, f"Tool calls ── {who} ▾")

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Append new matching lines, drop evicted ones, refresh the visible part."""
        if state is not self._state:
            self._state, self._rows, self._start, self._seen_no, self._seen = state, [], 0, 0, None
            self._strips.clear()  # a new state numbers its lines from 0 again
        key = state.versions.stream
        if key == self._seen and not force:
            return
        self._seen = key
        stream, wanted = state.stream, self.agent_filter
        for no in range(max(self._seen_no, stream.first_no), stream.next_no):
            line = stream.get(no)
            if line is not None and (wanted is None or line.agent_id == wanted):
                self._rows.append(no)
        self._seen_no = stream.next_no
        first = stream.first_no
        while self._start < len(self._rows) and self._rows[self._start] < first:
            self._start += 1
            if self.cursor is not None:
                self.cursor = max(0, self.cursor - 1)
        if self._start > 4096 and self._start * 2 > len(self._rows):
            del self._rows[: self._start]
            self._start = 0
        count = len(self._rows) - self._start
        if self.virtual_size.height != count:
            self._resize_rows(count)
        if self.cursor is None:
            self._follow()
        self.refresh()

    def _resize_rows(self, count: int) -> None:
        """Set the scrollable height to ``count`` rows.

        Setting ``virtual_size`` lays out the whole screen, which on a small machine is most of a
        frame, and a followed stream grows every frame. The outer size never depends on the row
        count, so only a change of scrollbar visibility needs a layout; otherwise the scrollbar
        is updated in place (Textual's own path for a size that a layout has just measured).
        """
        size = Size(0, count)
        window = self.scrollable_content_region.height
        if not self.is_mounted or window <= 0 or (count > window) != (self.virtual_size.height > window):
            self.virtual_size = size
            return
        self.set_reactive(ToolStream.virtual_size, size)
        self._scroll_update(size)

    def _follow(self) -> None:
        count = len(self._rows) - self._start
        window = self.scrollable_content_region.height
        if count > window > 0 and not self.allow_vertical_scroll:  # the scrollbar shows after the pending layout
            self.call_after_refresh(self._follow)
            return
        self.scroll_to(y=max(0, count - window), animate=False, immediate=True)

    def on_resize(self) -> None:
        """Keep following the newest line after a layout change."""
        if self.cursor is None:
            self.call_after_refresh(self._follow)

    def line_at(self, row: int) -> StreamLine | None:
        """The stream line shown at ``row`` (0 = oldest shown)."""
        if self._state is None or not 0 <= row < len(self._rows) - self._start:
            return None
        return self._state.stream.get(self._rows[self._start + row])

    def action_cursor(self, delta: int) -> None:
        """Move the cursor; moving past the last line goes back to following."""
        count = len(self._rows) - self._start
        if count == 0:
            return
        row = (count - 1 if self.cursor is None else self.cursor) + delta
        self.cursor = max(0, min(count - 1, row))
        self.scroll_to_region_row(self.cursor)
        self.refresh()

    def scroll_to_region_row(self, row: int) -> None:
        """Scroll so that ``row`` is visible."""
        top, height = round(self.scroll_y), self.scrollable_content_region.height
        if row < top:
            self.scroll_to(y=row, animate=False, immediate=True)
        elif row >= top + height:
            self.scroll_to(y=row - height + 1, animate=False, immediate=True)

    def on_click(self, event: events.Click) -> None:
        """Clicking a line puts the cursor on it."""
        row = event.y + round(self.scroll_y)
        if self.line_at(row) is not None:
            self.cursor = row
            self.refresh()

    def action_first(self) -> None:
        """Jump to the oldest line."""
        self.cursor = 0
        self.scroll_to(y=0, animate=False, immediate=True)
        self.refresh()

    def action_follow(self) -> None:
        """Follow the newest line."""
        self.cursor = None
        if self._state is not None:
            self.sync(self._state, force=True)

    def action_open(self) -> None:
        """Post :class:`LineOpened` for the cursor line (the newest one when following)."""
        count = len(self._rows) - self._start
        line = self.line_at(count - 1 if self.cursor is None else self.cursor)
        if line is not None:
            self.post_message(self.LineOpened(line))

    def render_line(self, y: int) -> Strip:
        """Draw row ``y`` of the visible region."""
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.scrollable_content_region.width
        line = self.line_at(row)
        base = self._style("")
        if line is None:
            return Strip.blank(width, base)
        key = (line.no, line.outcome, line.duration_ms, width, scroll_x, row == self.cursor, base)
        strip = self._strips.get(key)
        if strip is not None:
            return strip
        text = self._line_text(line, width)
        if row == self.cursor:
            text.stylize(self._style("stream--cursor"))
        strip = Strip(list(text.render(self.app.console, end=""))).crop_extend(scroll_x, scroll_x + width, base)
        if len(self._strips) >= 4096:
            self._strips.clear()
        self._strips[key] = strip
        return strip

    def notify_style_update(self) -> None:
        """A theme or style change recolours every row: drop the drawn ones."""
        self._strips.clear()
        self._styles.clear()
        super().notify_style_update()

    def _style(self, name: str) -> Style:
        """The component style ``name`` (``""``: the widget's own), as of the last style update."""
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(name) if name else self.rich_style
        return style

    def _line_text(self, line: StreamLine, width: int) -> Text:
        style = self._style
        # The widget's own colours under every cell, so the argument column follows the theme.
        text = Text(no_wrap=True, overflow="ellipsis", end="", style=style(""))
        text.append(time_of_day(line.ts) + " ", style=style("stream--time"))
        text.append(one_line(line.agent_label, 12).ljust(13), style=style("stream--agent"))
        if line.kind != "call":
            cls = "stream--forbidden" if line.kind == "forbidden" else "stream--note"
            text.append(one_line(line.text, max(8, width - text.cell_len)), style=style(cls))
            return text
        glyph, cls = OUTCOMES.get(line.outcome, ("", "stream--pending"))
        tail = f" {glyph} {duration(line.duration_ms):>7}"
        text.append(line.tool.ljust(15), style=style("stream--tool"))
        room = max(4, width - text.cell_len - len(tail) - 1)
        text.append(short_args(line.arguments, room).ljust(room) + " ", style=style("stream--args"))
        text.append(tail, style=style(cls))
        return text
