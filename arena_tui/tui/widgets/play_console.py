"""The play-mode console under Tool calls: the human manager types tool calls here."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from arena_tui.tui.formatting import one_line
from arena_tui.tui.play import CommandError, ToolSubmitter, parse_command


class PlayConsole(Vertical):
    """``manager ▸`` prompt; Enter parses the line and awaits the submit callback; the reply shows below.

    Args:
        submit: Runs the tool call (the runner's human provider resolves it).
        tools: Tool names offered as completions (accept a suggestion with right arrow).
    """

    DEFAULT_CSS = """
    PlayConsole { height: auto; border-top: solid $primary 40%; }
    PlayConsole > Horizontal { height: 1; }
    PlayConsole Label { width: auto; color: $accent; padding: 0 1 0 0; }
    PlayConsole Input, PlayConsole Input:focus { border: none; height: 1; padding: 0; width: 1fr; }
    PlayConsole #console-reply { height: auto; max-height: 4; color: $text-muted; }
    PlayConsole #console-reply.-error { color: $error; }
    """

    class Submitted(Message):
        """A tool call went through the submit callback and came back with ``result``."""

        def __init__(self, tool: str, result: str) -> None:
            super().__init__()
            self.tool, self.result = tool, result

    def __init__(self, submit: ToolSubmitter, tools: Iterable[str] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.submit = submit
        self.tools = list(tools)

    def compose(self) -> ComposeResult:
        """Prompt, input line, reply line."""
        with Horizontal():
            yield Label("manager ▸")
            suggester = SuggestFromList(self.tools, case_sensitive=False) if self.tools else None
            yield Input(placeholder="Tool key=value --flag   or   Tool {json}", suggester=suggester, id="console-input")
        yield Static("", id="console-reply", markup=False)

    def on_mount(self) -> None:
        """No blinking cursor (stable screenshots, calmer screen)."""
        self.query_one(Input).cursor_blink = False

    def _reply(self, text: str, error: bool = False) -> None:
        reply = self.query_one("#console-reply", Static)
        reply.set_class(error, "-error")
        reply.update(Text(text))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Parse the line and run it."""
        event.stop()
        try:
            tool, args = parse_command(event.value)
        except CommandError as exc:
            self._reply(str(exc), error=True)
            return
        event.input.value = ""
        self._reply(f"… {tool} running")
        self._run(tool, args)

    @work(group="play-submit", exclusive=False, exit_on_error=False, description="submit a tool call")
    async def _run(self, tool: str, args: dict[str, object]) -> None:
        try:
            result = await self.submit(tool, dict(args))
        except Exception as exc:  # the reply line is the place to show any tool failure
            self._reply(f"{tool} failed: {exc}", error=True)
            return
        self._reply(f"{tool} → {one_line(result, 300)}")
        self.post_message(self.Submitted(tool, result))
