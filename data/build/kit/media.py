"""The media recipes every domain runs: espeak-ng speech padded by sox (bare or over a seeded
room-noise bed), and a bit-exact MP4.

Speech stays at espeak-ng's native 22050 Hz, 16-bit mono (sox ``-D``: no dither), so the same
espeak-ng and sox builds give the same bytes. The MP4 is libx264 at 1 fps from PNG frames with
one thread and the bit-exact flags, so it depends on the frames' pixels alone.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Sequence

RATE = 22050


def espeak(
    text: str, out: str, *, voice: str, speed: int, pitch: int | None = None, amplitude: int | None = None
) -> None:
    """espeak-ng's WAV of ``text``; ``pitch`` and ``amplitude`` are passed only when given."""
    cmd = ["espeak-ng", "-v", voice, "-s", str(speed)]
    if pitch is not None:
        cmd += ["-p", str(pitch)]
    if amplitude is not None:
        cmd += ["-a", str(amplitude)]
    subprocess.run([*cmd, "-w", out, text], check=True, capture_output=True)


def sox_pad(raw: str, out: str, before: float, after: float, rate: int = RATE) -> None:
    """``raw`` as 16-bit mono at ``rate`` with ``before``/``after`` seconds of silence (no dither)."""
    cmd = ["sox", "-D", raw, "-r", str(rate), "-c", "1", "-b", "16", out, "pad", str(before), str(after)]
    subprocess.run(cmd, check=True, capture_output=True)


def speech_wav(
    text: str,
    out: str,
    *,
    voice: str,
    speed: int,
    pad: tuple[float, float],
    pitch: int | None = None,
    amplitude: int | None = None,
    rate: int = RATE,
) -> None:
    """espeak-ng speech padded with silence by sox, written to ``out`` (its folder is made)."""
    with tempfile.TemporaryDirectory() as td:
        raw = os.path.join(td, "raw.wav")
        espeak(text, raw, voice=voice, speed=speed, pitch=pitch, amplitude=amplitude)
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        sox_pad(raw, out, pad[0], pad[1], rate)


def speech_wav_bytes(
    text: str,
    *,
    voice: str,
    speed: int,
    pad: tuple[float, float],
    pitch: int | None = None,
    amplitude: int | None = None,
) -> bytes:
    """``speech_wav`` into memory."""
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "speech.wav")
        speech_wav(text, out, voice=voice, speed=speed, pad=pad, pitch=pitch, amplitude=amplitude)
        with open(out, "rb") as fh:
            return fh.read()


def speech_on_noise_bed(
    text: str, *, seed: str, voice: str, speed: int, pad: tuple[float, float], pitch: int, amplitude: int
) -> bytes:
    """``speech_wav_bytes`` over the room-noise bed seeded with ``seed`` (``add_noise_bed``)."""
    wav = speech_wav_bytes(text, voice=voice, speed=speed, pad=pad, pitch=pitch, amplitude=amplitude)
    return add_noise_bed(wav, seed)


def mp4_from_pngs(frames: Sequence[bytes], out: str, *, crf: int | None = None) -> None:
    """Encode PNG frames (one a second) into ``out``; ``crf`` is libx264's quality when given."""
    with tempfile.TemporaryDirectory() as td:
        for i, png in enumerate(frames):
            with open(os.path.join(td, f"f{i:03d}.png"), "wb") as fh:
                fh.write(png)
        quality = ["-crf", str(crf)] if crf is not None else []
        os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
        cmd = ["ffmpeg", "-loglevel", "error", "-y", "-framerate", "1", "-i", os.path.join(td, "f%03d.png")]
        cmd += ["-c:v", "libx264", *quality, "-pix_fmt", "yuv420p", "-r", "1", "-threads", "1"]
        cmd += ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1", out]
        subprocess.run(cmd, check=True, capture_output=True)


def mp4_bytes(frames: Sequence[bytes], *, crf: int | None = None) -> bytes:
    """``mp4_from_pngs`` into memory."""
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "out.mp4")
        mp4_from_pngs(frames, out, crf=crf)
        with open(out, "rb") as fh:
            return fh.read()


def add_noise_bed(wav: bytes, seed: str, level: int = 40) -> bytes:
    """16-bit mono WAV bytes mixed with a seeded room-noise bed (~-58 dBFS hiss plus a low-passed rumble)."""
    import array
    import io
    import random
    import wave

    with wave.open(io.BytesIO(wav)) as w:
        params = w.getparams()
        pcm = array.array("h", w.readframes(w.getnframes()))
    rng = random.Random(f"room/{seed}")
    lut = [round((u - 127.5) / 127.5 * level) for u in range(256)]
    raw = rng.randbytes(len(pcm))
    hum = 0.0
    out = array.array("h", bytes(2 * len(pcm)))
    for i, s in enumerate(pcm):
        hum = 0.995 * hum + 0.005 * lut[raw[i]] * 8
        v = s + lut[raw[i]] + int(hum)
        out[i] = 32767 if v > 32767 else (-32768 if v < -32768 else v)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setparams(params)
        w.writeframes(out.tobytes())
    return buf.getvalue()
