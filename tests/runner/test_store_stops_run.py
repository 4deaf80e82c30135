"""A store or event consumer that fails stops the run loudly; what was stored is kept, resume finishes.

The failures are injected (labelled as such): one event whose JSON cannot be built, or one
consumer that raises once. Either way ``run`` prints one line naming the store or the
consumer and the fix and exits 2; every event stored before it stays; ``resume`` completes
the run as if nothing had happened.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena_tui import events as ev
from arena_tui.agents.transcripts import TranscriptWriter
from arena_tui.cli import main
from arena_tui.store import StoreReader
from tests.runner.helpers import demo_only

ONE = "s_demo_treatment_room_fridge"


def _run(tmp_path: Path) -> tuple[int, Path]:
    out = tmp_path / "run"
    dataset = demo_only(tmp_path / "demo")
    code = main(["run", "-d", str(dataset), "-t", ONE, "--model", "oracle", "-o", str(out), "--headless"])
    return code, out


def _stored_seqs(out: Path) -> list[int]:
    reader = StoreReader(out)
    try:
        return [e.seq for e in reader.iter_events(reader.latest_run_id())]
    finally:
        reader.close()


def _resume_finishes(out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume", str(out), "--headless"]) == 0, capsys.readouterr()
    seqs = _stored_seqs(out)
    assert seqs == list(range(1, len(seqs) + 1))
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["unfinished_scenarios"] == [] and report["rounds_passed"] == report["rounds_total"]


def test_an_event_the_store_cannot_write_stops_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    original = ev.RoundScored.model_dump_json
    failed: list[int] = []

    def unencodable(self: ev.RoundScored, **kwargs: Any) -> str:  # injected: the second RoundScored fails
        if self.round_id != "q1" and not failed:
            failed.append(self.seq)
            raise ValueError("surrogates not allowed (injected)")
        return original(self, **kwargs)

    monkeypatch.setattr(ev.RoundScored, "model_dump_json", unencodable)
    code, out = _run(tmp_path)
    err = capsys.readouterr().err
    assert code == 2, err
    [line] = [ln for ln in err.splitlines() if "error:" in ln]
    assert "arena.sqlite" in line and "resume" in line and "Traceback" not in err
    assert _stored_seqs(out) == list(range(1, failed[0])), "an event stored before the failure was lost"
    assert not (out / "report.json").exists()
    monkeypatch.undo()
    _resume_finishes(out, capsys)


def test_a_consumer_that_fails_stops_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    original = TranscriptWriter.__call__
    seen: list[int] = []

    def flaky(self: TranscriptWriter, event: ev.Event) -> None:  # injected: fails once, mid-scenario
        seen.append(event.seq)
        if len(seen) == 30:
            raise RuntimeError("consumer bug (injected)")
        original(self, event)

    monkeypatch.setattr(TranscriptWriter, "__call__", flaky)
    code, out = _run(tmp_path)
    err = capsys.readouterr().err
    assert code == 2, err
    [line] = [ln for ln in err.splitlines() if "error:" in ln]
    assert "TranscriptWriter" in line and "consumer bug" in line and "resume" in line
    assert "was removed" not in err and "Traceback" not in err
    monkeypatch.undo()
    _resume_finishes(out, capsys)
