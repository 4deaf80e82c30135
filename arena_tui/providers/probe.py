"""The start-up probe: one tiny request per configured real model and declared modality.

It answers "will this run work?" in seconds instead of failing an hour in: a wrong
model name, a missing ``--limit-mm-per-prompt`` or an audio-less server shows up here,
as a readable table. Media are generated in memory (an 8×8 PNG, 0.1 s of WAV silence);
video is skipped because no tiny encoder is available offline.
"""

from __future__ import annotations

import asyncio
import base64
import io
import struct
import time
import wave
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from arena_tui.config import ModelConfig, ModelEntry
from arena_tui.providers.base import CallIdentity, ProviderError
from arena_tui.providers.messages import Attachment, Message
from arena_tui.providers.openai_compat import OpenAICompatProvider
from arena_tui.providers.retry import RetryPolicy

PROBE_POLICY = RetryPolicy(max_retries=1, base_s=0.5, per_call_timeout_s=60, total_timeout_s=120)


@dataclass(frozen=True)
class ProbeResult:
    key: str
    model: str
    modality: str
    ok: bool
    latency_ms: float = 0.0
    error: str = ""
    skipped: bool = False


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


def _probe_message(modality: str) -> Message:
    if modality == "image":
        data = base64.b64encode(tiny_png()).decode()
        return Message(
            "user",
            "What colour is this image? One word.",
            attachments=(Attachment("image", "image/png", data, "probe.png"),),
        )
    if modality == "audio":
        data = base64.b64encode(tiny_wav()).decode()
        return Message(
            "user",
            "Is this audio silent? Answer yes or no.",
            attachments=(Attachment("audio", "audio/wav", data, "probe.wav"),),
        )
    return Message("user", "Reply with the single word OK.")


async def _probe_one(
    key: str, entry: ModelEntry, modality: str, policy: RetryPolicy, env: Mapping[str, str] | None
) -> ProbeResult:
    name = entry.display_name
    if modality == "video":
        return ProbeResult(key, name, modality, ok=True, skipped=True, error="skipped: no tiny video encoder offline")
    started = time.monotonic()
    provider = OpenAICompatProvider(
        entry, identity=CallIdentity(model_key=key), policy=policy, env=env, overrides={"max_tokens": 8}
    )
    try:
        await provider.complete([_probe_message(modality)])
    except ProviderError as exc:
        return ProbeResult(
            key, name, modality, ok=False, error=exc.message, latency_ms=(time.monotonic() - started) * 1000
        )
    finally:
        await provider.aclose()
    return ProbeResult(key, name, modality, ok=True, latency_ms=(time.monotonic() - started) * 1000)


async def probe_models(
    config: ModelConfig,
    *,
    policy: RetryPolicy = PROBE_POLICY,
    env: Mapping[str, str] | None = None,
) -> list[ProbeResult]:
    """Probe every real model for every modality it declares, all at once."""
    jobs = [
        _probe_one(key, entry, modality, policy, env)
        for key, entry in config.entries().items()
        if entry.is_real
        for modality in entry.modalities.declared()
    ]
    return list(await asyncio.gather(*jobs))


def render_probe_table(results: list[ProbeResult]) -> str:
    """A plain-text table, one row per probe, for stderr or a report."""
    if not results:
        return "probe: no real models configured"
    rows = [("key", "model", "modality", "result", "latency", "error")]
    for r in results:
        status = "skip" if r.skipped else ("ok" if r.ok else "FAIL")
        latency = "-" if r.skipped else f"{r.latency_ms:.0f} ms"
        rows.append((r.key, r.model, r.modality, status, latency, r.error))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row[:5], widths, strict=True)) + "  " + row[5] for row in rows]
    return "\n".join(line.rstrip() for line in lines)
