"""The corpus of broken datasets: each case is the mini dataset with exactly one defect.

Every case names the file and field ``check`` must report and a fragment of its message.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.dataset.mini_dataset import read_json, write_json

A = "scenarios/s_alpha"
Q = f"{A}/questions.json"
M = f"{A}/manifest.json"


@dataclass(frozen=True)
class BrokenCase:
    name: str
    mutate: Callable[[Path], None]
    file: str
    field: str
    message: str


def _edit(rel: str, fn: Callable[[Any], Any]) -> Callable[[Path], None]:
    def mutate(root: Path) -> None:
        path = root / rel
        data = read_json(path)
        result = fn(data)
        write_json(path, data if result is None else result)

    return mutate


def _write(rel: str, text: str) -> Callable[[Path], None]:
    def mutate(root: Path) -> None:
        (root / rel).write_text(text)

    return mutate


def _pop(obj: dict[str, Any], key: str) -> None:
    del obj[key]


def _symlink_out(root: Path) -> None:
    os.symlink("/etc/hostname", root / A / "workspace" / "requests" / "peek.txt")


def _setk(obj: dict[str, Any], key: str, value: Any) -> None:
    obj[key] = value


CASES: list[BrokenCase] = [
    BrokenCase("bad_json_questions", _write(Q, "[{not json"), Q, "line 1", "invalid JSON"),
    BrokenCase("bad_json_manifest", _write(M, '{"scenario_id": '), M, "line 1", "invalid JSON"),
    BrokenCase("bad_json_manifests", _write("manifests.json", "{,}"), "manifests.json", "line 1", "invalid JSON"),
    BrokenCase("unknown_key_manifest", _edit(M, lambda m: _setk(m, "extra", 1)), M, "extra", "unknown key"),
    BrokenCase("unknown_key_round", _edit(Q, lambda q: _setk(q[1], "hint", "x")), Q, "[1].hint", "unknown key"),
    BrokenCase(
        "unknown_key_eval", _edit(Q, lambda q: _setk(q[0]["eval"], "retries", 2)), Q, "[0].eval.retries", "unknown key"
    ),
    BrokenCase(
        "unknown_key_manifests",
        _edit("manifests.json", lambda m: _setk(m, "version", 1)),
        "manifests.json",
        "version",
        "unknown key",
    ),
    BrokenCase(
        "unknown_key_update_group",
        _edit(M, lambda m: _setk(m["updates"]["u_late"], "when", "q3")),
        M,
        "updates.u_late.when",
        "unknown key",
    ),
    BrokenCase(
        "unknown_key_update_file",
        _edit(M, lambda m: _setk(m["updates"]["u_late"]["files"][0], "mode", "x")),
        M,
        "updates.u_late.files[0].mode",
        "unknown key",
    ),
    BrokenCase(
        "unknown_key_feedback",
        _edit(Q, lambda q: _setk(q[2]["feedback"], "partial", "x")),
        Q,
        "[2].feedback.partial",
        "unknown key",
    ),
    BrokenCase(
        "wrong_type_expect_exit",
        _edit(Q, lambda q: _setk(q[0]["eval"], "expect_exit", "0")),
        Q,
        "[0].eval.expect_exit",
        "integer",
    ),
    BrokenCase(
        "wrong_type_accessible",
        _edit(M, lambda m: _setk(m, "main_agent_accessible_paths", "requests")),
        M,
        "main_agent_accessible_paths",
        "list",
    ),
    BrokenCase("wrong_type_tags", _edit(Q, lambda q: _setk(q[0], "tags", "plan")), Q, "[0].tags", "list"),
    BrokenCase(
        "wrong_type_regex_flag",
        _edit(Q, lambda q: _setk(q[0]["eval"], "expect_stdout_regex", "yes")),
        Q,
        "[0].eval.expect_stdout_regex",
        "boolean",
    ),
    BrokenCase("missing_command", _edit(Q, lambda q: _pop(q[0]["eval"], "command")), Q, "[0].eval.command", "required"),
    BrokenCase("missing_rounds_ref", _edit(M, lambda m: _pop(m, "rounds_ref")), M, "rounds_ref", "required"),
    BrokenCase("bad_round_type", _edit(Q, lambda q: _setk(q[0], "type", "llm_judge")), Q, "[0].type", "exec_check"),
    BrokenCase(
        "bad_update_op",
        _edit(M, lambda m: _setk(m["updates"]["u_late"], "op", "append")),
        M,
        "updates.u_late.op",
        "new",
    ),
    BrokenCase(
        "empty_update_files",
        _edit(M, lambda m: _setk(m["updates"]["u_late"], "files", [])),
        M,
        "updates.u_late.files",
        "at least 1",
    ),
    BrokenCase("questions_not_a_list", _write(Q, '{"rounds": []}'), Q, "(top level)", "list"),
    BrokenCase("empty_rounds", _write(Q, "[]"), Q, "(top level)", "no rounds"),
    BrokenCase(
        "negative_timeout",
        _edit(Q, lambda q: _setk(q[0]["eval"], "timeout", -5)),
        Q,
        "[0].eval.timeout",
        "greater than 0",
    ),
    BrokenCase(
        "invalid_regex",
        _edit(Q, lambda q: q[0]["eval"].update(expect_stdout="(", expect_stdout_regex=True)),
        Q,
        "[0].eval.expect_stdout",
        "invalid regular expression",
    ),
    BrokenCase(
        "missing_script",
        _edit(Q, lambda q: _setk(q[1]["eval"], "command", "python3 ${scripts}/check_q2.py ${workspace}")),
        Q,
        "[1].eval.command",
        "does not exist",
    ),
    BrokenCase(
        "script_path_escape",
        _edit(Q, lambda q: _setk(q[1]["eval"], "command", "python3 ${scripts}/../../../x.py")),
        Q,
        "[1].eval.command",
        "escapes",
    ),
    BrokenCase("duplicate_round_id", _edit(Q, lambda q: _setk(q[1], "id", "q1")), Q, "[1].id", "duplicate round id"),
    BrokenCase(
        "escaping_accessible",
        _edit(M, lambda m: m["main_agent_accessible_paths"].append("../outside")),
        M,
        "main_agent_accessible_paths[2]",
        "escapes",
    ),
    BrokenCase(
        "absolute_delegable",
        _edit(M, lambda m: m["main_agent_delegable_paths"].append("/etc")),
        M,
        "main_agent_delegable_paths[1]",
        "relative",
    ),
    BrokenCase(
        "escaping_dst",
        _edit(M, lambda m: _setk(m["updates"]["u_late"]["files"][0], "dst", "../../late.csv")),
        M,
        "updates.u_late.files[0]",
        "escapes",
    ),
    BrokenCase(
        "escaping_src",
        _edit(M, lambda m: _setk(m["updates"]["u_late"]["files"][0], "src", "../../tests.json")),
        M,
        "updates.u_late.files[0]",
        "escapes",
    ),
    BrokenCase(
        "missing_src",
        _edit(M, lambda m: _setk(m["updates"]["u_late"]["files"][0], "src", "updates/u1/gone.csv")),
        M,
        "updates.u_late.files[0]",
        "does not exist",
    ),
    BrokenCase(
        "new_on_existing",
        _edit(M, lambda m: _setk(m["updates"]["u_late"]["files"][0], "dst", "evidence/log.csv")),
        M,
        "updates.u_late.files[0]",
        "already exists",
    ),
    BrokenCase(
        "new_twice_in_group",
        _edit(
            M,
            lambda m: m["updates"]["u_late"]["files"].append(
                {"src": "updates/u1/late.csv", "dst": "evidence/late.csv"}
            ),
        ),
        M,
        "updates.u_late.files[1]",
        "already exists",
    ),
    BrokenCase(
        "replace_missing",
        _edit(M, lambda m: _setk(m["updates"]["u_brief"]["files"][0], "dst", "requests/nothere.md")),
        M,
        "updates.u_brief.files[0]",
        "does not exist",
    ),
    BrokenCase(
        "unknown_update_id",
        _edit(Q, lambda q: _setk(q[2], "update_ids", ["u_nope"])),
        Q,
        "[2].update_ids[0]",
        "unknown update id",
    ),
    BrokenCase(
        "group_used_twice",
        _edit(Q, lambda q: _setk(q[3], "update_ids", ["u_late"])),
        Q,
        "[3].update_ids[0]",
        "already applied",
    ),
    BrokenCase(
        "scenario_id_mismatch", _edit(M, lambda m: _setk(m, "scenario_id", "s_other")), M, "scenario_id", "differs"
    ),
    BrokenCase(
        "unknown_scenario_in_tests",
        _edit("tests.json", lambda t: t["scenario_ids"].append("s_gamma")),
        "tests.json",
        "scenario_ids[2]",
        "not in manifests.json",
    ),
    BrokenCase(
        "duplicate_scenario_in_tests",
        _edit("tests.json", lambda t: t["scenario_ids"].append("s_alpha")),
        "tests.json",
        "scenario_ids[2]",
        "duplicate",
    ),
    BrokenCase(
        "missing_workspace",
        _edit(M, lambda m: _setk(m, "workspace_template", "ws")),
        M,
        "workspace_template",
        "does not exist",
    ),
    BrokenCase(
        "missing_scripts_folder", _edit(M, lambda m: _setk(m, "scripts", "nochecks")), M, "scripts", "does not exist"
    ),
    BrokenCase(
        "missing_questions_file",
        _edit(M, lambda m: _setk(m, "rounds_ref", "q.json")),
        f"{A}/q.json",
        "",
        "does not exist",
    ),
    BrokenCase(
        "missing_manifest_file",
        _edit("manifests.json", lambda m: _setk(m["scenarios"], "s_alpha", "scenarios/s_alpha/nope.json")),
        f"{A}/nope.json",
        "",
        "does not exist",
    ),
    BrokenCase("template_symlink_escape", _symlink_out, M, "workspace_template", "points outside"),
]
