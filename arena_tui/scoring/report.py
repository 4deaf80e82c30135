"""``report.json`` and ``report.md`` from a run's scores (the same for run, report and rescore)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena_tui.scoring.compat import Profile, compat_report
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.timing import total

SCORE_KEYS = ("TCR", "TPP", "ROC", "WPP", "MCA", "SMS")
COMPAT_KEYS = ("TCR", "SCR", "SFR", "TPS", "ROS", "WPS", "MCS", "TCS", "MQS", "SMS")


def profile_of(meta: dict[str, Any], override: str | None = None) -> Profile:
    """The scoring profile a report leads with: ``override``, else the run's ``metrics`` setting."""
    settings = meta.get("settings") or {}
    chosen = override or (settings.get("metrics") if isinstance(settings, dict) else None) or "arena"
    return "compat" if chosen == "compat" else "arena"


def _r(value: float) -> float:
    return round(value, 6)


def timing_dict(scores: RunScores) -> dict[str, Any]:
    """Seconds for the run, per scenario and per round (wall, model, tool, check, harness)."""
    rounds = scores.stats.rounds
    return {
        "run": total([r for sid in scores.scenarios for r in rounds.get(sid, {}).values()]),
        "per_scenario": {sid: total(list(rounds.get(sid, {}).values())) for sid in scores.scenarios},
        "per_round": {sid: {rid: r.seconds() for rid, r in rounds.get(sid, {}).items()} for sid in scores.scenarios},
    }


def cache_dict(scores: RunScores) -> dict[str, Any]:
    """Manager cost with and without the prompt-cache discount, and cached tokens per model key."""
    stats = scores.stats
    return {
        "cost_usd": round(scores.main_cost_usd, 6),
        "cost_usd_without_cache": round(stats.cost_nocache_usd.get("main", scores.main_cost_usd), 6),
        "cached_tokens": dict(sorted(stats.cached_tokens.items())),
    }


def report_dict(scores: RunScores, meta: dict[str, Any], profile: str | None = None) -> dict[str, Any]:
    """Every figure of SPEC §5; ``meta`` adds run id, dataset, models, sandbox mode.

    Both profiles are always present: the arena figures at the top level and the earlier
    release's report (its ``composite``/``statistics`` shape) under ``compat``;
    ``metrics_profile`` names the one the run (or ``profile``) leads with.
    """
    per_scenario = []
    for sid, s in scores.scenarios.items():
        per_scenario.append(
            {
                "scenario_id": sid,
                "status": s.status,
                "reason": s.reason,
                "rounds_passed": s.rounds_passed,
                "rounds_total": len(s.round_ids),
                "rounds": {rid: bool(s.passed.get(rid)) for rid in s.round_ids},
                "TCR": _r(s.tcr),
                "TPP": _r(s.tpp),
                "ROC": _r(s.roc),
                "WPP": _r(s.wpp),
                "MCA": _r(s.mca),
                "SMS": _r(s.sms),
                "SUB": len(s.subagents),
                "MAF": s.maf,
                "SAFt": s.saft,
                "INV": dict(sorted(s.inv.items())),
                "truncated": scores.stats.truncated(sid),
            }
        )
    tokens = {
        agent: {
            "model_key": t.model_key,
            "prompt": t.prompt,
            "completion": t.completion,
            "cost_usd": round(t.cost_usd, 6),
        }
        for agent, t in sorted(scores.tokens.items())
    }
    return {
        **meta,
        "simulated": scores.simulated,
        "scores": {
            "TCR": _r(scores.tcr),
            "TPP": _r(scores.tpp),
            "ROC": _r(scores.roc),
            "WPP": _r(scores.wpp),
            "MCA": _r(scores.mca),
            "SMS": _r(scores.sms),
        },
        "rounds_passed": scores.rounds_passed,
        "rounds_total": scores.rounds_total,
        "coverage": {
            "scenarios": len(scores.scenarios),
            "finished": len(scores.scenarios) - len(scores.unfinished),
        },
        "unfinished_scenarios": scores.unfinished,
        "cost_usd": round(scores.main_cost_usd, 6),
        "pool_tokens": dict(sorted(scores.pool_tokens.items())),
        "SUB": scores.sub,
        "MKD": scores.mkd,
        "INV": dict(sorted(scores.inv.items())),
        "MAF": scores.maf,
        "SAFt": scores.saft,
        "SAFa": _r(scores.safa),
        "tokens": tokens,
        "cache": cache_dict(scores),
        "timing": timing_dict(scores),
        "per_scenario": per_scenario,
        "metrics_profile": profile_of(meta, profile),
        "compat": compat_report(scores, str(meta.get("run_id", ""))),
    }


