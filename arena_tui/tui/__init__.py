"""The Textual terminal UI: a pure state reducer fed by event sources, drawn by widgets.

Only this package may import ``textual``; :mod:`arena_tui.tui.state` and
:mod:`arena_tui.tui.sources` stay Textual-free so they can be used headless.
"""
