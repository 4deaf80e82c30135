"""``check --gate``: the oracle must pass every round and a null manager must fail every round.

Both runs go through the real runner into temporary folders, so the gate proves that a
dataset's checks are neither impossible nor trivially passable.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from arena_tui.config import load_model_config
from arena_tui.dataset.model import Dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.scoring.fold import RunScores
from arena_tui.settings import Settings


async def _run(dataset: Dataset, settings: Settings, out: Path, manager_override: str | None) -> RunScores:
    plan = RunPlan(dataset, load_model_config("oracle"), settings, out, manager_override=manager_override)
    outcome = await execute_run(plan)
    return outcome.scores


def run_gate(dataset: Dataset, settings: Settings) -> tuple[bool, list[str]]:
    """Run both managers; returns (ok, printable table lines)."""
    with tempfile.TemporaryDirectory(prefix="cateam-gate-") as tmp:
        oracle = asyncio.run(_run(dataset, settings, Path(tmp) / "oracle", None))
        null = asyncio.run(_run(dataset, settings, Path(tmp) / "null", "null"))
    lines = [f"{'scenario':40} {'round':8} {'oracle':8} {'null':8}"]
    ok = True
    for scenario in dataset.scenarios:
        o, n = oracle.scenarios[scenario.id], null.scenarios[scenario.id]
        for rnd in scenario.rounds:
            o_pass, n_pass = bool(o.passed.get(rnd.id)), bool(n.passed.get(rnd.id))
            bad = (not o_pass) or n_pass
            ok = ok and not bad
            mark = "  ← gate fails" if bad else ""
            lines.append(
                f"{scenario.id:40} {rnd.id:8} {'pass' if o_pass else 'FAIL':8} {'PASS' if n_pass else 'fail':8}{mark}"
            )
    verdict = "gate OK" if ok else "gate FAILED"
    lines.append(
        f"{verdict}: oracle {oracle.rounds_passed}/{oracle.rounds_total} rounds passed, "
        f"null manager {null.rounds_passed}/{null.rounds_total} passed"
    )
    return ok, lines
