"""Which failures are worth another attempt, and how long to wait before it.

Transient trouble (429, 5xx, dropped connections, read timeouts, streams that end
without ``[DONE]``) is retried with bounded exponential backoff plus jitter, honouring
``Retry-After``; any other 4xx is the caller's mistake and fails at once.
"""

from __future__ import annotations

import json
import random
import re
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
        """Seconds before attempt ``attempt + 1`` (``attempt`` counts from 1).

        Jittered over half to one and a half of the exponential delay (and up to half again
        past a ``Retry-After``), so scenarios that failed together do not retry together.
        """
        if retry_after is not None:
            wait = min(max(retry_after, 0.0), self.max_retry_after_s)
            return float(min(wait * (1 + random.uniform(0, 2 * self.jitter)), self.max_retry_after_s))
        delay = float(min(self.base_s * (2 ** (min(attempt, 30) - 1)), self.max_s))
        return delay * random.uniform(1 - 2 * self.jitter, 1 + 2 * self.jitter)


@dataclass(frozen=True)
class FailureInfo:
    """One failed attempt, classified."""

    message: str
    retryable: bool
    status_code: int | None = None
    retry_after: float | None = None
    backpressure: bool = False
    """A busy server (429, 503, a full context slot): slow down, never give up on it."""
    timeout: bool = False
    """No answer in time: back-pressure when other requests to the endpoint were answered meanwhile."""


def _retry_after(exc: openai.APIStatusError) -> float | None:
    value = exc.response.headers.get("retry-after")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


def one_line(text: str, limit: int = 240) -> str:
    """Server text as one line: whitespace collapsed, cut at ``limit`` characters."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _status_text(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        err = body.get("error", body)
        msg = err.get("message") or err.get("detail") if isinstance(err, dict) else err
        if msg:
            return one_line(msg if isinstance(msg, str) else json.dumps(msg))
    elif isinstance(body, str) and body.strip():
        return one_line(body)
    return exc.response.reason_phrase or "error"


def classify(exc: BaseException) -> FailureInfo:
    """Turn any exception raised by an attempt into a :class:`FailureInfo`."""
    if isinstance(exc, openai.APIStatusError):
        code = exc.status_code
        text = f"HTTP {code}: {_status_text(exc)}"
        if _MODALITY.search(text):  # the same input fails the same way every time
            return FailureInfo(text, False, code)
        if code in (429, 503) or (code >= 500 and context_slot_full(text)):
            return FailureInfo(text, True, code, _retry_after(exc), backpressure=True)
        return FailureInfo(text, code >= 500 or code == 408, code)
    if isinstance(exc, openai.APITimeoutError | TimeoutError):
        return FailureInfo("timed out waiting for the server", True, timeout=True)
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


_MODALITY = re.compile(
    r"(image|audio|video|vision|multimodal|modalit|input_audio|image_url)[^.]*"
    r"(not supported|unsupported|does not support|not enabled|is not a multimodal)|"
    r"(does not support|not support)[^.]*(image|audio|video)",
    re.IGNORECASE,
)
_CONTEXT = re.compile(
    r"context length|context window|maximum context|context_length_exceeded|too many tokens|"
    r"prompt is too long|exceeds? (the )?(available )?context|n_ctx|max_model_len|exceed_context_size|"
    r"longer than the maximum model length|max_completion_tokens' is too large|context size has been exceeded",
    re.IGNORECASE,
)
_SLOT_FULL = re.compile(
    r"context size has been exceeded|kv cache is full|no free slots?|slot unavailable", re.IGNORECASE
)
"""llama-server's words when the context its parallel slots share ran out under load (not this request's size)."""


def context_slot_full(text: str) -> bool:
    return bool(_SLOT_FULL.search(text))


_AUTH = re.compile(r"api[ _-]?key|unauthori[sz]ed|authentication|permission denied", re.IGNORECASE)
_NOT_FOUND = re.compile(r"model[^.]*(not found|does not exist|not served)|no such model", re.IGNORECASE)
_VALIDATION = re.compile(r"validation error|field required|input should be|unprocessable|invalid", re.IGNORECASE)
_TURN = re.compile(r"messages\W{1,3}(\d+)\W{1,3}(\w+)")


def history_field(text: str) -> tuple[int, str] | None:
    """``(index, field)`` of the request message a server's validation error points at."""
    found = _TURN.search(text)
    return (int(found.group(1)), found.group(2)) if found else None


def fix_hint(status_code: int | None, text: str = "") -> str:
    """One sentence on what the user can do, chosen by the status and the server's own words."""
    if _MODALITY.search(text):
        return "the served model does not accept this input type: lower that modality to 0 in the model JSON"
    if context_slot_full(text):
        return (
            "the server's shared context ran out under parallel requests: lower --concurrency or give each "
            "llama-server slot a whole context (-np N -c N×ctx, docs/running.md)"
        )
    if _CONTEXT.search(text):
        return (
            "the conversation no longer fits the served context: lower main_token_limit / subagent_token_limit "
            "or max_tokens, or serve a longer context (llama-server splits -c among its -np slots: docs/running.md)"
        )
    if status_code in (401, 403) or (status_code is not None and _AUTH.search(text)):
        return "check the API key (api_key / api_key_env) for this entry"
    if status_code == 404 or _NOT_FOUND.search(text):
        return "check model_id and api_base (GET <api_base>/models lists served names)"
    if status_code in (429, 503):
        return (
            "the server is overloaded or rate limiting; lower --concurrency, or raise total_timeout_s "
            "(CATEAM_TOTAL_TIMEOUT_S)"
        )
    if status_code is not None and (status_code == 422 or _VALIDATION.search(text)):
        return (
            "the server rejected the request body; if it names an assistant turn's content, set "
            '"tool_call_content": "omit" (or "empty") in the model JSON'
        )
    if status_code is not None and 400 <= status_code < 500:
        return "the server rejected the request; check extra request keys in the model JSON"
    if status_code is not None:
        return "the server failed while answering; its log says why"
    if "timed out" in text:
        return (
            "the server did not answer in time: raise --request-timeout-s, lower --concurrency, or give it more "
            "parallel slots (docs/running.md)"
        )
    return "check that the server is running and reachable (see docs/running.md)"
