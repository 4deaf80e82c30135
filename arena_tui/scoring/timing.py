"""Where a run's time and money went: per-round timing, truncated replies, prompt-cache savings.

A fold over the same events as the scores (it lives inside :class:`ScoreFold`, so live runs,
``report`` and ``rescore`` all see the same figures). Per round, measured on the main agent:

- ``wall``: round start to the round's score (the check included);
- ``model``: the main agent's answered model requests (latency of each);
- ``retry``: the main agent's failed attempts (each one's whole wait, a timeout's included),
  the backoff before the next, and time waiting for one of the endpoint's request slots;
- ``tool``: the main agent's tool calls (foreground subagent runs included);
- ``check``: the round's check;
- ``harness``: the rest — event handling, transcripts, updates, waiting for background work.

The run row's ``wall`` is elapsed time (each ``run``/``resume`` from its start to its end),
not a sum over scenarios that ran in parallel; its other columns are sums over scenarios.
A scenario attempt that was started over (``--retry``, ``resume``) stops counting: its
seconds, tokens and dollars are reported as ``abandoned`` beside the ``counted`` ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena_tui import events as ev


@dataclass
class RoundTiming:
    started: float = 0.0
    ended: float = 0.0
    model_ms: float = 0.0
    retry_ms: float = 0.0
    tool_ms: float = 0.0
    check_ms: float = 0.0
    truncated: int = 0
    """Replies cut at the output-token limit, any agent of the round."""

    @property
    def wall_s(self) -> float:
        return max(self.ended - self.started, 0.0) if self.ended else 0.0

    def seconds(self) -> dict[str, float]:
        wall = self.wall_s
        model, retry = self.model_ms / 1000, self.retry_ms / 1000
        tool, check = self.tool_ms / 1000, self.check_ms / 1000
        return {
            "wall_s": round(wall, 3),
            "model_s": round(model, 3),
            "retry_s": round(retry, 3),
            "tool_s": round(tool, 3),
            "check_s": round(check, 3),
            "harness_s": round(max(wall - model - retry - tool - check, 0.0), 3),
        }


COLUMNS = ("wall_s", "model_s", "retry_s", "tool_s", "check_s", "harness_s")


def total(rounds: list[RoundTiming]) -> dict[str, float]:
    """Summed seconds of several rounds."""
    out = dict.fromkeys(COLUMNS, 0.0)
    for r in rounds:
        for k, v in r.seconds().items():
            out[k] += v
    return {k: round(v, 3) for k, v in out.items()}


@dataclass
class Spend:
    """Tokens and dollars of answered requests."""

    requests: int = 0
    prompt: int = 0
    completion: int = 0
    cost_usd: float = 0.0

    def add(self, other: Spend) -> None:
        self.requests += other.requests
        self.prompt += other.prompt
        self.completion += other.completion
        self.cost_usd += other.cost_usd

    def as_dict(self) -> dict[str, float | int]:
        return {
            "requests": self.requests,
            "prompt_tokens": self.prompt,
            "completion_tokens": self.completion,
            "cost_usd": round(self.cost_usd, 6),
        }


@dataclass
class RunStats:
    """Timing and truncation per scenario and round; cache use per model key."""

    rounds: dict[str, dict[str, RoundTiming]] = field(default_factory=dict)
    cached_tokens: dict[str, int] = field(default_factory=dict)
    cost_nocache_usd: dict[str, float] = field(default_factory=dict)
    spend: dict[str, Spend] = field(default_factory=dict)
    """Per scenario, its latest attempt's answered requests (every model of the scenario)."""
    abandoned_spend: Spend = field(default_factory=Spend)
    abandoned_rounds: list[RoundTiming] = field(default_factory=list)
    """Rounds of scenario attempts that were started over."""
    elapsed_s: float = 0.0
    """Wall time of the finished ``run``/``resume`` sessions of the run."""
    _session_start: float | None = None
    _last_ts: float = 0.0
    _current: dict[str, str] = field(default_factory=dict)

    @property
    def run_wall_s(self) -> float:
        """Elapsed wall time of the run so far (a session without its end counts up to its last event)."""
        open_session = self._last_ts - self._session_start if self._session_start is not None else 0.0
        return round(self.elapsed_s + max(open_session, 0.0), 3)

    def apply(self, event: ev.Event) -> None:
        sid = event.scenario_id or ""
        self._last_ts = max(self._last_ts, event.ts)
        if isinstance(event, ev.RunStarted):
            self._session_start = event.ts
        elif isinstance(event, ev.RunFinished) and self._session_start is not None:
            self.elapsed_s += max(event.ts - self._session_start, 0.0)
            self._session_start = None
        if isinstance(event, ev.ScenarioStarted):
            self.abandoned_rounds += self.rounds.get(sid, {}).values()
            self.abandoned_spend.add(self.spend.pop(sid, Spend()))
            self.rounds[sid] = {}
            self._current.pop(sid, None)
        elif isinstance(event, ev.RoundStarted):
            self.rounds.setdefault(sid, {})[event.round_id] = RoundTiming(started=event.ts)
            self._current[sid] = event.round_id
        elif isinstance(event, ev.ModelResponse):
            key = event.model_key
            self.cached_tokens[key] = self.cached_tokens.get(key, 0) + event.usage.cached_tokens
            self.cost_nocache_usd[key] = self.cost_nocache_usd.get(key, 0.0) + (
                event.cost_nocache_usd or event.cost_usd
            )
            usage = event.usage
            self.spend.setdefault(sid, Spend()).add(
                Spend(1, usage.prompt_tokens, usage.completion_tokens, event.cost_usd)
            )
            rnd = self._round(sid)
            if rnd is not None and event.agent_id in (None, ev.MAIN_AGENT):
                rnd.model_ms += event.latency_ms
                rnd.retry_ms += event.queued_ms
        elif isinstance(event, ev.ModelError):
            rnd = self._round(sid)
            if rnd is not None and event.agent_id in (None, ev.MAIN_AGENT):
                rnd.retry_ms += event.elapsed_ms + 1000 * (event.retry_in_s or 0.0)
        elif isinstance(event, ev.ToolResult):
            rnd = self._round(sid)
            if rnd is not None and event.agent_id in (None, ev.MAIN_AGENT):
                rnd.tool_ms += event.duration_ms
        elif isinstance(event, ev.TurnRecorded) and event.truncated:
            rnd = self.rounds.get(sid, {}).get(event.round_id or "")
            if rnd is not None:
                rnd.truncated += 1
        elif isinstance(event, ev.CheckFinished):
            rnd = self.rounds.get(sid, {}).get(event.round_id)
            if rnd is not None:
                rnd.check_ms += event.duration_ms
        elif isinstance(event, ev.RoundFinished | ev.RoundScored):
            rnd = self.rounds.get(sid, {}).get(event.round_id)
            if rnd is not None:
                rnd.ended = max(rnd.ended, event.ts)

    def _round(self, scenario_id: str) -> RoundTiming | None:
        rid = self._current.get(scenario_id)
        return self.rounds.get(scenario_id, {}).get(rid) if rid else None

    def counted_spend(self) -> Spend:
        out = Spend()
        for spent in self.spend.values():
            out.add(spent)
        return out

    def truncated(self, scenario_id: str) -> dict[str, int]:
        return {rid: r.truncated for rid, r in self.rounds.get(scenario_id, {}).items() if r.truncated}
