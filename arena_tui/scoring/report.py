"""``report.json`` and ``report.md`` from a run's scores (the same for run, report and rescore)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena_tui.scoring.compat import LEADERBOARD_FORMULA, Profile, compat_report, leaderboard
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.report_model import (
    SCORE_KEYS,
    CacheFigures,
    Coverage,
    Report,
    ReportMeta,
    ScenarioRow,
    SixScores,
    TokenRow,
    round6,
)
from arena_tui.scoring.timing import COLUMNS, total

COMPAT_KEYS = ("TCR", "SCR", "SFR", "TPS", "ROS", "WPS", "MCS", "TCS", "MQS", "SMS")


def profile_of(settings: dict[str, Any], override: str | None = None) -> Profile:
    """The scoring profile a report leads with: ``override``, else the run's ``metrics`` setting."""
    chosen = override or settings.get("metrics") or "arena"
    return "compat" if chosen == "compat" else "arena"


def timing_dict(scores: RunScores) -> dict[str, Any]:
    """Seconds for the run, per scenario and per round (wall, model, retry, tool, check, harness).

    The run row's ``wall_s`` is elapsed time (``scenario_wall_s`` is the sum over scenarios);
    ``abandoned`` holds the seconds of scenario attempts that were started over, and ``spend``
    the answered requests' tokens and dollars, counted and abandoned (docs/scoring.md).
    """
    stats = scores.stats
    rounds = stats.rounds
    summed = total([r for sid in scores.scenarios for r in rounds.get(sid, {}).values()])
    return {
        "run": {**summed, "wall_s": stats.run_wall_s, "scenario_wall_s": summed["wall_s"]},
        "per_scenario": {sid: total(list(rounds.get(sid, {}).values())) for sid in scores.scenarios},
        "per_round": {sid: {rid: r.seconds() for rid, r in rounds.get(sid, {}).items()} for sid in scores.scenarios},
        "abandoned": total(stats.abandoned_rounds),
        "spend": {
            "counted": stats.counted_spend().as_dict(),
            "abandoned": stats.abandoned_spend.as_dict(),
            "per_scenario": {sid: stats.spend[sid].as_dict() for sid in scores.scenarios if sid in stats.spend},
        },
    }


def cache_figures(scores: RunScores) -> CacheFigures:
    """Manager cost with and without the prompt-cache discount, and cached tokens per model key."""
    stats = scores.stats
    return CacheFigures(
        cost_usd=round(scores.main_cost_usd, 6),
        cost_usd_without_cache=round(stats.cost_nocache_usd.get("main", scores.main_cost_usd), 6),
        cached_tokens=dict(sorted(stats.cached_tokens.items())),
    )


def build_report(scores: RunScores, meta: ReportMeta, profile: str | None = None) -> Report:
    """Every figure of a run (docs/metrics.md); ``meta`` adds run id, dataset, models, sandbox mode.

    Both profiles are always present: the arena figures at the top level and the earlier
    release's report (its ``composite``/``statistics`` shape) under ``compat``;
    ``metrics_profile`` names the one the run (or ``profile``) leads with.
    """
    per_scenario = [
        ScenarioRow(
            scenario_id=sid,
            status=s.status,
            reason=s.reason,
            rounds_passed=s.rounds_passed,
            rounds_total=len(s.round_ids),
            rounds={rid: bool(s.passed.get(rid)) for rid in s.round_ids},
            **SixScores.of(s).as_dict(),
            SUB=len(s.subagents),
            MAF=s.maf,
            SAFt=s.saft,
            INV=dict(sorted(s.inv.items())),
            truncated=scores.stats.truncated(sid),
            routing=s.routing_counts if s.needs else {},
        )
        for sid, s in scores.scenarios.items()
    ]
    tokens = {
        agent: TokenRow(model_key=t.model_key, prompt=t.prompt, completion=t.completion, cost_usd=round(t.cost_usd, 6))
        for agent, t in sorted(scores.tokens.items())
    }
    return Report(
        **meta.model_dump(),
        simulated=scores.simulated,
        scores=SixScores.of(scores),
        rounds_passed=scores.rounds_passed,
        rounds_total=scores.rounds_total,
        coverage=Coverage(scenarios=len(scores.scenarios), finished=len(scores.scenarios) - len(scores.unfinished)),
        unfinished_scenarios=scores.unfinished,
        cost_usd=round(scores.main_cost_usd, 6),
        pool_tokens=dict(sorted(scores.pool_tokens.items())),
        SUB=scores.sub,
        MKD=scores.mkd,
        INV=dict(sorted(scores.inv.items())),
        MAF=scores.maf,
        SAFt=scores.saft,
        SAFa=round6(scores.safa),
        tokens=tokens,
        cache=cache_figures(scores),
        timing=timing_dict(scores),
        per_scenario=per_scenario,
        metrics_profile=profile_of(meta.settings, profile),
        compat=compat_report(scores, meta.run_id),
    )


