"""The shape of ``report.json``: typed, so writers and readers share one definition."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from arena_tui.events import RunStarted
from arena_tui.scoring.metrics import ManagementMeans

SCORE_KEYS = ("TCR", "TPP", "ROC", "WPP", "MCA", "SMS")


def round6(value: float) -> float:
    return round(value, 6)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SixScores(_Model):
    """The six arena figures, as fractions rounded to six places."""

    TCR: float
    TPP: float
    ROC: float
    WPP: float
    MCA: float
    SMS: float

    @classmethod
    def of(cls, means: ManagementMeans) -> SixScores:
        return cls(
            TCR=round6(means.tcr),
            TPP=round6(means.tpp),
            ROC=round6(means.roc),
            WPP=round6(means.wpp),
            MCA=round6(means.mca),
            SMS=round6(means.sms),
        )

    def as_dict(self) -> dict[str, float]:
        return {k: float(getattr(self, k)) for k in SCORE_KEYS}


class ReportMeta(_Model):
    """Who made the run and how: every field comes from its ``run_started`` event."""

    run_id: str
    stitched_from: list[str] | None = None
    """Output folders of a report over several runs."""
    dataset: str
    manager: str
    pool: dict[str, str]
    sandbox_mode: str
    settings: dict[str, Any]

    @classmethod
    def of(cls, started: RunStarted) -> ReportMeta:
        return cls(
            run_id=started.run_id,
            dataset=started.dataset,
            manager=started.manager,
            pool=started.pool,
            sandbox_mode=started.sandbox_mode,
            settings=started.settings,
        )


class _ScenarioHead(_Model):
    scenario_id: str
    status: str
    reason: str
    rounds_passed: int
    rounds_total: int
    rounds: dict[str, bool]


class ScenarioRow(SixScores, _ScenarioHead):
    """One scenario's line: its rounds, its six figures, then its counts."""

    SUB: int
    MAF: int
    SAFt: int
    INV: dict[str, int]
    truncated: dict[str, int] = Field(default_factory=dict)
    routing: dict[str, int] = Field(default_factory=dict)
    """Counted subagents by model routing against the declared needs: right, over-capable, incapable."""


class Coverage(_Model):
    scenarios: int
    finished: int


class TokenRow(_Model):
    model_key: str
    prompt: int
    completion: int
    cost_usd: float


class CacheFigures(_Model):
    cost_usd: float
    cost_usd_without_cache: float
    cached_tokens: dict[str, int]


class Report(ReportMeta):
    """Everything ``report.json`` holds; ``compat`` is the earlier release's report shape."""

    simulated: list[str]
    scores: SixScores
    rounds_passed: int
    rounds_total: int
    coverage: Coverage
    unfinished_scenarios: list[str]
    cost_usd: float
    pool_tokens: dict[str, int]
    SUB: int
    MKD: dict[str, int]
    INV: dict[str, int]
    MAF: int
    SAFt: int
    SAFa: float
    tokens: dict[str, TokenRow]
    cache: CacheFigures
    timing: dict[str, Any]
    per_scenario: list[ScenarioRow]
    metrics_profile: str
    compat: dict[str, Any]

    def to_json_dict(self) -> dict[str, Any]:
        """The JSON object written to ``report.json``."""
        return self.model_dump(mode="json", exclude={"stitched_from"} if self.stitched_from is None else None)
