"""File writes at a round's end that nothing in the next round reads: done while it runs.

A round's compatibility file (``evals/<round>.json``) is only read by ``metadata.json`` at
the scenario's end, so it need not stand between a check and the next model request. Each
write runs in a worker thread as soon as it is started; :meth:`RoundWrites.drain` waits
for all of them (and raises the first failure) before anything that reads them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any


class RoundWrites:
    """Background file writes of one scenario, in a worker thread each, awaited together at the end."""

    def __init__(self) -> None:
        self._tasks: list[asyncio.Task[None]] = []

    def start(self, write: Callable[..., None], *args: Any) -> None:
        self._tasks.append(asyncio.create_task(asyncio.to_thread(write, *args), name=f"write:{write.__name__}"))

    async def drain(self) -> None:
        """Wait for every write started so far; the first that failed raises here, none is left running."""
        tasks, self._tasks = self._tasks, []
        if not tasks:
            return
        results = await asyncio.gather(*tasks, return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException):
                raise result
