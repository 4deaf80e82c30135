"""``pack`` and ``verify``: a run as one submission file, and the checks a leaderboard runs on it.

``verify`` refuses, with one line, a pack whose checksums do not match its manifest, whose
dataset hash differs from the local dataset's, or whose ``report.json`` differs from what
the one scoring fold computes from its store (docs/submit.md).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from arena_tui.dataset.loader import load_dataset
from arena_tui.errors import ArenaError, BadInputError
from arena_tui.runner.stored_runs import StoredRun, load_run
from arena_tui.scoring.report import build_report, report_markdown
from arena_tui.store.lock import hold_output
from arena_tui.store.pack import (
    checksum_problems,
    dataset_hash,
    harness_version,
    machine,
    pack_files,
    read_pack,
    unpacked,
    without_secrets,
    write_pack,
)


class PackRefused(ArenaError):
    """A pack that fails verification (exit 1: a check failed, not a usage mistake)."""

    exit_code = 1


def _dataset_of(run: StoredRun, root: str | None) -> tuple[Path, str | None, list[str]]:
    selection = run.started.selection or {}
    tests = selection.get("tests")
    return Path(root or run.started.dataset), str(tests) if tests else None, list(run.started.scenario_ids)


def _hash_dataset(root: Path, tests: str | None, ids: list[str]) -> tuple[str, str]:
    """(name, content hash) of the run's scenarios in the dataset at ``root``."""
    try:
        dataset = load_dataset(root, tests, ids)
    except ArenaError as exc:
        raise BadInputError(
            f"cannot load the run's dataset at '{root}': {exc.message}",
            fix="pass the dataset folder the run used with -d",
        ) from None
    return dataset.name, dataset_hash(dataset)


def _model_json(value: str | None, run: StoredRun) -> dict[str, Any]:
    if not value:
        return {"manager": run.started.manager, "pool": dict(run.started.pool)}
    from arena_tui.config import load_model_config

    dumped: dict[str, Any] = load_model_config(value).model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    cleaned: dict[str, Any] = without_secrets(dumped)
    return cleaned


def cmd_pack(args: argparse.Namespace) -> int:
    out = Path(args.output_dir)
    target = Path(args.file) if args.file else out.with_suffix(".pack.zip")
    with hold_output(out):  # a run still being written cannot be packed half-way
        run = load_run(out)
        root, tests, ids = _dataset_of(run, getattr(args, "dataset", None))
        name, digest = _hash_dataset(root, tests, ids)
        report = build_report(run.scores, run.meta)
        files = pack_files(out)
        # The reports are written fresh from the store, so a pack's report always matches its events.
        files["report.json"] = json.dumps(report.to_json_dict(), indent=2, ensure_ascii=False).encode()
        files["report.md"] = report_markdown(report).encode()
        files["model.json"] = json.dumps(_model_json(getattr(args, "model", None), run), indent=2).encode()
    manifest = {
        "run_id": run.row.run_id,
        "dataset": {"name": name, "path": str(root), "tests": tests, "scenarios": ids, "sha256": digest},
        "harness_version": harness_version(),
        "machine": machine(),
        "manager": run.started.manager,
        "kind": report.kind,
    }
    write_pack(target, files, manifest)
    s = report.scores
    print(f"packed run {run.row.run_id} ({len(files)} files, dataset {name} {digest[:12]}) → {target}")
    print(f"SMS {100 * s.SMS:.1f}  TCR {100 * s.TCR:.1f}  epochs {report.epochs}")
    return 0


def first_difference(a: Any, b: Any, where: str = "") -> str | None:
    """The path of the first value that differs between two JSON values (None when equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            found = first_difference(a.get(key), b.get(key), f"{where}.{key}" if where else str(key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    return None if a == b else f"{where} ({json.dumps(a)} in report.json, {json.dumps(b)} from the store)"


def verify_pack(path: Path, dataset_root: str | None = None) -> tuple[dict[str, Any], StoredRun]:
    """Every check of ``verify``; the first failure is raised as one line."""
    manifest, files = read_pack(path)
    problems = checksum_problems(manifest, files)
    if problems:
        raise PackRefused(f"pack '{path}' refused: {problems[0]}", fix="re-create it with `pack` from the run folder")
    with unpacked(files) as root:
        run = load_run(root)
        fresh = build_report(run.scores, run.meta).to_json_dict()
    if run.row.run_id != manifest.get("run_id"):
        raise PackRefused(f"pack '{path}' refused: its store holds run {run.row.run_id}, not {manifest.get('run_id')}")
    try:
        stored = json.loads(files.get("report.json", b"null"))
    except ValueError:
        stored = None
    diff = first_difference(stored, fresh) if isinstance(stored, dict) else "report.json is missing or not JSON"
    if diff is not None:
        raise PackRefused(
            f"pack '{path}' refused: report.json does not match the scores re-computed from its store: {diff}",
            fix="re-create it with `pack` from the run folder",
        )
    data = manifest.get("dataset") or {}
    ids = [str(i) for i in data.get("scenarios") or []]
    tests = data.get("tests")
    _, digest = _hash_dataset(Path(dataset_root or str(data.get("path", ""))), tests, ids)
    if digest != data.get("sha256"):
        raise PackRefused(
            f"pack '{path}' refused: dataset hash {str(data.get('sha256'))[:16]}… does not match the local dataset's "
            f"{digest[:16]}…",
            fix="verify against the dataset the run used (-d DIR); a changed dataset cannot rank the run",
        )
    return manifest, run


def cmd_verify(args: argparse.Namespace) -> int:
    path = Path(args.file)
    manifest, run = verify_pack(path, getattr(args, "dataset", None))
    s = run.scores
    print(
        f"pack {path} verified: run {run.row.run_id}, dataset {manifest['dataset']['name']} "
        f"{manifest['dataset']['sha256'][:12]}, harness {manifest.get('harness_version')}, "
        f"SMS {100 * s.sms:.1f} TCR {100 * s.tcr:.1f} re-computed from the store"
    )
    return 0
