"""The kit's search kind (data/build/kit/rounds/search.py) for the domain tests: how a reference's
search prompt is worded is read from the kit (``opening``, ``asked``), never written out again here."""

from __future__ import annotations

import sys
from pathlib import Path

BUILD = Path(__file__).resolve().parents[2] / "data" / "build"
if str(BUILD) not in sys.path:
    sys.path.insert(0, str(BUILD))

from kit.rounds.search import asked, opening  # noqa: E402

__all__ = ["asked", "opening"]
