"""What every reliability case checks: nothing lost, the store intact, no traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena_tui import events as ev
from arena_tui.store import StoreReader

TALLY: dict[str, int] = {
    "faults_injected": 0,
    "kills": 0,
    "escape_attempts": 0,
    "malformed_inputs": 0,
    "readonly_outputs": 0,
    "reader_polls": 0,
    "losses": 0,
    "fuzz_cases": 0,
}
"""Counts printed at the end of the session (``reliability tally: ...``)."""


def all_events(out: Path) -> list[ev.Event]:
    reader = StoreReader(out)
    try:
        return list(reader.iter_events(reader.latest_run_id()))
    finally:
        reader.close()


def raw_event_text(out: Path) -> str:
    """Every stored event's whole JSON (long values joined back from the store's texts)."""
    reader = StoreReader(out)
    try:
        return "\n".join(raw for run in reader.runs() for raw in reader.raw_events(run.run_id))
    finally:
        reader.close()


def assert_nothing_lost(out: Path, selected: dict[str, list[str]], text: str = "") -> dict[str, Any]:
    """Store intact, every selected scenario reported once, every finished round kept; returns report.json."""
    try:
        assert "Traceback" not in text, text
        reader = StoreReader(out)
        try:
            assert reader.integrity_ok()
            run_id = reader.latest_run_id()
            events = list(reader.iter_events(run_id))
            seqs = [e.seq for e in events]
            assert seqs == list(range(1, len(seqs) + 1)), "gap or duplicate in the event log"
        finally:
            reader.close()
        report: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
        assert report["run_id"] == run_id
        listed = [row["scenario_id"] for row in report["per_scenario"]]
        assert sorted(listed) == sorted(selected), (listed, selected)
        assert set(report["unfinished_scenarios"]) <= set(selected)
        scored: dict[str, set[str]] = {}
        for e in events:
            if isinstance(e, ev.RoundScored) and e.scenario_id:
                scored.setdefault(e.scenario_id, set()).add(e.round_id)
        for sid, rounds in selected.items():
            meta_path = out / sid / "metadata.json"
            if sid in report["unfinished_scenarios"]:
                continue
            assert scored.get(sid) == set(rounds), (sid, scored.get(sid))
            for rid in rounds:
                assert (out / sid / "evals" / f"{rid}.json").is_file(), (sid, rid)
            row = next(r for r in report["per_scenario"] if r["scenario_id"] == sid)
            if row["status"] == "completed":
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
                assert meta["run_id"] == run_id and meta["status"] == "completed"
                assert [r["round_id"] for r in meta["rounds"]] == rounds
        return report
    except AssertionError:
        TALLY["losses"] += 1
        raise
