"""The law scenarios, in run order: every scen_*.py in this folder defines one scenario dict S
(its RUN_ORDER is its place in the run order)."""

import os

from kit.discover import spec_modules

ALL = [m.S for m in spec_modules(os.path.dirname(os.path.abspath(__file__)), "scen_")]
