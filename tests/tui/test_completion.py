"""Tab completion: tool names, subagents, sessions, paths within the roots, cycling; and one Pilot run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena_tui import events as ev
from arena_tui.tui.app import ArenaApp
from arena_tui.tui.completion import (
    Sources,
    TabCompleter,
    common_prefix,
    path_candidates,
    target_at,
)
from arena_tui.tui.play_context import PlayContext
from arena_tui.tui.screens.help_screen import HelpScreen
from arena_tui.tui.sources import ListSource
from arena_tui.tui.widgets.play_console import PlayConsole
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import CHART, RUN, SID, SLICER, T0, sample_run

TOOLS = ["Read", "RunSubagent", "InspectSubagent", "CreateSubagent", "Grep"]
TALLY = "sub_7a11e000"
SUBAGENTS = [(CHART, "chart-reader"), (SLICER, "slicer-us"), (TALLY, "tally-eu")]
SESSIONS = {CHART: ["sess1a2b3c"], SLICER: ["sessffee01", "sessffee02"]}


def _sources(roots: list[str] | None = None) -> Sources:
    return Sources(tools=TOOLS, subagents=SUBAGENTS, sessions=SESSIONS, roots=roots or [])


def _tab(line: str, sources: Sources | None = None, cursor: int | None = None) -> tuple[str, int, str]:
    result = TabCompleter().complete(line, len(line) if cursor is None else cursor, sources or _sources())
    assert result is not None
    return result.line, result.cursor, result.message


def _workspace(tmp_path: Path) -> tuple[Path, Path]:
    data, media = tmp_path / "ws" / "data", tmp_path / "ws" / "media"
    (data / "sub").mkdir(parents=True)
    media.mkdir()
    (data / "a.csv").write_text("x\n")
    (data / "ab.csv").write_text("x\n")
    (data / ".hidden").write_text("x\n")
    (media / "chart.png").write_bytes(b"png")
    (tmp_path / "secret.txt").write_text("no\n")
    (media / "escape").symlink_to(tmp_path)  # leads outside every root
    (media / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (media / "to-data").symlink_to(data)  # another root: allowed
    (tmp_path / "ws" / "other").mkdir()  # beside the roots, not granted
    return data, media


def test_first_word_completes_tool_names_any_case() -> None:
    assert _tab("Run") == ("RunSubagent ", 12, "")
    assert _tab("insp") == ("InspectSubagent ", 16, "")
    line, cursor, message = _tab("r")
    assert (line, cursor) == ("R", 1)  # common prefix of Read / RunSubagent, in the tools' case
    assert message.split() == ["Read", "RunSubagent"]
    assert _tab("Zzz")[2] == "no tool matches 'Zzz'"


def test_subagent_by_id_prefix_or_by_name_inserts_the_id() -> None:
    assert _tab("RunSubagent subagent_id=tal") == (f"RunSubagent subagent_id={TALLY} ", 25 + len(TALLY), "")
    assert _tab("RunSubagent subagent_id=sub_c0")[0] == f"RunSubagent subagent_id={CHART} "
    assert _tab("InspectSubagent slicer")[0] == f"InspectSubagent subagent_id={SLICER} "
    assert _tab("RunSubagent subagent_id=s")[0] == "RunSubagent subagent_id=sub_"  # every id starts with sub_
    twins = Sources(subagents=[("sub_1", "tally-eu"), ("sub_2", "tally-us")])
    line, _, message = _tab("RunSubagent subagent_id=tally", twins)
    assert line == "RunSubagent subagent_id=tally"  # the ids' "sub_" would not extend a name
    assert message == "tally-eu (sub_1)  tally-us (sub_2)"


def test_session_ids_prefer_the_lines_subagent() -> None:
    line, _, message = _tab(f"RunSubagent subagent_id={SLICER} session_id=sess")
    assert line.endswith("session_id=sessffee0")
    assert message.split() == ["sessffee01", "sessffee02"]
    assert _tab("RunSubagent session_id=sess1")[0] == "RunSubagent session_id=sess1a2b3c "
    line, _, message = _tab("RunSubagent subagent_id=slicer-us session_id=sess")  # by name, as a person types it
    assert line.endswith("session_id=sessffee0") and message.split() == ["sessffee01", "sessffee02"]


def test_common_prefix() -> None:
    assert common_prefix(["abc", "abd", "ab"]) == "ab"
    assert common_prefix(["Read", "run"], ignore_case=True) == "R"
    assert common_prefix([]) == ""
    assert common_prefix(["x"]) == "x"


def test_targets() -> None:
    assert target_at("", 0) is not None and target_at("", 0).kind == "tool"  # type: ignore[union-attr]
    assert target_at("Read description=ab", 19) is None  # a plain value: nothing to offer
    assert target_at("Read file_path=", 15).kind == "path"  # type: ignore[union-attr]
    t = target_at('CreateSubagent accessible_paths=["/a","/b', 42)
    assert t is not None and (t.kind, t.prefix, t.in_list) == ("path", "/b", True)
    t = target_at("Read file_path=/x/y tail", 17)  # cursor mid-word: the whole word is replaced
    assert t is not None and (t.start, t.end, t.prefix) == (15, 19, "/x")


def test_paths_stay_within_the_roots(tmp_path: Path) -> None:
    data, media = _workspace(tmp_path)
    roots = [str(data), str(media)]
    ws = str(tmp_path / "ws")
    # Above the roots only the steps towards them are offered (not ws/other).
    assert [c.insert for c in path_candidates(ws + "/", roots)] == [str(data) + "/", str(media) + "/"]
    listed = [c.label for c in path_candidates(str(media) + "/", roots)]
    assert listed == ["chart.png", "to-data/"]  # escape/ and leak.txt leave the roots
    assert [c.label for c in path_candidates(str(data) + "/", roots)] == ["a.csv", "ab.csv", "sub/"]
    assert [c.label for c in path_candidates(str(data) + "/.", roots)] == [".hidden"]
    assert path_candidates(str(tmp_path) + "/s", roots) == []  # secret.txt is outside
    # Climbing out with .. lists nothing outside; only the step back towards the roots.
    assert [c.insert for c in path_candidates(str(data) + "/../../", roots)] == [str(data) + "/../../ws/"]
    assert [c.insert for c in path_candidates(str(media) + "/escape/", roots)] == []
    assert path_candidates(str(data) + "/", []) == []  # no roots: nothing


def test_path_completion_in_the_line(tmp_path: Path) -> None:
    data, media = _workspace(tmp_path)
    sources = _sources([str(data), str(media)])
    assert _tab(f"Read file_path={data}/a", sources)[0] == f"Read file_path={data}/a"  # a.csv and ab.csv
    assert _tab(f"Read file_path={data}/su", sources)[0] == f"Read file_path={data}/sub/"  # no space after a dir
    assert _tab(f"Read {media}/ch", sources)[0] == f"Read {media}/chart.png "
    line, _, _ = _tab(f'CreateSubagent accessible_paths=["{data}/ab', sources)
    assert line == f'CreateSubagent accessible_paths=["{data}/ab.csv'  # inside a list: no space


def test_second_tab_cycles_and_wraps(tmp_path: Path) -> None:
    data, media = _workspace(tmp_path)
    completer, sources = TabCompleter(), _sources([str(data), str(media)])
    first = completer.complete(f"Read file_path={data}/a", 100, sources)
    assert first is not None and first.line == f"Read file_path={data}/a" and len(first.candidates) == 2
    lines = []
    state = first
    for _ in range(3):
        state = completer.complete(state.line, state.cursor, sources)  # type: ignore[assignment]
        assert state is not None
        lines.append(state.line)
    assert lines == [f"Read file_path={data}/a.csv", f"Read file_path={data}/ab.csv", f"Read file_path={data}/a.csv"]
    assert "[ab.csv]" in completer.complete(state.line, state.cursor, sources).message  # type: ignore[union-attr]
    # A bare RunSubagent argument cycles with its subagent_id= key.
    completer = TabCompleter()
    twins = Sources(subagents=[("sub_1", "tally-eu"), ("sub_2", "tally-us")])
    start = completer.complete("RunSubagent tally", 17, twins)
    assert start is not None and start.line == "RunSubagent tally"
    nxt = completer.complete(start.line, start.cursor, twins)
    assert nxt is not None and nxt.line == "RunSubagent subagent_id=sub_1"
    nxt = completer.complete(nxt.line, nxt.cursor, twins)
    assert nxt is not None and nxt.line == "RunSubagent subagent_id=sub_2"
    # Typing something else starts afresh.
    assert completer.complete("Gr", 2, _sources()).line == "Grep "  # type: ignore[union-attr]


def _tally_run() -> list[ev.Event]:
    events = sample_run()
    last = events[-1]
    events.append(
        ev.SubagentCreated(
            run_id=RUN,
            seq=last.seq + 1,
            ts=T0 + last.seq + 1,
            scenario_id=SID,
            agent_id="main",
            subagent_id=TALLY,
            name="tally-eu",
            model_key="llm",
            tools=["Read"],
            accessible_paths=[],
            reachable_files=[],
        )
    )
    return events


async def test_tab_in_the_console_completes_without_moving_focus(tmp_path: Path) -> None:
    events = _tally_run()
    calls: list[tuple[str, dict[str, Any]]] = []

    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        calls.append((tool_name, args))
        return f"{tool_name} ok"

    app = ArenaApp(ListSource(events), mode="play", submit=submit, tools=TOOLS)
    setattr(app, "play_context", PlayContext(grantable=[str(tmp_path)]))  # noqa: B010 (read defensively)
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(events))
        console = app.screen.query_one(PlayConsole)
        field = console.query_one("#console-input")
        field.focus()
        await pilot.press(*"Run", "tab")
        assert getattr(field, "value", None) == "RunSubagent "
        assert app.focused is field
        await pilot.press(*"subagent_id=tal", "tab")
        await wait_for(pilot, lambda: getattr(field, "value", None) == f"RunSubagent subagent_id={TALLY} ", "id")
        assert app.focused is field
        await pilot.press("ctrl+u", "R", "tab", "tab")  # Read / RunSubagent listed, then cycled
        assert "RunSubagent" in console.history[-1][0] and getattr(field, "value", None) == "Read"
        assert app.focused is field
        await pilot.press("ctrl+u", "tab")  # an empty line: Tab moves focus as usual
        assert app.focused is not field
    assert not calls


async def _help_svg(play: bool) -> str:
    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        return "ok"

    app = ArenaApp(ListSource(sample_run()), mode="play" if play else "live", submit=submit, tools=TOOLS)
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        app.push_screen(HelpScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        await pilot.pause()
        return app.export_screenshot()


async def test_help_lists_the_play_keys_in_play_mode() -> None:
    svg = await _help_svg(play=True)
    assert "F2" in svg and "F4" in svg and "ctrl+e" in svg and "summary" in svg and "cycle" in svg
    assert "ctrl+e" not in await _help_svg(play=False)


def test_relative_paths_complete_inside_the_workspace_and_stay_relative(tmp_path: Path) -> None:
    ws = tmp_path / "workspace"
    (ws / "requests" / "scans").mkdir(parents=True)
    (ws / "requests" / "brief.md").write_text("x")
    (ws / "hr").mkdir()
    sources = Sources(tools=["Read"], roots=[str(ws / "requests")], workspace=str(ws))
    done = TabCompleter().complete("Read file_path=req", 18, sources)
    assert done is not None and done.line == "Read file_path=requests/"
    listed = TabCompleter().complete("Read file_path=requests/", 24, sources)
    assert listed is not None and listed.message == "brief.md  scans/"
    folder = TabCompleter().complete("Read file_path=requests/sc", 26, sources)
    assert folder is not None and folder.line == "Read file_path=requests/scans/"
    assert path_candidates("h", [str(ws / "requests")], str(ws)) == [], "outside the grantable roots: nothing"
