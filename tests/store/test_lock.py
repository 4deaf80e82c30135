"""The output-folder lock: one writer per folder, the holder's pid named, stale locks never block."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena_tui.cli import main
from arena_tui.store.lock import LOCK_FILENAME, OutputInUseError, ensure_free, hold_output, holder_pid
from tests.runner.helpers import DEMO, ROOT

RUN_ONE = ["run", "-d", str(DEMO), "--tests", "tests-demo.json", "--model", "oracle", "--headless"]
RUN_ONE += ["-t", "s_demo_supplier_shortfall_claim"]

HOLDER = """
import sys
from pathlib import Path
from arena_tui.store.lock import hold_output
with hold_output(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.read()  # hold until the test closes stdin (or kills us)
"""


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """A real second process holding the lock on ``tmp_path / "out"``."""
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(out)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    try:
        yield proc, out
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena_tui", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def _one_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def test_second_process_is_refused_with_the_holders_pid(
    holder: tuple[subprocess.Popen[str], Path], tmp_path: Path
) -> None:
    proc, out = holder
    assert holder_pid(out) == proc.pid
    done = _cli(*RUN_ONE, "-o", str(out))
    assert done.returncode == 2, done.stderr
    line = _one_line(done.stderr)
    assert f"in use by process {proc.pid}" in line and str(out) in line
    assert not (out / "arena.sqlite").exists()  # nothing was written beside the holder
    # In this process too: refused, and the holder keeps its lock and its pid in the file.
    with pytest.raises(OutputInUseError, match=f"process {proc.pid}"):
        ensure_free(out)
    assert holder_pid(out) == proc.pid


def test_lock_of_a_killed_holder_is_taken_over(holder: tuple[subprocess.Popen[str], Path]) -> None:
    proc, out = holder
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(30)
    assert holder_pid(out) == proc.pid  # the file still names the dead process…
    with hold_output(out):  # …but the kernel dropped its flock
        assert holder_pid(out) == os.getpid()
    assert (out / LOCK_FILENAME).is_file()


def test_lock_released_at_exit_lets_the_next_one_in(holder: tuple[subprocess.Popen[str], Path]) -> None:
    proc, out = holder
    assert proc.stdin is not None
    proc.stdin.close()  # the holder leaves its `with` block and exits normally
    assert proc.wait(30) == 0
    ensure_free(out)


def _probe(out: Path) -> subprocess.CompletedProcess[str]:
    """Another process asking for the lock on ``out``."""
    code = "import sys, pathlib; from arena_tui.store.lock import ensure_free; ensure_free(pathlib.Path(sys.argv[1]))"
    return subprocess.run([sys.executable, "-c", code, str(out)], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_reentrant_within_one_process_and_independent_across_folders(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    with hold_output(a):
        with hold_output(a):  # the command and the run it starts share it
            assert holder_pid(a) == os.getpid()
        with hold_output(b):
            pass
        assert _probe(b).returncode == 0
        refused = _probe(a)  # still held after the inner block
        assert refused.returncode != 0 and f"process {os.getpid()}" in refused.stderr
    assert _probe(a).returncode == 0


def test_lock_file_planted_as_a_symlink_is_not_followed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (out / LOCK_FILENAME).symlink_to(victim)
    code = main([*RUN_ONE, "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and LOCK_FILENAME in _one_line(err)
    assert victim.read_text() == "keep me\n"


def test_play_and_resume_are_refused_before_anything_opens(
    holder: tuple[subprocess.Popen[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    proc, out = holder
    play = ["play", "-d", str(DEMO), "--tests", "tests-demo.json", "-t", "s_demo_supplier_shortfall_claim"]
    assert main([*play, "-o", str(out)]) == 2
    assert f"in use by process {proc.pid}" in _one_line(capsys.readouterr().err)
    (out / "arena.sqlite").write_bytes(b"")  # resume must ask for the lock before it reads or repairs anything
    assert main(["resume", str(out), "--headless"]) == 2
    assert f"in use by process {proc.pid}" in _one_line(capsys.readouterr().err)
    assert (out / "arena.sqlite").read_bytes() == b""


ORPHANING_HOLDER = """
import subprocess, sys
from pathlib import Path
from arena_tui.store.lock import hold_output
with hold_output(Path(sys.argv[1])):
    child = subprocess.Popen(["sleep", "600"], start_new_session=True, close_fds=False)
    print(child.pid, flush=True)
    sys.stdin.read()
"""


def test_a_surviving_child_of_a_killed_holder_does_not_keep_the_lock(tmp_path: Path) -> None:
    """The lock descriptor is close-on-exec: commands the run started never inherit it."""
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-c", ORPHANING_HOLDER, str(out)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    child = int(proc.stdout.readline())
    try:
        with pytest.raises(OutputInUseError):
            ensure_free(out)
        proc.kill()
        proc.wait(30)
        os.kill(child, 0)  # the child is still alive…
        ensure_free(out)  # …and the folder is free all the same
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.wait(30)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()
