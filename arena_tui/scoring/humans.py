"""Human baselines in ``compare``: labelled as such, and several participants pooled like epochs.

A ``play`` run is a run like any other, manager ``human``, with its participant (``--who``)
and per-round think time in its events. In ``compare`` each is labelled ``human baseline``
with its participant and run status; two or more human runs of one comparison are pooled
into one row, each participant an epoch of the scenarios they played, so intervals and
paired tests treat the spread between people like the spread between repeated model runs.
"""

from __future__ import annotations

from arena_tui.scoring.compare import ComparedRun
from arena_tui.scoring.epochs import merge_as_epochs
from arena_tui.scoring.fold import RunScores

HUMAN_LABEL = "human baseline"


def human_label(scores: RunScores, status: str) -> str:
    who = ", ".join(scores.participants) or "unnamed participant"
    return f"{HUMAN_LABEL}: {who} ({status})"


def merge_humans(loaded: list[tuple[str, ComparedRun, str]]) -> list[tuple[str, ComparedRun, str]]:
    """``(label, run, status)`` with every human baseline scored in the arena profile pooled into one
    (its status: ``completed`` when every participant's run completed, else the first other)."""
    humans = [(run, status) for _, run, status in loaded if run.kind == "human" and isinstance(run.scores, RunScores)]
    if len(humans) < 2:
        return loaded
    merged = merge_as_epochs([r.scores for r, _ in humans if isinstance(r.scores, RunScores)])
    label = f"{HUMAN_LABEL}: {', '.join(merged.participants)} ({len(humans)} participants pooled)"
    pooled = ComparedRun(label, "+".join(r.run_id for r, _ in humans), merged, humans[0][0].metrics, "human")
    status = next((st for _, st in humans if st != "completed"), "completed")
    first = next(i for i, x in enumerate(loaded) if x[1] is humans[0][0])
    rest = [x for x in loaded if all(x[1] is not h for h, _ in humans)]
    rest.insert(min(first, len(rest)), (label, pooled, status))
    return rest
