"""The science scenarios in run order: every sc_*.py in this folder is one scenario, its config in
CONFIG and its place in the run order in RUN_ORDER (kit/discover.py)."""

from __future__ import annotations

import os
from types import ModuleType
from typing import Any

from kit.discover import spec_modules

HERE = os.path.dirname(os.path.abspath(__file__))


def config(module: ModuleType) -> dict[str, Any]:
    """The scenario config a spec module defines."""
    c = getattr(module, "CONFIG", None)
    if not isinstance(c, dict):
        raise SystemExit(f"{module.__file__}: a science spec module defines its scenario config as CONFIG (a dict)")
    return c


ALL = [config(m) for m in spec_modules(HERE, "sc_")]
