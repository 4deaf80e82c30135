"""Command-line interface: argument parsing only; each command calls into its module.

Exit codes: 0 ok, 1 benchmark or check failure, 2 bad input. Errors a user can cause are
``ArenaError`` subclasses, printed here as one line (never a traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from arena_tui import __version__
from arena_tui.errors import ArenaError

PROG = "clawarena-team"
PACKAGED_DATASET = Path(__file__).resolve().parent.parent / "data" / "clawarena-team"

Handler = Callable[[argparse.Namespace], int]


def default_dataset() -> str:
    """The bundled dataset when running from a checkout, else ``data/clawarena-team``."""
    return str(PACKAGED_DATASET) if PACKAGED_DATASET.is_dir() else "data/clawarena-team"


def _ids(value: str) -> list[str]:
    return [v for v in value.replace(",", " ").split() if v]


def _add_dataset_args(p: argparse.ArgumentParser, default: str | None = "bundled") -> None:
    p.add_argument(
        "-d",
        "--dataset",
        "--data",
        default=default_dataset() if default == "bundled" else default,
        metavar="DIR",
        help="dataset folder holding tests.json (default: the bundled dataset)",
    )
    p.add_argument(
        "-t",
        "--scenarios",
        "--scenario-id",
        type=_ids,
        metavar="IDS",
        help="only these scenario ids (comma- or space-separated)",
    )
    p.add_argument(
        "--tests", metavar="FILE", help="a tests-*.json subset instead of tests.json (relative to -d or absolute)"
    )


def _add_config_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--config",
        metavar="FILE",
        help="settings file: YAML, TOML or JSON, our settings or the earlier release's configs/*.yaml "
        "(its paths.* become defaults of this command's options; flags win)",
    )


def _add_model_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "-m",
        "--model",
        metavar="JSON|@FILE|PRESET",
        help="model JSON, @file.json, or a preset (oracle, sim, null, greedy); env CATEAM_MODEL_JSON",
    )
    _add_config_arg(p)
    p.add_argument("--no-probe", "--skip-probe", action="store_true", help="skip the startup model probe")


def _add_profile_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--metrics",
        choices=("arena", "compat"),
        default=None,
        help="scoring profile the report leads with: arena (default) or compat (the earlier release's "
        "definitions); report.json always carries both",
    )
    p.add_argument(
        "--tools-profile",
        choices=("arena", "compat"),
        default=None,
        help="tool surface: arena (default) or compat (the earlier release's: no InspectSubagent, Bash "
        "needs description, RunSubagent takes schema, subagent system prompts used as written)",
    )


def _attempts(value: str) -> int:
    n = int(value)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1 (the first attempt counts)")
    return n


def _cmd_clean(args: argparse.Namespace) -> int:
    from arena_tui.commands.stats import cmd_clean

    return cmd_clean(args)


def _cmd_test(args: argparse.Namespace) -> int:
    import subprocess

    return subprocess.call([sys.executable, "-m", "pytest", *args.pytest_args])  # `main` intercepts `test` first


def _add_running_args(p: argparse.ArgumentParser) -> None:
    """How a run shows itself and sandboxes Bash, and its limits (``run`` and ``resume``)."""
    p.add_argument("--headless", action="store_true", help="plain progress even on a terminal")
    p.add_argument("--unsafe-bash", action="store_true", help="run Bash without bubblewrap (recorded in the report)")
    p.add_argument("--theme", default=None, help="dark, light or high-contrast (env CATEAM_THEME)")
    _add_limit_args(p)


def _add_limit_args(p: argparse.ArgumentParser) -> None:
    """The limits that matter for real runs (they override --config, CATEAM_* and the defaults)."""
    p.add_argument("--max-iterations", type=int, default=None, metavar="N", help="model calls per agent turn")
    p.add_argument("--round-timeout-s", type=float, default=None, metavar="S", help="main agent time per round")
    p.add_argument("--scenario-timeout-s", type=float, default=None, metavar="S", help="time per scenario attempt")
    p.add_argument("--request-timeout-s", type=float, default=None, metavar="S", help="one model request attempt")
    p.add_argument("--max-retries", type=int, default=None, metavar="N", help="retries per model request")


def _cmd_check(args: argparse.Namespace) -> int:
    from arena_tui.dataset.check import check_dataset

    outcome = check_dataset(Path(args.dataset), sys.stdout, args.tests, args.scenarios, args.strict)
    if not args.gate or outcome.exit_code != 0 or outcome.result.dataset is None:
        return outcome.exit_code
    from arena_tui.commands.gate import run_gate
    from arena_tui.commands.options import settings_from_args

    ok, lines = run_gate(outcome.result.dataset, settings_from_args(args, headless=True))
    print("\n".join(lines))
    return 0 if ok else 1


def _lazy(module: str, function: str) -> Handler:
    """A handler imported only when its command runs, so `--help` stays fast."""

    def handler(args: argparse.Namespace) -> int:
        import importlib

        target: Handler = getattr(importlib.import_module(module), function)
        return target(args)

    return handler


def _on_screen(module: str, function: str, what: str) -> Handler:
    """A command that opens the live screen: on a terminal the screen is painted first and the command
    (its imports, dataset, probe) runs behind it; elsewhere it runs as :func:`_lazy` does."""
    lazy = _lazy(module, function)

    def handler(args: argparse.Namespace) -> int:
        from arena_tui.commands.tui import run_behind_opening, use_tui

        if not use_tui(args):
            return lazy(args)
        return run_behind_opening(lambda: lazy(args), what, getattr(args, "theme", None))

    return handler


def _cmd_runs(args: argparse.Namespace) -> int:
    from arena_tui.commands.tui import cmd_browse, use_tui

    if not args.plain and use_tui(args):
        return cmd_browse(args)
    from arena_tui.commands.results import cmd_runs

    return cmd_runs(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="ClawArena-Team arena: measure how well a language model manages a pool of "
        "subagent models on multi-round, multimodal workspace tasks.",
        epilog="Aliases: cateam, ca-team. Exit codes: 0 ok, 1 benchmark/check failure, 2 bad input.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser(
        "check",
        help="validate a dataset (format, paths, updates, scripts)",
        description="Validate a dataset against the format rules and simulate its "
        "updates round by round. Prints `[error] <file>: <field>: <problem>` lines "
        "and a summary; exit 1 on errors.",
    )
    _add_dataset_args(p)
    p.add_argument("-s", "--strict", action="store_true", help="treat warnings as errors")
    _add_config_arg(p)
    p.add_argument(
        "--gate",
        action="store_true",
        help="also run the oracle (every round must pass) and a null manager (every round must fail)",
    )
    p.set_defaults(handler=_cmd_check)

    p = sub.add_parser(
        "run",
        help="run a manager model on a dataset",
        description="Run the benchmark: the live TUI on a terminal, plain progress otherwise.",
    )
    _add_dataset_args(p)
    _add_model_args(p)
    p.add_argument("-o", "--output", "--out", metavar="DIR", help="output folder (the run store lives here)")
    p.add_argument("-c", "--concurrency", type=int, default=None, metavar="N", help="scenarios in parallel")
    p.add_argument(
        "--retry", type=int, default=0, metavar="N", help="retries per scenario after infrastructure failures"
    )
    p.add_argument(
        "--attempts",
        type=_attempts,
        default=None,
        metavar="N",
        help="attempts per scenario including the first (the earlier release's --retry N); sets --retry N-1",
    )
    p.add_argument(
        "--epochs",
        type=_attempts,
        default=1,
        metavar="K",
        help="run every scenario K times (independent sessions); reports give means, intervals and pass^k",
    )
    _add_profile_args(p)
    _add_running_args(p)
    p.set_defaults(handler=_on_screen("arena_tui.commands.run", "cmd_run", "a new run"))

    p = sub.add_parser(
        "resume",
        help="continue an interrupted run",
        description="Continue a run: finished scenarios are kept once, the rest re-run. Without -d, -t or "
        "--tests it runs the scenarios the run was started with.",
    )
    p.add_argument("old_output", nargs="?", metavar="OUT", help="continue this output folder in place")
    _add_dataset_args(p, default=None)
    p.add_argument(
        "--retry",
        type=int,
        default=None,
        metavar="N",
        help="retries per scenario after infrastructure failures (default: as the run was started)",
    )
    p.add_argument("-c", "--concurrency", type=int, default=None, metavar="N", help="scenarios in parallel")
    _add_model_args(p)
    p.add_argument("-O", "--old-output", dest="old_output_flag", metavar="OLD_OUT", help="the interrupted run's folder")
    p.add_argument("-o", "--output", metavar="NEW_OUT", help="where the continued run goes")
    _add_running_args(p)
    p.set_defaults(handler=_on_screen("arena_tui.commands.run", "cmd_resume", "the run to continue"))

    p = sub.add_parser(
        "report",
        help="write report.json/report.md for one or more runs (stitched)",
        description="Stitch runs into one report. Earlier-release outputs (metadata.json) are accepted "
        "and stitched in its definitions.",
    )
    p.add_argument("outputs", nargs="*", metavar="OUT", help="run output folders")
    p.add_argument("-i", "--input", dest="inputs", action="append", metavar="OUT", help="another run output folder")
    p.add_argument("-o", "--output", "--out", metavar="DIR", help="where the stitched report goes")
    p.add_argument("--metrics", choices=("arena", "compat"), default=None, help="profile the report leads with")
    p.add_argument("--run-id", default=None, metavar="NAME", help="label of the stitched report (default: stitched)")
    p.add_argument(
        "-d", "--data", "--dataset", dest="dataset", default=None, metavar="DIR", help="also report coverage of DIR"
    )
    p.set_defaults(handler=_lazy("arena_tui.commands.results", "cmd_report"))

    p = sub.add_parser("rescore", help="recompute every score of a run from its store alone")
    p.add_argument("output", metavar="OUT", help="run output folder")
    p.add_argument("--metrics", choices=("arena", "compat"), default=None, help="profile the report leads with")
    p.set_defaults(handler=_lazy("arena_tui.commands.results", "cmd_rescore"))

    p = sub.add_parser("stats", help="dataset statistics (STATS.md and charts)")
    _add_dataset_args(p)
    p.add_argument(
        "-o", "--output", "--out", metavar="DIR", help="write STATS.md and the charts here (without it: a summary)"
    )
    _add_config_arg(p)
    p.set_defaults(handler=_lazy("arena_tui.commands.stats", "cmd_stats"))

    p = sub.add_parser("compare", help="compare two or more runs, ranked by SMS")
    p.add_argument(
        "outputs", nargs="*", metavar="OUT", help="run output folders or earlier-release outputs (at least two)"
    )
    p.add_argument("-r", "--report", dest="reports", action="append", metavar="REPORT", help="another run or report")
    p.add_argument("-o", "--output", "--out", metavar="DIR", help="where the markdown, CSV and charts go")
    p.add_argument("--metrics", choices=("arena", "compat"), default=None, help="definitions to rank by")
    _add_config_arg(p)
    p.set_defaults(handler=_lazy("arena_tui.commands.compare", "cmd_compare"))

    p = sub.add_parser(
        "pack",
        help="bundle a run into one submission file (store, reports, transcripts, checksums)",
        description="Write a submission pack: the store, report.json, transcripts, the model JSON without "
        "secrets, the dataset's name and content hash, the harness version and the machine (docs/submit.md).",
    )
    p.add_argument("output_dir", metavar="OUT", help="run output folder")
    p.add_argument("-o", "--output", dest="file", metavar="FILE", help="the pack to write (default: OUT.pack.zip)")
    p.add_argument("-d", "--dataset", default=None, metavar="DIR", help="the dataset the run used (default: its path)")
    p.add_argument("-m", "--model", default=None, metavar="JSON|@FILE", help="model JSON to include, secrets removed")
    p.set_defaults(handler=_lazy("arena_tui.commands.pack", "cmd_pack"))

    p = sub.add_parser(
        "verify",
        help="check a submission pack: checksums, scores re-computed from its store, dataset hash",
    )
    p.add_argument("file", metavar="FILE", help="a pack written by `pack`")
    p.add_argument("-d", "--dataset", default=None, metavar="DIR", help="the local dataset to hash (default: its path)")
    p.set_defaults(handler=_lazy("arena_tui.commands.pack", "cmd_verify"))

    p = sub.add_parser("clean", help="remove bulky per-scenario folders from run outputs")
    p.add_argument("root", nargs="?", default=None, metavar="OUT", help="output folder to clean")
    p.add_argument("-o", "--out", dest="out", metavar="OUT", help="output folder to clean")
    p.add_argument("-t", "--targets", default="work", help="comma-separated: work, logs, sessions, all (default: work)")
    _add_config_arg(p)
    p.set_defaults(handler=_cmd_clean)

    p = sub.add_parser("test", help="run the project's test suite (pytest)")
    p.add_argument("pytest_args", nargs=argparse.REMAINDER, metavar="ARGS", help="passed to pytest")
    p.set_defaults(handler=_cmd_test)

    p = sub.add_parser(
        "replay",
        help="replay a stored run in the TUI",
        description="Replay a stored run through the live screen: space pauses, . steps, +/- change the speed, "
        "s seeks to a round.",
    )
    p.add_argument("run", metavar="OUT", help="run output folder (holding arena.sqlite)")
    p.add_argument("--run-id", default=None, help="a specific run of that store (default: the latest)")
    p.add_argument("--speed", default="1", help="1, 4, 16, 100 or max")
    p.add_argument("--theme", default=None, help="dark, light or high-contrast (env CATEAM_THEME)")
    p.set_defaults(handler=_lazy("arena_tui.commands.tui", "cmd_replay"))

    p = sub.add_parser(
        "watch",
        help="attach the TUI to a run another process is writing",
        description="Follow a run another process is writing (its store is polled). If that process dies, the "
        "screen says STOPPED with the resume command.",
    )
    p.add_argument("output", metavar="OUT", help="run output folder")
    p.add_argument("--run-id", default=None, help="a specific run of that store (default: the latest)")
    p.add_argument("--theme", default=None, help="dark, light or high-contrast (env CATEAM_THEME)")
    p.set_defaults(handler=_lazy("arena_tui.commands.tui", "cmd_watch"))

    p = sub.add_parser(
        "play",
        help="be the manager yourself (human baseline)",
        description="Play one scenario (-t SCENARIO) as the manager: type tool calls in the console (? lists "
        "them), F2/F3/F4 open the CreateSubagent/RunSubagent/Workflow forms, `end` or ctrl+e ends the round "
        "and shows its verdict. The session is stored and scored like any run.",
    )
    _add_dataset_args(p)
    _add_model_args(p)
    p.add_argument("--who", default="", metavar="NAME", help="the participant's name, stored with the run")
    p.add_argument("-o", "--output", metavar="DIR", help="output folder")
    p.add_argument("--theme", default=None, help="dark, light or high-contrast (env CATEAM_THEME)")
    p.set_defaults(handler=_on_screen("arena_tui.commands.tui", "cmd_play", "a play session"))

    p = sub.add_parser(
        "runs",
        help="list stored runs",
        description="List the runs stored under DIR (and three levels below): on a terminal a browser where "
        "enter replays, space marks and c compares the marked runs; otherwise (or with --plain) a table.",
    )
    p.add_argument("root", nargs="?", default=".", metavar="DIR", help="folder to search for run stores")
    p.add_argument("--plain", action="store_true", help="print a table even on a terminal")
    p.set_defaults(handler=_cmd_runs)
    return parser


def _with_config_file(parser: argparse.ArgumentParser, argv: list[str], args: argparse.Namespace) -> argparse.Namespace:
    """Parse again with the ``--config`` file's option defaults (``paths.data`` → ``-d``…): flags still win."""
    if not getattr(args, "config", None):
        return args
    from arena_tui.config_file import read_config_file

    config = read_config_file(args.config)
    if config.ignored:
        print(f"config file {config.path}: not used here: {', '.join(config.ignored)}", file=sys.stderr)
    defaults = config.defaults_for(args.command)
    if defaults:
        (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        commands.choices[args.command].set_defaults(**defaults)
        args = parser.parse_args(argv)
    args.config_file = config
    return args


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (`compare ... | head`): what it read is complete, the rest is
        # dropped quietly, and stdout is pointed at /dev/null so the exit flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # the shell's code for a process ended by SIGPIPE


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["test"]:  # everything after `test` belongs to pytest, options included
        import subprocess

        return subprocess.call([sys.executable, "-m", "pytest", *argv[1:]])
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        if sys.stdin.isatty() and sys.stdout.isatty():
            args = parser.parse_args(["runs"])
        else:
            parser.print_help()
            return 2
    try:
        args = _with_config_file(parser, argv, args)
        if getattr(args, "attempts", None) is not None:
            args.retry = args.attempts - 1  # the earlier release's --retry counted every attempt
        code: int = args.handler(args)
        return code
    except ArenaError as exc:
        print(f"{PROG} {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"{PROG} {args.command}: interrupted", file=sys.stderr)
        return 130
