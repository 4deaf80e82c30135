"""The report of the finished part of a run, at any moment: what "so far" figures are.

A scenario still running counts as it stood at its latest verdict (its events up to that
``round_scored``), with its round list cut to the rounds that have a verdict; a scenario that
ended counts whole, exactly as the report counts it; a scenario with no verdict yet is left out.
The figures are the fold's own :class:`RunScores` over those parts, so the metric definitions
stay in one place and, once the run is over, the "so far" figures are the report's.

Feed :meth:`FinishedPart.observe` every event right after the run's fold applied it (a bus
subscriber registered after the fold, or the TUI's reducer when it owns the fold).
"""

from __future__ import annotations

import copy
from dataclasses import replace

from arena_tui import events as ev
from arena_tui.scoring.fold import RunScores, ScoreFold
from arena_tui.scoring.metrics import ScenarioScore

_OPEN = ("pending", "running")


def cut_to_verdicts(scenario: ScenarioScore) -> ScenarioScore:
    """The scenario restricted to the rounds that have a verdict (subagents of other rounds left out)."""
    done = [r for r in scenario.round_ids if r in scenario.passed]
    kept = set(done)
    subagents = {}
    for sid, sub in scenario.subagents.items():
        rounds = sub.rounds & kept
        if sub.rounds and not rounds:
            continue  # created and run only in rounds that have no verdict yet
        subagents[sid] = replace(sub, rounds=rounds)
    return replace(
        scenario,
        round_ids=done,
        subagents=subagents,
        delegation_rounds=[r for r in scenario.delegation_rounds if r in kept],
    )


class FinishedPart:
    """Each running scenario's score at its latest verdict; see the module docstring."""

    def __init__(self, fold: ScoreFold) -> None:
        self.fold = fold
        self._at_verdict: dict[str, ScenarioScore] = {}
        self.version = 0
        """Moves whenever :meth:`result` may have changed."""
        for sid, scenario in fold.scenarios.items():  # a resumed run's fold comes pre-filled
            if scenario.passed and scenario.status in _OPEN:
                self._at_verdict[sid] = copy.deepcopy(scenario)

    def observe(self, event: ev.Event) -> None:
        """Take note of one event the fold has just applied."""
        if isinstance(event, ev.ScenarioStarted):  # a retry starts over: its old verdicts stop counting
            self._at_verdict.pop(event.scenario_id or "", None)
            self.version += 1
        elif isinstance(event, ev.RoundScored):
            scenario = self.fold.scenarios.get(event.scenario_id or "")
            if scenario is not None:
                self._at_verdict[scenario.scenario_id] = copy.deepcopy(scenario)
                self.version += 1
        elif isinstance(event, ev.ScenarioFinished | ev.RunStarted):
            self.version += 1

    __call__ = observe

    def result(self) -> RunScores:
        """Run scores over the finished part (empty scenarios dict when nothing has a verdict)."""
        parts: dict[str, ScenarioScore] = {}
        for sid, scenario in self.fold.scenarios.items():
            if scenario.status not in _OPEN:
                parts[sid] = scenario
            elif sid in self._at_verdict:
                parts[sid] = cut_to_verdicts(self._at_verdict[sid])
        return RunScores(parts, self.fold.tokens, list(self.fold.simulated), self.fold.stats)
