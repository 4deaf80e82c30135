"""Background Bash: a handle per command and a small registry a later BackgroundRegistry reads.

The Bash tool returns a ``bash_<8hex>`` id at once and the command keeps running as an
asyncio task. Each :class:`BackgroundBash` exposes that task as ``future``; the registry
emits TaskStarted/TaskFinished and calls listeners on completion, which is where the
task-notification wiring plugs in.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from arena_tui.events import TaskFinished, TaskStarted, TaskStatus
from arena_tui.tools.base import ToolContext, ToolOutput


@dataclass
class BackgroundBash:
    """One background command; ``future`` resolves to its final ToolOutput and exit code."""

    task_id: str
    command: str
    description: str
    agent_id: str
    future: asyncio.Task[tuple[ToolOutput, int]]
    started_at: float = field(default_factory=time.time)

    def done(self) -> bool:
        return self.future.done()

    async def wait(self) -> ToolOutput:
        """The final output (a cancelled command reports so instead of raising)."""
        try:
            output, _ = await asyncio.shield(self.future)
        except asyncio.CancelledError:
            if not self.future.cancelled():
                raise
            return ToolOutput(f"background task {self.task_id} was cancelled", is_error=True)
        return output


Listener = Callable[[BackgroundBash, ToolOutput, str], None]


class BackgroundBashRegistry:
    """Every background Bash command of one scenario, by task id."""

    def __init__(self) -> None:
        self._tasks: dict[str, BackgroundBash] = {}
        self._listeners: list[Listener] = []

    def add_listener(self, listener: Listener) -> None:
        """Call ``listener(handle, output, status)`` when a command ends."""
        self._listeners.append(listener)

    def get(self, task_id: str) -> BackgroundBash | None:
        return self._tasks.get(task_id)

    def all(self) -> list[BackgroundBash]:
        return list(self._tasks.values())

    def running(self) -> list[BackgroundBash]:
        return [h for h in self._tasks.values() if not h.done()]

    def start(
        self,
        work: Coroutine[Any, Any, tuple[ToolOutput, int]],
        ctx: ToolContext,
        command: str,
        description: str,
    ) -> BackgroundBash:
        """Schedule ``work`` and return its handle at once."""
        task_id = f"bash_{secrets.token_hex(4)}"
        future = asyncio.get_running_loop().create_task(work, name=task_id)
        handle = BackgroundBash(task_id, command, description, ctx.agent_id, future)
        self._tasks[task_id] = handle
        label = description or command[:80]
        ctx.emit(TaskStarted(**ctx.event_fields(), task_id=task_id, task_kind="bash", label=label))
        future.add_done_callback(lambda f: self._finished(handle, f, ctx))
        return handle

    def _finished(self, handle: BackgroundBash, fut: asyncio.Task[tuple[ToolOutput, int]], ctx: ToolContext) -> None:
        status: TaskStatus
        if fut.cancelled():
            output, status = ToolOutput("cancelled", is_error=True), "cancelled"
        elif fut.exception() is not None:
            output, status = ToolOutput(f"failed: {fut.exception()}", is_error=True), "failed"
        else:
            output, rc = fut.result()
            status = "completed" if rc == 0 and not output.is_error else "failed"
        ctx.emit(
            TaskFinished(
                **ctx.event_fields(),
                task_id=handle.task_id,
                task_kind="bash",
                status=status,
                result=output.text,
            )
        )
        for listener in list(self._listeners):
            with contextlib.suppress(Exception):
                listener(handle, output, status)

    async def wait_all(self) -> None:
        """Wait until every command has ended (the round waits on this before checks)."""
        pending = [h.future for h in self.running()]
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    async def cancel_all(self) -> None:
        """Cancel running commands; their process groups are killed by the runner."""
        for handle in self.running():
            handle.future.cancel()
        await self.wait_all()
