"""Rules for the manifest's paths and updates, with a round-by-round simulation of the workspace."""

from __future__ import annotations

import os
from pathlib import Path

from arena_tui.dataset.model import Scenario
from arena_tui.dataset.paths import PathEscapeError, normalize_relative
from arena_tui.dataset.problems import Problems
from arena_tui.dataset.updates import UpdateError, VirtualTree, plan_update


def validate_workspace(scenario: Scenario, rel: str, problems: Problems) -> None:
    """Check template links, access paths and updates; record planned updates per round."""
    _check_template_links(scenario.workspace_template, rel, problems)
    tree = VirtualTree.from_folder(scenario.workspace_template)
    ever: VirtualTree = tree.copy()
    applied: set[str] = set()
    for rnd in scenario.rounds:
        for uid in rnd.update_ids:
            group = scenario.manifest.updates.get(uid)
            if group is None or uid in applied:
                continue  # reported by the rounds rules
            applied.add(uid)
            try:
                scenario.update_ops[uid] = plan_update(group, scenario.manifest_path.parent, tree)
            except UpdateError as exc:
                problems.error(rel, f"updates.{uid}.files[{exc.index}]", f"{exc} (applied before round '{rnd.id}')")
        ever.files.update(tree.files)
    _check_access_paths(scenario, rel, ever, problems)


def _check_access_paths(scenario: Scenario, rel: str, ever: VirtualTree, problems: Problems) -> None:
    manifest = scenario.manifest
    lists = {
        "main_agent_accessible_paths": manifest.main_agent_accessible_paths,
        "main_agent_delegable_paths": manifest.main_agent_delegable_paths,
    }
    normalised: dict[str, set[str]] = {}
    for key, paths in lists.items():
        normalised[key] = set()
        for index, path in enumerate(paths):
            field = f"{key}[{index}]"
            try:
                norm = normalize_relative(path)
            except PathEscapeError as exc:
                problems.error(rel, field, str(exc))
                continue
            if norm in normalised[key]:
                problems.warn(rel, field, f"'{path}' is listed twice")
            normalised[key].add(norm)
            if not ever.exists(norm):
                # Agents create these folders (output/, notes/, …); git cannot store them empty.
                problems.warn(
                    rel,
                    field,
                    f"'{path}' exists neither in the workspace nor in any update; it is created empty "
                    "at scenario start (a folder agents write into)",
                    strict=False,
                )
    if not manifest.main_agent_accessible_paths:
        problems.warn(rel, "main_agent_accessible_paths", "is empty: the main agent can read nothing itself")
    accessible = normalised["main_agent_accessible_paths"]
    for index, path in enumerate(manifest.main_agent_readonly_paths):
        field = f"main_agent_readonly_paths[{index}]"
        try:
            norm = normalize_relative(path)
        except PathEscapeError as exc:
            problems.error(rel, field, str(exc))
            continue
        if not any(norm == a or a == "." or norm.startswith(a.rstrip("/") + "/") for a in accessible):
            problems.error(rel, field, f"'{path}' is not inside main_agent_accessible_paths: list a path main can read")
    # A path in both lists is accessible: main reads it and may grant it. The earlier release's
    # validator accepts this silently and its manifests rely on it, so it is no warning here either.


def _check_template_links(template: Path, rel: str, problems: Problems) -> None:
    root = template.resolve()
    for dirpath, dirnames, filenames in os.walk(template):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            if not path.is_symlink():
                continue
            target = path.resolve()
            if target != root and root not in target.parents:
                where = path.relative_to(template).as_posix()
                problems.error(rel, "workspace_template", f"symlink '{where}' points outside the workspace")
