"""Shared pieces of the runner tests: the demo dataset, fast settings, a plan runner."""

from __future__ import annotations

import asyncio
from pathlib import Path

from arena_tui.config import ModelConfig, load_model_config
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunOutcome, RunPlan, execute_run
from arena_tui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "data" / "clawarena-team"


def fast_settings(**overrides: object) -> Settings:
    base: dict[str, object] = {"retry_base_s": 0.01, "retry_max_s": 0.05, "max_retries": 2, "request_timeout_s": 5}
    return Settings.model_validate({**base, **overrides})


def run_plan(
    out: Path,
    config: ModelConfig | None = None,
    dataset_root: Path = DEMO,
    only: list[str] | None = None,
    **settings: object,
) -> RunOutcome:
    dataset = load_dataset(dataset_root, None, only)
    plan = RunPlan(dataset, config or load_model_config("oracle"), fast_settings(**settings), out)
    return asyncio.run(execute_run(plan))
