"""The earlier public release's metric definitions, computed from the same fold.

``--metrics compat`` reproduces the published leaderboard's numbers from our events. Each
definition names the earlier file it comes from (``src/clawarena_team/...``); docs/scoring.md
lists them beside the arena definitions. Nothing here reads files: it is a view of
:class:`~arena_tui.scoring.fold.RunScores`.
"""

from __future__ import annotations

from typing import Any, Literal

from arena_tui.scoring.compat_counts import SubagentCompat
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.metrics import ScenarioScore, SubagentScore
from arena_tui.vocabulary import MUTATING_TOOLS, READ_ONLY_TOOLS

Profile = Literal["arena", "compat"]


# --- per subagent: scoring/metrics.py ---------------------------------------------------


def tps(sub: SubagentScore, counted: SubagentCompat) -> float:
    """Tool types that did their work / tool types granted; no tool granted → 0."""
    granted = set(sub.tools_granted)
    return len(granted & counted.tools_done) / len(granted) if granted else 0.0


def ros(sub: SubagentScore, counted: SubagentCompat) -> float:
    """A subagent that used only read tools scores 0 if granted a mutating tool; one that used nothing scores 1."""
    used = counted.tools_done
    if used and used <= READ_ONLY_TOOLS:
        return 0.0 if set(sub.tools_granted) & MUTATING_TOOLS else 1.0
    return 1.0


def wps(sub: SubagentScore, counted: SubagentCompat) -> float:
    """Files handled by Read/Write/Edit (created ones included) / files reachable at grant time, capped at 1."""
    if counted.reachable_at_creation <= 0:
        return 0.0
    return min(1.0, len(counted.accessed) / counted.reachable_at_creation)


def mcs(sub: SubagentScore, counted: SubagentCompat) -> float:
    """llm always 1; vlm must read an image or video; omni must read audio."""
    if sub.model_key == "llm":
        return 1.0
    if sub.model_key == "vlm":
        return 1.0 if sub.modalities_read & {"image", "video"} else 0.0
    if sub.model_key == "omni":
        return 1.0 if "audio" in sub.modalities_read else 0.0
    return 0.0


# --- per scenario: scoring/metrics.py compute_scenario_metrics --------------------------


def scenario_metrics(s: ScenarioScore) -> dict[str, Any]:
    """A scenario's ``metrics`` block of the earlier ``metadata.json`` (plain means over subagents)."""
    subs = list(s.subagents.values())
    n = len(subs)
    # A subagent the earlier counters never saw (a score built by hand) counted nothing there.
    counted = [s.compat.subagents.get(x.subagent_id) or SubagentCompat() for x in subs]

    def avg(f: Any) -> float:
        return sum(f(x, c) for x, c in zip(subs, counted, strict=True)) / n if n else 0.0

    saft = sum(c.forbidden for c in counted)
    mkd: dict[str, int] = {}
    tgc: dict[str, int] = {}
    for x in subs:
        mkd[x.model_key] = mkd.get(x.model_key, 0) + 1
        for tool in x.tools_granted:
            tgc[tool] = tgc.get(tool, 0) + 1
    total = len(s.round_ids)
    return {
        "task_success_rate": s.rounds_passed / total if total else 0.0,
        "rounds_passed": s.rounds_passed,
        "rounds_total": total,
        "tool_permission_score": avg(tps),
        "readonly_subagent_score": avg(ros),
        "workspace_permission_score": avg(wps),
        "model_choice_score": avg(mcs),
        "main_agent_forbidden_count": s.compat.maf,
        "subagent_forbidden_total": saft,
        "subagent_forbidden_avg": saft / n if n else 0.0,
        "subagent_create_count": n,
        "model_key_distribution": mkd,
        "invocation_distribution": dict(sorted(s.compat.inv.items())),
        "tools_grant_counts": dict(sorted(tgc.items())),
        "structured_output_count": s.compat.soc,
    }


def _mqs(m: dict[str, Any]) -> float:
    keys = ("tool_permission_score", "readonly_subagent_score", "workspace_permission_score", "model_choice_score")
    return sum(float(m.get(k, 0.0)) for k in keys) / 4.0


# --- per run: scoring/report.py build_run_report ----------------------------------------


def _sum_into(target: dict[str, int], source: dict[str, Any] | None) -> None:
    for k, v in (source or {}).items():
        target[k] = target.get(k, 0) + int(v)


