"""The report's statistics parts: epochs, pass^k, intervals, and who played a human baseline.

Kept apart from ``report.py`` so the figure definitions and these summaries change
independently; ``build_report`` adds :func:`repeat_fields`, ``report.md`` adds
:func:`repeats_markdown`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arena_tui.scoring.epochs import pass_k
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.report_model import EpochRow, SixScores
from arena_tui.vocabulary import HUMAN_NAME

if TYPE_CHECKING:
    from arena_tui.scoring.report_model import Report


def run_kind(manager: str) -> str:
    """``human`` for a run a person managed (``play``), else ``model``."""
    return "human" if manager == HUMAN_NAME else "model"


def repeat_fields(scores: RunScores, manager: str) -> dict[str, Any]:
    """The Report fields for epochs, intervals and human baselines."""
    k = scores.epoch_count
    per_epoch = [
        EpochRow(
            scenario_id=sid,
            epoch=epoch,
            status=s.status,
            rounds={rid: bool(s.passed.get(rid)) for rid in s.round_ids},
            **SixScores.of(s).as_dict(),
        )
        for sid in scores.scenarios
        for epoch, s in scores.epochs_of(sid).items()
    ]
    from arena_tui.scoring.intervals import run_intervals  # numpy: loaded by a report, not by every screen

    return {
        "epochs": k,
        "per_epoch": per_epoch if k > 1 else [],
        "pass_k": pass_k(scores) if k > 1 else {},
        "intervals": run_intervals(scores),
        "kind": run_kind(manager),
        "participants": list(scores.participants),
        "think_s": {sid: {rid: round(t, 3) for rid, t in r.items()} for sid, r in scores.think_s.items()},
    }


def interval_cell(figure: dict[str, float], key: str) -> str:
    """``52.3 [48.1, 57.0]`` (percent) or ``$0.0123 [0.0100, 0.0150]`` for cost."""
    if key == "cost_usd":
        return f"{figure['value']:.4f} [{figure['low']:.4f}, {figure['high']:.4f}]"
    return f"{100 * figure['value']:.1f} [{100 * figure['low']:.1f}, {100 * figure['high']:.1f}]"


def intervals_markdown(intervals: dict[str, Any]) -> list[str]:
    if not intervals:
        return []
    from arena_tui.scoring.intervals import FIGURES

    figs = intervals["figures"]
    return [
        "",
        f"## 95 % intervals ({intervals['method']}; {intervals['resamples']} resamples, seed {intervals['seed']}, "
        f"{intervals['scenarios']} scenarios × {intervals['epochs']} epoch(s))",
        "",
        "| " + " | ".join(FIGURES) + " |",
        "|" + "--:|" * len(FIGURES),
        "| " + " | ".join(interval_cell(figs[k], k) for k in FIGURES) + " |",
    ]


def repeats_markdown(report: Report) -> list[str]:
    """report.md's sections for intervals, epochs (pass^k, per-epoch rows) and human baselines."""
    lines = intervals_markdown(report.intervals)
    if report.kind == "human":
        who = ", ".join(report.participants) or "unnamed"
        lines += ["", f"**Human baseline** — participant(s): {who}"]
        for sid, rounds in report.think_s.items():
            lines.append(f"- think time {sid}: " + ", ".join(f"{rid} {t:.0f} s" for rid, t in rounds.items()))
    if report.epochs > 1 and report.pass_k:
        pk = report.pass_k
        lines += [
            "",
            f"## Epochs: {report.epochs} per scenario (figures above are means over epochs)",
            "",
            f"pass^{pk['k']} (every epoch passed the round) {100 * pk['pass_hat_k']:.1f} · "
            f"pass@{pk['k']} (at least one did) {100 * pk['pass_at_k']:.1f}",
            "",
            "| scenario | epoch | status | rounds | SMS | TCR |",
            "|---|--:|---|---|--:|--:|",
        ]
        for row in report.per_epoch:
            marks = "".join("✓" if ok else "✗" for ok in row.rounds.values())
            figures = f"{100 * row.SMS:.1f} | {100 * row.TCR:.1f}"
            lines.append(f"| {row.scenario_id} | {row.epoch} | {row.status} | {marks} | {figures} |")
    return lines
