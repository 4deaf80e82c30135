"""The start-up probe: what a run needs from every configured real model, checked in seconds.

Per model, one at a time (servers that cancel concurrent requests must not fail it), with
temperature and seed pinned so the same server gives the same verdict for every entry:
``text`` (the server answers and serves this model name), ``tools`` (one tool-call
round-trip with ``tool_choice`` naming a trivial tool; a server that ignores a named
choice, as llama.cpp does, is asked again with automatic choice, and the row says which
worked: the call must come back and the server must accept the turn and its result in
the history), then one check per declared image/audio modality. The server's context window is read where it reports one
(vLLM's ``max_model_len``, ``context_length``, llama.cpp's ``/props``). Media are made in
memory (an 8×8 red PNG, 0.1 s of WAV silence); video is skipped (no tiny encoder offline).
"""

from __future__ import annotations

import base64
import io
import struct
import time
import wave
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from arena_tui.config import ModelConfig, ModelEntry
from arena_tui.providers.base import CallIdentity, ProviderError
from arena_tui.providers.messages import AssistantMessage, Attachment, Message
from arena_tui.providers.model import Model
from arena_tui.providers.openai_compat import OpenAICompatAPI
from arena_tui.providers.retry import RetryPolicy, one_line

PROBE_POLICY = RetryPolicy(max_retries=1, base_s=0.5, per_call_timeout_s=60, total_timeout_s=120)
PINNED = {"max_tokens": 64, "temperature": 0, "seed": 0}
"""Every probe request: short, greedy and seeded, so a verdict does not depend on sampling luck."""
PROBE_TOOL = "probe_echo"
TOOLS_MISSING = "tools are not reaching the model — check the server's chat template / tool parser"
PROVES = {
    "text": "server reachable, model name served, key accepted",
    "tools": "tool schema reaches the model; its call and result go back through the history",
    "image": "image input accepted and described",
    "audio": "audio input accepted",
    "video": "",
}
_TOOL_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": PROBE_TOOL,
        "description": "Echo a word back.",
        "parameters": {"type": "object", "properties": {"word": {"type": "string"}}, "required": ["word"]},
    },
}


@dataclass(frozen=True)
class ProbeResult:
    key: str
    model: str
    check: str
    ok: bool
    latency_ms: float = 0.0
    error: str = ""
    skipped: bool = False
    warning: str = ""
    """A pass that proved less than it should (e.g. the reply ignores the image)."""
    context: int | None = None
    """Context window the server reports for this model (``text`` row only)."""
    fix: str = ""
    """What to do about a failure, kept whole when the row is shortened."""
    proved: str = ""
    """What this passed check proved, when it says more than :data:`PROVES`."""


def tiny_png(size: int = 8) -> bytes:
    """A solid red square PNG."""
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * size for _ in range(size))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def tiny_wav(seconds: float = 0.1, rate: int = 16000) -> bytes:
    """Mono 16-bit silence."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"\x00\x00" * int(seconds * rate))
    return buf.getvalue()


def _media_message(modality: str) -> Message:
    if modality == "image":
        data = base64.b64encode(tiny_png()).decode()
        return Message(
            "user",
            "What colour is this image? One word.",
            attachments=(Attachment("image", "image/png", data, "probe.png"),),
        )
    data = base64.b64encode(tiny_wav()).decode()
    return Message(
        "user",
        "Is this audio silent? Answer yes or no.",
        attachments=(Attachment("audio", "audio/wav", data, "probe.wav"),),
    )


def _context_from(data: Any, model_id: str) -> int | None:
    """A context length from a ``/models`` listing (vLLM ``max_model_len``, ``context_length``…)."""
    rows = data.get("data", []) if isinstance(data, dict) else []
    for row in rows:
        if isinstance(row, dict) and row.get("id") == model_id:
            for key in ("max_model_len", "context_length", "context_window", "max_context_length"):
                if isinstance(row.get(key), int) and row[key] > 0:
                    return int(row[key])
            meta = row.get("meta")
            if isinstance(meta, dict) and isinstance(meta.get("n_ctx"), int):
                return int(meta["n_ctx"])
    return None


async def server_context(entry: ModelEntry, env: Mapping[str, str] | None = None, timeout: float = 5.0) -> int | None:
    """The context window the server reports for ``entry``'s model, or None when it reports none."""
    base = entry.api_bases()[0].rstrip("/")
    key = entry.resolve_api_key(env)
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with httpx.AsyncClient(timeout=timeout, headers=headers) as client:
        try:
            found = _context_from((await client.get(f"{base}/models")).json(), entry.model_id)
            if found is None:  # llama.cpp serves its slot context at /props, beside /v1
                props = (await client.get(base.removesuffix("/v1") + "/props")).json()
                n_ctx = props.get("default_generation_settings", {}).get("n_ctx") if isinstance(props, dict) else None
                found = int(n_ctx) if isinstance(n_ctx, int) and n_ctx > 0 else None
        except (httpx.HTTPError, ValueError, AttributeError):
            return None
    return found


NAMED, AUTOMATIC = "named tool_choice", "automatic tool choice (the server ignored a named tool_choice)"


