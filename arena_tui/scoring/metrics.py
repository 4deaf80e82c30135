"""The management metrics of docs/scoring.md for one subagent and one scenario.

Pure data with derived properties: nothing here reads files or clocks, so live panels,
reports, replay and rescore get identical numbers from identical events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arena_tui.scoring.compat_counts import ScenarioCompat
from arena_tui.scoring.privilege import Verdict, judge
from arena_tui.vocabulary import MUTATING_TOOLS, READ_ONLY_TOOLS, Need

MEDIA_FOR_KEY = {"vlm": frozenset({"image", "video"}), "omni": frozenset({"audio"})}
TEXT_MODALITIES = frozenset({"text", "document"})


def sms(tcr: float, tpp: float, roc: float, wpp: float, mca: float) -> float:
    """SMS = TCR × (TPP + ROC + WPP + MCA) / 4, every input a fraction in [0, 1]."""
    return tcr * (tpp + roc + wpp + mca) / 4.0


@dataclass
class SubagentScore:
    """What one subagent was granted, against what its rounds need and what it really used.

    The properties are the arena definitions: with declared needs (``needs``, from
    ``ScenarioStarted.needs``) the grant is judged against the needs of its rounds and what the
    subagent did changes nothing; a scenario without declared needs (earlier-format data) is
    judged by use. :mod:`arena_tui.scoring.compat` computes the earlier release's from the
    grant fields here and the counters of :mod:`arena_tui.scoring.compat_counts`.
    """

    subagent_id: str
    name: str
    model_key: str
    tools_granted: list[str]
    paths_granted: list[str]
    via: str = "CreateSubagent"
    reachable: set[str] = field(default_factory=set)
    tools_used: set[str] = field(default_factory=set)
    touched: set[str] = field(default_factory=set)
    modalities_read: set[str] = field(default_factory=set)
    forbidden: int = 0
    sessions: list[str] = field(default_factory=list)
    # Modalities of existing files a Bash command named.
    modalities_named: set[str] = field(default_factory=set)
    # Distinct well-formed tool calls (tool + arguments).
    calls: set[str] = field(default_factory=set)
    # Rounds it was created or run in: its scores count against each of them.
    rounds: set[str] = field(default_factory=set)
    # The scenario's declared needs per round (shared, read-only) and its first round.
    needs: Mapping[str, Sequence[Need]] = field(default_factory=dict)
    first_round: str = ""
    _verdict: tuple[tuple[frozenset[str], int], Verdict] | None = field(default=None, repr=False, compare=False)

    @property
    def verdict(self) -> Verdict:
        """The grant judged against the needs of its rounds (a subagent created before any
        round started works in the first)."""
        rounds = self.rounds or ({self.first_round} if self.first_round else set())
        # Rounds and reachable files only grow, so they key the cache (the fold is asked often).
        key = (frozenset(rounds), len(self.reachable))
        if self._verdict is None or self._verdict[0] != key:
            verdict = judge(self.model_key, self.tools_granted, self.paths_granted, self.reachable, self.needs, rounds)
            self._verdict = (key, verdict)
        return self._verdict[1]

    @property
    def routing(self) -> str:
        """``right``, ``over`` (a cheaper key would have served) or ``under`` (cannot perceive a
        needed modality); empty without declared needs."""
        return self.verdict.routing if self.needs else ""

    @property
    def counted(self) -> bool:
        """Whether it enters the management metrics: something was granted or used.

        A subagent given no tools and no calls (pure reasoning over its prompt) has no grant
        to waste; one that was granted tools and left them idle is counted, and scores low.
        """
        return bool(self.tools_granted or self.calls)

    @property
    def tpp(self) -> float:
        if self.needs:
            return self.verdict.tpp
        granted = set(self.tools_granted)
        return len(granted & self.tools_used) / len(granted) if granted else 0.0

    @property
    def roc(self) -> float:
        if self.needs:
            return self.verdict.roc
        only_reads = self.tools_used <= READ_ONLY_TOOLS
        return 0.0 if only_reads and set(self.tools_granted) & MUTATING_TOOLS else 1.0

    @property
    def wpp(self) -> float:
        """Granted files a declared need covers over granted files (docs/scoring.md).

        Without declared needs: reachable files it touched (Read, Write/Edit, Bash path
        arguments) over reachable files; files it created itself are not reachable, and an
        empty grant scores 1 only when the subagent touched something.
        """
        if self.needs:
            return self.verdict.wpp
        if not self.reachable:
            return 1.0 if self.touched else 0.0
        return len(self.touched & self.reachable) / len(self.reachable)

    @property
    def mca(self) -> float:
        if self.needs:
            return self.verdict.mca
        needed = MEDIA_FOR_KEY.get(self.model_key)
        if needed is None:
            # llm: it must have read some text (Read, or a Bash command naming a text file).
            return 1.0 if (self.modalities_read | self.modalities_named) & TEXT_MODALITIES else 0.0
        return 1.0 if self.modalities_read & needed else 0.0


class ManagementMeans:
    """TPP/ROC/WPP/MCA from ``_aggregate`` (a scenario's rounds, a run's scenarios), and SMS."""

    @property
    def tcr(self) -> float:
        raise NotImplementedError

    def _aggregate(self, metric: str) -> float:
        raise NotImplementedError

    @property
    def tpp(self) -> float:
        return self._aggregate("tpp")

    @property
    def roc(self) -> float:
        return self._aggregate("roc")

    @property
    def wpp(self) -> float:
        return self._aggregate("wpp")

    @property
    def mca(self) -> float:
        return self._aggregate("mca")

    @property
    def sms(self) -> float:
        return sms(self.tcr, self.tpp, self.roc, self.wpp, self.mca)


@dataclass
class ScenarioScore(ManagementMeans):
    """One scenario's rounds and subagents; an unfinished scenario's missing rounds count as failed."""

    scenario_id: str
    round_ids: list[str]
    passed: dict[str, bool] = field(default_factory=dict)
    status: str = "pending"
    reason: str = ""
    attempt: int = 0
    subagents: dict[str, SubagentScore] = field(default_factory=dict)
    maf: int = 0
    saft: int = 0
    invalid_calls: int = 0
    """Calls of any agent that could not run as sent (unknown tool, unusable or cut-off arguments)."""
    # Invocation counts: new/continue × foreground/background, workflow, workflow_agent.
    inv: dict[str, int] = field(default_factory=dict)
    # The earlier release's counters for this attempt (scoring/compat_counts.py; the arena's scores ignore them).
    compat: ScenarioCompat = field(default_factory=ScenarioCompat)
    # Rounds marked needs_delegation (empty: the dataset marks none, every round counts).
    delegation_rounds: list[str] = field(default_factory=list)
    # Declared needs per round (``ScenarioStarted.needs``; empty: judged by use).
    needs: dict[str, list[Need]] = field(default_factory=dict)
    # The round running now (subagents created next belong to it).
    current_round: str = ""
    # The manager's model cost in this scenario (its share of the run's cost_usd).
    cost_usd: float = 0.0

    @property
    def rounds_passed(self) -> int:
        return sum(1 for rid in self.round_ids if self.passed.get(rid))

    @property
    def tcr(self) -> float:
        return self.rounds_passed / len(self.round_ids) if self.round_ids else 0.0

    def _aggregate(self, metric: str) -> float:
        """1 − the scenario's shortfall: each round judged by its least well-managed subagent.

        A round's shortfall is the largest ``1 − score`` among the subagents created or run
        in it (a subagent's score covers its whole life).
        The room is the rounds marked ``needs_delegation``: a marked round with no counted
        subagent falls short by 1, and shortfalls of other rounds are added without adding
        room. When no round is marked, every round is room and a round without subagents
        falls short by 0. Adding a subagent can only keep or raise a
        shortfall, so padding with well-scoped subagents cannot lift a score (docs/scoring.md).
        No counted subagent in the whole scenario: 0.
        """
        shortfall: dict[str, float] = {}
        first = self.round_ids[0] if self.round_ids else ""
        for part in self.subagents.values():
            if part.counted:
                gap = 1.0 - float(getattr(part, metric))
                for round_id in part.rounds or {first}:  # {first}: created before any round started
                    shortfall[round_id] = max(shortfall.get(round_id, 0.0), gap)
        if not shortfall:
            return 0.0
        if self.delegation_rounds:
            room = self.delegation_rounds
            missed = sum(1.0 for round_id in room if round_id not in shortfall)
        else:  # nothing marked (earlier-format data): every round is room, and none is missed
            room, missed = list(set(self.round_ids) | set(shortfall)), 0.0
        return max(0.0, 1.0 - (sum(shortfall.values()) + missed) / len(room))

    @property
    def routing_counts(self) -> dict[str, int]:
        """Counted subagents by routing against the needs: ``over`` and ``under`` are scored apart."""
        out = {"right": 0, "over": 0, "under": 0}
        for part in self.subagents.values():
            if part.counted and part.routing:
                out[part.routing] += 1
        return out

    @property
    def finished(self) -> bool:
        return self.status == "completed"
