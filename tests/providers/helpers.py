"""Shared builders for provider tests: entries pointing at a fake server, fast policies."""

from __future__ import annotations

from typing import Any

from arena_tui.config import ModelEntry
from arena_tui.events import Event
from arena_tui.providers.base import CallIdentity
from arena_tui.providers.model import CircuitBreaker, Model, Pricing
from arena_tui.providers.openai_compat import OpenAICompatAPI
from arena_tui.providers.retry import RetryPolicy

FAST = RetryPolicy(
    max_retries=3, base_s=0.01, max_s=0.05, per_call_timeout_s=0.6, total_timeout_s=5.0, max_retry_after_s=0.2
)
TOOLS: list[dict[str, Any]] = [
    {"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in ("Read", "Grep", "Bash")
]


def entry(base: str | list[str], **extra: Any) -> ModelEntry:
    data: dict[str, Any] = {
        "provider": "openai_compat",
        "model_id": "fake-model",
        "api_base": base,
        "api_key": "sk-test-SECRET-123",
        "price_in": 2.0,
        "price_out": 8.0,
        **extra,
    }
    return ModelEntry.model_validate(data)


def provider(
    base: str | list[str],
    events: list[Event],
    policy: RetryPolicy = FAST,
    breaker: CircuitBreaker | None = None,
    **extra: Any,
) -> Model:
    """The one model wrapper around an OpenAI-compatible backend pointed at ``base``."""
    ident = CallIdentity(scenario_id="s1", agent_id="main", session_id="sess", model_key="main")
    e = entry(base, **extra)
    return Model(
        OpenAICompatAPI(e, policy=policy),
        identity=ident,
        emit=events.append,
        policy=policy,
        pricing=Pricing(e.price_in, e.price_out, e.price_cached_in),
        breaker=breaker,
    )
