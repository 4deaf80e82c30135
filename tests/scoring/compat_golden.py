"""The reports of the hand-built compat log, rendered the way a stored run's are.

``tests/scoring/golden/`` holds them as the scoring code wrote them; the test compares bytes,
so a change to how either profile counts (or to the report's layout) shows as a diff. After an
intended change, rewrite them with ``.venv/bin/python -m tests.scoring.compat_golden`` and
review the diff.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from arena_tui.cli import main
from tests.scoring.compat_log import compat_events, write_store

GOLDEN = Path(__file__).resolve().parent / "golden"
PROFILES = ("arena", "compat")
T0 = 1_750_000_000.0


def render(out: Path, profile: str) -> dict[str, bytes]:
    """``rescore --metrics PROFILE`` of the compat log stored in ``out`` (timestamps fixed)."""
    if not out.exists():
        events = [event.model_copy(update={"ts": T0 + index}) for index, event in enumerate(compat_events())]
        asyncio.run(write_store(out, events))
    assert main(["rescore", str(out), "--metrics", profile]) == 0
    return {name: (out / name).read_bytes() for name in ("report.json", "report.md")}


def golden_name(profile: str, name: str) -> str:
    return f"compat-log-{profile}-{name}"


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for profile in PROFILES:
            for name, data in render(Path(tmp) / "run", profile).items():
                (GOLDEN / golden_name(profile, name)).write_bytes(data)
