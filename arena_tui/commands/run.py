"""``run`` and ``resume``: build the plan from arguments, run it, print the outcome."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from arena_tui.commands.options import explicit_overrides, settings_from_args
from arena_tui.config import ModelConfig, load_model_config, validate_model_json
from arena_tui.config_file import ConfigFile
from arena_tui.dataset.loader import load_dataset
from arena_tui.errors import BadInputError, ConfigError
from arena_tui.events import RunStarted
from arena_tui.runner.orchestrator import RunOutcome, RunPlan, execute_run, preflight
from arena_tui.runner.progress import PlainProgress
from arena_tui.runner.stored_runs import StoredRun, read_run
from arena_tui.scoring.compat import compat_report
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.report import compat_summary
from arena_tui.settings import Settings
from arena_tui.store import RunRow, StoreReader
from arena_tui.store.lock import LOCK_FILENAME, hold_output
from arena_tui.store.schema import STORE_FILENAME

OFFLINE_DEFAULT = "oracle"


def check_scenario_ids(args: argparse.Namespace) -> None:
    """``-t`` takes scenario ids; a file name there means ``--tests`` was meant."""
    files = [i for i in (getattr(args, "scenarios", None) or []) if i.endswith(".json")]
    if files:
        raise BadInputError(
            f"-t takes scenario ids, but '{files[0]}' looks like a tests file", fix=f"use --tests {files[0]}"
        )


class ModelRequiredError(ConfigError):
    """``--model ''`` with nothing to fall back on: the earlier release's "--model JSON is required" (exit 1)."""

    exit_code = 1


def _file_model(args: argparse.Namespace) -> tuple[dict[str, Any], str | None]:
    """The model JSON of the earlier-style ``--config`` file (its ``main`` and ``model_pool``) and its folder."""
    config: ConfigFile | None = getattr(args, "config_file", None)
    if config is None:
        return {}, None
    return config.model, str(config.path.resolve().parent)


def model_from_args(args: argparse.Namespace) -> ModelConfig:
    """``--model``, else ``CATEAM_MODEL_JSON``, else the config file's ``main``; pool keys the chosen JSON
    lacks come from the config file's ``model_pool`` (as the earlier release merged them)."""
    value = args.model
    from_file, base_dir = _file_model(args)
    if not value and not os.environ.get("CATEAM_MODEL_JSON"):
        if from_file.get("main"):
            return validate_model_json(from_file, base_dir=base_dir)
        # Typed `--model ''`, or an earlier-style config with a pool but no main: the earlier release
        # refused these rather than pick a default, and a pool given for real models must not be ignored.
        if value is not None or from_file:
            raise ModelRequiredError(
                "--model JSON is required (or set main.* in config / CATEAM_MODEL_JSON env var)",
                fix="pass --model JSON|@file.json|oracle|sim|null|greedy",
            )
        print(
            f"no --model given: using the offline '{OFFLINE_DEFAULT}' preset (reference manager, simulated pool)",
            file=sys.stderr,
        )
        value = OFFLINE_DEFAULT
    config = load_model_config(value)
    pool = {k: v for k, v in from_file.items() if k != "main" and getattr(config, k, None) is None}
    if not pool:
        return config
    filled = validate_model_json(pool, base_dir=base_dir)
    return config.model_copy(update=filled.entries())


def default_output(settings: Settings, run_hint: str) -> Path:
    return Path(settings.output_dir) / run_hint


def infra_unfinished(outcome: RunOutcome) -> list[str]:
    """Scenarios that did not finish (provider down or failing, crash, timeout, never started):
    the report lists the same ones as unfinished."""
    return outcome.scores.unfinished


def exit_code(outcome: RunOutcome) -> int:
    """130 when interrupted, 1 when any scenario is unfinished, else 0 (docs/running.md)."""
    if outcome.interrupted:
        return 130
    return 1 if infra_unfinished(outcome) else 0


def closing_line(outcome: RunOutcome, profile: str) -> str:
    """The run's figures in the profile it leads with (``--metrics``)."""
    s = outcome.scores
    if profile == "compat":
        return compat_summary(compat_report(s, outcome.run_id))
    return (
        f"SMS {100 * s.sms:.1f}  TCR {100 * s.tcr:.1f} ({s.rounds_passed}/{s.rounds_total})  "
        f"TPP {100 * s.tpp:.1f}  ROC {100 * s.roc:.1f}  WPP {100 * s.wpp:.1f}  MCA {100 * s.mca:.1f}"
    )


