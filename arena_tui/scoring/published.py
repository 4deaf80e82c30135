"""Reports in the earlier release's shape, so runs can be ranked beside published ones.

:class:`PublishedScores` exposes the figures of an earlier-shape report (``composite``,
``statistics``, ``scenarios[].metrics``) through the same attributes as
:class:`~arena_tui.scoring.fold.RunScores`, so ``compare``, ``report`` and the TUI treat a
published run, or our own run viewed with ``--metrics compat``, like any other.

An earlier release's output folder holds ``<run_id>/report.json`` and one
``<run_id>/<scenario_id>/metadata.json`` per finished scenario; :func:`load_published`
accepts the report file, a folder holding one, or a results folder of ``metadata.json``
files (stitched as the earlier ``report -i`` does: per scenario, the latest ``finished_at``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena_tui.errors import BadInputError
from arena_tui.scoring.compat import build_compat, paper_composite


@dataclass(frozen=True)
class PublishedScenario:
    sms: float
    finished: bool = True
    round_ids: list[str] = field(default_factory=list)
    """Earlier reports name no rounds: numbered from its round count where it gives one."""


@dataclass
class PublishedScores:
    """An earlier-shape report read as scores. ``profile="arena"`` shows its paper composite
    (SMS = TCR × (TPS + ROS + WPS + MCS) / 4), ``"compat"`` its stored ``composite.SMS``."""

    report: dict[str, Any]
    profile: str = "compat"
    simulated: list[str] = field(default_factory=list)
    cost_usd: float = 0.0

    @property
    def _c(self) -> dict[str, Any]:
        composite: dict[str, Any] = self.report.get("composite") or {}
        return composite

    @property
    def _st(self) -> dict[str, Any]:
        stats: dict[str, Any] = self.report.get("statistics") or {}
        return stats

    def _f(self, key: str) -> float:
        return float(self._c.get(key, 0.0))

    @property
    def tcr(self) -> float:
        return self._f("TCR")

    @property
    def tpp(self) -> float:
        return self._f("TPS")

    @property
    def roc(self) -> float:
        return self._f("ROS")

    @property
    def wpp(self) -> float:
        return self._f("WPS")

    @property
    def mca(self) -> float:
        return self._f("MCS")

    @property
    def sms(self) -> float:
        return self._f("SMS") if self.profile == "compat" else paper_composite(self._c)["SMS"]

    @property
    def rounds_passed(self) -> int:
        return int(self.report.get("rounds_pass", 0))

    @property
    def rounds_total(self) -> int:
        return int(self.report.get("rounds_total", 0))

    @property
    def main_cost_usd(self) -> float:
        return self.cost_usd

    @property
    def sub(self) -> int:
        return int(self._st.get("SUB", 0))

    @property
    def maf(self) -> int:
        return int(self._st.get("MAF", 0))

    @property
    def saft(self) -> int:
        return int(self._st.get("SAFt", 0))

    @property
    def safa(self) -> float:
        return float(self._st.get("SAFa", 0.0))

    @property
    def unfinished(self) -> list[str]:
        return list(self.report.get("dropped_unfinished") or [])

    @property
    def scenarios(self) -> dict[str, PublishedScenario]:
        out: dict[str, PublishedScenario] = {}
        for row in self.report.get("scenarios") or []:
            m = row.get("metrics") or {}
            if self.profile == "compat":
                value = float(row.get("sms_scenario", 0.0))
            else:
                quartet = [float(m.get(k, 0.0)) for k in _QUARTET]
                value = float(m.get("task_success_rate", 0.0)) * sum(quartet) / 4.0
            count = int(m.get("total_rounds") or row.get("total_rounds") or 0)
            out[str(row.get("scenario_id"))] = PublishedScenario(value, round_ids=[str(i + 1) for i in range(count)])
        return out


_QUARTET = ("tool_permission_score", "readonly_subagent_score", "workspace_permission_score", "model_choice_score")


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadInputError(f"{path}: not a readable JSON report ({exc})", fix="pass a run output folder") from None


def is_earlier_report(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("composite"), dict) and "scores" not in data


def collect_metadata(root: Path) -> list[dict[str, Any]]:
    """Every ``metadata.json`` under ``root``; per scenario the one with the latest ``finished_at``."""
    by_id: dict[str, dict[str, Any]] = {}
    for path in sorted(root.rglob("metadata.json")):
        try:
            md = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        sid = md.get("scenario_id") if isinstance(md, dict) else None
        if not sid or not isinstance(md.get("metrics"), dict):
            continue  # not an earlier-release scenario record
        previous = by_id.get(sid)
        if previous is None or str(md.get("finished_at") or "") > str(previous.get("finished_at") or ""):
            by_id[sid] = md
    return [by_id[sid] for sid in sorted(by_id)]


def load_published(path: Path, profile: str = "compat") -> tuple[str, PublishedScores]:
    """``(run_id, scores)`` of an earlier-release output (report file, run folder or results folder).

    Raises:
        BadInputError: nothing in the earlier shape is there.
    """
    candidates = [path] if path.is_file() else [path / "report.json", *sorted(path.glob("*/report.json"))]
    for candidate in candidates:
        if candidate.is_file():
            data = _read_json(candidate)
            if is_earlier_report(data):
                return str(data.get("run_id") or candidate.parent.name), PublishedScores(data, profile)
    if path.is_dir():
        metadata = collect_metadata(path)
        if metadata:
            return path.name, PublishedScores(build_compat(path.name, metadata), profile)
    raise BadInputError(
        f"'{path}' holds neither a run store (arena.sqlite) nor an earlier-release report.json or metadata.json",
        fix="pass a run output folder",
    )
