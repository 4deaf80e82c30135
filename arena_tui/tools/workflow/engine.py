"""One QuickJS runtime, confined to one thread, stepped under CPU and memory limits.

QuickJS runtimes crash when touched from more than one thread (even at different
times), and ``eval`` is synchronous. So every engine call - create, step, destroy - runs
on a dedicated single-thread executor, and the asyncio loop only awaits it. The binding
releases the GIL while JS runs, so even a ``while (true) {}`` leaves the loop responsive
until the CPU limit interrupts it.

The CPU limit is a budget for the whole script: each engine call gets what is left, and
the thread CPU time it used is subtracted afterwards. (The engine measures with C
``clock()``, which is process-wide, so a busy process can only make it stricter.)
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import quickjs  # type: ignore[import-untyped]

from arena_tui.tools.workflow.prelude import HEADER

_T = TypeVar("_T")
_LOCATION = re.compile(r"<input>:(\d+)(?::(\d+))?")
_HEADER_LINES = HEADER.count("\n")


class WorkflowScriptError(Exception):
    """A failure that ends the workflow: bad syntax, an uncaught error, a limit."""


@dataclass
class StepReport:
    """What the script asked for during one step, and whether it has finished."""

    outbox: list[dict[str, Any]] = field(default_factory=list)
    done: dict[str, Any] | None = None
    fatal: str | None = None


def describe_js_error(head: str, stack: str, script_lines: int) -> str:
    """One readable line: ``Name: message (line N, column C)`` pointing into the script.

    Frames beyond the script's last line belong to the prelude (the API helpers), so the
    first frame inside the script is the line the author needs to look at.
    """
    beyond = False
    for match in _LOCATION.finditer(stack):
        line = int(match.group(1)) - _HEADER_LINES
        if 1 <= line <= script_lines:
            column = f", column {match.group(2)}" if match.group(2) else ""
            return f"{head} (line {line}{column})"
        beyond = beyond or line > script_lines
    if beyond and head.startswith("SyntaxError"):
        return f"{head} (near the end of the script: check for an unclosed bracket or string)"
    return head


class JsEngine:
    """Thread-confined QuickJS context; all public methods are awaited from asyncio."""

    def __init__(self, *, cpu_time_limit_s: float, memory_limit_bytes: int, script_lines: int) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="workflow-js")
        self._ctx: Any = None
        self._cpu_limit = cpu_time_limit_s
        self._cpu_left = cpu_time_limit_s
        self._memory_limit = memory_limit_bytes
        self._script_lines = script_lines

    async def boot(self, source: str) -> StepReport:
        """Create the context, evaluate the wrapped script and run it to its first wait."""
        return await self._in_thread(self._boot_sync, source)

    async def settle(self, results: list[tuple[int, bool, str]]) -> StepReport:
        """Resolve (``ok``) or reject agent promises, then run the script to its next wait.

        ``results`` holds ``(request id, ok, payload)``: a JSON text when ok, else the
        error message the promise is rejected with.
        """
        return await self._in_thread(self._settle_sync, results)

    def close(self) -> None:
        """Destroy the context on its own thread; does not wait for a step in progress."""
        self._executor.submit(self._close_sync)
        self._executor.shutdown(wait=False)

    async def _in_thread(self, fn: Callable[..., _T], *args: Any) -> _T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def _boot_sync(self, source: str) -> StepReport:
        self._ctx = quickjs.Context()
        self._ctx.set_memory_limit(self._memory_limit)
        self._call("eval", source)
        return self._finish_step()

    def _settle_sync(self, results: list[tuple[int, bool, str]]) -> StepReport:
        for request_id, ok, payload in results:
            flag = "true" if ok else "false"
            self._call("eval", f"__wf_settle({int(request_id)}, {flag}, {json.dumps(payload)})")
        return self._finish_step()

    def _finish_step(self) -> StepReport:
        while self._call("execute_pending_job"):
            pass
        raw = json.loads(self._call("eval", "__wf_collect()"))
        return StepReport(outbox=list(raw["outbox"]), done=raw["done"], fatal=raw["fatal"])

    def _close_sync(self) -> None:
        self._ctx = None

    def _call(self, method: str, *args: Any) -> Any:
        """Run one engine call with the CPU time that is left, and charge what it used.

        The method is looked up by name so that no frame local holds the context: a
        traceback kept by the caller must not end up freeing it on another thread.
        """
        if self._cpu_left <= 0:
            raise WorkflowScriptError(self._cpu_message())
        self._ctx.set_time_limit(self._cpu_left)
        started = time.thread_time()
        try:
            return getattr(self._ctx, method)(*args)
        except quickjs.JSException as exc:
            raise WorkflowScriptError(self._translate(str(exc))) from None
        finally:
            self._cpu_left -= time.thread_time() - started

    def _translate(self, text: str) -> str:
        head, _, stack = text.partition("\n")
        if "interrupted" in head:
            return self._cpu_message()
        if "out of memory" in head:
            return memory_message(self._memory_limit)
        return describe_js_error(head.strip(), stack, self._script_lines)

    def _cpu_message(self) -> str:
        return f"CPU time limit exceeded: the script used more than {self._cpu_limit:g} s of JS execution time"


def memory_message(limit_bytes: int) -> str:
    """The error for a script that ran out of its memory allowance."""
    return f"memory limit exceeded: the script needed more than {limit_bytes / 2**20:g} MiB"
