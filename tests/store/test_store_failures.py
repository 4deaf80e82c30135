"""Store failures: a sequence collision or a failed write is an error, committed batches stay intact."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from arena_tui import events as ev
from arena_tui.store import EventStore, StoreReader
from arena_tui.store.schema import StoreError


def _tool(i: int) -> ev.ToolCalled:
    return ev.ToolCalled(run_id="", scenario_id="s1", agent_id="main", call_id=f"c{i}", tool="Read", arguments={"i": i})


async def _start(out: Path, run_id: str, start_seq: int = 0) -> tuple[EventStore, ev.EventBus]:
    store = await EventStore.open(out, flush_interval=0.01, max_batch=50)
    bus = ev.EventBus(run_id, start_seq=start_seq)
    bus.subscribe(store.append)
    return store, bus


def _stored(out: Path, run_id: str) -> list[tuple[int, str]]:
    conn = sqlite3.connect(f"file:{out / 'arena.sqlite'}?mode=ro", uri=True)
    try:
        return [
            (r[0], r[1]) for r in conn.execute("SELECT seq, data FROM events WHERE run_id = ? ORDER BY seq", (run_id,))
        ]
    finally:
        conn.close()


async def test_sequence_collision_is_an_error_and_keeps_the_first_writers_events(tmp_path: Path) -> None:
    first, bus = await _start(tmp_path, "run-a")
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], manager="m", pool={}))
    for i in range(10):
        bus.emit(_tool(i))
    await first.close()
    before = _stored(tmp_path, "run-a")
    assert [s for s, _ in before] == list(range(1, 12))

    # A second writer of the same run that believes the log ends at seq 5 (a stale resume).
    second, bus2 = await _start(tmp_path, "run-a", start_seq=5)
    failures: list[StoreError] = []
    second.on_failure = failures.append
    for i in range(100, 110):
        bus2.emit(_tool(i))
    with pytest.raises(StoreError, match="sequence collision"):
        await second.flush()
    assert second.error is not None and len(failures) == 1 and failures[0] is second.error
    assert "event seq 6 of run run-a is already stored" in str(second.error)
    assert "arena.sqlite" in str(second.error)
    await second.flush()  # a failed store writes nothing more, and says so once
    await second.close()
    assert len(failures) == 1
    assert _stored(tmp_path, "run-a") == before  # nothing overwritten, nothing of the second writer mixed in


async def test_collision_inside_one_batch_is_not_ignored(tmp_path: Path) -> None:
    store, _bus = await _start(tmp_path, "run-b")
    row = ("run-b", 1, "tool_called", "s1", "main", 0.0, _tool(1).model_dump_json(), None)
    store._rows.extend([row, row])  # the same seq twice, as a second bus of the same run would queue it
    with pytest.raises(StoreError, match="sequence collision"):
        await store.flush()
    await store.close()
    assert _stored(tmp_path, "run-b") == []


async def test_disk_full_stops_the_writer_keeps_committed_batches_and_never_hangs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, bus = await _start(tmp_path, "run-c")
    failures: list[StoreError] = []
    store.on_failure = failures.append
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], manager="m", pool={}))
    for i in range(20):
        bus.emit(_tool(i))
    await store.flush()
    committed = _stored(tmp_path, "run-c")
    assert len(committed) == 21

    real = aiosqlite.Connection.executemany

    async def full(self: aiosqlite.Connection, sql: str, rows: Any) -> Any:
        if sql.startswith("INSERT INTO events"):
            raise sqlite3.OperationalError("database or disk is full")
        return await real(self, sql, rows)

    monkeypatch.setattr(aiosqlite.Connection, "executemany", full)
    for i in range(20, 200):  # enough to wake the writer task (max_batch 50)
        bus.emit(_tool(i))
    for _ in range(200):  # event order, not time: wait until the writer task has seen the failure
        if failures:
            break
        await asyncio.sleep(0.01)
    assert len(failures) == 1
    message = str(failures[0])
    assert "cannot write the run store" in message and "database or disk is full" in message
    assert f"resume {tmp_path}" in message and str(tmp_path / "arena.sqlite") in message
    bus.emit(_tool(999))  # the run may still emit while it stops: queued, never written, no error
    await asyncio.wait_for(store.close(), 30)  # closing a failed store does not raise or hang
    assert _stored(tmp_path, "run-c") == committed


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "no_events_table", "bad_event_json"])
def test_damaged_store_is_one_store_error(tmp_path: Path, damage: str) -> None:
    asyncio.run(_write_small(tmp_path))
    path = tmp_path / "arena.sqlite"
    damage_store(path, damage)
    with pytest.raises(StoreError) as caught:
        reader = StoreReader(tmp_path)
        try:
            run_id = reader.latest_run_id()
            list(reader.iter_events(run_id))
            reader.check_intact()
        finally:
            reader.close()
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    assert "Traceback" not in message


async def _write_small(out: Path) -> None:
    store, bus = await _start(out, "run-d")
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], manager="m", pool={}))
    for i in range(300):
        bus.emit(_tool(i))
    await store.close()


def damage_store(path: Path, damage: str) -> None:
    """Damage a closed store file in one of the ways a disk, a crash or a person does."""
    for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        extra.unlink(missing_ok=True)
    if damage == "garbage":
        path.write_bytes(b"this is not a database " * 200)
    elif damage == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "no_events_table":
        conn = sqlite3.connect(path)
        conn.execute("DROP TABLE events")
        conn.commit()
        conn.close()
    elif damage == "bad_event_json":
        conn = sqlite3.connect(path)
        conn.execute('UPDATE events SET data = \'{"kind": "tool_called", "seq": "x"\' WHERE seq = 3')
        conn.commit()
        conn.close()
    else:
        raise AssertionError(damage)


async def test_an_unstorable_event_stops_the_store_after_the_ones_before(tmp_path: Path) -> None:
    store, bus = await _start(tmp_path, "run-u")
    failures: list[StoreError] = []
    store.on_failure = failures.append
    bus.emit(ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], manager="m", pool={}))
    for i in range(3):
        bus.emit(_tool(i))
    # Built without validation, as a bug elsewhere could: a lone surrogate no UTF-8 writer takes.
    bus.emit(ev.ToolCalled.model_construct(**{**_tool(9).__dict__, "tool": "Read\ud800"}))
    bus.emit(_tool(4))
    with pytest.raises(StoreError, match=r"cannot store event tool_call \(seq 5\)"):
        await store.flush()
    await store.close()
    assert [s for s, _ in _stored(tmp_path, "run-u")] == [1, 2, 3, 4], "the events before it were lost"
    assert len(failures) == 1 and "resume" in str(failures[0])


def test_a_failing_subscriber_is_kept_and_reported(capsys: pytest.CaptureFixture[str]) -> None:
    bus = ev.EventBus("run-s")
    calls: list[int] = []

    def flaky(event: ev.Event) -> None:
        calls.append(event.seq)
        raise RuntimeError("consumer bug")

    bus.subscribe(flaky)
    for rid in ("q1", "q2"):
        bus.emit(ev.RoundScored(run_id="", round_id=rid, passed=True))
    assert calls == [1, 2], "a failing subscriber was dropped"
    err = capsys.readouterr().err
    assert err.count("consumer bug") == 1 and "round_scored (seq 1)" in err
    failures: list[ev.SubscriberFailure] = []
    bus.on_error = failures.append
    bus.emit(ev.RoundScored(run_id="", round_id="q3", passed=True))
    assert [f.event.seq for f in failures] == [3]
