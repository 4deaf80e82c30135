"""The play-mode console under Tool calls: the human manager types tool calls here."""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Mapping
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, RichLog, Static

from arena_tui.tui.completion import Sources, TabCompleter
from arena_tui.tui.formatting import relativize
from arena_tui.tui.play import CommandError, ToolSubmitter, command_line, parse_command
from arena_tui.tui.play_context import PlayContext
from arena_tui.tui.state import MAIN, ArenaState
from arena_tui.tui.tool_help import tool_help_for, workflow_example

FORM_TOOLS: tuple[str, ...] = ("CreateSubagent", "RunSubagent", "Workflow")
RESULT_LINES = 40
"""Result lines written into the console log per call (the detail view has all of them)."""
_RULE = re.compile(r"\b(never|must not|do not|don't|forbidden|not allowed)\b", re.IGNORECASE)
PLAY_NOTES: tuple[str, ...] = (
    "You are the manager. Type a tool call and press enter, e.g.  Read file_path=requests/brief.md",
    "Paths are relative to the scenario's workspace (absolute ones work too). ? lists tools; ? Tool shows one.",
    "Simulated workers (the 'sim' pool) read the files your RunSubagent prompt names, else list their grant; "
    "granted Bash, they run one command written 'python3 tools/x.py …' (it ends at '.', 'and report', "
    "'on every' or the line end) and report what they read and ran.",
    "F2/F3/F4: CreateSubagent/RunSubagent/Workflow forms · end [summary] or ctrl+e: end the round · "
    "i: back to this input.",
    "PgUp/PgDn scroll this log · ctrl+up/ctrl+down scroll the question · ctrl+o: zoom the console.",
)
"""Tools whose bare name (no arguments) opens their form."""
END_ROUND = "EndRound"


