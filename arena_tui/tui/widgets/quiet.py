"""Panel updates that cost nothing when nothing visible changed.

A live run bumps the state's counters many times a second while most panels would draw the
same text again; every ``Static.update`` marks the widget dirty (a repaint) and asks for a
layout pass over the whole screen. Comparing the new text with the one on screen first keeps
a frame's paint down to what really moved, so key presses are not queued behind redraws.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static


def same_text(shown: object, text: Text) -> bool:
    """Whether ``shown`` (a widget's current content) draws exactly like ``text``."""
    return (
        isinstance(shown, Text)
        and shown == text  # plain text and styled spans
        and shown.style == text.style
        and shown.overflow == text.overflow
        and shown.no_wrap == text.no_wrap
    )


def update_text(widget: Static, text: Text) -> bool:
    """Show ``text`` in ``widget`` unless it is already shown; returns whether it changed.

    The layout pass is asked for only when the text's height can differ from the one shown
    (another line count, or wrapping text); a panel of the same height is only repainted.
    """
    shown = widget.content
    if same_text(shown, text):
        return False
    same_height = (
        isinstance(shown, Text) and shown.no_wrap and text.no_wrap and shown.plain.count("\n") == text.plain.count("\n")
    )
    widget.update(text, layout=not same_height)
    return True


_titles: WeakKeyDictionary[Widget, str] = WeakKeyDictionary()
_subtitles: WeakKeyDictionary[Widget, str] = WeakKeyDictionary()


def set_title(widget: Widget, title: str, *, subtitle: bool = False) -> None:
    """Set ``widget``'s border title (or subtitle) unless it shows ``title`` already.

    Every assignment repaints the widget, equal or not. The title is set as plain text, never
    parsed as markup: it can hold an agent's name.
    """
    shown = _subtitles if subtitle else _titles
    if shown.get(widget) == title:
        return
    shown[widget] = title
    if subtitle:
        widget.border_subtitle = Text(title)
    else:
        widget.border_title = Text(title)
