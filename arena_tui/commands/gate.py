"""``check --gate``: managers through the real runner prove a dataset's checks measure management.

On every scenario:
- the oracle must pass every round (the checks are not impossible);
- a null manager that answers without acting must fail every round;
- a greedy manager (one omni subagent, every tool, every grantable path, foreground only) must
  fail at least one round, and its management score (TPP+ROC+WPP+MCA)/4 must be at least 0.25
  below the oracle's, with a lower SMS.

On every *converted* scenario (its checks carry the engine stamp ``_check.sha256``), the
adversarial rewrites of the reference manager (arena_tui/runner/baselines.py) as well:
- solo (no subagents, but the reference answers): every delegable round fails;
- no-op pool (reference manager, subagents answer OK): at least 90 % of delegable rounds fail;
- broad grant (every tool and non-sensitive path): management at least 0.25 below, lower SMS;
- padding (reference + 20 trivial subagents): SMS not above the oracle's;
- broad grants + throwaway calls: SMS at least 15 points below the oracle's;
- reference grants + one extra tool + throwaway calls: SMS below the oracle's;
- all-omni routing: SMS and MCA below the oracle's;
- all-llm routing: SMS and MCA below the oracle's where a round needs media (else not above).
Each threshold is printed beside the measured value; a miss names the scenario.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from arena_tui.config import load_model_config
from arena_tui.dataset.model import Dataset, Scenario
from arena_tui.dataset.schema import DELEGATION_TAG
from arena_tui.runner.baselines import RECORDED
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.metrics import ScenarioScore
from arena_tui.settings import Settings

GREEDY_MARGIN = 0.25
BROAD_MARGIN = 0.25
NOOP_FAIL_SHARE = 0.90
THROWAWAY_MARGIN = 0.15
GATE_CONCURRENCY = 6
FAIL = "  ← gate fails"
BASELINE_RUNS = ("solo", "noop_pool", "broad", "padding", "broad_throwaway", "extra_throwaway", "all_omni", "all_llm")


async def _run(dataset: Dataset, settings: Settings, out: Path, manager_override: str | None) -> RunScores:
    # Baselines whose answers go missing spend most of their time polling (sleeping) for them;
    # scenarios are independent, so running several at once changes no score.
    wide = settings.model_copy(update={"concurrency": max(settings.concurrency, GATE_CONCURRENCY)})
    plan = RunPlan(dataset, load_model_config("oracle"), wide, out, manager_override=manager_override)
    outcome = await execute_run(plan)
    return outcome.scores


def _management(s: ScenarioScore) -> float:
    return (s.tpp + s.roc + s.wpp + s.mca) / 4


def is_converted(scenario: Scenario) -> bool:
    """Checks written as specs of the one engine (stamped by data/build/sync_checks.py)."""
    return (scenario.scripts_dir / "_check.sha256").is_file()


def _delegable(scenario: Scenario) -> list[str]:
    return [r.id for r in scenario.rounds if DELEGATION_TAG in r.tags]


def run_gate(dataset: Dataset, settings: Settings) -> tuple[bool, list[str]]:
    """Run the managers; returns (ok, printable table lines)."""
    converted = [s for s in dataset.scenarios if is_converted(s)]
    subset = Dataset(dataset.root, dataset.tests_path, dataset.tests, converted) if converted else None
    runs: dict[str, RunScores] = {}
    with tempfile.TemporaryDirectory(prefix="cateam-gate-") as tmp:
        RECORDED.clear()
        runs["oracle"] = asyncio.run(_run(dataset, settings, Path(tmp) / "oracle", "record"))
        runs["null"] = asyncio.run(_run(dataset, settings, Path(tmp) / "null", "null"))
        runs["greedy"] = asyncio.run(_run(dataset, settings, Path(tmp) / "greedy", "greedy"))
        if subset is not None:
            for name in BASELINE_RUNS:
                runs[name] = asyncio.run(_run(subset, settings, Path(tmp) / name, name))
    lines: list[str] = []
    ok = _rounds_table(dataset, runs, lines)
    ok = _greedy_table(dataset, runs, lines) and ok
    if subset is not None:
        ok = _baseline_table(converted, runs, lines) and ok
    else:
        lines.append("no converted scenario: the adversarial baselines were not run")
    oracle, null, greedy = runs["oracle"], runs["null"], runs["greedy"]
    lines.append(
        f"{'gate OK' if ok else 'gate FAILED'}: oracle {oracle.rounds_passed}/{oracle.rounds_total} rounds passed, "
        f"null manager {null.rounds_passed}/{null.rounds_total} passed, "
        f"greedy manager {greedy.rounds_passed}/{greedy.rounds_total} passed; "
        f"{len(converted)} converted scenario(s) also gated against {', '.join(BASELINE_RUNS)}"
    )
    return ok, lines


def _rounds_table(dataset: Dataset, runs: dict[str, RunScores], lines: list[str]) -> bool:
    ok = True
    lines.append(f"{'scenario':40} {'round':8} {'oracle':8} {'null':8}")
    for scenario in dataset.scenarios:
        o, n = runs["oracle"].scenarios[scenario.id], runs["null"].scenarios[scenario.id]
        for rnd in scenario.rounds:
            o_pass, n_pass = bool(o.passed.get(rnd.id)), bool(n.passed.get(rnd.id))
            bad = (not o_pass) or n_pass
            ok = ok and not bad
            lines.append(
                f"{scenario.id:40} {rnd.id:8} {'pass' if o_pass else 'FAIL':8} {'PASS' if n_pass else 'fail':8}"
                f"{FAIL if bad else ''}"
            )
    return ok


def _greedy_table(dataset: Dataset, runs: dict[str, RunScores], lines: list[str]) -> bool:
    ok = True
    management = f"{'mgmt oracle':>11} {'mgmt greedy':>11}"
    lines.append(f"{'scenario':40} {'greedy rounds':>13} {management} {'SMS oracle':>10} {'SMS greedy':>10}")
    for scenario in dataset.scenarios:
        o, g = runs["oracle"].scenarios[scenario.id], runs["greedy"].scenarios[scenario.id]
        bad = (
            g.rounds_passed == len(scenario.rounds) or _management(o) - _management(g) < GREEDY_MARGIN or g.sms >= o.sms
        )
        ok = ok and not bad
        lines.append(
            f"{scenario.id:40} {g.rounds_passed:>6}/{len(scenario.rounds):<6} {_management(o):>11.3f} "
            f"{_management(g):>11.3f} {o.sms:>10.3f} {g.sms:>10.3f}{FAIL if bad else ''}"
        )
    return ok


def _baseline_table(converted: list[Scenario], runs: dict[str, RunScores], lines: list[str]) -> bool:
    """One line per converted scenario and baseline: the measured value beside its threshold."""
    ok = True
    lines.append(f"{'scenario':40} {'baseline':10} {'measured':>34} {'threshold':>30}")
    for scenario in converted:
        o = runs["oracle"].scenarios[scenario.id]
        dele = _delegable(scenario)
        solo, noop = runs["solo"].scenarios[scenario.id], runs["noop_pool"].scenarios[scenario.id]
        broad, pad = runs["broad"].scenarios[scenario.id], runs["padding"].scenarios[scenario.id]
        solo_passed = [r for r in dele if solo.passed.get(r)]
        noop_failed = [r for r in dele if not noop.passed.get(r)]
        share = len(noop_failed) / len(dele) if dele else 1.0
        gap = _management(o) - _management(broad)
        rows = [
            ("solo", f"{len(solo_passed)}/{len(dele)} delegable rounds passed", "0 passed", not solo_passed),
            (
                "no-op",
                f"{share:.0%} of delegable rounds failed",
                f">= {NOOP_FAIL_SHARE:.0%} failed",
                share >= NOOP_FAIL_SHARE,
            ),
            (
                "broad",
                f"mgmt gap {gap:.3f}, SMS {broad.sms:.3f} vs {o.sms:.3f}",
                f"gap >= {BROAD_MARGIN}, SMS lower",
                gap >= BROAD_MARGIN and broad.sms < o.sms,
            ),
            ("padding", f"SMS {pad.sms:.3f} vs oracle {o.sms:.3f}", "SMS <= oracle", pad.sms <= o.sms + 1e-9),
            *_privilege_rows(scenario, o, runs),
        ]
        for name, measured, threshold, good in rows:
            ok = ok and good
            lines.append(f"{scenario.id:40} {name:10} {measured:>34} {threshold:>30}{'' if good else FAIL}")
    return ok


def _needs_media(scenario: Scenario) -> bool:
    return any(set(n.modalities) - {"text", "document"} for needs in scenario.needs.values() for n in needs)


def _privilege_rows(
    scenario: Scenario, o: ScenarioScore, runs: dict[str, RunScores]
) -> list[tuple[str, str, str, bool]]:
    """The baselines that buy management points with activity or wrong routing, each beside its threshold."""
    bt, ex = runs["broad_throwaway"].scenarios[scenario.id], runs["extra_throwaway"].scenarios[scenario.id]
    omni, llm = runs["all_omni"].scenarios[scenario.id], runs["all_llm"].scenarios[scenario.id]
    media = _needs_media(scenario)
    return [
        (
            "broad+junk",
            f"SMS {bt.sms:.3f}, {100 * (o.sms - bt.sms):.1f} pts below",
            f">= {100 * THROWAWAY_MARGIN:.0f} pts below",
            o.sms - bt.sms >= THROWAWAY_MARGIN - 1e-9,
        ),
        (
            "extra+junk",
            f"SMS {ex.sms:.3f}, {100 * (o.sms - ex.sms):.1f} pts below",
            "SMS lower",
            ex.sms < o.sms,
        ),
        (
            "all-omni",
            f"SMS {omni.sms:.3f} MCA {omni.mca:.3f}, {100 * (o.sms - omni.sms):.1f} pts below",
            "SMS and MCA lower",
            omni.sms < o.sms and omni.mca < o.mca,
        ),
        (
            "all-llm",
            f"SMS {llm.sms:.3f} MCA {llm.mca:.3f}, {100 * (o.sms - llm.sms):.1f} pts below",
            "SMS and MCA lower" if media else "SMS <= oracle (no media)",
            (llm.sms < o.sms and llm.mca < o.mca) if media else llm.sms <= o.sms + 1e-9,
        ),
    ]
