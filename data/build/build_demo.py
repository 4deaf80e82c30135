#!/usr/bin/env python3
"""The demo scenarios' build command, as their asset maps name it: runs data/build/demo/build.py.

Usage:
    .venv/bin/python data/build/build_demo.py [--check]    # the same arguments as data/build/demo/build.py
"""

from __future__ import annotations

import os
import runpy

if __name__ == "__main__":
    runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "demo", "build.py"), run_name="__main__")
