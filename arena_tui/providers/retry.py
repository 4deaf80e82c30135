"""Which failures are worth another attempt, and how long to wait before it.

Transient trouble (429, 5xx, dropped connections, read timeouts, streams that end
without ``[DONE]``) is retried with bounded exponential backoff plus jitter, honouring
``Retry-After``; any other 4xx is the caller's mistake and fails at once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import openai


class TruncatedStreamError(Exception):
    """The stream ended before the server said it was done."""


class EmptyResponseError(Exception):
    """The server answered with no choices at all."""


@dataclass(frozen=True)
class RetryPolicy:
    """Bounds for one model call; every wait is capped so a run can never hang."""

    max_retries: int = 4
    base_s: float = 1.0
    max_s: float = 30.0
    per_call_timeout_s: float = 120.0
    total_timeout_s: float = 600.0
    jitter: float = 0.25
    max_retry_after_s: float = 60.0

    def backoff(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds before attempt ``attempt + 1`` (``attempt`` counts from 1)."""
        if retry_after is not None:
            return float(min(max(retry_after, 0.0), self.max_retry_after_s))
        delay = float(min(self.base_s * (2 ** (attempt - 1)), self.max_s))
        return delay * (1 + random.uniform(0, self.jitter))


@dataclass(frozen=True)
class FailureInfo:
    """One failed attempt, classified."""

    message: str
    retryable: bool
    status_code: int | None = None
    retry_after: float | None = None


def _retry_after(exc: openai.APIStatusError) -> float | None:
    value = exc.response.headers.get("retry-after")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


def _status_text(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        err = body.get("error", body)
        msg = err.get("message") if isinstance(err, dict) else err
        if msg:
            return str(msg)[:300]
    return exc.response.reason_phrase or "error"


def classify(exc: BaseException) -> FailureInfo:
    """Turn any exception raised by an attempt into a :class:`FailureInfo`."""
    if isinstance(exc, openai.APIStatusError):
        code = exc.status_code
        text = f"HTTP {code}: {_status_text(exc)}"
        if code == 429:
            return FailureInfo(text, True, code, _retry_after(exc))
        return FailureInfo(text, code >= 500 or code == 408, code)
    if isinstance(exc, openai.APITimeoutError | TimeoutError):
        return FailureInfo("timed out waiting for the server", True)
    if isinstance(exc, openai.APIConnectionError):
        cause = exc.__cause__ or exc
        return FailureInfo(f"connection failed: {type(cause).__name__}: {cause}".rstrip(": "), True)
    if isinstance(exc, TruncatedStreamError):
        return FailureInfo(f"stream ended early: {exc}", True)
    if isinstance(exc, EmptyResponseError):
        return FailureInfo("server returned no choices", True)
    if type(exc).__module__.split(".")[0] in ("httpx", "httpx2", "httpcore", "h11"):
        # The SDK does not wrap transport errors raised while iterating a stream.
        return FailureInfo(f"connection lost: {type(exc).__name__}: {exc}".rstrip(": "), True)
    if isinstance(exc, openai.APIError):
        return FailureInfo(f"API error: {exc}", True)
    return FailureInfo(f"{type(exc).__name__}: {exc}", False)


def fix_hint(status_code: int | None) -> str:
    """One sentence on what the user can do about a final failure."""
    if status_code in (401, 403):
        return "check the API key (api_key / api_key_env) for this entry"
    if status_code == 404:
        return "check model_id and api_base (GET <api_base>/models lists served names)"
    if status_code == 429:
        return "the server is rate limiting; lower --concurrency or raise max_retries"
    if status_code is not None and 400 <= status_code < 500:
        return "the server rejected the request; check extra request keys in the model JSON"
    return "check that the server is running and reachable (see pool/README.md)"