def pct(value: float) -> str:
    return f"{100 * value:.1f}"


def compat_markdown(compat: dict[str, Any]) -> list[str]:
    """The earlier release's figures (``--metrics compat``) as markdown lines."""
    c, st = compat["composite"], compat["statistics"]
    lines = [
        "## Earlier-release metrics (`--metrics compat`)",
        "",
        "SMS = 0.5·TCS + 0.5·MQS; TCS = (TCR + SCR + SFR) / 3; unfinished scenarios are dropped"
        + (f" ({', '.join(compat['dropped_unfinished'])})" if compat.get("dropped_unfinished") else "")
        + ".",
        "",
        "| " + " | ".join(COMPAT_KEYS) + " | rounds | SUB | MAF | SAFt | SAFa |",
        "|" + "--:|" * (len(COMPAT_KEYS) + 5),
        "| "
        + " | ".join(pct(c[k]) for k in COMPAT_KEYS)
        + f" | {compat['rounds_pass']}/{compat['rounds_total']} | {st['SUB']} | {st['MAF']} | {st['SAFt']}"
        + f" | {st['SAFa']:.2f} |",
        "",
        f"MKD: {st['MKD']} · INV: {st['INV']} · TGC: {st['TGC']} · SOC: {st['SOC']}",
        "",
        "| scenario | rounds | SMS | TCR | TPS | ROS | WPS | MCS |",
        "|---|---|" + "--:|" * 6,
    ]
    for row in compat["scenarios"]:
        m = row["metrics"]
        lines.append(
            f"| {row['scenario_id']} | {m['rounds_passed']}/{m['rounds_total']} | {pct(row['sms_scenario'])} | "
            f"{pct(m['task_success_rate'])} | {pct(m['tool_permission_score'])} | "
            f"{pct(m['readonly_subagent_score'])} | {pct(m['workspace_permission_score'])} | "
            f"{pct(m['model_choice_score'])} |"
        )
    return lines


def headline(report: dict[str, Any], profile: str | None = None) -> dict[str, float]:
    """The leading figures of a report in the chosen profile (arena keys, compat values mapped)."""
    chosen = profile or report.get("metrics_profile", "arena")
    if chosen == "compat" and "compat" in report:
        c = report["compat"]["composite"]
        return {"TCR": c["TCR"], "TPP": c["TPS"], "ROC": c["ROS"], "WPP": c["WPS"], "MCA": c["MCS"], "SMS": c["SMS"]}
    return {k: float(report["scores"][k]) for k in SCORE_KEYS}


def report_markdown(report: dict[str, Any]) -> str:
    if report.get("metrics_profile") == "compat" and "compat" in report:
        head = [f"# ClawArena-Team run {report.get('run_id', '')} (earlier-release metrics)", ""]
        return "\n".join([*head, *compat_markdown(report["compat"]), "", _arena_markdown(report)]) + "\n"
    return _arena_markdown(report) + (
        "\n" + "\n".join(compat_markdown(report["compat"])) + "\n" if "compat" in report else ""
    )


