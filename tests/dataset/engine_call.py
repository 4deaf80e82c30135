"""A scenario's own check engine, called inside the test process.

The verdict is the one ``python3 checks/_check.py <workspace> <round>.json`` gives (same code:
the scenario's copy is loaded from its file; same exit code and printed lines), without a
Python start per check. The dataset tests run several thousand checks, and a start costs
0.1-0.4 s on a loaded two-core machine, most of the suite's time.
``test_engine_call.py`` holds the two forms equal on every scenario.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import io
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from tests.dataset.oracle_run import DATASET


@dataclass(frozen=True)
class Verdict:
    """What the engine's process would have given: exit code and printed lines."""

    returncode: int
    stdout: str
    stderr: str = ""


@functools.cache
def _load(digest: str, path: Path) -> ModuleType:
    """One module per distinct engine text (the copies are stamped identical, so usually one)."""
    spec = importlib.util.spec_from_file_location(f"_scenario_check_{digest[:16]}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    keep = sys.dont_write_bytecode  # the engine turns bytecode off for its own process only
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = keep
    return module


def engine(path: Path) -> ModuleType:
    return _load(hashlib.sha256(path.read_bytes()).hexdigest(), path)


def run_engine(engine_path: Path, ws: Path, spec_path: Path) -> Verdict:
    """Run ``engine_path``'s ``main`` on (workspace, spec) as its command line would."""
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            code = engine(engine_path).main([str(engine_path), str(ws), str(spec_path)])
    except Exception:  # an uncaught error ends the real process with 1 and a traceback
        return Verdict(1, out.getvalue(), traceback.format_exc())
    return Verdict(int(code), out.getvalue())


def run_check(sid: str, rid: str, ws: Path) -> Verdict:
    """Round ``rid`` of scenario ``sid`` checked on workspace ``ws`` by the scenario's engine."""
    checks = DATASET / "scenarios" / sid / "checks"
    return run_engine(checks / "_check.py", ws, checks / f"{rid}.json")
