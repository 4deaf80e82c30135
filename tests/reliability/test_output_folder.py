"""An output folder that cannot be written: exit 2, one clear line naming the folder, no traceback.

chmod does not stop root, so the cases use paths that fail for everyone: the output path
is a file, or sits under a file; and, where ``chattr`` works, an immutable parent folder.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena_tui.cli import main
from tests.reliability.common import TALLY
from tests.runner.helpers import DEMO


@pytest.fixture
def immutable_dir(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "frozen"
    folder.mkdir()
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)], capture_output=True, timeout=10).returncode:
        pytest.skip("chattr +i does not work here")
    try:
        yield folder
    finally:
        subprocess.run([chattr, "-i", str(folder)], capture_output=True, timeout=10)


def _run_cli(ds: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    argv = ["run", "-d", str(ds), "--tests", "tests-demo.json", "--model", "oracle", "-o", str(out), "--headless"]
    code = main([*argv, "-t", "s_demo_supplier_shortfall_claim"])
    captured = capsys.readouterr()
    return code, captured.err


@pytest.mark.parametrize("shape", ["under_a_file", "is_a_file"])
def test_unwritable_output_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], shape: str) -> None:
    ds = DEMO
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder\n")
    out = blocker / "run" if shape == "under_a_file" else blocker
    code, err = _run_cli(ds, out, capsys)
    TALLY["readonly_outputs"] += 1
    assert code == 2, err
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(out) in lines[0], err
    assert blocker.read_text() == "not a folder\n"


@pytest.mark.reliability
def test_immutable_parent_is_bad_input(tmp_path: Path, immutable_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ds = DEMO
    out = immutable_dir / "run"
    code, err = _run_cli(ds, out, capsys)
    TALLY["readonly_outputs"] += 1
    assert code == 2, err
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(out) in lines[0], err
    assert not any(immutable_dir.iterdir())
