"""A live run as an event source: the benchmark runs on its own thread, in its own event loop.

The run's file, store and process work never shares a loop with the screen, so a key press
is answered while four scenarios write workspaces and run checks. Iterating the source starts
the run; batches are whatever events arrived since the last wake-up. The app folds them on its
own loop, starting from :attr:`RunSource.seed` (a copy of the run's fold before its first event,
a resumed run's kept rounds in it): the figures are the run's, and no panel ever reads a fold
another thread is changing.
Leaving the app stops the run, which ends cleanly (``run_finished`` with status interrupted)
and leaves a resumable store. Textual-free.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import threading
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Sequence
from typing import ParamSpec, TypeVar

from arena_tui.events import Event
from arena_tui.runner.orchestrator import RunOutcome, RunPlan, check_sandbox, execute_run
from arena_tui.scoring import ScoreFold

P = ParamSpec("P")
T = TypeVar("T")

STOP_WAIT_S = 30.0
"""How long leaving the app waits for a stopped run to write its report."""


class RunNotRunning(RuntimeError):
    """A call for the run's loop (a play turn) came when no run is going."""


class RunSource:
    """Runs ``plan`` on a thread and yields its events in batches (a :class:`~arena_tui.tui.sources.RunControl`)."""

    stoppable = True

    def __init__(self, plan: RunPlan, max_batch: int = 5000) -> None:
        self.plan = plan
        self.max_batch = max_batch
        self.outcome: RunOutcome | None = None
        self.error: BaseException | None = None
        self.seed: ScoreFold = copy.deepcopy(plan.fold)
        """The run's fold before its first event (a resumed run's kept rounds), for the app to continue."""
        self._inbox: deque[Event] = deque()
        self._wake: asyncio.Event | None = None
        self._wake_pending = False
        self._app_loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._run_loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[RunOutcome] | None = None
        self._stop_asked = False
        self._over = threading.Event()
        self._failure: BaseException | None = None
        self._thread: threading.Thread | None = None

    # -- the run's thread ------------------------------------------------------------------

    def _deliver(self, event: Event) -> None:
        """Bus subscriber, on the run's thread: queue the event and wake the app once per batch."""
        self._inbox.append(event)  # appended before the flag is read: a batch being taken sees it
        if not self._wake_pending:
            self._wake_pending = True
            self._poke()

    def _poke(self) -> None:
        loop, wake = self._app_loop, self._wake
        if loop is not None and wake is not None:
            with contextlib.suppress(RuntimeError):  # the app's loop closed: nobody is listening any more
                loop.call_soon_threadsafe(wake.set)

    async def _main(self) -> RunOutcome | None:
        task = asyncio.current_task()
        assert task is not None
        with self._lock:
            self._run_loop = asyncio.get_running_loop()
            self._task = task
            stopped = self._stop_asked
        if stopped:  # stopped before the run could record anything
            return None
        return await execute_run(self.plan)

    def _thread_main(self) -> None:
        try:
            self.outcome = asyncio.run(self._main())
        except asyncio.CancelledError:
            pass  # stopped before ``run_started``: nothing recorded, nothing to report
        except BaseException as exc:  # shown by the app's worker handler and printed by the CLI
            self._failure = exc
        finally:
            with self._lock:
                self._run_loop = None
                self._task = None
            self._over.set()
            self._poke()

    # -- the app's side ----------------------------------------------------------------------

    def stop(self) -> None:
        """Stop the run: it records ``interrupted``, writes its report and then the batches end."""
        with self._lock:
            self._stop_asked = True
            loop, task = self._run_loop, self._task
        if loop is not None and task is not None:
            with contextlib.suppress(RuntimeError):  # the loop ended between the read and the call
                loop.call_soon_threadsafe(task.cancel)

    def join(self, timeout: float = STOP_WAIT_S) -> bool:
        """Wait for the run's thread; ``True`` once the run is over (or never started)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return thread is None or not thread.is_alive()

    def in_run(self, fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
        """``fn`` as a coroutine function the app awaits while it runs in the run's loop (play turns)."""

        async def call(*args: P.args, **kwargs: P.kwargs) -> T:
            while True:
                with self._lock:
                    loop = self._run_loop
                if loop is not None:
                    break
                if self._over.is_set():
                    raise RunNotRunning("the run has ended")
                await asyncio.sleep(0.01)  # the run's loop is starting
            try:
                future = asyncio.run_coroutine_threadsafe(_awaited(fn(*args, **kwargs)), loop)
            except RuntimeError:
                raise RunNotRunning("the run has ended") from None
            return await asyncio.wrap_future(future)

        return call

    def _take(self) -> list[Event]:
        """Up to ``max_batch`` waiting events, in arrival order."""
        batch: list[Event] = []
        inbox = self._inbox
        while inbox and len(batch) < self.max_batch:
            batch.append(inbox.popleft())
        return batch

    async def _batches(self) -> AsyncGenerator[Sequence[Event], None]:
        try:  # the bwrap probe runs a process: in a thread, so the screen keeps drawing (then it is cached)
            await asyncio.to_thread(check_sandbox, self.plan.settings)
        except Exception as exc:  # bwrap missing: the CLI prints the one-line error once the app has left
            self.error = exc
            raise
        self._app_loop = asyncio.get_running_loop()
        wake = self._wake = asyncio.Event()
        self.plan.subscribers = [*self.plan.subscribers, self._deliver]
        thread = self._thread = threading.Thread(target=self._thread_main, name="benchmark-run", daemon=True)
        thread.start()
        try:
            while True:
                await wake.wait()
                wake.clear()
                self._wake_pending = False
                over = self._over.is_set()  # read before taking: whatever the run emitted is in the inbox
                while self._inbox:
                    yield self._take()
                if over:
                    break
            if self._failure is not None:
                self.error = self._failure
                raise self._failure
        finally:
            if thread.is_alive():  # the app left first: stop the run and let it write its report
                self.stop()
                with contextlib.suppress(BaseException):
                    await asyncio.to_thread(thread.join, STOP_WAIT_S)

    def __aiter__(self) -> AsyncIterator[Sequence[Event]]:
        return self._batches()


async def _awaited(awaitable: Awaitable[T]) -> T:
    return await awaitable
