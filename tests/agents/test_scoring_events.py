"""The event stream of a scripted scenario holds everything the score fold needs."""

from __future__ import annotations

from arena_tui import events as ev
from arena_tui.scoring import ScoreFold
from tests.agents.conftest import MakeHarness
from tests.agents.harness import SCENARIO, call, turn
from tests.tools.media import png_bytes


def _create(name: str, key: str, tools: list[str], paths: list[str]) -> dict[str, object]:
    return call("CreateSubagent", name=name, system_prompt="", model_key=key, tools=tools, accessible_paths=paths)


async def test_lifecycle_events_drive_the_management_metrics(harness: MakeHarness) -> None:
    h = harness(
        {
            "r1": [
                turn(
                    "",
                    _create("looker", "vlm", ["Read", "Write"], ["${workspace}/deleg/img"]),
                    _create("blind", "vlm", ["Read", "Grep"], ["${workspace}/deleg"]),
                ),
                turn(
                    "",
                    call("RunSubagent", subagent_id="${subagent:looker}", description="look", prompt="describe it"),
                    call("RunSubagent", subagent_id="${subagent:blind}", description="read", prompt="read the notes"),
                ),
                turn("done"),
            ]
        },
        {
            "looker": [
                turn("", call("Read", file_path="${workspace}/deleg/img/pic.png")),
                turn("a 1x1 picture"),
            ],
            "blind": [
                turn("", call("Read", file_path="${workspace}/deleg/notes.txt")),
                turn("PELICAN"),
            ],
        },
    )
    assert (await h.ask("go")).status == "completed"
    created = {c.name: c for c in h.of(ev.SubagentCreated)}
    looker, blind = created["looker"], created["blind"]
    assert looker.reachable_files == ["deleg/img/pic.png"]
    assert blind.reachable_files == ["deleg/img/pic.png", "deleg/notes.txt"]
    assert (looker.model_key, looker.tools, looker.accessible_paths) == ("vlm", ["Read", "Write"], ["deleg/img"])

    # The vlm read the image natively: a FileTouch with modality image, and an attachment on the wire.
    [image_read] = h.tool_results("Read", agent_id=looker.subagent_id)
    assert image_read.output.startswith("[image attached:")
    [touch] = image_read.files
    assert (touch.path, touch.op, touch.modality) == ("deleg/img/pic.png", "read", "image")
    looker_provider = h.factory.providers("looker")[0]
    [tool_msg] = [m for m in looker_provider.seen[1] if m.role == "tool"]
    [attachment] = tool_msg.attachments
    assert (attachment.modality, attachment.mime) == ("image", "image/png")
    [text_read] = h.tool_results("Read", agent_id=blind.subagent_id)
    assert [(f.path, f.modality) for f in text_read.files] == [("deleg/notes.txt", "text")]

    runs = {e.subagent_id: e for e in h.of(ev.SubagentRunStarted)}
    done = {e.subagent_id: e for e in h.of(ev.SubagentRunFinished)}
    assert set(runs) == set(done) == {looker.subagent_id, blind.subagent_id}
    assert all(e.status == "completed" for e in done.values())

    fold = ScoreFold().apply_all(h.events)
    before = fold.result().scenarios[SCENARIO].subagents
    assert (before[looker.subagent_id].wpp, before[blind.subagent_id].wpp) == (1.0, 0.5)

    # An update adds two images under the looker's grant (both grants cover them) and one elsewhere.
    for name in ("new1.png", "new2.png"):
        (h.ws / "deleg" / "img" / name).write_bytes(png_bytes())
    (h.ws / "docs" / "more.txt").write_text("more\n")
    h.runtime.files_added(["deleg/img/new1.png", "deleg/img/new2.png", "docs/more.txt"])
    grown = {g.subagent_id: g.added_files for g in h.of(ev.SubagentScopeGrown)}
    assert grown == {
        looker.subagent_id: ["deleg/img/new1.png", "deleg/img/new2.png"],
        blind.subagent_id: ["deleg/img/new1.png", "deleg/img/new2.png"],
    }
    h.runtime.files_added(["deleg/img/new1.png"])  # already known: nothing new
    assert len(h.of(ev.SubagentScopeGrown)) == 2

    scenario = ScoreFold().apply_all(h.events).result().scenarios[SCENARIO]
    lk, bl = scenario.subagents[looker.subagent_id], scenario.subagents[blind.subagent_id]
    # looker: used Read of Read+Write, only read with Write granted, 1 of 3 files, read an image.
    assert (lk.tpp, lk.roc, lk.wpp, lk.mca) == (0.5, 0.0, 1 / 3, 1.0)
    # blind: used Read of Read+Grep (read-only grant), 1 of 4 files, a vlm that never read media.
    assert (bl.tpp, bl.roc, bl.wpp, bl.mca) == (0.5, 1.0, 0.25, 0.0)
    # One round (no RoundStarted here), judged by its worst subagent for each metric.
    assert (scenario.tpp, scenario.roc, scenario.wpp, scenario.mca) == (0.5, 0.0, 0.25, 0.0)
    assert lk.sessions == [runs[looker.subagent_id].session_id]
    assert scenario.inv == {"new_foreground": 2}
    assert (scenario.maf, scenario.saft) == (0, 0)
