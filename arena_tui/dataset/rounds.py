"""Rules for ``questions.json``: ids, eval commands, referenced scripts, tags, update ids."""

from __future__ import annotations

import re

from arena_tui.dataset.asked import audit_scenario
from arena_tui.dataset.model import Scenario
from arena_tui.dataset.paths import PathEscapeError, resolve_inside
from arena_tui.dataset.placeholders import referenced_files, unknown_placeholders
from arena_tui.dataset.problems import Problems
from arena_tui.dataset.schema import KNOWN_TAGS

MAX_CHECK_TIMEOUT_S = 600.0


def validate_rounds(scenario: Scenario, rel: str, problems: Problems) -> None:
    """Check every round of ``scenario`` (its questions file is ``rel``)."""
    if not scenario.rounds:
        problems.error(rel, "(top level)", "has no rounds")
    seen: dict[str, int] = {}
    used_updates: dict[str, int] = {}
    for index, rnd in enumerate(scenario.rounds):
        where = f"[{index}]"
        if rnd.id in seen:
            problems.error(rel, f"{where}.id", f"duplicate round id '{rnd.id}' (also at [{seen[rnd.id]}])")
        else:
            seen[rnd.id] = index
        _check_eval(scenario, rnd.eval.command, rel, where, problems)
        if rnd.eval.timeout > MAX_CHECK_TIMEOUT_S:
            problems.warn(
                rel, f"{where}.eval.timeout", f"{rnd.eval.timeout:g} s is longer than {MAX_CHECK_TIMEOUT_S:g} s"
            )
        if rnd.eval.expect_stdout_regex:
            if rnd.eval.expect_stdout is None:
                problems.warn(rel, f"{where}.eval.expect_stdout_regex", "is true but expect_stdout is not set")
            else:
                try:
                    re.compile(rnd.eval.expect_stdout)
                except re.error as exc:
                    problems.error(rel, f"{where}.eval.expect_stdout", f"invalid regular expression: {exc}")
        for t_index, tag in enumerate(rnd.tags):
            if tag not in KNOWN_TAGS:
                problems.warn(
                    rel, f"{where}.tags[{t_index}]", f"unknown tag '{tag}' (not in the controlled vocabulary)"
                )
        for u_index, uid in enumerate(rnd.update_ids):
            field = f"{where}.update_ids[{u_index}]"
            if uid not in scenario.manifest.updates:
                problems.error(rel, field, f"unknown update id '{uid}' (not in the manifest's updates)")
            elif uid in used_updates and scenario.manifest.updates[uid].op == "new":
                problems.error(
                    rel,
                    field,
                    f"update '{uid}' (op 'new') is already applied in round [{used_updates[uid]}]; "
                    "only 'replace' groups may repeat",
                )
            elif uid not in used_updates:
                used_updates[uid] = index
        if not rnd.feedback.correct or not rnd.feedback.incorrect:
            problems.warn(rel, f"{where}.feedback", "feedback.correct and feedback.incorrect should both be set")
    index_of = {rnd.id: i for i, rnd in enumerate(scenario.rounds)}
    for round_id, gap in audit_scenario(scenario.dir):
        problems.warn(rel, f"[{index_of.get(round_id, '?')}].question", f"round '{round_id}': {gap}")
    manifest_rel = rel.rsplit("/", 1)[0] + "/manifest.json" if "/" in rel else "manifest.json"
    for uid in scenario.manifest.updates:
        if uid not in used_updates:
            problems.warn(manifest_rel, f"updates.{uid}", "update group is never used by any round")


def _check_eval(scenario: Scenario, command: str, rel: str, where: str, problems: Problems) -> None:
    for name in unknown_placeholders(command):
        problems.warn(rel, f"{where}.eval.command", f"unknown placeholder '${{{name}}}' is left to the shell")
    for placeholder, path in referenced_files(command):
        base = scenario.scripts_dir if placeholder == "scripts" else scenario.dir
        try:
            target = resolve_inside(base, path)
        except PathEscapeError as exc:
            problems.error(rel, f"{where}.eval.command", f"${{{placeholder}}} path {exc}")
            continue
        if not target.is_file():
            problems.error(
                rel, f"{where}.eval.command", f"referenced script '${{{placeholder}}}/{path}' does not exist"
            )
