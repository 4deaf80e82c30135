"""Long texts stored once: events read back whole, a version 1 store upgraded in place, a real run smaller."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from arena_tui import events as ev
from arena_tui.agents.transcripts import TranscriptWriter
from arena_tui.cli import main
from arena_tui.store import SCHEMA_VERSION, EventStore, StoreReader
from arena_tui.store.schema import StoreError, connect
from tests.runner.helpers import demo_only
from tests.store.v1_store import store_bytes, write_v1_store

OUTPUT = "1\tid,amount\n" + "".join(f"{i}\t{i},{i * 3}.20\n" for i in range(2, 60))
REPLY = "The fridge log shows three excursions above 8 °C; the longest lasted 41 minutes. " * 6
CALLS = [
    ev.ToolCallSpec(id=f"c{i}", name="Read", arguments={"file_path": f"/ws/evidence/log_{i}.csv"}) for i in range(4)
]


def _conversation() -> list[ev.Event]:
    """A tool result and a reply, each also recorded as a turn (the duplication the store removes)."""
    a: dict[str, Any] = {"run_id": "", "scenario_id": "s1", "agent_id": "main", "session_id": "sess"}
    return [
        ev.RunStarted(run_id="", dataset="d", scenario_ids=["s1"], manager="oracle", pool={"llm": "sim"}),
        ev.ScenarioStarted(run_id="", scenario_id="s1", round_ids=["q1"]),
        ev.ModelResponse(**a, request_id="r1", model_key="llm", model_name="m", content=REPLY, tool_calls=CALLS),
        ev.TurnRecorded(**a, uuid="u1", role="assistant", content=REPLY, round_id="q1", tool_calls=CALLS),
        ev.ToolResult(
            **a, call_id="c0", tool="Read", output=OUTPUT, files=[ev.FileTouch(path="evidence/log_0.csv", op="read")]
        ),
        ev.TurnRecorded(**a, uuid="u2", role="tool_result", content=OUTPUT, round_id="q1", tool_call_id="c0"),
        ev.ToolResult(**a, call_id="c1", tool="Read", output=OUTPUT),  # the same file read again
        ev.TurnRecorded(**a, uuid="u3", role="note", content="short", round_id="q1"),
        ev.ScenarioFinished(run_id="", scenario_id="s1", status="completed"),
        ev.RunFinished(run_id="", status="completed"),
    ]


async def _store(out: Path, events: list[ev.Event], run_id: str = "run-a") -> list[ev.Event]:
    """Emit ``events`` into a store at ``out``; the stamped events, as every subscriber saw them."""
    store = await EventStore.open(out, flush_interval=0.01, max_batch=3)
    bus = ev.EventBus(run_id)
    seen: list[ev.Event] = []
    bus.subscribe(seen.append)
    bus.subscribe(store.append)
    for event in events:
        bus.emit(event)
    await store.close()
    assert store.error is None
    return seen


def _read(out: Path, run_id: str = "run-a") -> list[ev.Event]:
    reader = StoreReader(out)
    try:
        return list(reader.iter_events(run_id, batch=4))
    finally:
        reader.close()


def _table(out: Path, sql: str) -> list[Any]:
    conn = sqlite3.connect(out / "arena.sqlite")
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


async def test_each_long_text_is_stored_once_and_read_back_whole(tmp_path: Path) -> None:
    seen = await _store(tmp_path, _conversation())
    assert _read(tmp_path) == seen
    reader = StoreReader(tmp_path)
    try:
        assert [ev.event_from_json(raw) for raw in reader.raw_events("run-a")] == seen  # replay's lazy list
        assert reader.last_run_started("run-a") == seen[0]
        reader.check_intact()
    finally:
        reader.close()
    texts = {body for (body,) in _table(tmp_path, "SELECT body FROM texts")}
    calls = json.dumps([c.model_dump(mode="json") for c in CALLS], separators=(",", ":"))
    assert texts == {json.dumps(OUTPUT, ensure_ascii=False), json.dumps(REPLY, ensure_ascii=False), calls}
    whole = {seq for (seq,) in _table(tmp_path, "SELECT seq FROM events WHERE texts IS NULL")}
    assert whole == {e.seq for e in seen if isinstance(e, ev.RunStarted | ev.ScenarioStarted | ev.ScenarioFinished)} | {
        e.seq for e in seen if isinstance(e, ev.RunFinished) or (isinstance(e, ev.TurnRecorded) and e.role == "note")
    }


async def test_a_second_run_in_the_same_store_refers_to_the_texts_already_there(tmp_path: Path) -> None:
    first = await _store(tmp_path, _conversation(), "run-a")
    second = await _store(tmp_path, _conversation(), "run-b")
    assert _read(tmp_path, "run-a") == first and _read(tmp_path, "run-b") == second
    assert _table(tmp_path, "SELECT COUNT(*) FROM texts") == [(3,)]


async def test_a_missing_text_is_a_damaged_store(tmp_path: Path) -> None:
    await _store(tmp_path, _conversation())
    conn = sqlite3.connect(tmp_path / "arena.sqlite")
    with conn:
        conn.execute("DELETE FROM texts WHERE body LIKE '\"1\\tid%'")
    conn.close()
    reader = StoreReader(tmp_path)
    try:
        with pytest.raises(StoreError, match=r"damaged.*refers to text [0-9a-f]{64} \(field (output|content)\)"):
            reader.events("run-a")
    finally:
        reader.close()


async def test_a_version_1_store_is_read_as_it_is_and_upgraded_in_place(tmp_path: Path) -> None:
    seen = await _store(tmp_path / "new", _conversation())
    old = tmp_path / "old"
    write_v1_store(old, seen)
    assert _read(old) == seen  # readers never migrate: a version 1 store is read whole
    before = [(seq, json.loads(data)) for seq, data in _table(old, "SELECT seq, data FROM events ORDER BY seq")]
    connect(str(old / "arena.sqlite")).close()  # what `resume` does first: the writer's open migrates
    assert _table(old, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert _read(old) == seen
    assert _table(old, "SELECT COUNT(*) FROM texts") == [(3,)]
    reader = StoreReader(old)
    try:
        after = [(e.seq, json.loads(raw)) for e, raw in zip(seen, reader.raw_events("run-a"), strict=True)]
        reader.check_intact()
    finally:
        reader.close()
    assert after == before  # field for field what version 1 stored
    more = await _store(old, [ev.RunStarted(run_id="", dataset="d", scenario_ids=[], manager="m", pool={})], "run-c")
    assert _read(old, "run-c") == more and _read(old) == seen


def _transcripts(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """Every session file's lines; a note's uuid is drawn when it is written, so it is left out."""
    files: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(folder.glob("*.jsonl")):
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        files[path.name] = [
            {k: v for k, v in line.items() if not (k == "uuid" and line["role"] == "note")} for line in lines
        ]
    return files


def _report(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return data


def test_a_one_scenario_run_is_a_third_smaller_with_the_same_scores_and_transcripts(tmp_path: Path) -> None:
    out = tmp_path / "run"
    one = "s_demo_treatment_room_fridge"
    dataset = demo_only(tmp_path / "demo")
    assert main(["run", "-d", str(dataset), "-t", one, "--model", "oracle", "-o", str(out), "--headless"]) == 0
    live = _report(out)
    events = _read(out, live["run_id"])

    rebuilt = TranscriptWriter(one, tmp_path / "rebuilt")
    for event in events:
        rebuilt(event)
    rebuilt.flush()
    assert _transcripts(tmp_path / "rebuilt") == _transcripts(out / one / "sessions")
    assert _transcripts(out / one / "sessions")

    old = tmp_path / "old"
    write_v1_store(old, events)
    assert store_bytes(out / "arena.sqlite") <= 0.7 * store_bytes(old / "arena.sqlite")

    assert main(["rescore", str(out)]) == 0
    assert _report(out) == live
    shutil.copyfile(out / "report.json", old / "report.json")
    assert main(["rescore", str(old)]) == 0  # the same events in the old layout score the same
    assert _report(old) == live
