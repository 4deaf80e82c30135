"""A command whose reader goes away (`compare ... | head`) ends quietly, with no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

DATASET = Path(__file__).resolve().parent / "fixtures" / "earlier"


def test_a_closed_stdout_ends_with_the_sigpipe_code_and_no_traceback() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line is written (-u: every write reaches it)
    try:
        code = f"import sys; from arena_tui.cli import main; sys.exit(main(['check', '-d', {str(DATASET)!r}]))"
        r = subprocess.run([sys.executable, "-u", "-c", code], stdout=write_end, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(write_end)
    assert r.returncode == 141, r.stderr
    assert r.stderr == b""