class ConsoleInput(Input):
    """The console's input line: Tab completes the word under the cursor instead of moving focus.

    On an empty line Tab moves focus as usual (and Shift+Tab always does).

    Every key bound here or on :class:`~textual.widgets.Input` (Enter, Backspace, ctrl+u, Tab, the
    arrows…) runs in this widget's own queue, in order with the characters typed around it.
    Textual runs a widget's bindings only after the key has bubbled up to the app, while the next
    characters are inserted by the input at once: keys that arrive together (a fast typist on a
    busy screen, a terminal that sends a burst) could otherwise act out of order — ctrl+u wiping
    the characters typed after it, Enter submitting half of the next line.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", "Complete", show=False),
        Binding("up", "history(-1)", "Earlier line", show=False),
        Binding("down", "history(1)", "Later line", show=False),
        Binding("pageup", "scroll_log(-1)", "Log page up", show=False),
        Binding("pagedown", "scroll_log(1)", "Log page down", show=False),
        Binding("ctrl+up", "scroll_question(-1)", "Question up", show=False),
        Binding("ctrl+down", "scroll_question(1)", "Question down", show=False),
        Binding("ctrl+e", "end_round", "End round"),
    ]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lines: list[str] = []
        """Lines submitted (and rejected ones), oldest first: up/down bring them back."""
        self._back = 0

    async def _on_key(self, event: Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, []):
                if await self.app.run_action(binding.action, self):
                    event.stop()
                    event.prevent_default()
                    return
        await super()._on_key(event)

    async def action_submit(self) -> None:
        """Enter: the line goes to the console and the input is empty again before the next key is read."""
        line = self.value
        self.remember(line.strip())
        self.value = ""
        self.post_message(self.Submitted(self, line))

    def remember(self, line: str) -> None:
        """Keep ``line`` for up/down (the input itself is cleared after every submit)."""
        if line and (not self.lines or self.lines[-1] != line):
            self.lines.append(line)
        del self.lines[:-200]
        self._back = 0

    def action_history(self, step: int) -> None:
        """Up: the line before; down: the one after (past the newest: an empty line)."""
        if not self.lines:
            return
        self._back = max(0, min(len(self.lines), self._back - step))
        self.value = self.lines[-self._back] if self._back else ""
        self.cursor_position = len(self.value)

    def action_end_round(self) -> None:
        """ctrl+e: end the round with the line typed so far as its summary (read here, after every key before it)."""
        console = next((a for a in self.ancestors if isinstance(a, PlayConsole)), None)
        if console is not None:
            console.end_round(console.take_input())

    def action_scroll_log(self, pages: int) -> None:
        """PgUp/PgDn: the console log scrolls while typing stays here (a log can be longer than its box)."""
        console = next((a for a in self.ancestors if isinstance(a, PlayConsole)), None)
        if console is not None:
            log = console.query_one(RichLog)
            log.scroll_to(y=log.scroll_y + pages * max(1, log.scrollable_content_region.height - 1), animate=False)

    def action_scroll_question(self, lines: int) -> None:
        """Ctrl+up/down: the pinned question scrolls (a long one is taller than its box at 80×24)."""
        console = next((a for a in self.ancestors if isinstance(a, PlayConsole)), None)
        if console is not None:
            box = console.query_one("#console-question-box", VerticalScroll)
            box.scroll_to(y=box.scroll_y + lines * 2, animate=False)

    def action_complete(self) -> None:
        """Complete via the enclosing console; an empty line leaves Tab to focus traversal."""
        console = next((a for a in self.ancestors if isinstance(a, PlayConsole)), None)
        if console is None or not self.value.strip():
            raise SkipAction()
        console.complete()


class PlayConsole(Vertical):
    """``manager ▸`` prompt; Enter parses the line and awaits the submit callback; the reply shows below.

    Tab completes the word under the cursor: tool names, subagent ids (by id or name), session ids
    and grantable paths (:mod:`arena_tui.tui.completion`); Tab again cycles the candidates.

    Besides tool calls a line may be ``?`` (list tools), ``? Tool`` or ``Tool ?`` (its parameters),
    ``end [summary]`` (end the round), or a bare ``CreateSubagent``/``RunSubagent``/``Workflow``
    (open its form).

    Args:
        submit: Runs the tool call (the runner's human provider resolves it).
        tools: Tool names offered as completions (Tab, or accept the grey suggestion with right arrow).
        tool_help: Tool name → parameter summary for ``?`` (default: the built-in summaries).
    """

    DEFAULT_CSS = """
    PlayConsole { height: auto; border-top: solid $primary 40%; }
    PlayConsole > Horizontal { height: 1; }
    PlayConsole Label { width: auto; color: $accent; padding: 0 1 0 0; }
    PlayConsole Input, PlayConsole Input:focus { border: none; height: 1; padding: 0; width: 1fr; }
    PlayConsole #console-question-box { height: auto; max-height: 8; background: $boost; }
    PlayConsole #console-question { height: auto; color: $accent; }
    PlayConsole #console-rules { height: auto; color: $warning; text-style: bold; }
    PlayConsole #console-log { height: 10; background: $surface; scrollbar-size-vertical: 1; }
    PlayConsole > .console--error { color: $error; }
    PlayConsole > .console--pass { color: $success; text-style: bold; }
    PlayConsole > .console--fail { color: $error; text-style: bold; }
    PlayConsole > .console--muted { color: $text-muted; }
    PlayConsole > .console--call { color: $accent; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "console--error",
        "console--pass",
        "console--fail",
        "console--muted",
        "console--call",
    }

    class Submitted(Message):
        """A tool call went through the submit callback and came back with ``result``."""

        def __init__(self, tool: str, result: str) -> None:
            super().__init__()
            self.tool, self.result = tool, result

    class FormRequested(Message):
        """The user asked for ``tool``'s form (the screen opens it)."""

        def __init__(self, tool: str) -> None:
            super().__init__()
            self.tool = tool

    class RoundEnded(Message):
        """``EndRound`` came back; ``result`` is the check's verdict and feedback."""

        def __init__(self, result: str, passed: bool | None) -> None:
            super().__init__()
            self.result, self.passed = result, passed

    def __init__(
        self,
        submit: ToolSubmitter,
        tools: Iterable[str] = (),
        *,
        tool_help: Mapping[str, str] | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.submit = submit
        self.tools = list(tools)
        self.tool_help = tool_help_for(self.tools, tool_help)
        """Tool name → parameter summary shown by ``?``."""
        self.completer = TabCompleter()
        self.history: list[tuple[str, str]] = []
        """What the console log shows: (text, style class) per entry, oldest first."""

    def compose(self) -> ComposeResult:
        """The current question (pinned, scrollable), the log of calls and results, the input line."""
        with VerticalScroll(id="console-question-box"):
            yield Static("", id="console-rules", markup=False)
            yield Static("", id="console-question", markup=False)
        yield RichLog(id="console-log", wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20)
        with Horizontal():
            yield Label("manager ▸")
            suggester = SuggestFromList(self.tools, case_sensitive=False) if self.tools else None
            yield ConsoleInput(
                placeholder="Tool key=value --flag   or   Tool {json}", suggester=suggester, id="console-input"
            )

    def on_mount(self) -> None:
        """No blinking cursor (stable screenshots, calmer screen); typing goes to the console at once."""
        self.query_one(Input).cursor_blink = False
        self.query_one(Input).focus()
        for note in PLAY_NOTES:
            self._reply(note)

    def on_resize(self, event: Resize) -> None:
        """A RichLog keeps the wrapping of the width it was written at: write it again at the new one."""
        width = event.size.width
        if width == getattr(self, "_drawn_width", width):
            self._drawn_width = width
            return
        self._drawn_width = width
        self.call_after_refresh(self._rewrite)

    def _rewrite(self) -> None:
        log = self.query_one(RichLog)
        log.clear()
        for text, style in self.history:
            log.write(Text(text, style=self.get_component_rich_style(style)))

    def focus_input(self) -> None:
        """Typing goes to the console input again."""
        self.query_one("#console-input", Input).focus()

    def completion_sources(self) -> Sources:
        """What Tab may offer now: the tools, the current scenario's subagents and sessions, grantable roots."""
        state = getattr(self.app, "state", None)
        subagents: list[tuple[str, str]] = []
        sessions: dict[str, list[str]] = {}
        if isinstance(state, ArenaState):
            scenario = state.header.scenario_id
            for agent in state.agents.values():
                if agent.agent_id == MAIN or (scenario and agent.scenario_id not in (None, scenario)):
                    continue
                subagents.append((agent.agent_id, agent.name))
                sessions[agent.agent_id] = list(agent.sessions)
        context = getattr(self.app, "play_context", None)
        roots = list(context.grantable) if isinstance(context, PlayContext) else []
        workspace = context.workspace if isinstance(context, PlayContext) else ""
        return Sources(tools=self.tools, subagents=subagents, sessions=sessions, roots=roots, workspace=workspace)

    def complete(self) -> None:
        """Tab: complete the word under the cursor; several matches are listed in the reply line."""
        field = self.query_one("#console-input", Input)
        result = self.completer.complete(field.value, field.cursor_position, self.completion_sources())
        if result is None:
            return
        if result.line != field.value:
            field.value = result.line
        field.cursor_position = result.cursor
        if result.message or len(result.candidates) != 1:
            self._reply(result.message)

    def show_question(self, round_id: str, question: str) -> None:
        """The question the person is answering, in full, with its rules pinned above it."""
        text = f"{round_id}: {relativize(question)}" if round_id else ""
        rules = key_rules(question)
        self.query_one("#console-rules", Static).update(Text("rules: " + " · ".join(rules)) if rules else "")
        self.query_one("#console-rules", Static).display = bool(rules)
        self.query_one("#console-question", Static).update(Text(text))
        box = self.query_one("#console-question-box", VerticalScroll)
        box.scroll_home(animate=False)
        if round_id:
            self._reply(f"── round {round_id} ──", style="console--call")

    def notice(self, text: str) -> None:
        """Something that reached the manager without a call (a task notification), newlines kept."""
        self._reply(text, style="console--call")

    def _reply(
        self, text: str, error: bool = False, verdict: bool | None = None, style: str = "console--muted"
    ) -> None:
        """Append ``text`` (newlines kept) to the console log."""
        if error:
            style = "console--error"
        elif verdict is not None:
            style = "console--pass" if verdict else "console--fail"
        self.history.append((text, style))
        del self.history[:-2000]
        self.query_one(RichLog).write(Text(text, style=self.get_component_rich_style(style)))

    def shown(self, style: str | None = None) -> str:
        """Everything written into the console log (only lines of ``style`` when given), newline-joined."""
        return "\n".join(text for text, kind in self.history if style is None or kind == style)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Help, end of round, a form, or a tool call (the input emptied itself when Enter was pressed)."""
        event.stop()
        line = event.value.strip()
        word, _, rest = line.partition(" ")
        if not line:
            return
        if line.lower() in ("q", "quit", "exit"):  # the console owns q: typed as a word it leaves (asking first)
            leave = getattr(self.app, "action_request_quit", None)
            if callable(leave):
                leave()
            else:
                self.app.exit()
            return
        if line == "?" or word == "?" or line.endswith(" ?"):
            self.show_help(rest.strip() if word == "?" else word)
            return
        if word.lower() == "end":
            self.end_round(rest.strip())
            return
        form = next((t for t in FORM_TOOLS if t.lower() == line.lower()), None)
        if form is not None:
            self.post_message(self.FormRequested(form))
            return
        try:
            tool, args = parse_command(line)
        except CommandError as exc:
            self._reply(f"not run: {exc}   (up arrow brings the line back)", error=True)
            return
        name = self.known_tool(tool)
        if name is None:  # never sent: a typo must not become one of the manager's stored turns
            self._reply(f"not run: {self.unknown(tool)}   (up arrow brings the line back)", error=True)
            return
        if name == END_ROUND:
            self.end_round(str(args.get("text", "")))
            return
        self.run_call(name, args)

    def known_tool(self, word: str) -> str | None:
        """The offered tool named ``word`` (any case); ``None`` if none is (every name is known without a list)."""
        if not self.tools:
            return word
        return next((t for t in self.tools if t.lower() == word.lower()), None)

    def unknown(self, word: str) -> str:
        """``unknown tool 'iiWorkflow' — did you mean Workflow?``"""
        close = difflib.get_close_matches(word, self.tools, n=1, cutoff=0.5)
        lowered = [t for t in self.tools if t.lower() in word.lower()]
        guess = close[0] if close else lowered[0] if lowered else ""
        hint = f" — did you mean {guess}?" if guess else ""
        return f"unknown tool {word!r}{hint} (? lists the tools)"

    def show_help(self, tool: str = "") -> None:
        """Show ``tool``'s parameters, or every tool name when ``tool`` is empty.

        Args:
            tool: A tool name (case-insensitive).
        """
        if not tool:
            self._reply(
                "tools: " + ", ".join(self.tool_help) + "   ·   ? Tool: its parameters"
                "   ·   end [summary]: end the round   ·   F2/F3/F4: CreateSubagent/RunSubagent/Workflow forms"
            )
            return
        name = next((t for t in self.tool_help if t.lower() == tool.lower()), None)
        if name is None:
            self._reply(f"unknown tool {tool!r}; type ? for the list", error=True)
        else:
            self._reply(f"{name}: {self.tool_help[name]}")
            if name == "Workflow":
                self._reply("example (F4 opens the form with it filled in):\n" + workflow_example(self.example_path()))

    def example_path(self) -> str:
        """A folder the person may grant, workspace-relative, for the examples."""
        context = getattr(self.app, "play_context", None)
        roots = list(context.grantable) if isinstance(context, PlayContext) else []
        folders = [r for r in roots if os.path.isdir(r)]  # a folder reads naturally in "the files under …"
        return relativize(folders[0]).rstrip("/") + "/" if folders else "requests/"

    def run_call(self, tool: str, args: dict[str, object]) -> None:
        """Run one tool call through the submit callback; the reply line shows the result.

        Args:
            tool: Tool name.
            args: Its arguments.
        """
        self._reply(f"manager ▸ {relativize(command_line(tool, args))}", style="console--call")
        self._run(tool, args)

    def take_input(self) -> str:
        """The typed line (then cleared), e.g. as an End round summary."""
        field = self.query_one("#console-input", Input)
        text, field.value = field.value.strip(), ""
        return text

    def end_round(self, summary: str) -> None:
        """End the round with ``summary`` as the manager's final reply; the check's verdict is shown.

        Args:
            summary: The round's final answer text.
        """
        self._reply(f"manager ▸ end {summary}".rstrip() + "   (checking the round…)", style="console--call")
        self._end_round(summary)

    @work(group="play-submit", exclusive=False, exit_on_error=False, description="end the round")
    async def _end_round(self, summary: str) -> None:
        try:
            result = await self.submit(END_ROUND, {"text": summary})
        except Exception as exc:  # the reply line is the place to show any backend failure
            self._reply(f"EndRound failed: {exc}", error=True)
            return
        passed = verdict_of(result)
        self._reply(relativize(result), verdict=passed)
        self.post_message(self.RoundEnded(result, passed))

    @work(group="play-submit", exclusive=False, exit_on_error=False, description="submit a tool call")
    async def _run(self, tool: str, args: dict[str, object]) -> None:
        try:
            result = await self.submit(tool, dict(args))
        except Exception as exc:  # the reply line is the place to show any tool failure
            self._reply(f"{tool} failed: {exc}", error=True)
            return
        shown = relativize(answer_first(result) if tool == "RunSubagent" else result)
        lines = shown.splitlines() or [""]
        if len(lines) > RESULT_LINES:
            shown = "\n".join(
                [*lines[:RESULT_LINES], f"… {len(lines) - RESULT_LINES} more lines (enter on the Tool calls line)"]
            )
        if result.startswith("not run:"):  # the round ended before the call reached the tools
            self._reply(f"{tool} was {shown} — nothing was done; type it again in this round", error=True)
        else:
            self._reply(f"{tool} → {shown}")
        self.post_message(self.Submitted(tool, result))


def answer_first(result: str) -> str:
    """A subagent's reply with what it ran (``$ command:`` blocks, the answer) before what it read.

    The status line (``subagent … status=completed``) stays on top; a reply without such blocks
    comes back unchanged.
    """
    head, sep, body = result.partition("\n\n")
    if not sep:
        return result
    blocks = body.split("\n\n")
    ran = [b for b in blocks if b.startswith("$ ")]
    if not ran or len(ran) == len(blocks):
        return result
    rest = [b for b in blocks if not b.startswith("$ ")]
    return "\n\n".join([head, *ran, *rest])


def key_rules(question: str) -> list[str]:
    """The sentences of a question that state a rule (never, must, only, do not, …), workspace-relative."""
    sentences = re.split(r"(?<=[.!?])\s+", relativize(question))
    return [s.strip() for s in sentences if _RULE.search(s)]


def verdict_of(result: str) -> bool | None:
    """``True`` for a PASS verdict, ``False`` for FAIL, ``None`` when the text has neither.

    Args:
        result: EndRound's reply, e.g. ``round q1: PASS — totals match``.
    """
    head = result.split("—", 1)[0]
    if re.search(r"\bPASS(ED)?\b", head, re.IGNORECASE):
        return True
    if re.search(r"\bFAIL(ED)?\b", head, re.IGNORECASE):
        return False
    return None
