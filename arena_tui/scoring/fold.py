"""The one scoring function: an incremental fold over events (docs/scoring.md).

``ScoreFold.apply`` takes events one at a time (live runs and the TUI feed it as events
arrive); ``ScoreFold.result`` is cheap and can be called at any moment. ``score_events``
folds a whole stored run, which is what reports and ``rescore`` call.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from arena_tui import events as ev
from arena_tui.scoring.compat_counts import count_compat
from arena_tui.scoring.metrics import ManagementMeans, ScenarioScore, SubagentScore
from arena_tui.scoring.timing import RunStats
from arena_tui.vocabulary import HUMAN_NAME, POOL_KEYS


@dataclass
class AgentTokens:
    prompt: int = 0
    completion: int = 0
    cost_usd: float = 0.0
    model_key: str = ""


@dataclass
class RunScores(ManagementMeans):
    """Run-level aggregates; management means are over every selected scenario."""

    scenarios: dict[str, ScenarioScore]
    tokens: dict[str, AgentTokens]
    simulated: list[str] = field(default_factory=list)
    stats: RunStats = field(default_factory=RunStats)
    """Timing, truncated replies and prompt-cache use (see scoring/timing.py)."""
    epochs: dict[str, dict[int, ScenarioScore]] = field(default_factory=dict)
    """Every epoch of every scenario (``run --epochs K``); ``scenarios`` holds each one's latest."""
    participants: list[str] = field(default_factory=list)
    """Who played a human baseline (``play --who``)."""
    think_s: dict[str, dict[str, float]] = field(default_factory=dict)
    """A human baseline's think time per scenario and round (seconds)."""

    def every_epoch(self) -> list[ScenarioScore]:
        """Each scenario's score once per epoch (one epoch: just ``scenarios``)."""
        return [s for sid in self.scenarios for s in self.epochs_of(sid).values()]

    def epochs_of(self, scenario_id: str) -> dict[int, ScenarioScore]:
        return self.epochs.get(scenario_id) or {1: self.scenarios[scenario_id]}

    @property
    def epoch_count(self) -> int:
        return max((len(self.epochs_of(sid)) for sid in self.scenarios), default=1)

    @property
    def rounds_total(self) -> int:
        return sum(len(s.round_ids) for s in self.every_epoch())

    @property
    def rounds_passed(self) -> int:
        return sum(s.rounds_passed for s in self.every_epoch())

    @property
    def tcr(self) -> float:
        total = self.rounds_total
        return self.rounds_passed / total if total else 0.0

    def _aggregate(self, metric: str) -> float:
        """Plain mean over every selected scenario (an unfinished one counts with what it has);
        a scenario run in several epochs counts with its mean over them."""
        values = [_mean([float(getattr(s, metric)) for s in self.epochs_of(sid).values()]) for sid in self.scenarios]
        return sum(values) / len(values) if values else 0.0

    @property
    def inv(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for s in self.every_epoch():
            total.update(s.inv)
        return dict(total)

    @property
    def sub(self) -> int:
        return sum(len(s.subagents) for s in self.every_epoch())

    @property
    def mkd(self) -> dict[str, int]:
        keys = Counter(a.model_key for s in self.every_epoch() for a in s.subagents.values())
        return {k: keys.get(k, 0) for k in POOL_KEYS}

    @property
    def maf(self) -> int:
        return sum(s.maf for s in self.every_epoch())

    @property
    def invalid_calls(self) -> dict[str, int]:
        return {sid: s.invalid_calls for sid, s in self.scenarios.items() if s.invalid_calls}

    @property
    def saft(self) -> int:
        return sum(s.saft for s in self.every_epoch())

    @property
    def safa(self) -> float:
        return self.saft / self.sub if self.sub else 0.0

    @property
    def main_cost_usd(self) -> float:
        return sum(t.cost_usd for t in self.tokens.values() if t.model_key == "main")

    @property
    def pool_tokens(self) -> dict[str, int]:
        out: Counter[str] = Counter()
        for t in self.tokens.values():
            if t.model_key != "main":
                out[t.model_key] += t.prompt + t.completion
        return dict(out)

    @property
    def unfinished(self) -> list[str]:
        return [sid for sid in self.scenarios if not all(s.finished for s in self.epochs_of(sid).values())]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


class ScoreFold:
    """Folds events into scores. Only events of the latest attempt of each scenario's epoch count.

    The epochs of one scenario run one after another, so an event belongs to the epoch its
    scenario started last.
    """

    def __init__(self) -> None:
        self.scenarios: dict[str, ScenarioScore] = {}
        self.epochs: dict[str, dict[int, ScenarioScore]] = {}
        self.participants: list[str] = []
        self.think_s: dict[str, dict[str, float]] = {}
        self._human = False
        self.tokens: dict[str, AgentTokens] = {}
        self.simulated: list[str] = []
        self._calls: dict[str, dict[str, Any]] = {}
        self.stats = RunStats()

    def apply_all(self, events: Iterable[ev.Event]) -> ScoreFold:
        for event in events:
            self.apply(event)
        return self

    def result(self) -> RunScores:
        epochs = {sid: dict(sorted(e.items())) for sid, e in self.epochs.items() if sid in self.scenarios}
        think = {sid: dict(r) for sid, r in self.think_s.items()}
        return RunScores(
            self.scenarios, self.tokens, list(self.simulated), self.stats, epochs, list(self.participants), think
        )

    def _scenario(self, scenario_id: str | None) -> ScenarioScore | None:
        if scenario_id is None:
            return None
        if scenario_id not in self.scenarios:
            self.scenarios[scenario_id] = ScenarioScore(scenario_id, [])
        return self.scenarios[scenario_id]

    def apply(self, event: ev.Event) -> None:
        self.stats.apply(event)
        if isinstance(event, ev.RunStarted):
            self.simulated = list(event.simulated)
            self._human = event.manager == HUMAN_NAME
            participant = str(event.selection.get("participant") or "")
            if participant and participant not in self.participants:
                self.participants.append(participant)
            epochs = int(event.selection.get("epochs") or 1)
            for sid in event.scenario_ids:
                rounds = list(event.round_ids.get(sid, []))
                first = self.scenarios.setdefault(sid, ScenarioScore(sid, rounds))
                # Epochs that never start still count: their rounds fail, like an unfinished scenario's.
                known = self.epochs.setdefault(sid, {1: first}) if epochs > 1 else {}
                for epoch in range(2, epochs + 1):
                    known.setdefault(epoch, ScenarioScore(sid, rounds))
            return
        if isinstance(event, ev.ScenarioStarted):
            # A retry or resume starts the scenario's epoch over: earlier attempts stop counting.
            started = ScenarioScore(
                event.scenario_id or "",
                list(event.round_ids),
                status="running",
                attempt=event.attempt,
                delegation_rounds=list(event.delegation_rounds),
                needs={rid: list(needs) for rid, needs in event.needs.items()},
            )
            self.scenarios[event.scenario_id or ""] = started
            self.epochs.setdefault(event.scenario_id or "", {})[event.epoch] = started
            return
        scenario = self._scenario(event.scenario_id)
        if isinstance(event, ev.ModelResponse):
            self._tokens(event)
        if scenario is None:
            return
        arguments = None
        if isinstance(event, ev.ToolCalled):
            self._calls[event.call_id] = event.arguments
        elif isinstance(event, ev.ToolResult):
            arguments = self._calls.pop(event.call_id, None)
        self._apply_scenario(scenario, event, arguments)
        # The earlier release's counters: their own accumulator, fed the same event of the same attempt.
        count_compat(scenario.compat, event, arguments)

    def _tokens(self, event: ev.ModelResponse) -> None:
        key = event.agent_id or "main"
        tokens = self.tokens.setdefault(key, AgentTokens(model_key=event.model_key))
        tokens.prompt += event.usage.prompt_tokens
        tokens.completion += event.usage.completion_tokens
        tokens.cost_usd += event.cost_usd

    def _apply_scenario(self, scenario: ScenarioScore, event: ev.Event, arguments: dict[str, Any] | None) -> None:
        agent = scenario.subagents.get(event.agent_id or "")
        if isinstance(event, ev.ModelResponse):
            if event.model_key == "main":
                scenario.cost_usd += event.cost_usd
            if self._human and event.model_key == "main" and scenario.current_round:
                # A person's turn is a "model call" that waits for them: its latency is their think time.
                rounds = self.think_s.setdefault(scenario.scenario_id, {})
                rounds[scenario.current_round] = rounds.get(scenario.current_round, 0.0) + event.latency_ms / 1000
        elif isinstance(event, ev.RoundStarted):
            scenario.current_round = event.round_id
        elif isinstance(event, ev.RoundScored):
            scenario.passed[event.round_id] = event.passed
        elif isinstance(event, ev.ScenarioFinished):
            scenario.status, scenario.reason = event.status, event.reason
        elif isinstance(event, ev.SubagentCreated):
            scenario.subagents[event.subagent_id] = SubagentScore(
                subagent_id=event.subagent_id,
                name=event.name,
                model_key=event.model_key,
                tools_granted=list(event.tools),
                paths_granted=list(event.accessible_paths),
                via=event.via,
                reachable=set(event.reachable_files),
                rounds={scenario.current_round} if scenario.current_round else set(),
                needs=scenario.needs,
                first_round=scenario.round_ids[0] if scenario.round_ids else "",
            )
        elif isinstance(event, ev.SubagentScopeGrown):
            grown = scenario.subagents.get(event.subagent_id)
            if grown is not None:
                grown.reachable.update(event.added_files)
        elif isinstance(event, ev.ForbiddenAccess):
            if event.agent_id in (None, ev.MAIN_AGENT):
                scenario.maf += 1
            else:
                scenario.saft += 1
                if agent is not None:
                    agent.forbidden += 1
        elif isinstance(event, ev.ToolResult):
            scenario.invalid_calls += event.invalid
            if agent is not None:
                _tool_result(agent, event, arguments)
        elif isinstance(event, ev.SubagentRunStarted):
            run = scenario.subagents.get(event.subagent_id)
            if run is not None and event.session_id and event.session_id not in run.sessions:
                run.sessions.append(event.session_id)
            if run is not None and scenario.current_round:
                run.rounds.add(scenario.current_round)
            kind = (
                "workflow_agent"
                if event.via == "Workflow"
                else f"{'continue' if event.continued else 'new'}_{event.mode}"
            )
            scenario.inv[kind] = scenario.inv.get(kind, 0) + 1
        elif isinstance(event, ev.WorkflowStarted):
            scenario.inv["workflow"] = scenario.inv.get("workflow", 0) + 1


def _tool_result(agent: SubagentScore, event: ev.ToolResult, arguments: dict[str, Any] | None) -> None:
    """One finished tool call of a subagent (the earlier release's view: scoring/compat_counts.py)."""
    if event.invalid:
        return
    key = json.dumps(arguments, sort_keys=True, default=str) if arguments is not None else event.call_id
    agent.calls.add(f"{event.tool}:{key}")
    # A tool counts as used only when a call succeeded: failed throwaway calls are not use.
    if not (event.forbidden or event.is_error):
        agent.tools_used.add(event.tool)
    if event.forbidden:
        return
    if event.is_error and event.tool == "Read":
        return  # found in scope but not shown: not use, and not a file read
    for touch in event.files:
        agent.touched.add(touch.path)
        if touch.op == "read":
            agent.modalities_read.add(touch.modality)
        if touch.op == "bash":
            agent.modalities_named.add(touch.modality)


def score_events(events: Iterable[ev.Event]) -> RunScores:
    """Score a whole run from its events (reports, rescore and replay all call this)."""
    return ScoreFold().apply_all(events).result()
