"""One of our ``report.json`` files read on its own, for ``compare -r report.json``.

Next to its run store the store is read instead (every figure recomputed); a report copied
away from its store is read through the same attributes as
:class:`~arena_tui.scoring.fold.RunScores`: its arena figures, or with ``--metrics compat``
the earlier release's report it carries under ``compat``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arena_tui.errors import BadInputError
from arena_tui.scoring.published import PublishedScenario, PublishedScores


def is_our_report(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("scores"), dict) and "composite" not in data


@dataclass
class ReportFileScores:
    """The arena figures of a stored ``report.json``."""

    report: dict[str, Any]

    def _s(self, key: str) -> float:
        scores: dict[str, Any] = self.report.get("scores") or {}
        return float(scores.get(key, 0.0))

    @property
    def tcr(self) -> float:
        return self._s("TCR")

    @property
    def tpp(self) -> float:
        return self._s("TPP")

    @property
    def roc(self) -> float:
        return self._s("ROC")

    @property
    def wpp(self) -> float:
        return self._s("WPP")

    @property
    def mca(self) -> float:
        return self._s("MCA")

    @property
    def sms(self) -> float:
        return self._s("SMS")

    def _i(self, key: str) -> int:
        return int(self.report.get(key) or 0)

    @property
    def rounds_passed(self) -> int:
        return self._i("rounds_passed")

    @property
    def rounds_total(self) -> int:
        return self._i("rounds_total")

    @property
    def main_cost_usd(self) -> float:
        return float(self.report.get("cost_usd") or 0.0)

    @property
    def sub(self) -> int:
        return self._i("SUB")

    @property
    def maf(self) -> int:
        return self._i("MAF")

    @property
    def saft(self) -> int:
        return self._i("SAFt")

    @property
    def safa(self) -> float:
        return float(self.report.get("SAFa") or 0.0)

    @property
    def simulated(self) -> list[str]:
        return list(self.report.get("simulated") or [])

    @property
    def unfinished(self) -> list[str]:
        return list(self.report.get("unfinished_scenarios") or [])

    @property
    def scenarios(self) -> dict[str, PublishedScenario]:
        out: dict[str, PublishedScenario] = {}
        for row in self.report.get("per_scenario") or []:
            rounds = row.get("rounds") or {}
            finished = row.get("status") == "completed"
            out[str(row.get("scenario_id"))] = PublishedScenario(float(row.get("SMS", 0.0)), finished, list(rounds))
        return out


def report_scores(data: dict[str, Any], profile: str) -> tuple[ReportFileScores | PublishedScores, str]:
    """``(scores, metrics column)`` of one of our report.json files in ``profile``."""
    if profile == "compat":
        if not isinstance(data.get("compat"), dict):
            raise BadInputError(
                f"report of run {data.get('run_id', '?')} carries no compat block (written before it existed)",
                fix="rescore the run (`clawarena-team rescore OUT`) or compare with --metrics arena",
            )
        view = PublishedScores(data["compat"], "compat", list(data.get("simulated") or []))
        view.cost_usd = float(data.get("cost_usd") or 0.0)
        return view, "compat"
    return ReportFileScores(data), "arena"
