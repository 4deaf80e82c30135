"""The run screen: header, Agents + Grants, Tool calls, Score + Forbidden + Budget (live and replay)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, Protocol

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Tree

from arena_tui.tui.formatting import readable_result
from arena_tui.tui.play import ToolSubmitter
from arena_tui.tui.play_context import PlayContext
from arena_tui.tui.replay import ReplaySource
from arena_tui.tui.state import MAIN, ArenaState
from arena_tui.tui.widgets.agents_tree import AgentsTree
from arena_tui.tui.widgets.budget_panel import BudgetPanel
from arena_tui.tui.widgets.forbidden_panel import ForbiddenPanel
from arena_tui.tui.widgets.grants_panel import GrantsPanel
from arena_tui.tui.widgets.header_line import HeaderLine
from arena_tui.tui.widgets.quiet import set_title
from arena_tui.tui.widgets.score_panel import ScorePanel
from arena_tui.tui.widgets.status_line import StatusLine
from arena_tui.tui.widgets.tool_stream import ToolStream
from arena_tui.tui.widgets.transport_bar import TransportBar

TREE_EVERY_S = 0.5
"""While events stream in, the Agents tree is brought up to date at most this often."""

if TYPE_CHECKING:  # modals, forms and the play console load when first opened: not before the first frame
    from arena_tui.tui.screens.tool_form import ToolCall, ToolForm
    from arena_tui.tui.widgets.play_console import PlayConsole


class Syncable(Protocol):
    """A panel that redraws from the state when its part changed."""

    @property
    def is_attached(self) -> bool: ...

    def sync(self, state: ArenaState, force: bool = False) -> None: ...


class RunScreen(Screen[None]):
    """Who is working, on what, with which permissions, what went wrong, how the score moves.

    | Key | Action |
    | :- | :- |
    | f / escape | Cycle the stream filter / show all agents. |
    | g | Focus the Agents tree. |
    | ? | Help. |
    | space, . / right, + / -, s | Replay: pause/play, step, speed, seek to a round. |
    | F2 / F3 / F4 | Play: CreateSubagent / RunSubagent / Workflow form. |
    | ctrl+e | Play: end the round (the console's typed text is the summary). |
    """

    DEFAULT_CSS = """
    RunScreen #body { layout: horizontal; height: 1fr; }
    RunScreen #left { width: 38; height: 1fr; }
    RunScreen #right { width: 30; height: 1fr; }
    RunScreen #center { width: 1fr; height: 1fr; }
    RunScreen.-narrow #body { layout: vertical; overflow-y: auto; }
    RunScreen.-narrow #left { layout: horizontal; width: 1fr; height: 7; }
    RunScreen.-narrow #left > AgentsTree { width: 1fr; height: 1fr; }
    RunScreen.-narrow #left > GrantsPanel { width: 1fr; height: 1fr; min-height: 0; }
    RunScreen.-narrow #center { height: 1fr; min-height: 6; }
    RunScreen.-narrow #right { layout: grid; grid-size: 2; grid-columns: 1fr 1fr; width: 1fr; height: auto; }
    RunScreen.-narrow #right > ScorePanel { row-span: 2; }
    RunScreen.-narrow #right > ScorePanel.-intervals { row-span: 1; column-span: 2; }
    RunScreen.-narrow ScorePanel Digits { display: none; }
    RunScreen.-play.-narrow #right { display: none; }
    RunScreen.-play.-narrow #left { height: 5; }
    RunScreen.-play.-narrow #center { min-height: 14; }
    RunScreen.-play #center > ToolStream { min-height: 3; }
    RunScreen.-play.-wide ScorePanel Digits { display: none; }
    RunScreen.-play.-narrow #console-question-box { max-height: 4; }
    RunScreen.-play.-narrow #console-log { height: 5; }
    RunScreen.-zoom #left, RunScreen.-zoom #right, RunScreen.-zoom ToolStream { display: none; }
    RunScreen.-zoom PlayConsole { height: 1fr; }
    RunScreen.-play.-zoom #console-question-box { max-height: 8; }
    RunScreen.-play.-zoom #console-log { height: 1fr; }
    """

    # Textual declares this as an instance attribute, so it cannot be annotated ClassVar here.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = [
        # Replay keys first: the footer is cut at 80 columns and seek must stay on it.
        Binding("s", "seek", "Seek"),
        Binding("space", "toggle_play", "Pause/Play", priority=True),
        Binding("full_stop,right", "step", "Step", priority=True),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("minus", "slower", "Slower"),
        Binding("f", "cycle_filter", "Filter"),
        Binding("escape", "clear_filter", "All agents", show=False),
        Binding("g", "focus_agents", "Grants"),
        Binding("question_mark", "help", "Help"),
        Binding("f2", "form('CreateSubagent')", "Create"),
        Binding("f3", "form('RunSubagent')", "Run"),
        Binding("f4", "form('Workflow')", "Workflow"),
        Binding("ctrl+e", "end_round", "End round"),  # in the console the input takes it, in order with the text
        Binding("i,colon", "focus_console", "Console"),
        Binding("ctrl+o", "zoom_console", "Zoom console"),
        Binding("ctrl+s", "screenshot", "Screenshot", show=False),
    ]

    def __init__(
        self, replay: ReplaySource | None = None, submit: ToolSubmitter | None = None, tools: Iterable[str] = ()
    ) -> None:
        super().__init__()
        self.replay = replay
        self.submit = submit
        """Play mode: where console tool calls go (``None``: no console)."""
        self.tools = list(tools)
        self.state = ArenaState()
        """The state last drawn (the app replaces it on a replay seek)."""
        self._ready = False
        self._question = ""
        self._notice_no = 0
        self._results_shown: set[str] = set()
        """Play: tasks whose result the console has shown whole (their notification then says so)."""
        self._ended_said = False
        self._panels: list[Syncable] = []
        self._streaming = False
        self._tree_due = 0.0

    def compose(self) -> ComposeResult:
        """The panels of the run screen (docs/tui.md)."""
        yield HeaderLine(id="header")
        if self.replay is not None:
            yield TransportBar(self.replay, id="transport")
        else:
            clock = getattr(self.app, "clock", time.time)
            source = getattr(self.app, "source", None)
            yield StatusLine(clock, lambda: str(getattr(source, "stopped", "") or ""), id="status")
        with Container(id="body"):
            with Vertical(id="left"):
                yield AgentsTree(id="agents")
                yield GrantsPanel(id="grants")
            with Vertical(id="center"):
                yield ToolStream(id="stream")
                if self.submit is not None:
                    from arena_tui.tui.widgets.play_console import PlayConsole

                    yield PlayConsole(self.submit, self.tools, tool_help=self._play_context().tool_help, id="console")
            with Vertical(id="right"):
                yield ScorePanel(id="score")
                yield ForbiddenPanel(id="forbidden")
                yield BudgetPanel(id="budget")
        yield Footer()

    def on_mount(self) -> None:
        """Panels exist from now on; frames before this are skipped."""
        self._stream = self.query_one(ToolStream)
        self._tree = self.query_one(AgentsTree)
        self._panels = [
            self.query_one(HeaderLine),
            self._tree,
            self.query_one(GrantsPanel),
            self.query_one(ToolStream),
            self.query_one(ScorePanel),
            self.query_one(ForbiddenPanel),
            self.query_one(BudgetPanel),
        ]
        if self.replay is not None:
            self._panels.append(self.query_one(TransportBar))
        else:
            self._panels.append(self.query_one(StatusLine))
        self.set_class(self.submit is not None, "-play")
        self._ready = True

    def on_unmount(self) -> None:
        """Frames that still fire while the app shuts down draw nothing."""
        self._ready = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Replay keys exist only in replay mode."""
        if action in {"toggle_play", "step", "faster", "slower", "seek"}:
            return self.replay is not None
        if action in {"form", "end_round", "focus_console", "zoom_console"}:
            return self.submit is not None
        return True

    def sync(self, state: ArenaState, force: bool = False, streaming: bool | None = None) -> None:
        """Bring every panel up to date with ``state``; each redraws only if its part changed.

        ``streaming`` is given by the app's frames (events are still arriving): the Agents tree
        then catches up at most every :data:`TREE_EVERY_S`, and a sync after a key press
        (``None``) leaves it to the next frame. Each change of its rows lays out the whole
        screen, which is most of a frame on a small machine: it would otherwise land on nearly
        every frame of a busy run, and on the key press that waits behind it.
        """
        if not self._ready:
            return
        frame = streaming is not None
        if streaming is None:
            streaming = self._streaming
        self._streaming = streaming
        if state is not self.state:
            self.state, force = state, True
        now = time.monotonic()
        tree_due = force or not streaming or (frame and now >= self._tree_due)
        if tree_due:
            self._tree_due = now + TREE_EVERY_S
        stream = self._stream
        if stream.is_attached and stream.agent_filter is not None and stream.agent_filter not in state.agents:
            # The selected agent's scenario ended: the filter stays on its lines, the title says it ended.
            set_title(stream, f"Tool calls ── {state.filter_label(stream.agent_filter)} ▾")
        for panel in self._panels:
            if panel.is_attached and (tree_due or panel is not self._tree):  # children go first at shutdown
                panel.sync(state, force)
        if self.submit is not None:
            console = self._play_console()
            if console is not None and (force or state.header.question != self._question):
                self._question = state.header.question
                console.show_question(state.header.round_id, state.header.question)
            if console is not None:
                self._notices(state, console)
                if state.header.status not in ("running", "waiting", "") and not self._ended_said:
                    self._ended_said = True
                    console.notice(f"run {state.header.status}: type q and enter (or press ctrl+c) to leave")

    def _notices(self, state: ArenaState, console: PlayConsole) -> None:
        """Play: what reaches the manager on its own (task notifications) is written into the console log."""
        stream = state.stream
        for no in range(max(self._notice_no, stream.first_no), stream.next_no):
            line = stream.get(no)
            if line is None or line.agent_id != MAIN:
                continue
            if line.kind == "notification":
                if line.task_id and line.task_id in self._results_shown:  # the ◆ line showed it whole already
                    console.notice(f"{line.text.partition(': ')[0]}   (its result is above)")
                else:
                    console.notice(line.text)
            elif line.kind == "task":  # a person waits on it: say so now, not with the next call
                head = line.text.partition(": ")[0]
                body = readable_result(line.output)
                console.notice(f"{head}   (its notification comes with your next call)" + (f"\n{body}" if body else ""))
                if line.task_id:
                    self._results_shown.add(line.task_id)
        self._notice_no = stream.next_no

    def select_agent(self, agent_id: str | None) -> None:
        """Fill Grants with ``agent_id`` (a subagent) and filter the stream to it."""
        self.query_one(GrantsPanel).select(None if agent_id == MAIN else agent_id)
        self.query_one(ToolStream).set_filter(self.state, agent_id)
        self.sync(self.state)

    def on_tree_node_selected(self, event: Tree.NodeSelected[str]) -> None:
        """Selecting an agent (or one of its sessions) selects that agent."""
        event.stop()
        self.select_agent(event.node.data)

    def on_tool_stream_line_opened(self, event: ToolStream.LineOpened) -> None:
        """Enter on a stream line opens its details."""
        from arena_tui.tui.screens.detail_modal import DetailModal

        self.app.push_screen(DetailModal(event.line))

    def action_cycle_filter(self) -> None:
        """Next stream filter: all agents → main → each subagent → all agents."""
        cycle = self.state.filter_cycle()
        current = self.query_one(ToolStream).agent_filter
        nxt = cycle[(cycle.index(current) + 1) % len(cycle)] if current in cycle else None
        self.select_agent(nxt)

    def action_clear_filter(self) -> None:
        """Show every agent's lines."""
        self.select_agent(None)

    def action_focus_console(self) -> None:
        """Play: typing goes to the console again."""
        console = self._play_console()
        if console is not None:
            console.focus_input()

    def action_zoom_console(self) -> None:
        """Play: the console takes the whole screen (question, long results), or gives it back."""
        self.toggle_class("-zoom")
        self.action_focus_console()

    def action_screenshot(self) -> None:
        """Save an SVG screenshot into the run folder (or the working directory) and say where."""
        take = getattr(self.app, "save_screen", None)
        if callable(take):
            take()

    def action_focus_agents(self) -> None:
        """Focus the Agents tree."""
        self.query_one(AgentsTree).focus()

    def action_help(self) -> None:
        """Open the help screen."""
        from arena_tui.tui.screens.help_screen import HelpScreen

        self.app.push_screen(HelpScreen(replay=self.replay is not None))

    def action_toggle_play(self) -> None:
        """Replay: pause or play."""
        if self.replay is not None:
            self.replay.toggle()
            self.sync(self.state)

    def action_step(self) -> None:
        """Replay: one more event."""
        if self.replay is not None:
            self.replay.step()

    def action_faster(self) -> None:
        """Replay: next speed up."""
        if self.replay is not None:
            self.replay.faster()
            self.sync(self.state)

    def action_slower(self) -> None:
        """Replay: next speed down."""
        if self.replay is not None:
            self.replay.slower()
            self.sync(self.state)

    def action_seek(self) -> None:
        """Replay: pick a round and seek to its start."""
        replay = self.replay
        if replay is None:
            return

        def done(index: int | None) -> None:
            if index is not None:
                replay.seek(index + 1)
                replay.pause()

        from arena_tui.tui.screens.round_picker import RoundPicker

        self.app.push_screen(RoundPicker(replay.rounds()), done)

    def _play_console(self) -> PlayConsole | None:
        """Play mode's console while it is attached (``None`` outside play mode)."""
        if self.submit is None:
            return None
        from arena_tui.tui.widgets.play_console import PlayConsole

        consoles = self.query(PlayConsole)
        console = consoles.first() if consoles else None
        return console if console is not None and console.is_attached else None

    def _play_context(self) -> PlayContext:
        """The app's play context if it offers one (``ArenaApp.play_context``), else an empty one."""
        context = getattr(self.app, "play_context", None)
        return context if isinstance(context, PlayContext) else PlayContext()

    def play_form(self, tool: str) -> ToolForm | None:
        """The form for ``tool``, filled with what the state and play context know.

        Args:
            tool: ``CreateSubagent``, ``RunSubagent`` or ``Workflow``.

        Returns:
            The form, or ``None`` for a tool without one.
        """
        if tool == "CreateSubagent":
            from arena_tui.tui.screens.create_subagent_form import CreateSubagentForm

            return CreateSubagentForm(self._play_context().grantable)
        if tool == "RunSubagent":
            scenario = self.state.header.scenario_id
            agents = [
                a
                for a in self.state.agents.values()
                if a.agent_id != MAIN and (not scenario or a.scenario_id in (None, scenario))
            ]
            from arena_tui.tui.screens.run_subagent_form import RunSubagentForm

            return RunSubagentForm(
                [(a.agent_id, f"{a.name} · {a.model_key} · {a.agent_id}") for a in agents],
                {a.agent_id: list(a.sessions) for a in agents},
            )
        if tool == "Workflow":
            from arena_tui.tui.screens.workflow_form import WorkflowForm

            console = self._play_console()
            return WorkflowForm(console.example_path()) if console is not None else WorkflowForm()
        return None

    def action_form(self, tool: str) -> None:
        """Play: open ``tool``'s form; its call goes through the console."""
        form = self.play_form(tool)
        if form is None or self.submit is None:
            return
        from arena_tui.tui.widgets.play_console import PlayConsole

        console = self.query_one(PlayConsole)

        def done(call: ToolCall | None) -> None:
            if call is not None:
                console.run_call(*call)
            console.focus_input()

        self.app.push_screen(form, done)

    def on_play_console_form_requested(self, event: PlayConsole.FormRequested) -> None:
        """A bare form tool name typed in the console opens its form."""
        event.stop()
        self.action_form(event.tool)

    def action_end_round(self) -> None:
        """Play: end the round; the console's typed text (if any) is the summary."""
        if self.submit is None:
            return
        from arena_tui.tui.widgets.play_console import PlayConsole

        console = self.query_one(PlayConsole)
        console.end_round(console.take_input())
