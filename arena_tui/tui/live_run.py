"""A live run as an event source: the benchmark runs inside the app's event loop.

Iterating the source starts the run; batches are whatever events arrived since the last
wake-up. Leaving the app cancels the run, which stops cleanly (``run_finished`` with status
interrupted) and leaves a resumable store. Textual-free.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence

from arena_tui.events import Event
from arena_tui.runner.orchestrator import RunOutcome, RunPlan, check_sandbox, execute_run
from arena_tui.scoring import ScoreFold
from arena_tui.scoring.finished import FinishedPart


class RunSource:
    """Runs ``plan`` and yields its events in batches (a :class:`~arena_tui.tui.sources.RunControl`)."""

    stoppable = True

    def __init__(self, plan: RunPlan, max_batch: int = 5000) -> None:
        self.plan = plan
        self.max_batch = max_batch
        self.outcome: RunOutcome | None = None
        self.error: BaseException | None = None
        self._task: asyncio.Task[RunOutcome] | None = None
        self.finished = FinishedPart(plan.fold)
        """Fed on the run's bus right after the fold, so each verdict is taken at its moment."""

    @property
    def fold(self) -> ScoreFold:
        """The run's one scoring fold (the screen's panels read it)."""
        return self.plan.fold

    def stop(self) -> None:
        """Stop the run: it records ``interrupted``, writes its report and then the batches end."""
        if self._task is not None and not self._task.done():
            self._task.cancel()

    async def _batches(self) -> AsyncIterator[Sequence[Event]]:
        try:  # the bwrap probe runs a process: in a thread, so the screen keeps drawing (then it is cached)
            await asyncio.to_thread(check_sandbox, self.plan.settings)
        except Exception as exc:  # bwrap missing: the CLI prints the one-line error once the app has left
            self.error = exc
            raise
        queue: asyncio.Queue[Event] = asyncio.Queue()
        self.plan.subscribers = [*self.plan.subscribers, self.finished.observe, queue.put_nowait]
        task = self._task = asyncio.create_task(execute_run(self.plan), name="benchmark-run")
        try:
            while True:
                getter = asyncio.ensure_future(queue.get())
                await asyncio.wait({getter, task}, return_when=asyncio.FIRST_COMPLETED)
                batch: list[Event] = []
                if getter.done():
                    batch.append(getter.result())
                else:
                    getter.cancel()
                while len(batch) < self.max_batch and not queue.empty():
                    batch.append(queue.get_nowait())
                if batch:
                    yield batch
                if task.done() and queue.empty():
                    break
            if task.cancelled():  # stopped before the run could record anything
                return
            try:
                self.outcome = task.result()
            except Exception as exc:  # shown by the app's worker handler and printed by the CLI
                self.error = exc
                raise
        finally:
            if not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(task, 30)
                if task.done() and not task.cancelled() and task.exception() is None:
                    self.outcome = task.result()

    def __aiter__(self) -> AsyncIterator[Sequence[Event]]:
        return self._batches()
