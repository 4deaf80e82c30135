"""CreateSubagent form: name, model key, tools, paths from the grantable tree, system prompt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Checkbox, Input, Label, Select, TextArea

from arena_tui.tui.screens.tool_form import ToolForm
from arena_tui.tui.widgets.grant_tree import GrantTree
from arena_tui.vocabulary import BASIC_TOOLS, POOL_KEYS

MODEL_KEYS: tuple[str, ...] = POOL_KEYS
SUBAGENT_TOOLS: tuple[str, ...] = BASIC_TOOLS


class CreateSubagentForm(ToolForm):
    """Define a subagent; submitting dismisses with ``("CreateSubagent", {name, system_prompt, model_key, tools,
    accessible_paths})``.

    Args:
        grantable: Absolute paths that may be granted; the path tree shows only these and what lies below.
    """

    DEFAULT_CSS = """
    CreateSubagentForm #name-row { height: 3; margin-top: 1; }
    CreateSubagentForm #name-row Label { width: auto; padding: 1 1 0 0; color: $text-muted; }
    CreateSubagentForm #model_key { width: 16; }
    CreateSubagentForm #tools { height: auto; }
    CreateSubagentForm #tools Checkbox { width: auto; border: none; padding: 0 1 0 0; }
    CreateSubagentForm #accessible_paths { height: 16; }
    """

    TOOL: ClassVar[str] = "CreateSubagent"

    def __init__(self, grantable: Sequence[str]) -> None:
        super().__init__()
        self.grantable = list(grantable)

    def compose(self) -> ComposeResult:
        """The fields of the CreateSubagent tool's."""
        with VerticalScroll(id="form") as form:  # scrolls at 80×24 so the path tree can be tall
            form.border_title = "CreateSubagent"
            with Horizontal(id="name-row"):
                yield Label("name")
                yield Input(placeholder="e.g. chart-reader", id="name")
                yield Label("model_key")
                yield Select([(k, k) for k in MODEL_KEYS], value="llm", allow_blank=False, id="model_key")
            yield Label("tools", classes="field-label")
            with Horizontal(id="tools"):
                for tool in SUBAGENT_TOOLS:
                    yield Checkbox(tool, id=f"tool-{tool}")
            yield Label("accessible_paths  (space grants, enter opens a folder)", classes="field-label")
            yield GrantTree(self.grantable, id="accessible_paths")
            yield Label("system_prompt", classes="field-label")
            yield TextArea(id="system_prompt", soft_wrap=True, show_line_numbers=False)
            yield from self.buttons()

    def on_mount(self) -> None:
        """Start in the name field."""
        super().on_mount()
        self.query_one("#name", Input).focus()

    def arguments(self) -> dict[str, Any] | None:
        """The CreateSubagent arguments (a name is required)."""
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.missing("the subagent needs a name", "name")
            return None
        model_key = self.query_one("#model_key", Select).value
        return {
            "name": name,
            "system_prompt": self.query_one("#system_prompt", TextArea).text,
            "model_key": str(model_key),
            "tools": [t for t in SUBAGENT_TOOLS if self.query_one(f"#tool-{t}", Checkbox).value],
            "accessible_paths": list(self.query_one(GrantTree).granted),
        }
