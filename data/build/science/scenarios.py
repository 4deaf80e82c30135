"""The science scenarios in run order: every sc_*.py in this folder is one scenario, its config in
CONFIG and its place in the run order in RUN_ORDER (kit/discover.py)."""

from __future__ import annotations

import os
from typing import Any

import configs
from kit.discover import config_with_id, defined_in, spec_modules

HERE = os.path.dirname(os.path.abspath(__file__))
ALL: list[dict[str, Any]] = [
    *(m.CONFIG for m in spec_modules(HERE, "sc_")),
    *defined_in(vars(configs), config_with_id("id", "s_sci_")),
]
