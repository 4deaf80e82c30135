"""Play forms and console additions: each form submits exactly the tool's arguments; End round; ``?`` help."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Select, TextArea

from arena_tui.tui.app import ArenaApp
from arena_tui.tui.play_context import PlayContext
from arena_tui.tui.screens.create_subagent_form import CreateSubagentForm
from arena_tui.tui.screens.run_subagent_form import RunSubagentForm
from arena_tui.tui.screens.workflow_form import WorkflowForm
from arena_tui.tui.sources import ListSource
from arena_tui.tui.widgets.grant_tree import GrantTree
from arena_tui.tui.widgets.play_console import PlayConsole, verdict_of
from tests.tui.conftest import wait_for, wait_ingested
from tests.tui.sample_events import CHART, sample_run

Calls = list[tuple[str, dict[str, Any]]]
VERDICT = "round q1: PASS — totals match the ledger"


def _play_app(calls: Calls, grantable: list[str] | None = None) -> ArenaApp:
    async def submit(tool_name: str, args: dict[str, Any]) -> str:
        calls.append((tool_name, args))
        return VERDICT if tool_name == "EndRound" else f"{tool_name} ok: subagent_id=sub_1234abcd"

    app = ArenaApp(ListSource(sample_run()), mode="play", submit=submit, tools=["Read", "CreateSubagent", "EndRound"])
    setattr(app, "play_context", PlayContext(grantable=grantable or []))  # noqa: B010 (the lead's hook, read defensively)
    return app


def _workspace(tmp_path: Path) -> tuple[Path, Path]:
    data, media = tmp_path / "data", tmp_path / "media"
    data.mkdir()
    media.mkdir()
    (data / "a.csv").write_text("x\n")
    (media / "chart.png").write_bytes(b"png")
    (media / "escape").symlink_to(tmp_path.parent)  # leads outside every root: never listed
    return data, media


async def test_create_subagent_form_submits_the_spec_arguments(tmp_path: Path) -> None:
    data, media = _workspace(tmp_path)
    calls: Calls = []
    app = _play_app(calls, [str(data), str(media)])
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateSubagentForm), "form open")
        form = app.screen
        await pilot.pause()
        assert app.focused is form.query_one("#name"), "the form opens in its name field"
        await pilot.press(*"chart-reader")
        form.query_one("#model_key", Select).value = "vlm"
        form.query_one("#tool-Read", Checkbox).value = True
        form.query_one("#tool-Grep", Checkbox).value = True
        tree = form.query_one(GrantTree)
        tree.focus()
        tree.cursor_line = 0
        await pilot.press("space", "down", "enter")  # grant data/, open media/
        await wait_for(pilot, lambda: len(tree.cursor_node.children) > 0 if tree.cursor_node else False, "listed")
        assert [str(c.data) for c in tree.cursor_node.children] == [str(media / "chart.png")]  # type: ignore[union-attr]
        await pilot.press("down", "space")
        form.query_one("#system_prompt", TextArea).focus()
        await pilot.press(*"Read charts.")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(calls), "submit called")
        assert calls == [
            (
                "CreateSubagent",
                {
                    "name": "chart-reader",
                    "system_prompt": "Read charts.",
                    "model_key": "vlm",
                    "tools": ["Read", "Grep"],
                    "accessible_paths": [str(data), str(media / "chart.png")],
                },
            )
        ]
        console = app.screen.query_one(PlayConsole)
        await wait_for(pilot, lambda: "sub_1234abcd" in console.shown(), "result shown in the console")
        assert app.focused is console.query_one("#console-input"), "focus is back in the console after the form"


async def test_create_subagent_needs_a_name_and_escape_cancels() -> None:
    calls: Calls = []
    app = _play_app(calls)
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateSubagentForm), "form open")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, CreateSubagentForm) and not calls
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, CreateSubagentForm), "form closed")
        assert not calls


async def test_run_subagent_form_lists_state_subagents_and_continues_a_session() -> None:
    calls: Calls = []
    app = _play_app(calls)
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        app.screen.query_one("#console-input").focus()
        await pilot.press(*"RunSubagent", "enter")  # a bare form tool opens its form
        await wait_for(pilot, lambda: isinstance(app.screen, RunSubagentForm), "form open")
        form = app.screen
        assert isinstance(form, RunSubagentForm)
        assert CHART in [sid for sid, _ in form.subagents]
        form.query_one("#subagent_id", Select).value = CHART
        await pilot.pause()
        form.query_one("#session_id", Select).value = "sess1a2b3c"
        await pilot.press(*"read the chart")
        form.query_one("#prompt", TextArea).text = "What is the conversion rate?"
        form.query_one("#run_in_background", Checkbox).value = True
        await pilot.click("#submit")
        await wait_for(pilot, lambda: bool(calls), "submit called")
        assert calls == [
            (
                "RunSubagent",
                {
                    "subagent_id": CHART,
                    "description": "read the chart",
                    "prompt": "What is the conversion rate?",
                    "session_id": "sess1a2b3c",
                    "run_in_background": True,
                },
            )
        ]


async def test_run_subagent_new_session_omits_session_id() -> None:
    calls: Calls = []
    app = _play_app(calls)
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("f3")
        await wait_for(pilot, lambda: isinstance(app.screen, RunSubagentForm), "form open")
        form = app.screen
        form.query_one("#subagent_id", Select).value = CHART
        await pilot.pause()
        form.query_one("#prompt", TextArea).text = "go"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(calls), "submit called")
        assert calls == [
            ("RunSubagent", {"subagent_id": CHART, "description": "", "prompt": "go", "run_in_background": False})
        ]


async def test_workflow_form_checks_args_json() -> None:
    calls: Calls = []
    app = _play_app(calls)
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("f4")
        await wait_for(pilot, lambda: isinstance(app.screen, WorkflowForm), "form open")
        form = app.screen
        form.query_one("#script", TextArea).text = "log(args.region)"
        form.query_one("#args", Input).value = '["not", "an object"]'
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, WorkflowForm) and not calls
        form.query_one("#args", Input).value = '{"region": "EU"}'
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(calls), "submit called")
        assert calls == [("Workflow", {"script": "log(args.region)", "name": "workflow", "args": {"region": "EU"}})]


async def test_end_round_from_the_console_and_ctrl_e() -> None:
    calls: Calls = []
    app = _play_app(calls)
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        console = app.screen.query_one(PlayConsole)
        console.query_one("#console-input").focus()
        await pilot.press(*"end EU total is 17", "enter")
        await wait_for(pilot, lambda: bool(calls), "EndRound submitted")
        assert calls == [("EndRound", {"text": "EU total is 17"})]
        await wait_for(pilot, lambda: VERDICT in console.shown("console--pass"), "verdict written into the log")
        assert not any(VERDICT in n.message for n in app._notifications), "no toast covers the next question"

        await pilot.press(*"final answer 42", "ctrl+e")  # ctrl+e ends the round even inside the input
        await wait_for(pilot, lambda: len(calls) == 2, "second EndRound")
        assert calls[1] == ("EndRound", {"text": "final answer 42"})


async def test_question_mark_shows_a_tools_parameters() -> None:
    app = _play_app([])
    async with app.run_test(size=(140, 44)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        console = app.screen.query_one(PlayConsole)
        console.query_one("#console-input").focus()
        field = console.query_one("#console-input", Input)
        await pilot.press(*"? createsubagent", "enter")
        assert "accessible_paths" in console.history[-1][0] and field.value == ""
        await pilot.press(*"Read ?", "enter")
        assert "file_path" in console.history[-1][0] and field.value == ""
        await pilot.press("question_mark", "enter")
        assert "EndRound" in console.history[-1][0] and field.value == "", "? clears itself"
        await pilot.press(*"Glob", "enter")  # the next line is not '?Glob'
        assert "?Glob" not in console.shown()


def test_verdicts() -> None:
    assert verdict_of(VERDICT) is True
    assert verdict_of("round q2: FAIL — wrong total") is False
    assert verdict_of("no round is running") is None
    assert verdict_of("round q3: FAIL — PASS was expected") is False


async def test_checkboxes_say_their_state_and_text_typed_on_a_select_is_kept() -> None:
    calls: Calls = []
    app = _play_app(calls)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateSubagentForm), "form open")
        form = app.screen
        await pilot.pause()
        read = form.query_one("#tool-Read", Checkbox)
        assert read.label.plain == "[ ] Read", "off is said in words, not only by a faint colour"
        read.focus()
        await pilot.press("space")
        await wait_for(pilot, lambda: read.label.plain == "[x] Read", "on is said in words")
        form.query_one("#model_key", Select).focus()
        await pilot.press(*"Tally")  # typed on the Select: it goes to the next text field, nothing is lost
        prompt = form.query_one("#system_prompt", TextArea)
        assert prompt.text == "Tally" and app.focused is prompt
        assert form.query_one(GrantTree).size.height >= 14, "the path picker is tall enough to browse"


async def test_at_80x24_every_form_says_its_keys_and_its_buttons_can_be_reached() -> None:
    """The forms are taller than 24 rows: they scroll to the focused field, and their border names ctrl+s / esc."""
    app = _play_app([])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ingested(pilot, app, len(sample_run()))
        for key, form_type in (("f2", CreateSubagentForm), ("f3", RunSubagentForm), ("f4", WorkflowForm)):
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, form_type), f"{form_type.__name__} open")  # noqa: B023
            form = app.screen
            box = form.query_one("#form")
            assert box.border_subtitle == "ctrl+s submit · esc cancel"
            submit = form.query_one("#submit", Button)
            submit.focus()

            def shown(button: Button = submit, scroll: Widget = box) -> bool:
                region = scroll.content_region
                return region.y <= button.region.y and button.region.bottom <= region.bottom

            await wait_for(pilot, shown, f"{form_type.__name__}: Submit scrolled onto the screen")
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, form_type), "form closed")  # noqa: B023
