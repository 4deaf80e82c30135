"""Commands that open the terminal UI: live runs, ``replay``, ``watch``, ``play`` and the runs browser.

Textual is imported only here, when a screen is really opened, so headless commands never
pay for it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from arena_tui.errors import BadInputError
from arena_tui.store.schema import STORE_FILENAME

if TYPE_CHECKING:  # the runner pulls in every provider (openai alone takes seconds): replay, watch and runs never do
    from arena_tui.runner.orchestrator import RunOutcome, RunPlan
    from arena_tui.tui.app import Mode, SourceLoader
    from arena_tui.tui.handoff import RunView
    from arena_tui.tui.replay import ReplaySource
    from arena_tui.tui.store_sources import StorePollSource

SPEED_NAMES = {"1": 1.0, "4": 4.0, "16": 16.0, "100": 100.0, "max": math.inf}


def use_tui(args: argparse.Namespace) -> bool:
    """The live screen on a real terminal, plain progress otherwise (or with --headless)."""
    return not getattr(args, "headless", False) and sys.stdin.isatty() and sys.stdout.isatty()


def run_behind_opening(command: Callable[[], int], what: str, theme: str | None) -> int:
    """Paint the opening screen at once and run ``command`` behind it (``run``, ``resume``, ``play``).

    The command builds its run in a thread the app starts after its first frame and hands the run
    to the app on screen (:mod:`arena_tui.tui.handoff`); what it printed meanwhile is written out
    once the screen is gone, and its exit code (or its error, as one line) is the command's.
    """
    from arena_tui.tui import handoff
    from arena_tui.tui.app import ArenaApp

    behind = handoff.Handoff(command)
    handoff.install(behind)
    try:
        app = ArenaApp(mode="live", theme=theme, load=behind.open, opening=what, cancel_load=behind.leave)
        app.run()
        for text, to_stderr in app.printed:
            (sys.stderr if to_stderr else sys.stdout).write(text)
        return behind.finish()
    finally:
        handoff.install(None)


def show_run(view: RunView) -> None:
    """Show a run of this process: on the app already on screen (behind an opening screen), else on a new one."""
    from arena_tui.tui import handoff

    behind = handoff.current()
    if behind is not None:
        if behind.offer(view):
            behind.wait_closed()  # the app stopped the run on leaving; its report is written next
        return  # refused: the app closed before the run was ready, so the run never starts
    from arena_tui.tui.app import ArenaApp

    ArenaApp(
        view.source, mode=view.mode, theme=view.theme, submit=view.submit, tools=view.tools,
        play_context=view.play_context, resume_hint=view.resume_hint, save_dir=view.save_dir,
    ).run()  # fmt: skip


def leave_opening_screen() -> None:
    """The command goes on without a screen (a headless setting): an opening screen on show closes first."""
    from arena_tui.tui import handoff

    behind = handoff.current()
    if behind is not None:
        behind.decline()


def run_live(plan: RunPlan, theme: str | None) -> RunOutcome | None:
    from arena_tui.tui.handoff import RunView
    from arena_tui.tui.live_run import RunSource

    warm_sandbox_probe()  # the run's source waits for it off the event loop: the first frame never does
    source = RunSource(plan)
    hint = f"continue it with `clawarena-team resume {plan.out_dir}`"
    show_run(RunView(source, "live", resume_hint=hint, save_dir=plan.out_dir, theme=theme))
    source.join()  # the app stopped the run on leaving: its report is written before the command goes on
    if source.error is not None:
        raise source.error
    return source.outcome


def warm_sandbox_probe() -> None:
    """Start the bwrap probe (cached) in a thread while the screen opens; a refusal still ends the run at once."""
    import threading

    from arena_tui.sandbox.bwrap import bwrap_path

    threading.Thread(target=bwrap_path, name="sandbox-probe", daemon=True).start()


def _store_dir(value: str) -> Path:
    path = Path(value)
    if not (path / STORE_FILENAME).is_file() and not (path.is_file() and path.name == STORE_FILENAME):
        raise BadInputError(f"no run store at '{path}'", fix="pass a run's output folder (the -o of `run`)")
    return path if path.is_dir() else path.parent


def cmd_replay(args: argparse.Namespace) -> int:
    out = _store_dir(args.run)
    speed = SPEED_NAMES.get(str(args.speed))
    if speed is None:
        raise BadInputError(f"--speed {args.speed} is not one of {', '.join(SPEED_NAMES)}")

    def load() -> ReplaySource:  # after the first frame, in a thread: the store read and the event models
        from arena_tui.tui.replay import ReplaySource
        from arena_tui.tui.store_sources import StoredEvents

        run_id, events = StoredEvents.load(out, args.run_id)
        if not events:
            raise BadInputError(f"run {run_id} in {out} holds no events yet")
        return ReplaySource(events, speed=speed)

    return _open_screen("replay", load, args.theme, out)


def cmd_watch(args: argparse.Namespace) -> int:
    out = _store_dir(args.output)

    def load() -> StorePollSource:
        from arena_tui.store.reader import check_readable
        from arena_tui.tui.store_sources import StorePollSource

        check_readable(out, args.run_id)  # a damaged store is one line, and the screen closes
        return StorePollSource(out, args.run_id)

    return _open_screen("watch", load, args.theme, out)


def _open_screen(mode: Mode, load: SourceLoader, theme: str | None, out: Path) -> int:
    """Paint the opening screen at once, open the source behind it; what ``load`` refused is printed as usual."""
    from arena_tui.tui.app import ArenaApp

    app = ArenaApp(mode=mode, theme=theme, save_dir=out, load=load, opening=str(out))
    app.run()
    if app.load_error is not None:
        raise app.load_error
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from arena_tui.commands.options import settings_from_args
    from arena_tui.config import load_model_config, validate_model_json
    from arena_tui.dataset.loader import load_dataset
    from arena_tui.providers.human import END_ROUND, HumanManager
    from arena_tui.runner.orchestrator import RunPlan
    from arena_tui.store.lock import ensure_free
    from arena_tui.tui.handoff import RunView
    from arena_tui.tui.live_run import RunSource
    from arena_tui.tui.play_context import PlayContext

    if not args.scenarios or len(args.scenarios) != 1:
        raise BadInputError("play needs exactly one scenario", fix="pass -t SCENARIO_ID")
    dataset = load_dataset(Path(args.dataset), args.tests, args.scenarios)
    pool = load_model_config(args.model) if args.model else load_model_config("sim")
    raw = {k: e.model_dump(exclude_none=True) for k, e in pool.entries().items() if k != "main"}
    config = validate_model_json({"main": {"provider": "human"}, **raw})
    settings = settings_from_args(args)
    out = Path(args.output) if args.output else Path("runs") / f"play-{dataset.scenarios[0].id}"
    if (out / STORE_FILENAME).exists():
        raise BadInputError(f"output folder '{out}' already holds a run", fix="choose another -o")
    scenario = dataset.scenarios[0]
    workspace = (out / scenario.id / "workspace").resolve()
    human = HumanManager(workspace=workspace)
    plan = RunPlan(dataset, config, settings, out, human=human, participant=getattr(args, "who", "") or "")
    warm_sandbox_probe()
    ensure_free(out)  # another process writing this folder: one line naming it, before the screen opens
    source = RunSource(plan)
    tools = [*settings.enabled_tools, END_ROUND]
    manifest = scenario.manifest
    grantable = [
        str(workspace / p) for p in [*manifest.main_agent_accessible_paths, *manifest.main_agent_delegable_paths]
    ]
    context = PlayContext(grantable=grantable, workspace=str(workspace))
    hint = f"look back at it with `clawarena-team replay {out}`"
    show_run(
        RunView(
            source, "play", submit=source.in_run(human.submit), tools=tuple(tools), play_context=context,
            resume_hint=hint, save_dir=out, theme=args.theme,
        )
    )  # fmt: skip
    source.join()
    if source.error is not None:
        raise source.error
    outcome = source.outcome
    if outcome is None:
        print(f"play stopped before it started; nothing was scored ({out})", file=sys.stderr)
        return 130
    s = outcome.scores
    word = "interrupted" if outcome.interrupted else "finished"
    print(
        f"play {word}: TCR {100 * s.tcr:.1f} ({s.rounds_passed}/{s.rounds_total}), SMS {100 * s.sms:.1f}; "
        f"report: {out / 'report.md'}"
    )
    if outcome.interrupted:
        print(f"interrupted: the session is stored as interrupted; {hint}", file=sys.stderr)
        return 130
    return 0


def cmd_browse(args: argparse.Namespace) -> int:
    """The runs browser (``runs`` on a terminal, and the app with no command)."""
    from arena_tui.tui.browser_app import BrowserApp

    root = Path(getattr(args, "root", "."))
    theme = os.environ.get("CATEAM_THEME")
    marked: list[str] = []
    while True:  # a replay chosen in the browser comes back to the browser (with its marks) when it is closed
        browser = BrowserApp(root, theme=theme, marked=marked)
        choice = browser.run()
        marked = browser.marked
        if not choice:
            return 0
        out, run_id = choice
        cmd_replay(argparse.Namespace(run=str(out), run_id=run_id, speed="1", theme=theme))
