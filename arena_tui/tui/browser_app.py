"""``BrowserApp``: a small app around the runs browser; it returns the run chosen for replay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from arena_tui.tui.screens.runs_browser import RunsBrowser
from arena_tui.tui.themes import load_themes, resolve_theme_name, save_screenshot_into

OpenReplay = Callable[[Path, str], None]


class BrowserApp(App[tuple[Path, str] | None]):
    """Browse stored runs, compare some, pick one to replay.

    ``run()`` returns ``(out_dir, run_id)`` of the run chosen with Enter, or ``None`` when the
    user quits. Launch the replay after ``run()`` returns: one Textual app at a time.

    Args:
        root: Folder to scan for run stores (itself and up to three levels below).
        marked: Row keys of runs to show marked (those of the browser before a replay).
        theme: Theme name (as for ``ArenaApp``); default from ``$CATEAM_THEME``.
        open_replay: Called with ``(out_dir, run_id)`` just before the app exits with that choice;
            it must not start another Textual app itself.
    """

    TITLE = "ClawArena-Team · runs"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit"), Binding("ctrl+c", "quit", show=False)]

    def __init__(
        self,
        root: Path,
        theme: str | None = None,
        open_replay: OpenReplay | None = None,
        marked: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.root = root
        self.open_replay = open_replay
        self.marked: list[str] = list(marked)
        """Row keys of the marked runs: given back after ``run()`` so a browser opened again keeps them."""
        for arena_theme in load_themes().values():
            self.register_theme(arena_theme)
        self.theme = resolve_theme_name(theme, set(self.available_themes))

    @property
    def browser(self) -> RunsBrowser:
        """The runs browser screen (below any compare view)."""
        return next(s for s in self.screen_stack if isinstance(s, RunsBrowser))

    async def on_mount(self) -> None:
        """Show the browser."""
        await self.push_screen(RunsBrowser(self.root, self.marked))

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot: saved into the scanned folder, path shown."""
        written = save_screenshot_into(self, Path(path) if path else self.root)
        return str(written) if written else None

    def on_runs_browser_run_chosen(self, event: RunsBrowser.RunChosen) -> None:
        """Hand the choice to the caller and exit with it."""
        choice = (event.out_dir, event.run_id)
        self.marked = list(self.browser.marked)
        if self.open_replay is not None:
            self.open_replay(*choice)
        self.exit(choice)
