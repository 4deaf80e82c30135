"""``build.py --check``: compare a fresh build with the committed dataset, one verdict line.

A generated file agrees when its bytes are the same. Media encoders are outside the build's
control, so a WAV of the same duration (another espeak-ng/sox build) and, where a domain says
so, an MP4 (another ffmpeg/x264 build; its frames are byte-stable PNGs) are accepted with a note.
"""

from __future__ import annotations

from kit.files import wav_duration

WAV_SECONDS = 0.05
"""How far a WAV's duration may be from the committed one's when its bytes differ."""


def _bytes(f: str | bytes) -> bytes:
    if isinstance(f, bytes):
        return f
    with open(f, "rb") as fh:
        return fh.read()


def differs(rel: str, committed: str | bytes, fresh: str | bytes, *, mp4_tolerant: bool = False) -> str | None:
    """None when ``rel`` agrees (committed and fresh given as paths or bytes), else the problem line."""
    have, want = _bytes(committed), _bytes(fresh)
    if have == want:
        return None
    if rel.endswith(".wav") and abs(wav_duration(have) - wav_duration(want)) <= WAV_SECONDS:
        print(f"note: {rel}: bytes differ (another espeak-ng/sox build?) but the duration matches")
        return None
    if mp4_tolerant and rel.endswith(".mp4"):
        print(f"note: {rel}: bytes differ (another ffmpeg/x264 build?); frames come from identical PNGs")
        return None
    return f"{rel}: differs from a fresh build"


def report(problems: list[str], ok: str = "all generated files identical") -> int:
    """Print each problem and the verdict line (``check: OK (...)`` or ``check: FAILED``); the exit status."""
    for p in problems:
        print("ERROR:", p)
    print("check:", "FAILED" if problems else f"OK ({ok})")
    return 1 if problems else 0
