"""The files every scenario folder has, in the one form every domain writes them.

- ``manifest``: manifest.json, its fields in their order, and ``update_group``, one group of its
  ``updates`` (each file arrives as ``updates/<group>/<name>`` and lands at its workspace path);
- ``exec_round``: one round of questions.json, checked by the engine with ``checks/<round>.json``;
- ``scenario_files``: manifest.json, questions.json, every ``checks/<round>.json`` (the round's spec,
  held to the engine's table by ``kit.conditions.check_spec``) and solution/trajectory.json, by path
  relative to the scenario folder, in the JSON form of ``kit.files.dump``;
- ``truth_path``: where a media file's ``truth/`` entry is.

The engine copy and its stamp (``sync_checks.py``) and needs.json (``derive_needs.py``) are not the
build's; the workspace and the asset map are each domain's own.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kit.conditions import check_spec
from kit.files import dump


def manifest(
    sid: str,
    desc: str,
    *,
    accessible: Sequence[str],
    delegable: Sequence[str],
    updates: Mapping[str, Any],
    readonly: Sequence[str] | None = None,
) -> dict[str, Any]:
    """manifest.json: what main may read (``accessible``), grant (``delegable``) and only read
    (``readonly``, where the scenario says), and the update groups by id."""
    out: dict[str, Any] = {
        "scenario_id": sid,
        "desc": desc,
        "workspace_template": "workspace",
        "scripts": "checks",
        "main_agent_accessible_paths": list(accessible),
        "main_agent_delegable_paths": list(delegable),
    }
    if readonly is not None:
        out["main_agent_readonly_paths"] = list(readonly)
    return {**out, "updates": dict(updates), "rounds_ref": "questions.json"}


def update_group(uid: str, op: str, dsts: Iterable[str]) -> dict[str, Any]:
    """One update group of the manifest: ``op`` (``new`` or ``replace``) and each file, from
    ``updates/<uid>/<its name>`` to its workspace path ``dst``."""
    return {"op": op, "files": [{"src": f"updates/{uid}/{posixpath.basename(dst)}", "dst": dst} for dst in dsts]}


def exec_round(
    rid: str, question: str, *, correct: str, incorrect: str, tags: Sequence[str], update_ids: Iterable[str] = ()
) -> dict[str, Any]:
    """One round of questions.json: the question, checked by the engine with ``checks/<rid>.json``,
    the feedback on either outcome, its tags and the updates applied before it."""
    return {
        "id": rid,
        "type": "exec_check",
        "question": question,
        "eval": {
            "command": f"python3 ${{scripts}}/_check.py ${{workspace}} ${{scripts}}/{rid}.json",
            "expect_exit": 0,
            "timeout": 30,
        },
        "feedback": {"correct": correct, "incorrect": incorrect},
        "update_ids": list(update_ids),
        "tags": list(tags),
    }


def scenario_files(
    man: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
    specs: Mapping[str, dict[str, Any]],
    trajectory: Mapping[str, Any],
    *,
    ascii_questions: bool = False,
    ascii_checks: bool = False,
) -> dict[str, str]:
    """manifest.json, questions.json, checks/<round>.json and solution/trajectory.json of one
    scenario; ``rounds``, ``specs`` and ``trajectory`` name the same rounds in the same order.
    ``ascii_questions`` and ``ascii_checks`` write those files with non-ASCII characters escaped."""
    sid, ids = man["scenario_id"], [r["id"] for r in rounds]
    if not ids == list(specs) == list(trajectory):
        raise SystemExit(f"{sid}: the rounds {ids}, specs {list(specs)} and trajectory {list(trajectory)} differ")
    files = {"manifest.json": dump(man), "questions.json": dump(rounds, escape_non_ascii=ascii_questions)}
    for rid in ids:
        files[f"checks/{rid}.json"] = dump(
            check_spec(specs[rid], f"{sid}/checks/{rid}.json"), escape_non_ascii=ascii_checks
        )
    files["solution/trajectory.json"] = dump(trajectory)
    return files


def truth_path(media: str) -> str:
    """The ``truth/`` entry describing a media file (``media`` relative to the workspace), relative
    to the scenario folder."""
    return f"truth/{media}.txt"
