"""Writing generated files: one writer, one JSON form, and the duration of a WAV."""

from __future__ import annotations

import io
import json
import os
import wave
from collections.abc import Mapping
from typing import Any


def write(path: str, data: str | bytes) -> None:
    """Write ``data`` (bytes as they are, text as UTF-8 with ``\\n`` line ends), making its folder."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(data, bytes):
        with open(path, "wb") as fh:
            fh.write(data)
    else:
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(data)


def write_files(root: str, files: Mapping[str, str | bytes]) -> None:
    """``write`` each of ``files``, by its path relative to ``root``."""
    for rel, data in files.items():
        write(os.path.join(root, rel), data)


def dump(obj: Any, *, escape_non_ascii: bool = False) -> str:
    """The form of every generated JSON file: two-space indent, UTF-8 kept (``escape_non_ascii``:
    ``\\uXXXX`` escapes, where a scenario's files keep that form), a final newline."""
    return json.dumps(obj, indent=2, ensure_ascii=escape_non_ascii) + "\n"


def wav_duration(wav: str | bytes) -> float:
    """Seconds of a WAV given by its path or its bytes."""
    with wave.open(io.BytesIO(wav) if isinstance(wav, bytes) else wav) as w:
        frames: int = w.getnframes()
        return frames / float(w.getframerate())
