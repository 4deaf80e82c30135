"""The background registry: every background subagent run, Bash command and workflow of a scenario.

A finished task becomes a task-notification queued for the main agent; the agent loop
drains the queue into the next user or tool-result content. A round waits here for all
background work before its check, bounded by a timeout so a run never hangs.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from arena_tui import events as ev
from arena_tui import ids
from arena_tui.agents import reminders
from arena_tui.origin import Origin
from arena_tui.tools.base import TaskResult


@dataclass
class BackgroundTask:
    task_id: str
    kind: ev.TaskKind
    label: str
    summary: str
    task: asyncio.Task[Any] | None = None
    started: float = field(default_factory=time.time)
    status: str = "running"
    result: str = ""


class BackgroundRegistry:
    """Background work of one scenario and the notifications it produces."""

    def __init__(self, emit: Callable[[ev.Event], object], origin: Origin) -> None:
        self._emit = emit
        self.origin = origin
        self.tasks: dict[str, BackgroundTask] = {}
        self._notifications: list[tuple[BackgroundTask, ev.TaskStatus]] = []

    def start(
        self, kind: ev.TaskKind, label: str, summary: str, work: Coroutine[Any, Any, TaskResult], task_id: str = ""
    ) -> str:
        """Schedule ``work`` (returning ``(status, result text)``) and return its task id at once."""
        tid = task_id or ids.task_id("task" if kind == "subagent" else kind)
        entry = BackgroundTask(tid, kind, label, summary)
        self.tasks[tid] = entry
        self._emit(ev.TaskStarted(**self.origin.fields(), task_id=tid, task_kind=kind, label=label))
        entry.task = asyncio.get_running_loop().create_task(self._guard(entry, work), name=tid)
        entry.task.add_done_callback(lambda _: self._settled(entry, work))
        return tid

    def _settled(self, entry: BackgroundTask, work: Coroutine[Any, Any, TaskResult]) -> None:
        """A task cancelled before it ever ran still ends as CANCELLED, like one cancelled while running."""
        if entry.status == "running":
            work.close()
            self._finish(entry, "cancelled", "cancelled before it finished")

    async def _guard(self, entry: BackgroundTask, work: Coroutine[Any, Any, TaskResult]) -> None:
        status: ev.TaskStatus
        try:
            status, result = await work
        except asyncio.CancelledError:
            status, result = "cancelled", "cancelled before it finished"
            self._finish(entry, status, result)
            raise
        except Exception as exc:  # a failed task is a FAILED notification, never a crash
            status, result = "failed", f"{type(exc).__name__}: {exc}"
        self._finish(entry, status, result)

    def _finish(self, entry: BackgroundTask, status: ev.TaskStatus, result: str) -> None:
        entry.status, entry.result = status, result
        self._emit(
            ev.TaskFinished(
                **self.origin.fields(), task_id=entry.task_id, task_kind=entry.kind, status=status, result=result
            )
        )
        self._notifications.append((entry, status))

    def has_notifications(self) -> bool:
        return bool(self._notifications)

    def drain_notifications(self, origin: Origin) -> list[str]:
        """Bodies of every pending notification, each recorded as delivered."""
        bodies = []
        for entry, status in self._notifications:
            body = reminders.notification(entry.task_id, entry.kind, status, entry.summary, entry.result)
            self._emit(
                ev.NotificationDelivered(
                    **origin.fields(), task_id=entry.task_id, task_kind=entry.kind, status=status, body=body
                )
            )
            bodies.append(body)
        self._notifications.clear()
        return bodies

    def running(self) -> list[str]:
        return [t.task_id for t in self.tasks.values() if t.task is not None and not t.task.done()]

    async def wait_all(self, timeout: float) -> bool:
        """Wait for every background task (including ones started meanwhile); False on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            pending: list[asyncio.Future[Any]] = [
                t.task for t in self.tasks.values() if t.task is not None and not t.task.done()
            ]
            if not pending:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            await asyncio.wait(pending, timeout=left)

    async def cancel_all(self) -> None:
        for entry in self.tasks.values():
            if entry.task is not None and not entry.task.done():
                entry.task.cancel()
        for entry in self.tasks.values():
            if entry.task is not None:
                with contextlib.suppress(BaseException):
                    await entry.task