def build_compat(run_id: str, metadata: list[dict[str, Any]]) -> dict[str, Any]:
    """The earlier ``report.json`` from per-scenario ``metadata.json`` dicts (finished scenarios only)."""
    scenarios: list[dict[str, Any]] = []
    passes: list[float] = []
    full = 0
    for md in metadata:
        m = md.get("metrics") or {}
        tcr_s = float(m.get("task_success_rate", 0.0))
        scenarios.append(
            {
                "scenario_id": md.get("scenario_id"),
                "task_success_rate": tcr_s,
                "rounds_passed": m.get("rounds_passed", 0),
                "rounds_total": m.get("rounds_total", 0),
                "sms_scenario": 0.5 * tcr_s + 0.5 * _mqs(m),
                "mqs_scenario": _mqs(m),
                "sms_leaderboard": tcr_s * _mqs(m),
                "metrics": m,
            }
        )
        full += bool(m.get("rounds_total")) and m.get("rounds_passed") == m.get("rounds_total")
        passes.extend(1.0 if r.get("passed") else 0.0 for r in md.get("rounds") or [])
    n = len(scenarios) or 1
    tcr = sum(passes) / len(passes) if passes else 0.0
    scr = sum(s["task_success_rate"] for s in scenarios) / n
    sfr = full / n
    tcs = (tcr + scr + sfr) / 3.0
    mqs = sum(s["mqs_scenario"] for s in scenarios) / len(scenarios) if scenarios else 0.0

    def avg(key: str) -> float:
        return sum(float(s["metrics"].get(key, 0.0)) for s in scenarios) / n

    stats: dict[str, Any] = {"SUB": 0, "MKD": {}, "INV": {}, "TGC": {}, "SOC": 0, "MAF": 0, "SAFt": 0}
    for s in scenarios:
        m = s["metrics"]
        stats["SUB"] += int(m.get("subagent_create_count", 0))
        _sum_into(stats["MKD"], m.get("model_key_distribution"))
        _sum_into(stats["INV"], m.get("invocation_distribution"))
        _sum_into(stats["TGC"], m.get("tools_grant_counts"))
        stats["SOC"] += int(m.get("structured_output_count", 0))
        stats["MAF"] += int(m.get("main_agent_forbidden_count", 0))
        stats["SAFt"] += int(m.get("subagent_forbidden_total", 0))
    stats["SAFa"] = stats["SAFt"] / stats["SUB"] if stats["SUB"] else 0.0
    composite = {
        "SMS": 0.5 * tcs + 0.5 * mqs,
        "TCS": tcs,
        "MQS": mqs,
        "TCR": tcr,
        "SCR": scr,
        "SFR": sfr,
        "TPS": avg("tool_permission_score"),
        "ROS": avg("readonly_subagent_score"),
        "WPS": avg("workspace_permission_score"),
        "MCS": avg("model_choice_score"),
    }
    return {
        "run_id": run_id,
        "composite_formula": LEGACY_FORMULA,
        "leaderboard": leaderboard(composite),
        "scenarios": scenarios,
        "avg_task_success_rate": tcr,
        "avg_scenario_success_rate": scr,
        "avg_scenario_full_pass_rate": sfr,
        "composite": composite,
        "statistics": stats,
        "rounds_pass": int(sum(passes)),
        "rounds_total": len(passes),
        "scenarios_count": len(scenarios),
    }


def scenario_metadata(s: ScenarioScore) -> dict[str, Any]:
    """The earlier ``<scenario>/metadata.json`` of one finished scenario."""
    return {
        "scenario_id": s.scenario_id,
        "rounds": [{"id": rid, "passed": bool(s.passed.get(rid))} for rid in s.round_ids],
        "metrics": scenario_metrics(s),
    }


def compat_report(scores: RunScores, run_id: str) -> dict[str, Any]:
    """The earlier report of a run: unfinished scenarios are dropped (they wrote no metadata there)."""
    finished = [scenario_metadata(s) for s in scores.scenarios.values() if s.finished]
    out = build_compat(run_id, sorted(finished, key=lambda md: str(md["scenario_id"])))
    out["dropped_unfinished"] = list(scores.unfinished)
    return out


LEGACY_FORMULA = "SMS = 0.5·TCS + 0.5·MQS, TCS = (TCR + SCR + SFR) / 3, MQS = (TPS + ROS + WPS + MCS) / 4"
LEADERBOARD_FORMULA = "SMS = TCR × (TPP + ROC + WPP + MCA) / 4"


def leaderboard(composite: dict[str, Any]) -> dict[str, Any]:
    """The published leaderboard's SMS from the compat metrics (TPP = TPS, ROC = ROS, WPP = WPS, MCA = MCS).

    ``composite.SMS`` is the earlier report's own legacy composite; its README ranks by this one.
    """
    return {"formula": LEADERBOARD_FORMULA, **paper_composite(composite)}


def paper_composite(composite: dict[str, Any]) -> dict[str, float]:
    """The earlier report's "paper" view: SMS = TCR × (TPS + ROS + WPS + MCS) / 4 (same formula as the arena's)."""
    tcr = float(composite.get("TCR", 0.0))
    quartet = [float(composite.get(k, 0.0)) for k in ("TPS", "ROS", "WPS", "MCS")]
    return {
        "SMS": tcr * sum(quartet) / 4.0,
        "TCR": tcr,
        **dict(zip(("TPP", "ROC", "WPP", "MCA"), quartet, strict=True)),
    }
