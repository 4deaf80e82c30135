"""The harness's own writes into a workspace never go through a link an agent planted."""

from __future__ import annotations

import json
from pathlib import Path

from arena_tui import events as ev
from arena_tui.agents.transcripts import TranscriptWriter


def test_transcript_mirror_does_not_follow_a_planted_folder_link(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "main.jsonl").write_text("VICTIM\n")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "sessions").symlink_to(outside, target_is_directory=True)
    writer = TranscriptWriter("s1", tmp_path / "out" / "sessions")
    writer(ev.TurnRecorded(run_id="r", scenario_id="s1", agent_id=ev.MAIN_AGENT, uuid="u1", role="user", content="hi"))
    writer.flush(copy_to=ws / "sessions")
    assert (outside / "main.jsonl").read_text() == "VICTIM\n"
    assert sorted(p.name for p in outside.iterdir()) == ["main.jsonl"]
    assert (ws / "sessions").is_dir() and not (ws / "sessions").is_symlink()
    rows = [json.loads(line) for line in (ws / "sessions" / "main.jsonl").read_text().splitlines()]
    assert rows[0]["type"] == "system_meta" and len(rows) == 2
