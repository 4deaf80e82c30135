"""A small valid dataset written into a temporary folder, the base of the broken corpus."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CHECK_SCRIPT = """import sys
from pathlib import Path
sys.exit(0 if (Path(sys.argv[1]) / "output" / "answer.txt").exists() else 1)
"""


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _round(rid: str, updates: list[str] | None = None) -> dict[str, Any]:
    return {
        "id": rid,
        "type": "exec_check",
        "question": f"Answer question {rid} into output/answer.txt.",
        "eval": {"command": "python3 ${scripts}/check.py ${workspace}", "expect_exit": 0, "timeout": 30},
        "feedback": {"correct": "Good.", "incorrect": "Look at the evidence folder again."},
        "update_ids": updates or [],
        "tags": ["intake_plan"],
    }


def make_scenario(root: Path, sid: str) -> None:
    sdir = root / "scenarios" / sid
    ws = sdir / "workspace"
    for folder in ("requests", "evidence", "output", "hr"):
        (ws / folder).mkdir(parents=True, exist_ok=True)
    (ws / "requests" / "brief.md").write_text("# Brief\nCount the widgets.\n")
    (ws / "evidence" / "log.csv").write_text("id,widgets\n1,4\n")
    (ws / "output" / ".keep").write_text("")
    (ws / "hr" / "salaries.csv").write_text("name,salary\n")
    (sdir / "checks").mkdir(parents=True, exist_ok=True)
    (sdir / "checks" / "check.py").write_text(CHECK_SCRIPT)
    (sdir / "updates" / "u1").mkdir(parents=True, exist_ok=True)
    (sdir / "updates" / "u1" / "late.csv").write_text("id,widgets\n2,7\n")
    (sdir / "updates" / "u2").mkdir(parents=True, exist_ok=True)
    (sdir / "updates" / "u2" / "brief.md").write_text("# Brief v2\nCount again.\n")
    write_json(
        sdir / "manifest.json",
        {
            "scenario_id": sid,
            "desc": "widget counting",
            "workspace_template": "workspace",
            "scripts": "checks",
            "main_agent_accessible_paths": ["requests", "output"],
            "main_agent_delegable_paths": ["evidence"],
            "updates": {
                "u_late": {"op": "new", "files": [{"src": "updates/u1/late.csv", "dst": "evidence/late.csv"}]},
                "u_brief": {"op": "replace", "files": [{"src": "updates/u2/brief.md", "dst": "requests/brief.md"}]},
            },
            "rounds_ref": "questions.json",
        },
    )
    write_json(
        sdir / "questions.json", [_round("q1"), _round("q2"), _round("q3", ["u_late"]), _round("q4", ["u_brief"])]
    )


def make_dataset(root: Path) -> Path:
    """Write the valid two-scenario dataset under ``root`` and return ``root``."""
    ids = ["s_alpha", "s_beta"]
    for sid in ids:
        make_scenario(root, sid)
    write_json(root / "manifests.json", {"scenarios": {s: f"scenarios/{s}/manifest.json" for s in ids}})
    write_json(
        root / "tests.json",
        {"name": "mini", "desc": "two scenarios", "manifests_ref": "manifests.json", "scenario_ids": ids},
    )
    write_json(root / "tests-one.json", {"name": "one", "manifests_ref": "manifests.json", "scenario_ids": ["s_beta"]})
    return root
