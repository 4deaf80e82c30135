"""A subagent's grant judged against the declared needs of the rounds it works in (docs/scoring.md).

Nothing here looks at what the subagent did: calls, reads, sweeps and failed throwaway calls
cannot move these numbers. Whether the work was done is the checks' job (TCR).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from arena_tui.vocabulary import MUTATING_TOOLS, Need, routing

MCA_OF_ROUTING = {"right": 1.0, "over": 0.5, "under": 0.0}
"""Over-capable routing wastes cost but can do the work; incapable routing cannot perceive it."""


@dataclass(frozen=True)
class Verdict:
    tpp: float
    roc: float
    wpp: float
    mca: float
    routing: str
    needs: tuple[Need, ...]


def _under(path: str, folder: str) -> bool:
    return folder in ("", ".") or path == folder or path.startswith(folder.rstrip("/") + "/")


def grant_units(paths_granted: Iterable[str], reachable: Iterable[str]) -> set[str]:
    """What a grant hands over: every reachable file (a granted folder counts as its files,
    update-added ones included) plus each granted path that holds no file yet (an empty output
    folder, a file an earlier round will write)."""
    files = set(reachable)
    units = set(files)
    for path in paths_granted:
        if not any(_under(f, path) for f in files):
            units.add(path)
    return units


def _judge(model_key: str, tools: set[str], units: set[str], needs: Sequence[Need]) -> Verdict:
    covered: set[str] = set()
    modalities: set[str] = set()
    for need in needs:
        # The way that covers most of the grant; the first declared wins a tie.
        best = max(need.tools, key=lambda way: len(tools & need.tools_of(way)))
        covered |= tools & need.tools_of(best)
        modalities |= set(need.modalities)
    tpp = len(covered) / len(tools) if tools else 1.0
    roc = 0.0 if (tools & MUTATING_TOOLS) - covered else 1.0
    wpp = sum(1 for u in units if any(n.covers_path(u) for n in needs)) / len(units) if units else 1.0
    route = routing(model_key, modalities or {"text"})
    return Verdict(tpp, roc, wpp, MCA_OF_ROUTING[route], route, tuple(needs))


def judge(
    model_key: str,
    tools_granted: Iterable[str],
    paths_granted: Iterable[str],
    reachable: Iterable[str],
    needs_by_round: Mapping[str, Sequence[Need]],
    rounds: Iterable[str],
) -> Verdict:
    """Each round the subagent works in contributes the one need of that round its grant fits
    best (a round's other needs belong to other workers); the grant is judged against the union.
    A subagent in rounds without declared needs has nothing covered."""
    tools, units = set(tools_granted), grant_units(paths_granted, reachable)
    chosen: list[Need] = []
    for round_id in sorted(set(rounds)):
        candidates = needs_by_round.get(round_id, [])
        if not candidates:
            continue

        def fit(need: Need) -> float:
            v = _judge(model_key, tools, units, [*chosen, need])
            return v.tpp + v.roc + v.wpp + v.mca

        best = max(candidates, key=fit)
        if best not in chosen:
            chosen.append(best)
    return _judge(model_key, tools, units, chosen)
