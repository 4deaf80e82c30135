"""The one wrapper around every model backend: events, request ids, retries, the breaker, usage, cost.

Each call of :meth:`Model.complete` gets one request id and up to ``max_retries + 1``
attempts for a remote backend (local ones get one). Every attempt emits a
:class:`ModelRequest` and then a :class:`ModelResponse` or a :class:`ModelError`; the final
failure becomes one :class:`ProviderError` line naming the host and a fix chosen by what the
server said. Usage a backend did not report is estimated with the one formula of
:mod:`arena_tui.providers.tokens`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

from arena_tui.events import ModelError, ModelRequest, ModelResponse
from arena_tui.providers.base import (
    CallIdentity,
    Emit,
    GenerateRequest,
    ModelAPI,
    ProviderError,
    ProviderUnavailable,
    model_event_fields,
    no_emit,
)
from arena_tui.providers.breaker import DEFAULT_BREAKER_THRESHOLD, CircuitBreaker
from arena_tui.providers.cost import cost_usd
from arena_tui.providers.messages import AssistantMessage, DeltaCallback, Message, ToolSchema
from arena_tui.providers.retry import FailureInfo, RetryPolicy, classify, fix_hint, one_line
from arena_tui.providers.tokens import UsageEstimator

__all__ = ["DEFAULT_BREAKER_THRESHOLD", "AttemptError", "CircuitBreaker", "Model", "Pricing"]


class AttemptError(Exception):
    """A failed attempt a backend has already classified (it knows its wire format best)."""

    def __init__(self, info: FailureInfo) -> None:
        super().__init__(info.message)
        self.info = info


@dataclass(frozen=True)
class Pricing:
    """Dollars per million tokens; ``cached_in`` None means cache hits cost the full input price."""

    price_in: float = 0.0
    price_out: float = 0.0
    cached_in: float | None = None


class Model:
    """What an agent session holds: one backend plus everything every call needs."""

    def __init__(
        self,
        api: ModelAPI,
        *,
        identity: CallIdentity | None = None,
        emit: Emit = no_emit,
        policy: RetryPolicy | None = None,
        pricing: Pricing | None = None,
        breaker: CircuitBreaker | None = None,
    ) -> None:
        self.api = api
        self.name = api.name
        self.capabilities = api.capabilities
        self.identity = identity or CallIdentity()
        self.emit = emit
        self.policy = policy or RetryPolicy()
        self.pricing = pricing or Pricing()
        self.breaker = breaker
        self._usage = UsageEstimator()

    def start_round(self, round_id: str) -> None:
        if self.capabilities.rounds:
            self.api.start_round(round_id)

    async def aclose(self) -> None:
        await self.api.aclose()

    async def complete(
        self,
        messages: Sequence[Message],
        tools: Sequence[ToolSchema] = (),
        *,
        on_delta: DeltaCallback | None = None,
        tool_choice: str | None = None,
    ) -> AssistantMessage:
        """Answer ``messages``; raise :class:`ProviderError` on a final failure."""
        request = GenerateRequest(messages, tools, on_delta, tool_choice)
        ids = model_event_fields(self.identity, self.name)
        remote = self.capabilities.remote
        deadline = time.monotonic() + self.policy.total_timeout_s
        n_attachments = sum(len(m.attachments) for m in messages)
        attempt = 0
        counted = 0
        """Failed attempts that were not back-pressure: these are bounded by ``max_retries``."""
        while True:
            attempt += 1
            self._check_breaker()
            waited = time.monotonic()
            async with self._slot():
                started = time.monotonic()
                self.emit(ModelRequest(**ids, attempt=attempt, n_messages=len(messages), n_attachments=n_attachments))
                try:
                    if remote:
                        budget = min(self.policy.per_call_timeout_s, max(deadline - started, 0.001))
                        async with asyncio.timeout(budget):
                            reply = await self.api.generate(request)
                    else:
                        reply = await self.api.generate(request)
                except Exception as exc:
                    info: FailureInfo | None = exc.info if isinstance(exc, AttemptError) else classify(exc)
                else:
                    info = None
            ended = time.monotonic()
            queued_ms = round((started - waited) * 1000, 2)
            if info is not None:
                verdict = await self._verdict(info, started)
                counted += verdict != "backpressure"
                delay = self.policy.backoff(attempt, info.retry_after)
                final = (
                    not remote
                    or verdict == "open"
                    or not info.retryable
                    or counted > self.policy.max_retries
                    or time.monotonic() + delay >= deadline
                )
                self.emit(
                    ModelError(
                        **ids,
                        attempt=attempt,
                        error=one_line(info.message),
                        status_code=info.status_code,
                        retry_in_s=None if final else round(delay, 3),
                        final=final,
                        elapsed_ms=round((time.monotonic() - waited) * 1000, 2),  # a health check's time too
                        backpressure=verdict == "backpressure",
                    )
                )
                if final:
                    raise self._final_error(info, attempt, verdict == "open") from None
                await asyncio.sleep(delay)
                continue
            if remote and self.breaker is not None:
                self.breaker.success(self.api.endpoint)
            latency_ms = (ended - started) * 1000
            reply, nocache = self._finish(reply, messages)
            self.emit(
                ModelResponse(
                    **ids,
                    usage=reply.usage,
                    cost_usd=reply.cost_usd,
                    cost_nocache_usd=nocache,
                    latency_ms=round(latency_ms, 2),
                    queued_ms=queued_ms,
                    finish_reason=reply.finish_reason,
                    content=reply.content,
                    tool_calls=reply.tool_calls,
                )
            )
            return reply

    @asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """One of the endpoint's request slots (its adaptive concurrency limit), for a remote backend."""
        if not self.capabilities.remote or self.breaker is None or not self.api.endpoint:
            yield
            return
        async with self.breaker.slot(self.api.endpoint):
            yield

    async def _verdict(self, info: FailureInfo, started: float) -> str:
        """Back-pressure (slow down, not counted), a retry, or an open breaker (the endpoint is down)."""
        endpoint = self.api.endpoint
        if not self.capabilities.remote:
            return "retry"
        if self.breaker is None:
            return "backpressure" if info.backpressure else "retry"
        busy = info.backpressure or (info.timeout and self.breaker.answered_since(endpoint, started))
        return await self.breaker.failure(endpoint, info.message, backpressure=busy, health=self.api.health)

    def _where(self) -> str:
        return f"model {self.name}" + (f" at {self.api.endpoint}" if self.api.endpoint else "")

    def _check_breaker(self) -> None:
        if self.capabilities.remote and self.breaker is not None and self.breaker.is_open(self.api.endpoint):
            last = self.breaker.tripped[self.api.endpoint]
            raise ProviderUnavailable(
                f"{self._where()}: provider unavailable ({self.breaker.threshold} failed requests in a row and no "
                f"answer to a health check; last: {last}); fix or restart the server, then resume the run",
                host=self.api.endpoint,
            )

    def _final_error(self, info: FailureInfo, attempts: int, opened: bool) -> ProviderError:
        text = one_line(info.message)
        hint = fix_hint(info.status_code, info.message) if self.capabilities.remote else "a backend error"
        if opened:
            threshold = self.breaker.threshold if self.breaker is not None else attempts
            why = self.breaker.tripped.get(self.api.endpoint, text) if self.breaker is not None else text
            return ProviderUnavailable(
                f"{self._where()}: provider unavailable after {threshold} failed requests in a row: {one_line(why)}; "
                f"{hint}; then resume the run",
                status_code=info.status_code,
                host=self.api.endpoint,
                fix=f"{hint}; then resume the run",
            )
        plural = "s" if attempts > 1 else ""
        return ProviderError(
            f"{self._where()}: {text} (after {attempts} attempt{plural}); {hint}",
            status_code=info.status_code,
            host=self.api.endpoint,
            fix=hint,
        )

    def _finish(self, reply: AssistantMessage, messages: Sequence[Message]) -> tuple[AssistantMessage, float]:
        """Fill in estimated usage where the backend reported none; price the call."""
        usage = reply.usage
        if usage.total_tokens == 0 and usage.prompt_tokens == 0 and usage.completion_tokens == 0:
            usage = self._usage.estimate(messages, reply.content, reply.tool_calls)
        else:
            self._usage.prompt_chars(messages)
        p = self.pricing if self.capabilities.remote else Pricing()  # local backends cost nothing
        cost = cost_usd(usage, p.price_in, p.price_out, p.cached_in)
        nocache = cost_usd(usage.model_copy(update={"cached_tokens": 0}), p.price_in, p.price_out)
        return (
            AssistantMessage(
                content=reply.content,
                tool_calls=reply.tool_calls,
                usage=usage,
                finish_reason=reply.finish_reason,
                elided=dict(reply.elided),
                cost_usd=cost,
            ),
            nocache,
        )