async def _tools_round_trip(model: Model) -> tuple[str, str]:
    """(problem, how the call was asked for): problem is "" when a tool call came back and its result
    was accepted. A named ``tool_choice`` first; when no call comes back (or the server refuses
    the named form), automatic choice, which is all some servers honour."""
    ask = Message("user", f"Call the {PROBE_TOOL} tool with word=ok.")
    how = NAMED
    named: AssistantMessage | None = None
    try:
        named = await model.complete([ask], [_TOOL_SCHEMA], tool_choice=PROBE_TOOL)
    except ProviderError as exc:
        if exc.status_code is None or not 400 <= exc.status_code < 500:
            raise
    reply = named or AssistantMessage()
    calls = [c for c in reply.tool_calls if c.name == PROBE_TOOL]
    if not calls:
        how = AUTOMATIC
        reply = await model.complete([ask], [_TOOL_SCHEMA])
        calls = [c for c in reply.tool_calls if c.name == PROBE_TOOL]
    if not calls:
        said = f' (it answered "{one_line(reply.content, 60)}")' if reply.content else ""
        return TOOLS_MISSING + said, how
    result = Message("tool", "ok", tool_call_id=calls[0].id)
    await model.complete([ask, reply.to_message(), result], [_TOOL_SCHEMA])
    return "", how


async def _check(model: Model, check: str) -> str:
    """Run one check; returns a warning ("" when it proved what it should)."""
    if check == "tools":
        problem, how = await _tools_round_trip(model)
        if problem:
            raise ProviderError(problem)
        return "" if how == NAMED else AUTOMATIC
    if check == "text":
        await model.complete([Message("user", "Reply with the single word OK.")])
        return ""
    reply = await model.complete([_media_message(check)])
    if check == "image" and "red" not in reply.content.lower():
        return f'the reply does not describe the image ("{one_line(reply.content, 60)}"): the server may drop images'
    return ""


async def _probe_model(
    key: str, entry: ModelEntry, policy: RetryPolicy, env: Mapping[str, str] | None
) -> list[ProbeResult]:
    name = entry.display_name
    api = OpenAICompatAPI(entry, policy=policy, env=env, overrides=PINNED)
    model = Model(api, identity=CallIdentity(model_key=key), policy=policy)
    checks = ["text", "tools", *[m for m in entry.modalities.declared() if m != "text"]]
    out: list[ProbeResult] = []
    try:
        for check in checks:
            if check == "video":
                out.append(ProbeResult(key, name, check, ok=True, skipped=True, error="no tiny video encoder offline"))
                continue
            started = time.monotonic()
            try:
                warning = await _check(model, check)
            except ProviderError as exc:
                elapsed = (time.monotonic() - started) * 1000
                out.append(ProbeResult(key, name, check, False, elapsed, exc.message, fix=exc.fix))
                if check == "text":  # nothing else can work
                    break
                continue
            context = await server_context(entry, env) if check == "text" else None
            latency = (time.monotonic() - started) * 1000
            note = warning if check != "tools" else ""
            proved = f"{PROVES['tools']} ({warning or NAMED})" if check == "tools" else ""
            out.append(ProbeResult(key, name, check, True, latency, warning=note, context=context, proved=proved))
    finally:
        await model.aclose()
    return out


async def served_contexts(config: ModelConfig, env: Mapping[str, str] | None = None) -> dict[str, int]:
    """One cheap request per real entry without a ``context_length``: what its server serves (``--no-probe``)."""
    out: dict[str, int] = {}
    for key, entry in config.entries().items():
        if entry.is_real and entry.context_length is None and entry.api_bases():
            found = await server_context(entry, env)
            if found:
                out[key] = found
    return out


async def probe_models(
    config: ModelConfig,
    *,
    policy: RetryPolicy = PROBE_POLICY,
    env: Mapping[str, str] | None = None,
) -> list[ProbeResult]:
    """Probe every real model, one model and one check at a time."""
    results: list[ProbeResult] = []
    for key, entry in config.entries().items():
        if entry.is_real:
            results += await _probe_model(key, entry, policy, env)
    return results


NOTE_WIDTH = 200


def _shorten(note: str, fix: str) -> str:
    """One line of about :data:`NOTE_WIDTH`: the server's words give way, the fix is never cut."""
    flat = one_line(note, 100_000)
    fix = one_line(fix, 100_000)
    if len(flat) <= NOTE_WIDTH:
        return flat
    if not fix or fix not in flat:
        return one_line(flat, NOTE_WIDTH)
    flat = flat[: flat.rindex(fix) + len(fix)]
    head = flat[: -len(fix)].rstrip("; ")
    room = max(NOTE_WIDTH - len(fix) - 2, 120)  # enough of the server's words to say what it was
    return f"{one_line(head, room)}; {fix}"


def render_probe_table(results: list[ProbeResult]) -> str:
    """A plain-text table, one row per check, saying what each passed check proved."""
    if not results:
        return "probe: no real models configured"
    rows = [("key", "model", "check", "result", "latency", "proved / error")]
    for r in results:
        status = "skip" if r.skipped else ("FAIL" if not r.ok else ("warn" if r.warning else "ok"))
        latency = "-" if r.skipped else f"{r.latency_ms:.0f} ms"
        note = r.error or r.warning or r.proved or PROVES.get(r.check, "")
        if r.context:
            note += f"; context {r.context:,} tokens"
        rows.append((r.key, r.model, r.check, status, latency, _shorten(note, r.fix)))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row[:5], widths, strict=True)) + "  " + row[5] for row in rows]
    return "\n".join(line.rstrip() for line in lines)
