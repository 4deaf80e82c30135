"""Transcript flushes off the event loop: no line lost to a turn that arrives meanwhile, none to a failed write."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.agents.transcripts import TranscriptWriter
from arena_tui.runner.round_writes import RoundWrites


def turn(n: int) -> ev.TurnRecorded:
    return ev.TurnRecorded(
        run_id="r", scenario_id="s1", agent_id=ev.MAIN_AGENT, uuid=f"u{n}", role="user", content=f"t{n}"
    )


def contents(path: Path) -> list[str]:
    return [json.loads(line).get("content", "") for line in path.read_text(encoding="utf-8").splitlines()[1:]]


async def test_a_turn_recorded_while_the_thread_writes_goes_into_the_next_flush(tmp_path: Path) -> None:
    writer = TranscriptWriter("s1", tmp_path / "sessions")
    writer(turn(1))
    flushing = asyncio.create_task(writer.flush_async(copy_to=tmp_path / "ws" / "sessions"))
    await asyncio.sleep(0)  # the lines are taken; the thread is writing
    writer(turn(2))
    await flushing
    assert contents(tmp_path / "ws" / "sessions" / "main.jsonl") == ["t1"]
    await writer.flush_async(copy_to=tmp_path / "ws" / "sessions")
    assert contents(tmp_path / "sessions" / "main.jsonl") == ["t1", "t2"]
    assert contents(tmp_path / "ws" / "sessions" / "main.jsonl") == ["t1", "t2"]


async def test_lines_of_a_failed_write_are_kept_for_the_next_flush(tmp_path: Path) -> None:
    blocker = tmp_path / "sessions"
    blocker.write_text("not a folder", encoding="utf-8")
    writer = TranscriptWriter("s1", blocker)
    writer(turn(1))
    with pytest.raises(OSError):
        await writer.flush_async()
    writer(turn(2))
    blocker.unlink()
    writer.flush()
    assert contents(blocker / "main.jsonl") == ["t1", "t2"]


async def test_round_writes_finish_before_drain_returns_and_report_the_first_failure(tmp_path: Path) -> None:
    writes = RoundWrites()
    done: list[int] = []
    writes.start(done.append, 1)
    writes.start(done.append, 2)
    await writes.drain()
    assert sorted(done) == [1, 2]

    def fail(path: Path) -> None:
        path.read_text()

    writes.start(fail, tmp_path / "missing")
    writes.start(done.append, 3)
    with pytest.raises(FileNotFoundError):
        await writes.drain()
    assert 3 in done
    await writes.drain()  # nothing left over
