"""What the subagent and workflow tools need from the scenario they act in.

The tools see the scenario's runtime only through :class:`SubagentHost`, so the tool
layer never imports the agent layer that builds it (the runtime implements the protocol).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from arena_tui.events import Event, RunMode
from arena_tui.origin import Origin
from arena_tui.providers.messages import Message
from arena_tui.tools.base import BackgroundTasks

RunVia = Literal["RunSubagent", "Workflow"]
CreateVia = Literal["CreateSubagent", "Workflow"]


@dataclass(frozen=True)
class SubagentSpec:
    """What a CreateSubagent call (or a workflow's ``defineAgent``) asks for."""

    name: str
    system_prompt: str
    model_key: str
    tools: Sequence[str]
    accessible_paths: Sequence[str]
    via: CreateVia


@dataclass(frozen=True)
class SessionRun:
    """One run of a subagent session: a RunSubagent call or a workflow agent call."""

    subagent_id: str
    session_id: str
    prompt: str
    description: str
    continued: bool
    mode: RunMode = "foreground"
    task_id: str | None = None
    via: RunVia = "RunSubagent"
    workflow_id: str | None = None
    alongside: int = 0
    """Other ``agent()`` calls of the same workflow the script had issued and not yet seen settle."""


class SessionView(Protocol):
    """One subagent session, read-only."""

    @property
    def session_id(self) -> str | None: ...
    @property
    def turns(self) -> int: ...
    @property
    def rounds(self) -> Sequence[str]: ...
    @property
    def history(self) -> Sequence[Message]: ...


class SubagentView(Protocol):
    """One created subagent, read-only."""

    @property
    def subagent_id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def model_key(self) -> str: ...
    @property
    def tools(self) -> Sequence[str]: ...
    @property
    def grant(self) -> Sequence[str]: ...
    @property
    def reachable(self) -> Collection[str]: ...
    @property
    def sessions(self) -> Mapping[str, SessionView]: ...
    @property
    def running(self) -> Collection[str]: ...


class RunOutcome(Protocol):
    """How one subagent run ended: ``status`` is ``completed`` or why it stopped."""

    @property
    def status(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def detail(self) -> str: ...


class SubagentDirectory(Protocol):
    """The subagents of one scenario."""

    def create(self, spec: SubagentSpec) -> SubagentView:
        """Validate and create a subagent; raise ToolError or ForbiddenError on a bad request."""
        ...

    def all(self) -> Sequence[SubagentView]: ...

    def session(self, session_id: str) -> tuple[SubagentView, SessionView]:
        """The subagent and session of ``session_id``; ToolError when there is none."""
        ...


class SubagentHost(Protocol):
    """The scenario runtime as the subagent and workflow tools use it."""

    @property
    def origin(self) -> Origin: ...
    @property
    def workflows_dir(self) -> Path: ...
    @property
    def workflow_cpu_s(self) -> float: ...
    @property
    def background(self) -> BackgroundTasks: ...
    @property
    def subagents(self) -> SubagentDirectory: ...

    def emit(self, event: Event) -> object: ...

    def open_session(self, subagent_id: str, session_id: str | None) -> tuple[SubagentView, SessionView, bool]:
        """The named session when it exists (continued: True), else a new one."""
        ...

    async def run_session(self, run: SessionRun) -> RunOutcome: ...

    def start_background(self, run: SessionRun) -> str:
        """Run the session in the background; returns its task id at once."""
        ...
