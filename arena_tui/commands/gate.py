"""``check --gate``: three managers through the real runner prove a dataset's checks sound.

- the oracle must pass every round (the checks are not impossible);
- a null manager that answers without acting must fail every round (not trivially passable);
- a greedy manager (one omni subagent, every tool, every grantable path, foreground only) must
  fail at least one round of each scenario, and its management score (TPP+ROC+WPP+MCA)/4 must
  be at least 0.25 below the oracle's, with a lower SMS (careless management is punished).
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from arena_tui.config import load_model_config
from arena_tui.dataset.model import Dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.metrics import ScenarioScore
from arena_tui.settings import Settings


async def _run(dataset: Dataset, settings: Settings, out: Path, manager_override: str | None) -> RunScores:
    plan = RunPlan(dataset, load_model_config("oracle"), settings, out, manager_override=manager_override)
    outcome = await execute_run(plan)
    return outcome.scores


GREEDY_MARGIN = 0.25


def _management(s: ScenarioScore) -> float:
    return (s.tpp + s.roc + s.wpp + s.mca) / 4


def run_gate(dataset: Dataset, settings: Settings) -> tuple[bool, list[str]]:
    """Run the three managers; returns (ok, printable table lines)."""
    with tempfile.TemporaryDirectory(prefix="cateam-gate-") as tmp:
        oracle = asyncio.run(_run(dataset, settings, Path(tmp) / "oracle", None))
        null = asyncio.run(_run(dataset, settings, Path(tmp) / "null", "null"))
        greedy = asyncio.run(_run(dataset, settings, Path(tmp) / "greedy", "greedy"))
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
    management = f"{'mgmt oracle':>11} {'mgmt greedy':>11}"
    lines.append(f"{'scenario':40} {'greedy rounds':>13} {management} {'SMS oracle':>10} {'SMS greedy':>10}")
    for scenario in dataset.scenarios:
        o, g = oracle.scenarios[scenario.id], greedy.scenarios[scenario.id]
        bad = (
            g.rounds_passed == len(scenario.rounds) or _management(o) - _management(g) < GREEDY_MARGIN or g.sms >= o.sms
        )
        ok = ok and not bad
        lines.append(
            f"{scenario.id:40} {g.rounds_passed:>6}/{len(scenario.rounds):<6} {_management(o):>11.3f} "
            f"{_management(g):>11.3f} {o.sms:>10.3f} {g.sms:>10.3f}{'  ← gate fails' if bad else ''}"
        )
    verdict = "gate OK" if ok else "gate FAILED"
    lines.append(
        f"{verdict}: oracle {oracle.rounds_passed}/{oracle.rounds_total} rounds passed, "
        f"null manager {null.rounds_passed}/{null.rounds_total} passed, "
        f"greedy manager {greedy.rounds_passed}/{greedy.rounds_total} passed"
    )
    return ok, lines