def _arena_markdown(report: dict[str, Any]) -> str:
    s = report["scores"]
    lines = [
        f"# ClawArena-Team run {report.get('run_id', '')}",
        "",
        f"- dataset: `{report.get('dataset', '')}`",
        f"- manager: {report.get('manager', '')}",
        f"- pool: {', '.join(f'{k}={v}' for k, v in report.get('pool', {}).items())}",
        f"- sandbox: {report.get('sandbox_mode', '')}",
    ]
    if report["simulated"]:
        lines.append(f"- **simulated roles** (not real models): {'; '.join(report['simulated'])}")
    lines += [
        "",
        "| " + " | ".join(SCORE_KEYS) + " | rounds | cost $ | SUB | MAF | SAFt | SAFa |",
        "|" + "--:|" * (len(SCORE_KEYS) + 6),
        "| "
        + " | ".join(pct(s[k]) for k in SCORE_KEYS)
        + f" | {report['rounds_passed']}/{report['rounds_total']} | {report['cost_usd']:.4f} | {report['SUB']}"
        + f" | {report['MAF']} | {report['SAFt']} | {report['SAFa']:.2f} |",
        "",
        f"MKD: {report['MKD']} · INV: {report['INV']} · pool tokens: {report['pool_tokens']}",
        "",
    ]
    if report["unfinished_scenarios"]:
        lines += [
            f"**Unfinished scenarios (their rounds count as failed):** {', '.join(report['unfinished_scenarios'])}",
            "",
        ]
    lines += [
        "| scenario | status | rounds | TCR | TPP | ROC | WPP | MCA | SMS | SUB | MAF | SAFt |",
        "|---|---|" + "--:|" * 10,
    ]
    for row in report["per_scenario"]:
        marks = "".join("✓" if ok else "✗" for ok in row["rounds"].values())
        lines.append(
            f"| {row['scenario_id']} | {row['status']} | {marks} | {pct(row['TCR'])} | {pct(row['TPP'])} | "
            f"{pct(row['ROC'])} | {pct(row['WPP'])} | {pct(row['MCA'])} | {pct(row['SMS'])} | {row['SUB']} | "
            f"{row['MAF']} | {row['SAFt']} |"
        )
    return "\n".join(lines + _extras_markdown(report)) + "\n"


def _extras_markdown(report: dict[str, Any]) -> list[str]:
    """Truncated replies, prompt-cache savings and timing (reports written before these lack them)."""
    lines: list[str] = []
    cut = {r["scenario_id"]: r.get("truncated") or {} for r in report["per_scenario"] if r.get("truncated")}
    if cut:
        lines += ["", "**Truncated replies** (stopped at the output-token limit; raise max_tokens):"]
        lines += [f"- {sid}: " + ", ".join(f"{rid} ×{n}" for rid, n in rounds.items()) for sid, rounds in cut.items()]
    cache = report.get("cache")
    if cache:
        lines += [
            "",
            f"Manager cost ${cache['cost_usd']:.4f} with the prompt-cache discount, "
            f"${cache['cost_usd_without_cache']:.4f} without · cached prompt tokens: {cache['cached_tokens']}",
        ]
    timing = report.get("timing")
    if timing:
        cols = ("wall_s", "model_s", "tool_s", "check_s", "harness_s")
        lines += ["", "## Timing (seconds)", "", "| scenario | round | wall | model | tool | check | harness |"]
        lines += ["|---|---|" + "--:|" * len(cols)]
        run = timing["run"]
        lines.append("| **run** | | " + " | ".join(f"{run[c]:.2f}" for c in cols) + " |")
        for sid, rounds in timing["per_round"].items():
            whole = timing["per_scenario"][sid]
            lines.append(f"| {sid} | all | " + " | ".join(f"{whole[c]:.2f}" for c in cols) + " |")
            for rid, t in rounds.items():
                lines.append(f"| {sid} | {rid} | " + " | ".join(f"{t[c]:.2f}" for c in cols) + " |")
    return lines


def write_report(out: Path, scores: RunScores, meta: dict[str, Any], profile: str | None = None) -> dict[str, Any]:
    report = report_dict(scores, meta, profile)
    (out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    (out / "report.md").write_text(report_markdown(report), encoding="utf-8")
    return report