def report_dict(scores: RunScores, meta: ReportMeta, profile: str | None = None) -> dict[str, Any]:
    """``report.json`` as a JSON object."""
    return build_report(scores, meta, profile).to_json_dict()


def pct(value: float) -> str:
    return f"{100 * value:.1f}"


def _one_row_table(heads: list[str], cells: list[str]) -> list[str]:
    """A markdown table of one row, every column right-aligned."""
    return ["| " + " | ".join(heads) + " |", "|" + "--:|" * len(heads), "| " + " | ".join(cells) + " |"]


def compat_markdown(compat: dict[str, Any]) -> list[str]:
    """The earlier release's figures (``--metrics compat``) as markdown lines."""
    c, st = compat["composite"], compat["statistics"]
    lines = [
        "## Earlier-release metrics (`--metrics compat`)",
        "",
        *leaderboard_markdown(compat),
        "Legacy composite (the earlier report's `composite.SMS`, the SMS column below): "
        "SMS = 0.5·TCS + 0.5·MQS; TCS = (TCR + SCR + SFR) / 3; unfinished scenarios are dropped"
        + (f" ({', '.join(compat['dropped_unfinished'])})" if compat.get("dropped_unfinished") else "")
        + ".",
        "",
        *_one_row_table(
            [*COMPAT_KEYS, "rounds", "SUB", "MAF", "SAFt", "SAFa"],
            [pct(c[k]) for k in COMPAT_KEYS]
            + [f"{compat['rounds_pass']}/{compat['rounds_total']}", f"{st['SUB']}", f"{st['MAF']}", f"{st['SAFt']}"]
            + [f"{st['SAFa']:.2f}"],
        ),
        "",
        f"MKD: {st['MKD']} · INV: {st['INV']} · TGC: {st['TGC']} · SOC: {st['SOC']}",
        "",
        "| scenario | rounds | leaderboard SMS | SMS | TCR | TPS | ROS | WPS | MCS |",
        "|---|---|" + "--:|" * 7,
    ]
    for row in compat["scenarios"]:
        m = row["metrics"]
        lines.append(
            f"| {row['scenario_id']} | {m['rounds_passed']}/{m['rounds_total']} | "
            f"{pct(row.get('sms_leaderboard', 0.0))} | {pct(row['sms_scenario'])} | "
            f"{pct(m['task_success_rate'])} | {pct(m['tool_permission_score'])} | "
            f"{pct(m['readonly_subagent_score'])} | {pct(m['workspace_permission_score'])} | "
            f"{pct(m['model_choice_score'])} |"
        )
    return lines


def _leaderboard_of(compat: dict[str, Any]) -> dict[str, Any]:
    """The compat block's leaderboard figures (computed for reports written before it carried them)."""
    return compat.get("leaderboard") or leaderboard(compat["composite"])


def leaderboard_markdown(compat: dict[str, Any]) -> list[str]:
    """The published leaderboard's SMS from the compat metrics, labelled, as markdown lines."""
    lb = _leaderboard_of(compat)
    return [
        f"Leaderboard SMS ({LEADERBOARD_FORMULA}, the earlier README's ranking, from the figures below): "
        f"**{pct(lb['SMS'])}**",
        "",
    ]


def compat_summary(compat: dict[str, Any]) -> str:
    """One line of the earlier-release figures: the leaderboard SMS and the legacy composite, each labelled."""
    c, lb = compat["composite"], _leaderboard_of(compat)
    figures = "  ".join(f"{k} {pct(c[k])}" for k in ("TCR", "TPS", "ROS", "WPS", "MCS"))
    return (
        f"leaderboard SMS {pct(lb['SMS'])} (TCR×(TPP+ROC+WPP+MCA)/4)  legacy SMS {pct(c['SMS'])} "
        f"(0.5·TCS+0.5·MQS)  {figures}  rounds {compat['rounds_pass']}/{compat['rounds_total']}  "
        "(earlier-release definitions)"
    )


def headline(report: Report, profile: str | None = None) -> dict[str, float]:
    """The leading figures of a report in the chosen profile (arena keys, compat values mapped)."""
    if (profile or report.metrics_profile) == "compat":
        c = report.compat["composite"]
        return SixScores(TCR=c["TCR"], TPP=c["TPS"], ROC=c["ROS"], WPP=c["WPS"], MCA=c["MCS"], SMS=c["SMS"]).as_dict()
    return report.scores.as_dict()


def report_markdown(report: Report) -> str:
    if report.metrics_profile == "compat":
        head = [f"# ClawArena-Team run {report.run_id} (earlier-release metrics)", ""]
        return "\n".join([*head, *compat_markdown(report.compat), "", _arena_markdown(report)]) + "\n"
    return _arena_markdown(report) + "\n" + "\n".join(compat_markdown(report.compat)) + "\n"


