"""One writer per run folder, and a store that cannot be written stops the run cleanly.

* ``resume`` (or a second ``run``) while a ``run`` writes the same folder is refused with the
  writer's pid; the writer finishes with every round stored once.
* A full disk (a real, small tmpfs; and an injected "database or disk is full") ends the run
  with one line and exit 2, never a traceback or a hang; everything committed before stays,
  and ``resume`` after freeing space completes the run with nothing lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena_tui.dataset.loader import load_dataset
from arena_tui.store import StoreReader
from tests.dataset.mini_dataset import make_dataset
from tests.reliability.common import TALLY, assert_nothing_lost
from tests.runner.helpers import ROOT

HANG_GUARD_S = 300  # only a guard against a hang; nothing here asserts how long anything takes


def _rounds_scored(store: Path) -> int:
    if not store.is_file():
        return 0
    try:
        conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM events WHERE kind = 'round_scored'").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def _cli(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena_tui", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
        env=env,
    )


def _one_line(stderr: str) -> str:
    assert "Traceback" not in stderr, stderr
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


def _selected(dataset: Path) -> dict[str, list[str]]:
    return {s.id: [r.id for r in s.rounds] for s in load_dataset(dataset, None, None).scenarios}


def _events_stored(store: Path) -> int:
    if not store.is_file():
        return 0
    try:
        conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def test_resume_and_second_run_are_refused_while_a_run_writes(tmp_path: Path) -> None:
    """The writer's manager waits in its first round until the test lets it go, so the two
    refused processes surely ask while it writes (no race with a busy machine)."""
    dataset, out = make_dataset(tmp_path / "ds"), (tmp_path / "run").resolve()
    gate = out / "s_alpha" / "workspace" / "output" / "go"
    wait = f"while [ ! -e {gate} ]; do sleep 0.05; done"
    script = tmp_path / "manager.json"
    turns = [
        {"tool_calls": [{"name": "Bash", "arguments": {"command": wait, "description": "wait"}}]},
        {"content": "ok"},
    ]
    script.write_text(json.dumps({"*": turns}), encoding="utf-8")
    model = json.dumps({"main": {"provider": "scripted", "script": str(script)}, "llm": {"provider": "sim"}})
    argv = ["run", "-d", str(dataset), "--model", model, "-o", str(out), "--headless"]
    writer = subprocess.Popen(
        [sys.executable, "-m", "arena_tui", *argv, "-c", "1"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + HANG_GUARD_S
        while time.monotonic() < deadline and writer.poll() is None and not gate.parent.is_dir():
            time.sleep(0.01)
        while time.monotonic() < deadline and writer.poll() is None and _events_stored(out / "arena.sqlite") < 1:
            time.sleep(0.01)
        assert writer.poll() is None, writer.communicate()[1]
        tries = [
            subprocess.Popen([sys.executable, "-m", "arena_tui", *cmd], cwd=ROOT, text=True, stderr=subprocess.PIPE)
            for cmd in (["resume", str(out), "--headless"], argv)
        ]
        results = []
        for t in tries:
            err = t.communicate(timeout=HANG_GUARD_S)[1]
            results.append(subprocess.CompletedProcess(t.args, t.returncode, "", err))
        resumed, second = results
        assert writer.poll() is None, "the writer waits for the gate, so it is still running"
        gate.write_text("go", encoding="utf-8")  # let the writer finish its run
        writer_err = writer.communicate(timeout=HANG_GUARD_S)[1]
    finally:
        if writer.poll() is None:
            os.killpg(writer.pid, signal.SIGKILL)
            writer.wait(10)
    for refused in (resumed, second):
        assert refused.returncode == 2, refused.stderr
        line = _one_line(refused.stderr)
        assert f"in use by process {writer.pid}" in line and str(out) in line
    assert writer.returncode in (0, 1), writer_err  # 1: the scripted answers fail the checks
    report = assert_nothing_lost(out, _selected(dataset), writer_err)
    assert report["rounds_total"] == sum(len(r) for r in _selected(dataset).values())
    reader = StoreReader(out)
    [row] = reader.runs()
    statuses = [s.status for s in reader.scenarios(row.run_id)]
    reader.close()
    assert row.status == "completed" and statuses == ["completed", "completed"]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs: room for the run's start, not for all of it (a demo run writes about 6 MiB)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True)
    if made.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode(errors='replace').strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def _assert_stopped_cleanly(done: subprocess.CompletedProcess[str], out: Path) -> int:
    """Exit 2, one line naming the store and the fix, the store intact: returns the events kept."""
    TALLY["faults_injected"] += 1
    assert done.returncode == 2, done.stdout + done.stderr
    line = _one_line(done.stderr)
    assert str(out / "arena.sqlite") in line and "database or disk is full" in line, line
    assert f"resume {out}" in line
    reader = StoreReader(out)
    try:
        assert reader.integrity_ok()
        run_id = reader.latest_run_id()
        seqs = [e.seq for e in reader.iter_events(run_id)]
    finally:
        reader.close()
    assert seqs and seqs == list(range(1, len(seqs) + 1)), "a gap or duplicate in what was committed"
    return len(seqs)


def _resume_and_check(out: Path, dataset: Path, kept: int) -> None:
    done = _cli("resume", str(out), "--headless")
    assert done.returncode == 0, done.stdout + done.stderr
    report = assert_nothing_lost(out, _selected(dataset), done.stderr)
    assert report["rounds_passed"] == report["rounds_total"] == 12
    reader = StoreReader(out)
    assert reader.count(reader.latest_run_id()) > kept
    reader.close()


def test_full_disk_stops_the_run_then_resume_completes_it(
    small_disk: Path, demo_dataset: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = small_disk / "run"
    done = _cli("run", "-d", str(demo_dataset), "--model", "oracle", "-o", str(out), "--headless")
    kept = _assert_stopped_cleanly(done, out)
    filler = small_disk / "filler"
    with filler.open("wb", buffering=0) as fh, contextlib.suppress(OSError):  # whatever room is left: taken
        while True:
            fh.write(b"\0" * 4096)
    rescored = _cli("rescore", str(out))  # reading works; writing the report does not
    assert rescored.returncode == 2, rescored.stdout + rescored.stderr
    line = _one_line(rescored.stderr)
    assert f"cannot write the report into '{out}'" in line and "No space left on device" in line, line
    filler.unlink()
    remount = ["mount", "-o", "remount,size=64m", str(small_disk)]
    assert subprocess.run(remount, capture_output=True).returncode == 0
    _resume_and_check(out, demo_dataset, kept)


INJECT = """
import sqlite3, sys
import aiosqlite
from arena_tui.cli import main

