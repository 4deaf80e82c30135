"""``report.json`` and ``report.md`` from a run's scores (the same for run, report and rescore)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena_tui.scoring.fold import RunScores

SCORE_KEYS = ("TCR", "TPP", "ROC", "WPP", "MCA", "SMS")


def _r(value: float) -> float:
    return round(value, 6)


def report_dict(scores: RunScores, meta: dict[str, Any]) -> dict[str, Any]:
    """Every figure of SPEC §5; ``meta`` adds run id, dataset, models, sandbox mode."""
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
        "per_scenario": per_scenario,
    }


def pct(value: float) -> str:
    return f"{100 * value:.1f}"


def report_markdown(report: dict[str, Any]) -> str:
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
    return "\n".join(lines) + "\n"


def write_report(out: Path, scores: RunScores, meta: dict[str, Any]) -> dict[str, Any]:
    report = report_dict(scores, meta)
    (out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    (out / "report.md").write_text(report_markdown(report), encoding="utf-8")
    return report
