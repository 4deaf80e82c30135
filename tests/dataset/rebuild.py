"""The one way every domain's rebuild reproducibility test runs its builder, and skips.

``data/build/<domain>/build.py --check`` rebuilds the domain into a temporary folder and
compares it with the committed files. The media rebuild calls espeak-ng, sox and ffmpeg;
where one is missing the test skips with the same reason in every domain, naming the
programs and the command that installs them (``scripts/install-system-deps.sh``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MEDIA_TOOLS = ("espeak-ng", "sox", "ffmpeg")
"""What the dataset builders run (the install script brings every one)."""


def skip_reason(tools: tuple[str, ...] = MEDIA_TOOLS) -> str:
    """Empty when every tool is on PATH, else the one skip reason all rebuild tests give."""
    missing = [t for t in tools if shutil.which(t) is None]
    if not missing:
        return ""
    return f"rebuild needs {', '.join(missing)} (not installed): run scripts/install-system-deps.sh"


def check_rebuild(script: Path, *, timeout: int = 900, tools: tuple[str, ...] = MEDIA_TOOLS) -> str:
    """Run ``script --check``; skip when a tool is missing, fail with its output when it differs."""
    reason = skip_reason(tools)
    if reason:
        pytest.skip(reason)
    r = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout
