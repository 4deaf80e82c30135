"""``run_workflow``: the asyncio loop that owns every side effect of a script.

The script only ever queues requests. After each JS step this loop hands ``define``,
``phase`` and ``log`` requests to the host in order, starts one asyncio task per
``agent()`` request (a semaphore caps how many run at once), waits for the first to
finish, feeds every finished result back into JS and steps again. The loop ends when the
script's top-level promise settles; anything that goes wrong becomes a failed
:class:`WorkflowResult`, never an exception.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from arena_tui.tools.workflow.engine import JsEngine, StepReport, WorkflowScriptError, describe_js_error, memory_message
from arena_tui.tools.workflow.host import WorkflowHost, WorkflowHostError, WorkflowResult
from arena_tui.tools.workflow.prelude import build_source

_Settled = tuple[int, bool, str]


class _Session:
    """State of one running workflow: agent types, in-flight tasks, call count."""

    def __init__(self, host: WorkflowHost, max_concurrency: int, max_agent_calls: int) -> None:
        self.host = host
        self.semaphore = asyncio.Semaphore(max(1, max_concurrency))
        self.max_agent_calls = max_agent_calls
        self.agent_calls = 0
        self.types: dict[str, str] = {}
        self.type_errors: dict[str, str] = {}
        self.tasks: set[asyncio.Task[_Settled]] = set()

    def dispatch(self, report: StepReport) -> None:
        """Carry out the requests of one step, in the order the script made them."""
        for request in report.outbox:
            op = request.get("op")
            if op in ("phase", "log"):
                self.host.log("phase" if op == "phase" else "log", str(request.get("message", "")))
            elif op == "define":
                self._define(str(request["name"]), request.get("spec") or {})
            elif op == "agent":
                self.agent_calls += 1
                if self.agent_calls > self.max_agent_calls:
                    raise WorkflowScriptError(
                        f"too many agent() calls: a workflow may make at most {self.max_agent_calls}"
                    )
                # Issued while these were still unsettled for the script: parallel work, as run.
                alongside = len(self.tasks)
                self.tasks.add(asyncio.create_task(self._run_agent(request, alongside)))

    def _define(self, name: str, spec: dict[str, Any]) -> None:
        """Create the subagent now; a refusal is kept and rejects every agent() of that type."""
        try:
            self.types[name] = self.host.define_agent(spec)
            self.type_errors.pop(name, None)
        except WorkflowHostError as exc:
            self.type_errors[name] = f"defineAgent({name!r}) was refused: {exc.message}"
            self.host.log("log", self.type_errors[name])

    async def _run_agent(self, request: dict[str, Any], alongside: int = 0) -> _Settled:
        request_id = int(request["id"])
        name = str(request["agentType"])
        if name in self.type_errors:
            return request_id, False, self.type_errors[name]
        schema = request.get("schema")
        try:
            async with self.semaphore:
                agent_type = self.types.get(name, name)
                answer = await self.host.run_agent(agent_type, str(request["prompt"]), schema, alongside=alongside)
            return request_id, True, json.dumps(answer)
        except WorkflowHostError as exc:
            return request_id, False, exc.message
        except (TypeError, ValueError) as exc:
            return request_id, False, f"the agent's answer could not be passed to the script: {exc}"
        except Exception as exc:
            return request_id, False, f"internal error while running the agent: {type(exc).__name__}: {exc}"

    async def next_results(self, deadline: float | None) -> list[_Settled]:
        """Wait for at least one agent to finish; return every result that is ready."""
        timeout = None if deadline is None else max(0.0, deadline - asyncio.get_running_loop().time())
        done, _ = await asyncio.wait(self.tasks, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if not done:
            raise WorkflowScriptError("wall-clock timeout: the workflow took too long")
        self.tasks -= done
        return sorted(task.result() for task in done)

    async def cancel_all(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks.clear()


async def run_workflow(
    script: str,
    args: Any,
    host: WorkflowHost,
    *,
    max_concurrency: int = 8,
    max_agent_calls: int = 1000,
    cpu_time_limit_s: float = 5.0,
    memory_limit_bytes: int = 64 * 2**20,
    wall_timeout_s: float | None = None,
) -> WorkflowResult:
    """Run a workflow script to its end and report how it ended (docs/workflow.md)."""
    session = _Session(host, max_concurrency, max_agent_calls)
    try:
        source = build_source(script, args, max_agent_calls)
    except (TypeError, ValueError) as exc:
        return WorkflowResult(status="failed", error=f"args must be JSON: {exc}")
    script_lines = script.count("\n") + 1
    engine = JsEngine(
        cpu_time_limit_s=cpu_time_limit_s, memory_limit_bytes=memory_limit_bytes, script_lines=script_lines
    )
    loop = asyncio.get_running_loop()
    deadline = None if wall_timeout_s is None else loop.time() + wall_timeout_s
    try:
        report = await engine.boot(source)
        while True:
            if report.fatal:
                raise WorkflowScriptError(report.fatal)
            session.dispatch(report)
            if report.done is not None:
                return _finish(report.done, script_lines, memory_limit_bytes, session.agent_calls)
            if not session.tasks:
                raise WorkflowScriptError(
                    "the script is waiting for a promise that can never settle (no agent() call is running)"
                )
            report = await engine.settle(await session.next_results(deadline))
    except WorkflowScriptError as exc:
        return WorkflowResult(status="failed", error=str(exc), agent_calls=session.agent_calls)
    except Exception as exc:  # a host bug must not escape as an exception either
        error = f"internal error in the workflow host: {type(exc).__name__}: {exc}"
        return WorkflowResult(status="failed", error=error, agent_calls=session.agent_calls)
    finally:
        await session.cancel_all()
        engine.close()


def _finish(done: dict[str, Any], script_lines: int, memory_limit: int, agent_calls: int) -> WorkflowResult:
    """Turn the settled top-level promise into a result."""
    if done.get("ok"):
        return WorkflowResult(status="completed", value=json.loads(done["value"]), agent_calls=agent_calls)
    err = done.get("error") or {}
    name, message = str(err.get("name", "")), str(err.get("message", ""))
    if "out of memory" in message:
        return WorkflowResult(status="failed", error=memory_message(memory_limit), agent_calls=agent_calls)
    head = f"{name}: {message}" if name else message
    error = describe_js_error(head, str(err.get("stack", "")), script_lines)
    return WorkflowResult(status="failed", error=error, agent_calls=agent_calls)
