"""Loading and validating ``<scenario>/needs.json``, the declared least privilege per round.

The file is data derived from the reference trajectory (``data/build/derive_needs.py``); the
earlier release ignores it. ``check`` validates that every round it names exists, every path
is in the workspace or is created by then (an update of that round or an earlier one, a file
the reference writes by then, a manifest folder created empty at start), every modality can be
served by one pool key, and every round marked ``needs_delegation`` declares a need.
"""

from __future__ import annotations

import json
import re

from pydantic import TypeAdapter

from arena_tui.dataset.jsonfile import load_model
from arena_tui.dataset.model import Scenario
from arena_tui.dataset.paths import PathEscapeError, normalize_relative
from arena_tui.dataset.problems import Problems
from arena_tui.dataset.schema import DELEGATION_TAG
from arena_tui.dataset.updates import VirtualTree
from arena_tui.vocabulary import Need, NeedsFile, best_key

NEEDS_FILE = "needs.json"
_NEEDS = TypeAdapter(NeedsFile)
_WORKSPACE_ARG = re.compile(r"^\$\{workspace\}/?")


def load_needs(scenario: Scenario, rel: str, problems: Problems) -> dict[str, list[Need]]:
    """The scenario's needs per round; ``{}`` when it declares none (earlier-format data)."""
    path = scenario.dir / NEEDS_FILE
    file_rel = f"{rel.rsplit('/', 1)[0]}/{NEEDS_FILE}" if "/" in rel else NEEDS_FILE
    if not path.is_file():
        if any(DELEGATION_TAG in r.tags for r in scenario.rounds):
            problems.warn(
                file_rel,
                "",
                "missing: rounds marked needs_delegation are judged by use, not by need "
                "(run data/build/derive_needs.py to derive it from the reference trajectory)",
                strict=False,
            )
        return {}
    data = load_model(path, file_rel, _NEEDS, problems)
    if data is None:
        return {}
    _validate(scenario, data, file_rel, problems)
    return {rid: list(needs) for rid, needs in data.rounds.items()}


def _written_by_reference(scenario: Scenario) -> dict[str, set[str]]:
    """Files the reference trajectory writes, per round (they exist for later needs)."""
    try:
        trajectory = json.loads((scenario.solution_dir / "trajectory.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    out: dict[str, set[str]] = {}
    for rid, turns in trajectory.items() if isinstance(trajectory, dict) else []:
        for turn in turns if isinstance(turns, list) else []:
            for call in turn.get("tool_calls", []) if isinstance(turn, dict) else []:
                args = call.get("arguments", {}) if isinstance(call, dict) else {}
                target = args.get("file_path") if call.get("name") in ("Write", "Edit") else None
                if isinstance(target, str):
                    out.setdefault(rid, set()).add(_WORKSPACE_ARG.sub("", target))
    return out


def _validate(scenario: Scenario, data: NeedsFile, rel: str, problems: Problems) -> None:
    tree = VirtualTree.from_folder(scenario.workspace_template)
    tree.files.update(f"{p}/." for p in scenario.manifest.main_agent_accessible_paths)  # folders created at start
    written = _written_by_reference(scenario)
    by_round: dict[str, VirtualTree] = {}
    for rnd in scenario.rounds:
        for uid in rnd.update_ids:
            for op in scenario.update_ops.get(uid, []):
                tree.files.update(op.added_files)
        tree.files.update(written.get(rnd.id, set()))
        by_round[rnd.id] = tree.copy()
    for rid, needs in data.rounds.items():
        if rid not in by_round:
            problems.error(rel, f"rounds.{rid}", f"round '{rid}' is not in {scenario.questions_path.name}")
            continue
        for i, need in enumerate(needs):
            where = f"rounds.{rid}[{i}]"
            for key, paths in (("files", need.files), ("folders", need.folders)):
                for j, path in enumerate(paths):
                    _check_path(path, by_round[rid], rel, f"{where}.{key}[{j}]", problems)
            if best_key(set(need.modalities)) is None:
                problems.error(rel, f"{where}.modalities", "no single pool key perceives all of them; split the need")
    for rnd in scenario.rounds:
        if DELEGATION_TAG in rnd.tags and not data.rounds.get(rnd.id):
            problems.warn(rel, f"rounds.{rnd.id}", "round is marked needs_delegation but declares no need")


def _check_path(path: str, tree: VirtualTree, rel: str, field: str, problems: Problems) -> None:
    try:
        norm = normalize_relative(path)
    except PathEscapeError as exc:
        problems.error(rel, field, str(exc))
        return
    if not tree.exists(norm):
        problems.error(
            rel,
            field,
            f"'{path}' is neither in the workspace nor created by then (an update, a file the reference writes)",
        )