real = aiosqlite.Connection.executemany
calls = 0

async def full(self, sql, rows):
    global calls
    if sql.startswith("INSERT INTO events"):
        calls += 1
        if calls > int(sys.argv[1]):
            raise sqlite3.OperationalError("database or disk is full")
    return await real(self, sql, rows)

aiosqlite.Connection.executemany = full
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize(
    "good_batches",
    [pytest.param(3, id="early")]
    + [pytest.param(n, id=f"after{n}", marks=pytest.mark.reliability) for n in (1, 8, 20)],
)
def test_injected_write_failure_stops_the_run_then_resume_completes_it(
    demo_dataset: Path, tmp_path: Path, good_batches: int
) -> None:
    out = tmp_path / "run"
    argv = ["run", "-d", str(demo_dataset), "--model", "oracle", "-o", str(out), "--headless"]
    done = subprocess.run(
        [sys.executable, "-c", INJECT, str(good_batches), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
    kept = _assert_stopped_cleanly(done, out)
    assert not (out / "report.json").exists()  # no report of a run that did not finish writing
    _resume_and_check(out, demo_dataset, kept)


UNLOCKED_RESUME = """
import contextlib, sys
import arena_tui.commands.run as run_cmd
import arena_tui.runner.orchestrator as orchestrator
from arena_tui.cli import main

# A filesystem where flock does nothing (or a copy of the program without the lock).
run_cmd.hold_output = orchestrator.hold_output = lambda out: contextlib.nullcontext()
sys.exit(main(sys.argv[1:]))
"""


SLOW_CHECKS_RUN = """
import asyncio, sys
import arena_tui.runner.scenario as scenario
from arena_tui.cli import main

# Checks held for a second each, so this writer is still writing when the second one starts
# (a check costs milliseconds now: the whole demo run could end before another process is up).
real = scenario.run_check


async def slow(*args, **kwargs):
    await asyncio.sleep(1.0)
    return await real(*args, **kwargs)


scenario.run_check = slow
sys.exit(main(sys.argv[1:]))
"""


def test_second_writer_without_the_lock_hits_a_sequence_collision_never_a_silent_loss(
    demo_dataset: Path, tmp_path: Path
) -> None:
    """With the lock out of the way, two writers of one run cannot both store: one stops with exit 2.

    (Their workspaces still race, so the survivor's scores are not asserted: that is what the lock is for.)
    """
    out = tmp_path / "run"
    argv = ["run", "-d", str(demo_dataset), "--model", "oracle", "-o", str(out), "--headless", "-c", "1"]
    first = subprocess.Popen(
        [sys.executable, "-c", SLOW_CHECKS_RUN, *argv],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + HANG_GUARD_S
        while time.monotonic() < deadline and first.poll() is None and _rounds_scored(out / "arena.sqlite") < 1:
            time.sleep(0.01)
        assert first.poll() is None, "the run ended before a second writer could start"
        second = subprocess.run(
            [sys.executable, "-c", UNLOCKED_RESUME, "resume", str(out), "--headless", "--model", "oracle"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=HANG_GUARD_S,
        )
        first_err = first.communicate(timeout=HANG_GUARD_S)[1]
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
            first.wait(10)
    TALLY["faults_injected"] += 1
    codes = {"run": first.returncode, "resume": second.returncode}
    errs = {"run": first_err, "resume": second.stderr}
    collided = [who for who, err in errs.items() if "sequence collision" in err]
    assert len(collided) == 1, (codes, errs)  # never both silently "fine", never both stopped
    loser = collided[0]
    assert codes[loser] == 2, (codes, errs)
    line = _one_line(errs[loser])
    assert str(out / "arena.sqlite") in line and "already stored" in line, line
    reader = StoreReader(out)
    try:
        assert reader.integrity_ok()
        run_id = reader.latest_run_id()
        seqs = [e.seq for e in reader.iter_events(run_id)]
        assert reader.max_seq(run_id) == reader.count(run_id) == len(seqs)
    finally:
        reader.close()
    assert seqs == list(range(1, len(seqs) + 1)), "a gap or a doubled event in the store"