def _print_outcome(outcome: RunOutcome, out: Path, profile: str = "arena") -> int:
    s = outcome.scores
    print(closing_line(outcome, profile))
    intervals = outcome.report.intervals if outcome.report is not None else {}
    if intervals and profile == "arena":  # the intervals are of the arena figures
        sms_iv = intervals["figures"]["SMS"]
        print(
            f"SMS 95 % interval [{100 * sms_iv['low']:.1f}, {100 * sms_iv['high']:.1f}] "
            f"(bootstrap over {intervals['scenarios']} scenarios × {intervals['epochs']} epoch(s))"
        )
    print(f"report: {out / 'report.md'}   store: {out / STORE_FILENAME}")
    if outcome.interrupted:
        print(f"interrupted: continue with `clawarena-team resume {out}`", file=sys.stderr)
        return exit_code(outcome)
    unfinished = infra_unfinished(outcome)
    if unfinished:
        why = (
            f"provider unavailable at {outcome.unavailable_host}; restart it, then" if outcome.unavailable_host else ""
        )
        print(
            f"{len(unfinished)} of {len(s.scenarios)} scenarios unfinished ({', '.join(unfinished)}): "
            f"{why or 'to run them again,'} continue with `clawarena-team resume {out}`"
        )
    return exit_code(outcome)


def probe(config: ModelConfig, settings: Settings) -> tuple[ModelConfig, Settings]:
    """Check every real model before any scenario starts; token limits follow the served context."""
    if not any(e.is_real for e in config.entries().values()):
        return config, fit_context(settings, *_declared(config))
    from arena_tui.providers.probe import probe_models, render_probe_table, served_contexts

    if settings.skip_probe:  # still one cheap request each: token limits must fit the served context
        config = with_contexts(config, asyncio.run(served_contexts(config)))
        return config, fit_context(settings, *_declared(config))

    results = asyncio.run(probe_models(config))
    print(render_probe_table(results), file=sys.stderr)
    failed = [r for r in results if not r.ok and not r.skipped]
    if failed:
        names = ", ".join(f"{r.key} ({r.check})" for r in failed)
        raise BadInputError(
            f"the startup probe failed for {names}", fix="fix the model JSON or server, or pass --no-probe"
        )
    config = with_contexts(config, {r.key: r.context for r in results if r.context})
    return config, fit_context(settings, *_declared(config))


def with_contexts(config: ModelConfig, served: dict[str, int]) -> ModelConfig:
    """Entries without a ``context_length`` take the one their server reported."""
    update = {
        k: e.model_copy(update={"context_length": served[k]})
        for k, e in config.entries().items()
        if e.context_length is None and k in served
    }
    return config.model_copy(update=update) if update else config


def _declared(config: ModelConfig) -> tuple[int | None, int | None]:
    """(main's context, the smallest pool context) as the entries state them."""
    main = config.main.context_length if config.main else None
    pool = [e.context_length for k, e in config.entries().items() if k != "main" and e.context_length]
    return main, min(pool, default=None)


def fit_context(settings: Settings, main: int | None, pool: int | None) -> Settings:
    """Default each token limit to the model's context; warn when a configured one exceeds it."""
    update: dict[str, int] = {}
    for field, served, who in (("main_token_limit", main, "main"), ("subagent_token_limit", pool, "the pool")):
        configured = int(getattr(settings, field))
        if served is None or configured <= served:
            continue
        if field in settings.model_fields_set:
            print(
                f"warning: {field} {configured:,} exceeds the {served:,}-token context {who} serves; "
                "requests will fail before the limit is reached",
                file=sys.stderr,
            )
        else:
            update[field] = max(served, 1000)
            print(f"{field}: {served:,} (the context {who} serves)", file=sys.stderr)
    return settings.model_copy(update=update) if update else settings


def _execute(plan: RunPlan, args: argparse.Namespace) -> int:
    from arena_tui.commands.tui import leave_opening_screen, run_live, use_tui

    preflight(plan)
    plan.config, plan.settings = probe(plan.config, plan.settings)
    if use_tui(args) and not plan.settings.headless:
        live = run_live(plan, getattr(args, "theme", None) or plan.settings.theme)
        if live is None:
            if (plan.out_dir / STORE_FILENAME).exists():
                print(f"the run stopped before it finished: continue with `clawarena-team resume {plan.out_dir}`")
            else:
                print("the run was stopped before it started; nothing was recorded", file=sys.stderr)
            return 130
        return _print_outcome(live, plan.out_dir, plan.settings.metrics)
    leave_opening_screen()  # the progress lines go to the terminal, not behind a screen
    plan.subscribers = [PlainProgress(plan.fold, profile=plan.settings.metrics)]
    outcome = asyncio.run(execute_run(plan))
    return _print_outcome(outcome, plan.out_dir, plan.settings.metrics)


def cmd_run(args: argparse.Namespace) -> int:
    check_scenario_ids(args)
    settings = settings_from_args(args)
    config = model_from_args(args)
    dataset = load_dataset(Path(args.dataset), args.tests, args.scenarios)
    out = Path(args.output) if args.output else default_output(settings, dataset.name)
    selection = {"tests": args.tests, "scenarios": args.scenarios}
    epochs = int(getattr(args, "epochs", 1) or 1)
    plan = RunPlan(dataset, config, settings, out, retries=args.retry, selection=selection, epochs=epochs)
    preflight(plan)  # before the folder is created or locked
    with hold_output(out):
        if (out / STORE_FILENAME).exists():
            raise BadInputError(
                f"output folder '{out}' already holds a run",
                fix=f"choose another -o, or continue it with `clawarena-team resume {out}`",
            )
        return _execute(plan, args)


