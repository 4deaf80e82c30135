"""Where a run's time and money went: per-round timing, truncated replies, prompt-cache savings.

A fold over the same events as the scores (it lives inside :class:`ScoreFold`, so live runs,
``report`` and ``rescore`` all see the same figures). Per round, measured on the main agent:

- ``wall``: round start to the round's score (the check included);
- ``model``: the main agent's model calls (latency of each answered request);
- ``tool``: the main agent's tool calls (foreground subagent runs included);
- ``check``: the round's check;
- ``harness``: the rest — event handling, transcripts, updates, waiting for background work.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena_tui import events as ev


@dataclass
class RoundTiming:
    started: float = 0.0
    ended: float = 0.0
    model_ms: float = 0.0
    tool_ms: float = 0.0
    check_ms: float = 0.0
    truncated: int = 0
    """Replies cut at the output-token limit, any agent of the round."""

    @property
    def wall_s(self) -> float:
        return max(self.ended - self.started, 0.0) if self.ended else 0.0

    def seconds(self) -> dict[str, float]:
        wall = self.wall_s
        model, tool, check = self.model_ms / 1000, self.tool_ms / 1000, self.check_ms / 1000
        return {
            "wall_s": round(wall, 3),
            "model_s": round(model, 3),
            "tool_s": round(tool, 3),
            "check_s": round(check, 3),
            "harness_s": round(max(wall - model - tool - check, 0.0), 3),
        }


def total(rounds: list[RoundTiming]) -> dict[str, float]:
    """Summed seconds of several rounds."""
    out = {"wall_s": 0.0, "model_s": 0.0, "tool_s": 0.0, "check_s": 0.0, "harness_s": 0.0}
    for r in rounds:
        for k, v in r.seconds().items():
            out[k] += v
    return {k: round(v, 3) for k, v in out.items()}


@dataclass
class RunStats:
    """Timing and truncation per scenario and round; cache use per model key."""

    rounds: dict[str, dict[str, RoundTiming]] = field(default_factory=dict)
    cached_tokens: dict[str, int] = field(default_factory=dict)
    cost_nocache_usd: dict[str, float] = field(default_factory=dict)
    _current: dict[str, str] = field(default_factory=dict)

    def apply(self, event: ev.Event) -> None:
        sid = event.scenario_id or ""
        if isinstance(event, ev.ScenarioStarted):
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
            rnd = self._round(sid)
            if rnd is not None and event.agent_id in (None, ev.MAIN_AGENT):
                rnd.model_ms += event.latency_ms
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

    def truncated(self, scenario_id: str) -> dict[str, int]:
        return {rid: r.truncated for rid, r in self.rounds.get(scenario_id, {}).items() if r.truncated}
