"""``ArenaApp``: the Textual app behind live runs and replays, fed by an injected event source."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.console import RenderableType
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from arena_tui.errors import ArenaError
from arena_tui.tui.collector import QuietCollector
from arena_tui.tui.pacing import FramePacer
from arena_tui.tui.ring import DEFAULT_STREAM_CAPACITY
from arena_tui.tui.screens.confirm_quit import ConfirmQuit
from arena_tui.tui.themes import load_themes, resolve_theme_name, save_screenshot_into

if TYPE_CHECKING:  # the event models, the fold and the run screen load after the first frame (``load=``)
    from arena_tui.tui.handoff import RunView
    from arena_tui.tui.ingest import Ingestor
    from arena_tui.tui.play import ToolSubmitter
    from arena_tui.tui.play_context import PlayContext
    from arena_tui.tui.replay import ReplaySource
    from arena_tui.tui.screens.run_screen import RunScreen
    from arena_tui.tui.sources import RunEventSource
    from arena_tui.tui.state import ArenaState

Mode = Literal["live", "replay", "play", "watch"]
SourceLoader = Callable[[], "RunEventSource | ReplaySource | RunView | None"]
"""Opens the source off the event loop, after the first frame (reads a store, imports the models,
or builds a whole run: a :class:`~arena_tui.tui.handoff.RunView`); ``None``: nothing to show, the app closes."""


class ArenaApp(App[None]):
    """The arena TUI.

    Args:
        source: Live events (any :class:`RunEventSource`) or, in replay mode, a :class:`ReplaySource`;
            either says through :class:`~arena_tui.tui.sources.RunControl` whether a run of this
            process is behind it (its fold for the panels, a stop for quitting).
        mode: ``"live"``, ``"replay"`` (a ``ReplaySource`` implies it) or ``"play"`` (live plus a console).
        theme: Theme name (``arena-dark``, ``arena-light``, ``arena-high-contrast`` or short
            ``dark``/``light``/``high-contrast``); default from ``$CATEAM_THEME``.
        tick_s: Seconds between frames (events are coalesced per frame).
        frame_budget_s: Longest time one frame spends applying events.
        stream_capacity: Tool-call stream lines kept.
        submit: Play mode: the callback that runs the human manager's tool calls.
        tools: Play mode: tool names the console offers as completions.
        play_context: Play mode: what the forms may offer (grantable paths, tool help).
        clock: Current time for the status line's ages (``time.time``; injected by tests).
        resume_hint: The command that continues an interrupted run (shown when quitting).
        save_dir: Where screenshots go (the run folder; default the working directory).
        load: Instead of ``source``: a callable that opens it, run in a thread after the first frame
            (an opening screen naming ``opening`` is painted first); an :class:`ArenaError` it raises
            ends the app with exit code 2 and is kept in ``load_error`` for the command to print.
            It may return a :class:`~arena_tui.tui.handoff.RunView` (a run with its screen's
            settings: live or play) or ``None`` (nothing to show: the app closes).
        opening: What ``load`` opens, for the opening screen (e.g. the run folder).
        cancel_load: Called when the app leaves, so a loader still waiting returns.

    Whatever is printed while the app runs is shown on the opening screen (a probe's table, a
    warning) and kept in :attr:`printed` for the command to write out once the screen is gone.
    """

    TITLE = "ClawArena-Team"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "request_quit", "Quit"),
        Binding("ctrl+c", "request_quit", show=False, priority=True),
    ]

    source: RunEventSource | ReplaySource
    replay: ReplaySource | None
    ingest: Ingestor
    _run_screen_type: type[RunScreen]

    def __init__(
        self,
        source: RunEventSource | ReplaySource | None = None,
        mode: Mode = "live",
        theme: str | None = None,
        *,
        tick_s: float = 0.075,
        frame_budget_s: float = 0.04,
        stream_capacity: int = DEFAULT_STREAM_CAPACITY,
        submit: ToolSubmitter | None = None,
        tools: Iterable[str] = (),
        play_context: PlayContext | None = None,
        clock: Callable[[], float] = time.time,
        resume_hint: str = "",
        save_dir: Path | None = None,
        load: SourceLoader | None = None,
        opening: str = "",
        cancel_load: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        if (source is None) == (load is None):
            raise ValueError("give the app a source or a loader of one, not both")
        if mode == "play" and submit is None:
            raise ValueError("play mode needs a submit callback")
        self.mode: Mode = mode
        self.submit = submit if mode == "play" else None
        self._load, self._opening, self._cancel_load = load, opening, cancel_load
        self.printed: list[tuple[str, bool]] = []
        """Text printed while the app ran, with ``True`` for stderr, in order."""
        self.load_error: BaseException | None = None
        """What ``load`` raised (the app has exited); the command reports it."""
        self._stream_capacity = stream_capacity
        self.attached = False
        """The source is open and the run screen is (or is being) shown."""
        self.tools = list(tools)
        self.play_context = play_context
        self.tick_s, self.frame_budget_s = tick_s, frame_budget_s
        self.clock = clock
        self.resume_hint = resume_hint
        self.save_dir = save_dir
        self.stopping = False
        self._quit_presses = 0
        """Quit was confirmed: the run is being stopped; the app exits when its source ends."""
        self.frames = 0
        self.first_frame_at: float | None = None
        """``time.monotonic()`` when the first frame was on screen (Textual's Ready)."""
        self._requested_theme = theme
        self._last_tick = 0.0
        self.pacer = FramePacer()
        """Holds live frames back while painting is slow (keys redraw at once regardless)."""
        self.collector = QuietCollector()
        """Full garbage-collection passes wait for quiet input while the run screen is up."""
        self._themes = load_themes()
        for arena_theme in self._themes.values():
            self.register_theme(arena_theme)
        self.theme = resolve_theme_name(theme, set(self.available_themes))
        if source is not None:
            self._attach_source(source)

    def _attach_source(self, source: RunEventSource | ReplaySource) -> None:
        from arena_tui.tui.ingest import Ingestor
        from arena_tui.tui.replay import ReplaySource
        from arena_tui.tui.screens.run_screen import RunScreen
        from arena_tui.tui.state import ArenaState

        self._run_screen_type = RunScreen
        self.source = source
        self.replay = source if isinstance(source, ReplaySource) else None
        if self.replay is not None:
            self.mode = "replay"
        elif self.mode == "replay":
            raise ValueError("replay mode needs a ReplaySource")
        # The app folds every event itself; a run in this process seeds it with its kept rounds.
        self.ingest = Ingestor(ArenaState(self._stream_capacity, source.seed), self.replay)
        self.attached = True

    @property
    def state(self) -> ArenaState:
        """The state currently drawn."""
        return self.ingest.state

    @property
    def run_screen(self) -> RunScreen:
        """The run screen (below any modal)."""
        found = self._run_screen()
        if found is None:
            raise LookupError("the run screen is not open yet")
        return found

    def _run_screen(self) -> RunScreen | None:
        if not self.attached:
            return None
        return next((s for s in self.screen_stack if isinstance(s, self._run_screen_type)), None)

    async def on_mount(self) -> None:
        """Show the run screen (or, with a loader, the opening screen) and start the frame timer."""
        self.begin_capture_print(self)
        if self.attached:
            await self._show_run_screen()
        else:
            from arena_tui.tui.screens.opening import OpeningScreen

            await self.push_screen(OpeningScreen(self._opening or "the run"))
        self._last_tick = time.monotonic()
        self.set_interval(self.tick_s, self._tick)
        self.theme_changed_signal.subscribe(self, lambda _theme: self.call_after_refresh(self._redraw))

    async def _show_run_screen(self) -> None:
        from arena_tui.tui.screens.run_screen import RunScreen

        screen = RunScreen(self.replay, self.submit, self.tools)
        if len(self.screen_stack) == 1:  # the source came with the app: nothing to replace
            await self.push_screen(screen)
            return
        from arena_tui.tui.screens.opening import OpeningScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, OpeningScreen):
            self.pop_screen()  # a palette or dialog opened over the opening screen closes with it
        await self.switch_screen(screen)  # the opening screen gives way

    def on_ready(self) -> None:
        """The first frame is on screen: only now open or start the source (a run opens its store, a watch polls)."""
        self.first_frame_at = time.monotonic()
        if self.attached:
            self._start_source()
        else:
            self.run_worker(self._open_source, name="open", group="open", thread=True, exit_on_error=False)

    def _open_source(self) -> None:
        """Worker thread: open the source and import the run screen, both off the event loop."""
        assert self._load is not None
        source = self._load()
        if source is None:  # nothing to show (the command ended, or the app is leaving)
            with contextlib.suppress(RuntimeError):  # the app has already stopped
                self.call_from_thread(self.exit)
            return
        import arena_tui.tui.screens.run_screen  # noqa: F401  (its import is the slow part of showing it)

        self.call_from_thread(self._opened, source)

    def _opened(self, opened: RunEventSource | ReplaySource | RunView) -> None:
        from arena_tui.tui.handoff import RunView

        if isinstance(opened, RunView):
            self.mode, self.submit = opened.mode, opened.submit if opened.mode == "play" else None
            self.tools, self.play_context = list(opened.tools), opened.play_context
            self.resume_hint, self.save_dir = opened.resume_hint, opened.save_dir
            if opened.theme:
                self.theme = resolve_theme_name(opened.theme, set(self.available_themes))
            opened = opened.source
        self._attach_source(opened)
        self.call_next(self._show_opened)

    def on_print(self, event: events.Print) -> None:
        """Kept for the command to write out after the app, and shown while the opening screen is up."""
        self.printed.append((event.text, event.stderr))
        from arena_tui.tui.screens.opening import OpeningScreen

        if isinstance(self.screen, OpeningScreen):
            self.screen.show_printed(event.text)

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Leave; a loader still waiting for its run (behind the opening screen) is told so first."""
        if self._cancel_load is not None:
            self._cancel_load()
        super().exit(result, return_code, message)

    async def _show_opened(self) -> None:
        await self._show_run_screen()
        self._start_source()
        self._redraw()

    def _start_source(self) -> None:
        self.collector.start()  # the screen and the run's imports are up: the full GC pass waits for quiet input
        if self.replay is None:
            self.run_worker(self._drain(), name="source", group="source", exclusive=True, exit_on_error=False)

    async def _drain(self) -> None:
        """Worker: move batches from the live source into the ingest queue."""
        from arena_tui.tui.replay import ReplaySource

        source = self.source
        assert not isinstance(source, ReplaySource)  # a replay is paced by frames, never drained
        try:
            async for batch in source:
                self.ingest.push(batch)
        finally:
            self.ingest.source_done = True
            if self.stopping:
                self.call_later(self._exit_stopped)

    @property
    def run_active(self) -> bool:
        """A run in this process (live or play) that has not ended yet."""
        if not self.attached:
            return False
        return self.mode in ("live", "play") and self.source.stoppable and not self.ingest.source_done

    def action_request_quit(self) -> None:
        """Quit; a run still going asks first, then stops cleanly (resumable) before the app exits."""
        if self.stopping:  # a run that does not stop: a second press leaves at once
            self._quit_presses += 1
            if self._quit_presses >= 2:
                self.exit(return_code=130)
            else:
                self.notify("still stopping the run; press again to leave at once", severity="warning")
            return
        if not self.run_active:
            self.exit()
            return
        what = "the play session" if self.mode == "play" else "the run"

        def answer(stop: bool | None) -> None:
            if stop:
                self.stop_run()

        self.push_screen(ConfirmQuit(what, self.resume_hint), answer)

    def stop_run(self) -> None:
        """Stop the run in this process; the app exits once it has recorded ``interrupted`` and its report."""
        self.stopping = True
        self.notify("stopping the run cleanly…", timeout=30)
        self.source.stop()
        if self.ingest.source_done:
            self._exit_stopped()

    def _exit_stopped(self) -> None:
        self.ingest.frame(0.0, 1.0)
        self._sync(force=True)
        self.exit(return_code=130)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A failing source is reported, never silently dropped."""
        if event.state == WorkerState.ERROR and event.worker.group == "open":
            self.load_error = event.worker.error  # a store that cannot be read: the command prints it
            self.exit(return_code=2)
            return
        if event.state == WorkerState.ERROR and event.worker.group == "source":
            if isinstance(event.worker.error, ArenaError) and not self.state.events_applied:
                self.exit(return_code=2)  # refused before it started (no bwrap): the CLI prints the one line
                return
            self.notify(f"event source failed: {event.worker.error}", severity="error", timeout=30)

    def _tick(self) -> None:
        """One frame: apply what arrived (within budget), then redraw what changed."""
        now = time.monotonic()
        if self.collector.tick(now):  # a full GC pass ran (input was quiet): this frame waits for the next tick
            return
        if not self.attached or not self.pacer.due(now):  # the last paint was slow: the loop goes to keys first
            return
        dt, self._last_tick = now - self._last_tick, now
        self.ingest.frame(dt, self.frame_budget_s)
        self.frames += 1
        self._sync(force=False)
        self.call_after_refresh(self._painted, now)

    async def on_event(self, event: events.Event) -> None:
        """Note input for the collector (a full GC pass never lands while a person types), then dispatch."""
        if isinstance(event, (events.Key, events.MouseDown)):
            self.collector.input_seen(time.monotonic())
        await super().on_event(event)

    def on_unmount(self) -> None:
        """The collector goes back as it was (a test process opens many apps)."""
        self.collector.stop()

    def _painted(self, started: float) -> None:
        self.pacer.painted(started, time.monotonic())

    def _redraw(self) -> None:
        self._sync(force=True)

    def _sync(self, force: bool) -> None:
        screen = self._run_screen()
        if screen is not None:  # absent only while the app starts or shuts down
            screen.sync(self.ingest.state, force, streaming=not self.ingest.idle)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Command palette: the built-ins plus themes, filters and replay controls."""
        yield from super().get_system_commands(screen)
        for name in sorted(self._themes):
            yield SystemCommand(f"Theme: {name}", f"Switch to the {name} theme", lambda n=name: self._set_theme(n))
        run = self._run_screen()
        if run is None:
            return
        yield SystemCommand("Filter: next agent", "Cycle the Tool calls filter", run.action_cycle_filter)
        yield SystemCommand("Filter: all agents", "Show every agent's tool calls", run.action_clear_filter)
        yield SystemCommand("Help: key bindings", "Show every key binding", run.action_help)
        if self.replay is not None:
            yield SystemCommand("Replay: pause / play", "Toggle playback", run.action_toggle_play)
            yield SystemCommand("Replay: step one event", "Pause and apply one event", run.action_step)
            yield SystemCommand("Replay: faster", "Next speed up", run.action_faster)
            yield SystemCommand("Replay: slower", "Next speed down", run.action_slower)
            yield SystemCommand("Replay: seek to round", "Pick a round to jump to", run.action_seek)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot: saved into the run folder (or the working directory), path shown."""
        written = save_screenshot_into(self, Path(path) if path else self.save_dir)
        return str(written) if written else None

    def save_screen(self) -> None:
        """Save a screenshot (ctrl+s on the run screen)."""
        save_screenshot_into(self, self.save_dir)

    def _set_theme(self, name: str) -> None:
        self.theme = name
