"""``--tools-profile compat``: the earlier release's tool surface on the same loop and scoring."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from arena_tui import events as ev
from arena_tui.agents.runtime import RuntimeLimits
from arena_tui.providers.messages import Message, ToolSchema
from tests.agents.conftest import MakeHarness
from tests.agents.harness import call, turn

COMPAT = RuntimeLimits(tools_profile="compat")
SCHEMA = {"type": "object", "required": ["total"], "properties": {"total": {"type": "number"}}}


def _create(name: str, prompt: str) -> dict[str, object]:
    return call(
        "CreateSubagent",
        name=name,
        system_prompt=prompt,
        model_key="llm",
        tools=["Read"],
        accessible_paths=["${workspace}/deleg"],
    )


def _run(prompt: str, **extra: object) -> dict[str, object]:
    return call("RunSubagent", subagent_id="${subagent:calc}", description="d", prompt=prompt, **extra)


async def test_compat_surface(harness: MakeHarness) -> None:
    answers = iter(['```json\n{"total": 42}\n```', '{"total": "42"}', "forty-two"])

    def calc(messages: Sequence[Message], tools: Sequence[ToolSchema]) -> dict[str, object]:
        return turn(next(answers))

    h = harness(
        {
            "r1": [
                turn("", _create("calc", "RAW PROMPT ONLY")),
                turn("", _run("sum it", schema=SCHEMA)),
                turn("", _run("again", schema=SCHEMA)),
                turn("", _run("once more")),
                turn("", call("Bash", command="true")),
                turn("", call("InspectSubagent", session_id="x")),
                turn("done"),
            ]
        },
        {"calc": calc},
        limits=COMPAT,
    )
    assert (await h.ask("go")).status == "completed"
    ok, rejected, plain = h.tool_results("RunSubagent")
    assert not ok.is_error and json.loads(ok.output.split("\n\n", 1)[1]) == {"total": 42}
    assert rejected.is_error and "field 'total': expected number" in rejected.output
    assert not plain.is_error and plain.output.endswith("forty-two")
    [bash] = h.tool_results("Bash")
    assert bash.invalid and "missing required parameter: description" in bash.output
    [inspect] = [r for r in h.of(ev.ToolResult) if r.tool == "InspectSubagent"]
    assert inspect.invalid and "unknown tool" in inspect.output
    system = [t.content for t in h.of(ev.TurnRecorded) if t.role == "system" and t.agent_id != "main"]
    assert system and all(s == "RAW PROMPT ONLY" for s in system)
    main_specs = {s["function"]["name"] for s in h.runtime.main_session().tool_specs}
    assert "InspectSubagent" not in main_specs and "Workflow" in main_specs


async def test_arena_surface_is_unchanged(harness: MakeHarness) -> None:
    h = harness({"r1": [turn("", _create("calc", "RAW")), turn("", _run("x")), turn("done")]}, {"calc": [turn("y")]})
    assert (await h.ask("go")).status == "completed"
    [system] = [t.content for t in h.of(ev.TurnRecorded) if t.role == "system" and t.agent_id != "main"]
    assert system != "RAW" and system.endswith("RAW")
    specs = {s["function"]["name"]: s for s in h.runtime.main_session().tool_specs}
    assert "InspectSubagent" in specs and "schema" not in specs["RunSubagent"]["function"]["parameters"]["properties"]


def test_missing_access_folders_are_created_empty(tmp_path: Path) -> None:
    """Folders the data names but git could not store (output/, notes/) exist when the scenario starts."""
    from arena_tui.agents.runtime import _create_missing_folders

    ws = tmp_path / "ws"
    (ws / "docs").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    (ws / "link").symlink_to(tmp_path / "outside")
    paths = ["docs", "output", "notes/drafts/", "report.md", "../escape", "/", ".", "link/made", "docs/../../x"]
    _create_missing_folders(ws, paths)
    assert (ws / "output").is_dir() and (ws / "notes" / "drafts").is_dir()
    assert not (ws / "report.md").exists() and not (tmp_path / "escape").exists() and not (tmp_path / "x").exists()
    assert list((tmp_path / "outside").iterdir()) == []
    assert sorted(p.name for p in ws.iterdir()) == ["docs", "link", "notes", "output"]
