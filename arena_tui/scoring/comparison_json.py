"""``comparison.json`` in the earlier release's shape, written by ``compare`` beside compare.md.

The earlier ``compare -r … -o DIR`` wrote ``DIR/comparison.json``: ``labels`` (ranked by its
legacy ``composite.SMS``), ``summary`` (per run its report's ``composite``, ``statistics``,
round and scenario counts) and ``by_scenario`` (per scenario, per run, ``sms`` and its
``metrics``). Scripts that read it keep working: every run, ours included, is given in the
earlier definitions (its compat report), with the leaderboard SMS added under ``leaderboard``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from arena_tui.scoring.compare import ComparedRun
from arena_tui.scoring.compat import compat_report, leaderboard
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.published import PublishedScores
from arena_tui.scoring.report_file import ReportFileScores


def earlier_report(run: ComparedRun) -> dict[str, Any]:
    """The run's report in the earlier shape, whichever kind of source it came from."""
    scores = run.scores
    if isinstance(scores, RunScores):
        return compat_report(scores, run.run_id)
    if isinstance(scores, ReportFileScores):
        compat: dict[str, Any] = scores.report.get("compat") or {}
        return compat
    if isinstance(scores, PublishedScores):
        return scores.report
    return {}


def build_comparison(runs: list[ComparedRun]) -> dict[str, Any]:
    reports = [(run.label, earlier_report(run)) for run in runs]
    summary = [
        {
            "label": label,
            "composite": r.get("composite") or {},
            "leaderboard": r.get("leaderboard") or leaderboard(r.get("composite") or {}),
            "statistics": r.get("statistics") or {},
            "rounds_pass": r.get("rounds_pass", 0),
            "rounds_total": r.get("rounds_total", 0),
            "scenarios_count": r.get("scenarios_count", len(r.get("scenarios") or [])),
        }
        for label, r in reports
    ]
    summary.sort(key=lambda row: -float(row["composite"].get("SMS", 0.0)))
    sids = list(dict.fromkeys(str(s.get("scenario_id")) for _, r in reports for s in r.get("scenarios") or []))
    by_scenario = []
    for sid in sids:
        per: dict[str, Any] = {}
        for label, r in reports:
            row = next((s for s in r.get("scenarios") or [] if str(s.get("scenario_id")) == sid), None)
            if row is not None:
                per[label] = {"sms": row.get("sms_scenario", 0.0), "metrics": row.get("metrics") or {}}
        by_scenario.append({"scenario_id": sid, "per_experiment": per})
    return {
        "generated_at": datetime.now(UTC).isoformat(),
        "labels": [row["label"] for row in summary],
        "summary": summary,
        "by_scenario": by_scenario,
    }


def write_comparison_json(runs: list[ComparedRun], out: Path) -> Path:
    path = out / "comparison.json"
    path.write_text(json.dumps(build_comparison(runs), indent=2, ensure_ascii=False), encoding="utf-8")
    return path
