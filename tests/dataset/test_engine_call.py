"""The in-process engine call gives the engine process's verdict, on every scenario."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.dataset.engine_call import run_check
from tests.dataset.oracle_run import DATASET, converted, final_workspace, specs


def _process(sid: str, rid: str, ws: Path) -> subprocess.CompletedProcess[str]:
    checks = DATASET / "scenarios" / sid / "checks"
    return subprocess.run(
        [sys.executable, str(checks / "_check.py"), str(ws), str(checks / f"{rid}.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("sid", converted())
def test_in_process_verdict_equals_the_engine_process(sid: str, tmp_path: Path) -> None:
    """A passing round on the reference's deliverables and a failing one on a fresh copy."""
    ws = final_workspace(sid, tmp_path)
    last = list(specs(sid))[-1]
    for workspace in (ws, DATASET / "scenarios" / sid / "workspace"):
        inproc, proc = run_check(sid, last, workspace), _process(sid, last, workspace)
        assert (inproc.returncode, inproc.stdout) == (proc.returncode, proc.stdout), workspace
    assert run_check(sid, last, ws).returncode == 0


def test_an_engine_error_reads_as_the_process_would(tmp_path: Path) -> None:
    engine = tmp_path / "_check.py"
    engine.write_text("def main(argv):\n    print('FAIL: x')\n    raise KeyError('boom')\n", encoding="utf-8")
    from tests.dataset.engine_call import run_engine

    v = run_engine(engine, tmp_path, tmp_path / "q1.json")
    assert v.returncode == 1 and v.stdout == "FAIL: x\n" and "KeyError" in v.stderr
