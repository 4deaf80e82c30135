"""Plain data the TUI reducer keeps: header, agent tree nodes, stream lines, panel versions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

AgentStateName = Literal["idle", "thinking", "running", "background", "done", "failed", "stopped"]
LineKind = Literal["call", "notification", "task", "reminder", "forbidden", "round", "check", "error", "info"]
Outcome = Literal["pending", "ok", "error", "forbidden", "invalid", ""]
RoundMark = Literal["pass", "fail", "running", "pending"]


@dataclass
class RunHeader:
    """What the one-line header shows; elapsed time comes from event timestamps only."""

    run_id: str = ""
    manager: str = ""
    pool: dict[str, str] = field(default_factory=dict)
    simulated: list[str] = field(default_factory=list)
    scenario_ids: list[str] = field(default_factory=list)
    scenario_id: str = ""
    round_id: str = ""
    round_index: int = -1
    question: str = ""
    round_count: int = 0
    started_ts: float = 0.0
    now_ts: float = 0.0
    status: str = "waiting"
    writer_pid: int | None = None
    """Process id of the program writing the run (from ``run_started``; ``None`` when not recorded)."""
    round_started_ts: float = 0.0

    @property
    def elapsed_s(self) -> float:
        """Seconds of event time since the run started (0 before it did)."""
        return max(0.0, self.now_ts - self.started_ts) if self.started_ts else 0.0


@dataclass
class ScenarioProgress:
    """Where one running scenario is: its place in the run and its current round."""

    scenario_id: str
    index: int
    round_id: str = ""
    round_index: int = -1
    round_count: int = 0
    round_started_ts: float = 0.0


@dataclass
class SessionNode:
    """One session (conversation) of a subagent."""

    session_id: str
    continued: bool
    mode: str
    calls: int = 0


@dataclass
class AgentNode:
    """One agent in the tree: ``main`` or a subagent of the current scenario."""

    agent_id: str
    name: str
    model_key: str
    scenario_id: str | None = None
    state: AgentStateName = "idle"
    forbidden: int = 0
    calls: int = 0
    sessions: dict[str, SessionNode] = field(default_factory=dict)


@dataclass
class StreamLine:
    """One line of the tool-call stream; a call line is completed in place when its result arrives.

    ``arguments`` and ``output`` hold the full (unshortened) values so the detail view can show them.
    """

    ts: float
    agent_id: str
    agent_label: str
    kind: LineKind
    tool: str = ""
    call_id: str | None = None
    arguments: dict[str, Any] | None = None
    outcome: Outcome = ""
    duration_ms: float | None = None
    output: str = ""
    text: str = ""
    no: int = -1
    task_id: str = ""
    """A background task's line (it ended, its notification was delivered): which task."""


@dataclass
class Versions:
    """Per-panel change counters: a widget re-renders only when its counter moved."""

    header: int = 0
    tree: int = 0
    stream: int = 0
    grants: int = 0
    scores: int = 0
    forbidden: int = 0
    budget: int = 0

    def fingerprint(self) -> tuple[int, ...]:
        """All counters at once (cheap equality check for "anything changed")."""
        return (self.header, self.tree, self.stream, self.grants, self.scores, self.forbidden, self.budget)


@dataclass
class Budget:
    """Main agent token use against its limit, plus totals."""

    token_limit: int = 200_000
    main_context: int = 0
    main_tokens: int = 0
    model_errors: int = 0
