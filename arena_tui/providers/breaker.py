"""One guard per endpoint for a whole run: the circuit breaker and the back-pressure limit.

Every model of every scenario that talks to the same ``host:port`` shares one
:class:`EndpointState`, so a success from any scenario resets the count of failed
requests. A busy server (429, 503, a full context slot, a timeout while other requests
succeed) is back-pressure, not death: the endpoint's concurrency limit halves (at least
one request always runs) and grows back by one per limit's worth of successes. Before the
breaker opens the endpoint's health is asked (``/health``, ``/v1/models``); a server that
answers stays closed, so no scenario is abandoned while the endpoint answers.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Literal

DEFAULT_BREAKER_THRESHOLD = 3
MAX_LIMIT = 64
"""The most requests one endpoint gets at once before any back-pressure is seen."""

BUSY_FACTOR = 5
"""Busy answers in a row, without any success, worth ``BUSY_FACTOR × threshold`` failures: then health is asked
(a proxy or a loading server may answer 503 for ever)."""

HealthCheck = Callable[[], Awaitable[str | None]]
"""None when the endpoint answers, else why it does not (one line)."""

Verdict = Literal["backpressure", "retry", "open"]


@dataclass
class EndpointState:
    """What the run knows about one endpoint."""

    limit: float = float(MAX_LIMIT)
    in_flight: int = 0
    failures: int = 0
    """Failed requests in a row that were not back-pressure."""
    last_success: float = 0.0
    """``time.monotonic()`` of the latest answered request (0: none yet)."""
    backpressure: int = 0
    """Back-pressure answers seen (reported, never fatal while the endpoint's health says it answers)."""
    busy: int = 0
    """Back-pressure answers since the endpoint last answered a request."""
    lowest_limit: int = MAX_LIMIT
    _cond: asyncio.Condition | None = None
    _health_lock: asyncio.Lock | None = None

    def cond(self) -> asyncio.Condition:
        if self._cond is None:
            self._cond = asyncio.Condition()
        return self._cond

    def health_lock(self) -> asyncio.Lock:
        if self._health_lock is None:
            self._health_lock = asyncio.Lock()
        return self._health_lock


@dataclass
class CircuitBreaker:
    """Per-endpoint failure counts, back-pressure limits and open (shut) endpoints of one run."""

    threshold: int = DEFAULT_BREAKER_THRESHOLD
    states: dict[str, EndpointState] = field(default_factory=dict)
    tripped: dict[str, str] = field(default_factory=dict)
    """Open endpoints and the last error each gave."""

    def state(self, endpoint: str) -> EndpointState:
        return self.states.setdefault(endpoint, EndpointState())

    @property
    def failures(self) -> dict[str, int]:
        return {k: s.failures for k, s in self.states.items() if s.failures}

    def is_open(self, endpoint: str) -> bool:
        return endpoint in self.tripped

    @asynccontextmanager
    async def slot(self, endpoint: str) -> AsyncIterator[None]:
        """Hold one of the endpoint's concurrent request slots for an attempt."""
        state = self.state(endpoint)
        cond = state.cond()
        async with cond:
            await cond.wait_for(lambda: state.in_flight < max(int(state.limit), 1))
            state.in_flight += 1
        try:
            yield
        finally:
            async with cond:
                state.in_flight -= 1
                cond.notify_all()

    def success(self, endpoint: str) -> None:
        """An answered request: the failure count resets and the limit grows back (additively)."""
        state = self.state(endpoint)
        state.failures = 0
        state.busy = 0
        state.last_success = time.monotonic()
        state.limit = min(state.limit + 1.0 / max(state.limit, 1.0), float(MAX_LIMIT))

    def shrink(self, endpoint: str, released: int = 0) -> None:
        """Back-pressure: halve the limit from what was really running (``released``: attempts that just
        let go of their slot, counted as running), never below one."""
        state = self.state(endpoint)
        state.backpressure += 1
        state.limit = max(min(state.limit, float(state.in_flight + released)) / 2, 1.0)
        state.lowest_limit = min(state.lowest_limit, int(state.limit))

    def answered_since(self, endpoint: str, started: float) -> bool:
        """Whether another request to the endpoint succeeded after ``started`` (monotonic)."""
        return self.state(endpoint).last_success > started

    async def failure(
        self,
        endpoint: str,
        error: str,
        *,
        backpressure: bool = False,
        health: HealthCheck | None = None,
    ) -> Verdict:
        """Record a failed attempt (once it has let go of its slot); say whether it was back-pressure, worth
        a retry, or opened the breaker."""
        if not endpoint:
            return "retry"
        if endpoint in self.tripped:
            return "open"
        state = self.state(endpoint)
        if backpressure:
            self.shrink(endpoint, released=1)
            state.busy += 1
            if self.threshold <= 0 or state.busy < self.threshold * BUSY_FACTOR:
                return "backpressure"
            return await self._ask_health(endpoint, error, health, "backpressure")
        if self.threshold <= 0:
            return "retry"
        state.failures += 1
        if state.failures < self.threshold:
            return "retry"
        return await self._ask_health(endpoint, error, health, "retry")

    async def _ask_health(self, endpoint: str, error: str, health: HealthCheck | None, answered: Verdict) -> Verdict:
        """At the threshold: an endpoint whose health check answers stays closed (``answered``), else it opens."""
        state = self.state(endpoint)
        async with state.health_lock():
            if endpoint in self.tripped:
                return "open"
            if state.failures < self.threshold and state.busy < self.threshold * BUSY_FACTOR:
                return answered  # another scenario's success came in meanwhile
            why = await health() if health is not None else "no health check for this backend"
            if why is None:  # it answers: a bad request or a busy server, never an unavailable one
                state.failures = 0
                state.busy = 0
                return answered
            self.tripped[endpoint] = f"{error}; health check: {why}"
            return "open"
