"""Workflow form: a name, the script, and its args as a JSON object."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Label, TextArea

from arena_tui.tui.screens.tool_form import ToolForm
from arena_tui.tui.tool_help import workflow_example


class WorkflowForm(ToolForm):
    """Start a workflow; submitting dismisses with ``("Workflow", {script, name, args})``."""

    DEFAULT_CSS = """
    WorkflowForm #script { height: 10; }
    """

    TOOL: ClassVar[str] = "Workflow"

    def __init__(self, example_path: str = "requests/") -> None:
        super().__init__()
        self.example = workflow_example(example_path)
        """A script that runs as it stands, filled in for the person to edit."""

    def compose(self) -> ComposeResult:
        """The fields of the Workflow tool's (inline script)."""
        with VerticalScroll(id="form") as form:  # scrolls at 80×24: the buttons stay reachable
            form.border_title = "Workflow"
            yield Label("name", classes="field-label")
            yield Input("workflow", id="name")
            yield Label(
                "script: the body of an async JS function — defineAgent(spec) → type · await agent(prompt, "
                "{agentType}) → answer · parallel([() => …]) · log(…) · return the result. "
                "The example below runs as it is: edit it.",
                classes="field-label",
                markup=False,
            )
            yield TextArea(self.example, id="script", show_line_numbers=True)
            yield Label("args (JSON object)", classes="field-label")
            yield Input("{}", id="args")
            yield from self.buttons()

    def on_mount(self) -> None:
        """Start in the script."""
        super().on_mount()
        self.query_one("#script", TextArea).focus()

    def arguments(self) -> dict[str, Any] | None:
        """The Workflow arguments (a script is required; args must be a JSON object)."""
        script = self.query_one("#script", TextArea).text
        if not script.strip():
            self.missing("the workflow needs a script", "script")
            return None
        raw = self.query_one("#args", Input).value.strip() or "{}"
        try:
            args = json.loads(raw)
        except ValueError as exc:
            self.missing(f"args is not valid JSON: {exc}", "args")
            return None
        if not isinstance(args, dict):
            self.missing("args must be a JSON object", "args")
            return None
        return {"script": script, "name": self.query_one("#name", Input).value.strip() or "workflow", "args": args}