def _arena_markdown(report: Report) -> str:
    s = report.scores.as_dict()
    lines = [
        f"# ClawArena-Team run {report.run_id}",
        "",
        f"- dataset: `{report.dataset}`",
        f"- manager: {report.manager}",
        f"- pool: {', '.join(f'{k}={v}' for k, v in report.pool.items())}",
        f"- sandbox: {report.sandbox_mode}",
    ]
    if report.simulated:
        lines.append(f"- **simulated roles** (not real models): {'; '.join(report.simulated)}")
    lines += [
        "",
        *_one_row_table(
            [*SCORE_KEYS, "rounds", "cost $", "SUB", "MAF", "SAFt", "SAFa"],
            [pct(s[k]) for k in SCORE_KEYS]
            + [f"{report.rounds_passed}/{report.rounds_total}", f"{report.cost_usd:.4f}", f"{report.SUB}"]
            + [f"{report.MAF}", f"{report.SAFt}", f"{report.SAFa:.2f}"],
        ),
        "",
        f"MKD: {report.MKD} · INV: {report.INV} · pool tokens: {report.pool_tokens}",
        "",
    ]
    if report.unfinished_scenarios:
        lines += [
            f"**Unfinished scenarios (their rounds count as failed):** {', '.join(report.unfinished_scenarios)}",
            "",
        ]
    lines += [
        "| scenario | status | rounds | " + " | ".join(SCORE_KEYS) + " | SUB | MAF | SAFt |",
        "|---|---|" + "--:|" * 10,
    ]
    for row in report.per_scenario:
        marks = "".join("✓" if ok else "✗" for ok in row.rounds.values())
        figures = " | ".join(pct(v) for v in row.as_dict().values())
        lines.append(f"| {row.scenario_id} | {row.status} | {marks} | {figures} | {row.SUB} | {row.MAF} | {row.SAFt} |")
    return "\n".join(lines + _extras_markdown(report)) + "\n"


def _extras_markdown(report: Report) -> list[str]:
    """Truncated replies, prompt-cache savings and timing."""
    lines: list[str] = []
    cut = {r.scenario_id: r.truncated for r in report.per_scenario if r.truncated}
    if cut:
        lines += ["", "**Truncated replies** (stopped at the output-token limit; raise max_tokens):"]
        lines += [f"- {sid}: " + ", ".join(f"{rid} ×{n}" for rid, n in rounds.items()) for sid, rounds in cut.items()]
    misrouted = {
        r.scenario_id: r.routing for r in report.per_scenario if r.routing.get("over") or r.routing.get("under")
    }
    if misrouted:
        lines += ["", "**Model routing** against the declared needs (over-capable costs half of MCA, incapable all):"]
        lines += [
            f"- {sid}: {n.get('over', 0)} over-capable, {n.get('under', 0)} incapable" for sid, n in misrouted.items()
        ]
    cache = report.cache
    lines += [
        "",
        f"Manager cost ${cache.cost_usd:.4f} with the prompt-cache discount, "
        f"${cache.cost_usd_without_cache:.4f} without · cached prompt tokens: {cache.cached_tokens}",
    ]
    timing = report.timing
    cols = COLUMNS
    lines += ["", "## Timing (seconds)", "", "| scenario | round | wall | model | retry | tool | check | harness |"]
    lines += ["|---|---|" + "--:|" * len(cols)]
    run = timing["run"]
    lines.append("| **run** | | " + " | ".join(f"{run.get(c, 0.0):.2f}" for c in cols) + " |")
    for sid, rounds in timing["per_round"].items():
        whole = timing["per_scenario"][sid]
        lines.append(f"| {sid} | all | " + " | ".join(f"{whole[c]:.2f}" for c in cols) + " |")
        for rid, t in rounds.items():
            lines.append(f"| {sid} | {rid} | " + " | ".join(f"{t.get(c, 0.0):.2f}" for c in cols) + " |")
    lines += [
        "",
        "Run wall time is elapsed time; the other run columns are sums over scenarios. retry: failed "
        "attempts, backoff and waiting for a server slot.",
    ]
    gone, spend = timing.get("abandoned"), timing.get("spend")
    if spend:
        counted, lost = spend["counted"], spend["abandoned"]
        lines.append(
            f"Counted: {counted['requests']} requests, {counted['prompt_tokens'] + counted['completion_tokens']:,} "
            f"tokens, ${counted['cost_usd']:.4f} · abandoned (attempts started over): {lost['requests']} requests, "
            f"{lost['prompt_tokens'] + lost['completion_tokens']:,} tokens, ${lost['cost_usd']:.4f}"
            + (f", {gone['wall_s']:.2f} s" if gone else "")
        )
    return lines


def write_report(out: Path, scores: RunScores, meta: ReportMeta, profile: str | None = None) -> Report:
    report = build_report(scores, meta, profile)
    data = report.to_json_dict()
    (out / "report.json").write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    (out / "report.md").write_text(report_markdown(report), encoding="utf-8")
    return report