def cmd_resume(args: argparse.Namespace) -> int:
    check_scenario_ids(args)
    old = args.old_output_flag or args.old_output
    if not old:
        raise BadInputError("resume needs the interrupted run's folder", fix="pass OUT or -O OLD_OUT")
    old_dir = Path(old)
    StoreReader(old_dir).close()  # no store there: one clear line before anything is created or locked
    out = Path(args.output) if args.output else old_dir
    with contextlib.ExitStack() as held:
        held.enter_context(hold_output(old_dir))  # the run may still be going: refuse instead of writing beside it
        reader = StoreReader(old_dir)
        try:
            reader.check_intact()
            run_id = reader.latest_run_id()
            [run] = [r for r in reader.runs() if r.run_id == run_id]
            latest = {row.scenario_id: row.status for row in reader.scenarios(run_id)}
            stored = read_run(reader, old_dir, run_id)
            settings_json: dict[str, Any] = dict(stored.started.settings)  # the latest run/resume's
        finally:
            reader.close()
        if out.resolve() != old_dir.resolve():
            if (out / STORE_FILENAME).exists():
                raise BadInputError(f"output folder '{out}' already holds a run", fix="choose an empty -o")
            with hold_output(out):  # taken before the old folder is let go: nobody writes either in between
                shutil.copytree(old_dir, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns(LOCK_FILENAME))
                held.close()
                return _resume_in(args, out, run, latest, stored, settings_json)
        return _resume_in(args, out, run, latest, stored, settings_json)


def finished_epochs(scores: RunScores) -> set[tuple[str, int]]:
    """(scenario id, epoch) pairs a stored run finished: ``resume`` keeps them."""
    return {(sid, e) for sid, eps in scores.epochs.items() for e, s in eps.items() if s.finished}


def _resumed_model(args: argparse.Namespace, run_id: str, manager: str, started: RunStarted | None) -> ModelConfig:
    """``--model`` (even ``''``), ``CATEAM_MODEL_JSON`` or the config file's ``main`` when given, else the
    model JSON the run stored (keys asked for by name)."""
    given = args.model is not None or os.environ.get("CATEAM_MODEL_JSON") or _file_model(args)[0].get("main")
    if given:
        return model_from_args(args)
    stored = started.model_json if started is not None else None
    if started is not None and stored:
        from arena_tui.runner.stored_model import restore_model_config

        return restore_model_config(stored, run_id=run_id)
    if not manager.startswith("oracle"):
        raise BadInputError(
            f"run {run_id} was made with manager '{manager}' and stored no model JSON (an older run)",
            fix="pass the same --model as the original run",
        )
    return model_from_args(args)


def _resume_in(
    args: argparse.Namespace,
    out: Path,
    run: RunRow,
    latest: dict[str, str],
    stored_run: StoredRun,
    settings_json: dict[str, Any],
) -> int:
    """Continue ``run`` in ``out`` (locked): its stored selection unless the command names a new one."""
    run_id, started = run.run_id, stored_run.started
    stored: dict[str, Any] = dict(started.selection)
    epochs = int(stored.get("epochs") or 1)
    done_epochs = finished_epochs(stored_run.fold.result()) if epochs > 1 else set()
    if epochs > 1:  # a scenario is done when all its epochs are; finished epochs are kept
        latest = {
            sid: "completed" if all((sid, e) in done_epochs for e in range(1, epochs + 1)) else "" for sid in latest
        }
    done = {sid for sid, status in latest.items() if status == "completed"}
    tests = args.tests or (None if args.dataset else stored.get("tests"))
    only = args.scenarios
    if only is None and not args.tests and not args.dataset:
        only = list(started.scenario_ids)  # the selection the run was started with, resolved
    dataset_root = Path(args.dataset) if args.dataset else Path(run.dataset)
    dataset = load_dataset(dataset_root, tests, only)
    settings = Settings.model_validate({**settings_json, **explicit_overrides(args)})
    config = _resumed_model(args, run_id, run.manager, started)
    retries = args.retry if args.retry is not None else int(stored.get("retries", 0))
    todo = len([s for s in dataset.scenarios if s.id not in done])
    kept = len(dataset.scenarios) - todo
    print(f"resuming run {run_id}: {kept} finished scenario{'' if kept == 1 else 's'} kept, {todo} to run")
    selection = {"tests": tests, "scenarios": only}
    plan = RunPlan(
        dataset,
        config,
        settings,
        out,
        retries=retries,
        resume=stored_run,
        skip=done,
        selection=selection,
        epochs=epochs,
        skip_epochs=done_epochs,
    )
    return _execute(plan, args)
