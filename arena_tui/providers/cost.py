"""Money and tokens: the price of one call, and running totals per agent and pool key.

Prices are dollars per million tokens from the model JSON (``price_in``/``price_out``, and
``price_cached_in`` for prompt tokens served from the provider's cache); usage a server did
not report is estimated (and flagged ``estimated``) by the model wrapper.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena_tui.events import ModelResponse, Usage


def cost_usd(usage: Usage, price_in: float, price_out: float, price_cached_in: float | None = None) -> float:
    """Dollars for one call; cached prompt tokens at ``price_cached_in`` (default: no discount)."""
    cached = min(usage.cached_tokens, usage.prompt_tokens)
    cached_price = price_in if price_cached_in is None else price_cached_in
    fresh = usage.prompt_tokens - cached
    return (fresh * price_in + cached * cached_price + usage.completion_tokens * price_out) / 1_000_000


@dataclass
class Totals:
    """Accumulated figures for one agent or one pool key."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def add(self, usage: Usage, cost: float) -> None:
        self.calls += 1
        self.prompt_tokens += usage.prompt_tokens
        self.completion_tokens += usage.completion_tokens
        self.cost_usd += cost


@dataclass
class CostLedger:
    """Totals by agent id and by model key; feed it :class:`ModelResponse` events."""

    by_agent: dict[str, Totals] = field(default_factory=dict)
    by_key: dict[str, Totals] = field(default_factory=dict)

    def record(self, agent_id: str, model_key: str, usage: Usage, cost: float) -> None:
        self.by_agent.setdefault(agent_id, Totals()).add(usage, cost)
        self.by_key.setdefault(model_key, Totals()).add(usage, cost)

    def observe(self, event: object) -> None:
        """An event subscriber: counts model responses, ignores everything else."""
        if isinstance(event, ModelResponse):
            self.record(event.agent_id or "main", event.model_key, event.usage, event.cost_usd)

    @property
    def total(self) -> Totals:
        out = Totals()
        for t in self.by_agent.values():
            out.calls += t.calls
            out.prompt_tokens += t.prompt_tokens
            out.completion_tokens += t.completion_tokens
            out.cost_usd += t.cost_usd
        return out
