"""RunSubagent form: which subagent, a description, the prompt, new or continued session, background."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Checkbox, Input, Label, Select, TextArea

from arena_tui.tui.screens.tool_form import ToolForm

NEW_SESSION = "__new__"
"""The session choice that starts a new session (``session_id`` is then left out)."""


class RunSubagentForm(ToolForm):
    """Run a created subagent; submitting dismisses with ``("RunSubagent", {subagent_id, description, prompt,
    session_id?, run_in_background})``.

    Args:
        subagents: ``(subagent_id, label)`` of each created subagent.
        sessions: Known session ids by subagent id (continuing one keeps its history).
    """

    DEFAULT_CSS = """
    RunSubagentForm #pick-row { height: 3; margin-top: 1; }
    RunSubagentForm #pick-row Label { width: auto; padding: 1 1 0 0; color: $text-muted; }
    RunSubagentForm #subagent_id { width: 1fr; }
    RunSubagentForm #session_id { width: 28; }
    RunSubagentForm #run_in_background { border: none; margin-top: 1; }
    """

    TOOL: ClassVar[str] = "RunSubagent"

    def __init__(self, subagents: Sequence[tuple[str, str]], sessions: Mapping[str, Sequence[str]]) -> None:
        super().__init__()
        self.subagents = list(subagents)
        self.sessions = {k: list(v) for k, v in sessions.items()}

    def compose(self) -> ComposeResult:
        """The fields of the RunSubagent tool's."""
        first = self.subagents[0][0] if self.subagents else None
        with VerticalScroll(id="form") as form:  # scrolls at 80×24: the buttons stay reachable
            form.border_title = "RunSubagent"
            with Horizontal(id="pick-row"):
                yield Label("subagent_id")
                yield Select(
                    [(Text(label), sid) for sid, label in self.subagents],
                    prompt="no subagent created yet",
                    allow_blank=first is None,
                    id="subagent_id",
                )
                yield Label("session")
                yield Select(self._session_options(first), value=NEW_SESSION, allow_blank=False, id="session_id")
            yield Label("description", classes="field-label")
            yield Input(placeholder="a few words, e.g. tally the US slice", id="description")
            yield Label("prompt", classes="field-label")
            yield TextArea(id="prompt", soft_wrap=True, show_line_numbers=False)
            yield Checkbox("run_in_background", id="run_in_background")
            yield from self.buttons()

    def _session_options(self, subagent_id: str | None) -> list[tuple[Text, str]]:
        known = self.sessions.get(subagent_id or "", [])
        return [(Text("new session"), NEW_SESSION), *((Text(f"continue {s}"), s) for s in known)]

    def on_mount(self) -> None:
        """Start in the description field."""
        super().on_mount()
        self.query_one("#description", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another subagent: offer its sessions."""
        if event.select.id == "subagent_id":
            value = event.value if isinstance(event.value, str) else None
            sessions = self.query_one("#session_id", Select)
            sessions.set_options(self._session_options(value))
            sessions.value = NEW_SESSION

    def arguments(self) -> dict[str, Any] | None:
        """The RunSubagent arguments (a subagent and a prompt are required)."""
        subagent = self.query_one("#subagent_id", Select).value
        if not isinstance(subagent, str):
            self.missing("create a subagent first (F2), then run it", "subagent_id")
            return None
        prompt = self.query_one("#prompt", TextArea).text
        if not prompt.strip():
            self.missing("the subagent needs a prompt", "prompt")
            return None
        args: dict[str, Any] = {
            "subagent_id": subagent,
            "description": self.query_one("#description", Input).value.strip(),
            "prompt": prompt,
        }
        session = self.query_one("#session_id", Select).value
        if isinstance(session, str) and session != NEW_SESSION:
            args["session_id"] = session
        args["run_in_background"] = self.query_one("#run_in_background", Checkbox).value
        return args
