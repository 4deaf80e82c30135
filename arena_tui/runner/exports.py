"""Compatibility files per scenario: ``evals/<round>.json`` and ``metadata.json`` (written last).

The store is the record; these files keep tools written for the compatible release working.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from arena_tui.dataset.model import Scenario
from arena_tui.dataset.schema import Round
from arena_tui.runner.checks import CheckOutcome


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)  # atomic: a reader never sees half a file


def write_eval(out: Path, rnd: Round, outcome: CheckOutcome | None, passed: bool, reason: str) -> None:
    data: dict[str, Any] = {
        "round_id": rnd.id,
        "type": rnd.type,
        "question": rnd.question,
        "passed": passed,
        "reason": reason,
        "feedback": rnd.feedback.correct if passed else rnd.feedback.incorrect,
        "expect_exit": rnd.eval.expect_exit,
    }
    if outcome is not None:
        data.update(
            command=outcome.command,
            exit_code=outcome.exit_code,
            stdout=outcome.stdout,
            stderr=outcome.stderr,
            timed_out=outcome.timed_out,
            duration_ms=round(outcome.duration_ms, 1),
        )
    _write_json(out / "evals" / f"{rnd.id}.json", data)


def write_metadata(out: Path, scenario: Scenario, run_id: str, attempt: int, status: str) -> None:
    rounds = []
    for rnd in scenario.rounds:
        path = out / "evals" / f"{rnd.id}.json"
        passed = json.loads(path.read_text(encoding="utf-8"))["passed"] if path.is_file() else False
        rounds.append({"round_id": rnd.id, "passed": passed})
    passed_count = sum(1 for r in rounds if r["passed"])
    _write_json(
        out / "metadata.json",
        {
            "scenario_id": scenario.id,
            "run_id": run_id,
            "attempt": attempt,
            "status": status,
            "rounds": rounds,
            "rounds_passed": passed_count,
            "rounds_total": len(rounds),
            "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        },
    )
