"""Shared pieces of the runner tests: the demo dataset, fast settings, a plan runner."""

from __future__ import annotations

import asyncio
import json
import shutil
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


def demo_only(dest: Path) -> Path:
    """A dataset folder holding only the demo scenarios (tests-demo.json as its tests.json).

    Scenario folders are symlinked, so nothing is copied; the runner copies workspaces anyway.
    """
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DEMO / "tests-demo.json", dest / "tests.json")
    shutil.copyfile(DEMO / "manifests.json", dest / "manifests.json")
    (dest / "scenarios").mkdir(exist_ok=True)
    for sid in json.loads((DEMO / "tests-demo.json").read_text())["scenario_ids"]:
        link = dest / "scenarios" / sid
        if not link.exists():
            link.symlink_to(DEMO / "scenarios" / sid, target_is_directory=True)
    return dest


def run_plan(
    out: Path,
    config: ModelConfig | None = None,
    dataset_root: Path = DEMO,
    only: list[str] | None = None,
    **settings: object,
) -> RunOutcome:
    tests = "tests-demo.json" if dataset_root == DEMO else None
    dataset = load_dataset(dataset_root, tests, only)
    plan = RunPlan(dataset, config or load_model_config("oracle"), fast_settings(**settings), out)
    return asyncio.run(execute_run(plan))
