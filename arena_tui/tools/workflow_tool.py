"""The Workflow tool: save the script, run it in the background, notify when it ends.

``defineAgent`` creates subagents through the same registry as CreateSubagent (same
validation, same scoring); every ``agent()`` call opens a fresh session of that subagent.
"""

from __future__ import annotations

import json
import re
from typing import Any

from arena_tui import events as ev
from arena_tui import ids
from arena_tui.origin import Origin
from arena_tui.sandbox.scope import ForbiddenError
from arena_tui.tools.base import TaskResult, Tool, ToolContext, ToolError, ToolOutput, schema
from arena_tui.tools.host import SessionRun, SubagentHost, SubagentSpec
from arena_tui.tools.workflow import WorkflowHostError, resolve_script_path, run_workflow, save_script
from arena_tui.tools.workflow.host import LogLevel

_JSON_BLOCK = re.compile(r"\{.*\}", re.DOTALL)


class RuntimeWorkflowHost:
    """What a running script may do, carried out by the scenario's runtime."""

    def __init__(self, runtime: SubagentHost, workflow_id: str, origin: Origin) -> None:
        self.runtime = runtime
        self.workflow_id = workflow_id
        self.origin = origin
        self.agents: dict[str, str] = {}

    def define_agent(self, spec: dict[str, Any]) -> str:
        name = str(spec.get("name", ""))
        try:
            sub = self.runtime.subagents.create(
                SubagentSpec(
                    name=name,
                    system_prompt=str(spec.get("system_prompt", "")),
                    model_key=str(spec.get("model_key", "")),
                    tools=[str(t) for t in spec.get("tools", [])],
                    accessible_paths=[str(p) for p in spec.get("accessible_paths", [])],
                    via="Workflow",
                )
            )
        except ForbiddenError as exc:
            for refusal in exc.refusals:
                self.runtime.emit(
                    ev.ForbiddenAccess(
                        **self.runtime.origin.fields(), tool="Workflow", path=refusal.path, reason=refusal.reason
                    )
                )
            raise WorkflowHostError(exc.text) from None
        except ToolError as exc:
            raise WorkflowHostError(str(exc)) from None
        self.agents[name] = sub.subagent_id
        return name

    async def run_agent(
        self, agent_type: str, prompt: str, schema: dict[str, Any] | None, *, alongside: int = 0
    ) -> Any:
        subagent_id = self.agents.get(agent_type)
        if subagent_id is None:
            raise WorkflowHostError(f"unknown agentType '{agent_type}': call defineAgent first")
        _, session, _ = self.runtime.open_session(subagent_id, None)
        session_id, description = session.session_id or "", f"workflow {self.workflow_id}"
        run = SessionRun(
            subagent_id,
            session_id,
            prompt,
            description,
            False,
            "background",
            via="Workflow",
            workflow_id=self.workflow_id,
            alongside=alongside,
        )
        result = await self.runtime.run_session(run)
        if result.status != "completed":
            raise WorkflowHostError(f"agent '{agent_type}' {result.status}: {result.detail}")
        if schema is None:
            return result.text
        match = _JSON_BLOCK.search(result.text)
        try:
            return json.loads(match.group(0)) if match else json.loads(result.text)
        except json.JSONDecodeError:
            raise WorkflowHostError(f"agent '{agent_type}' did not answer with JSON for its schema") from None

    def log(self, level: LogLevel, message: str) -> None:
        self.runtime.emit(
            ev.WorkflowLog(**self.origin.fields(), workflow_id=self.workflow_id, level=level, message=message)
        )


class WorkflowTool(Tool):
    name = "Workflow"
    description = (
        "Run a JavaScript workflow in the background. Globals: defineAgent({name, model_key, tools, "
        "accessible_paths, system_prompt}), agent(prompt, {agentType, schema?}) → Promise, parallel([thunks]) "
        "(a thunk that throws yields null), pipeline(items, ...stages), phase(title), log(...), args. Top-level "
        "await and return work; no clock, randomness or I/O. Pass script, or scriptPath of a saved workflow. "
        "The return value arrives in a task-notification."
    )
    parameters = schema(
        [],
        script={"type": "string", "description": "the script source"},
        scriptPath={"type": "string", "description": "a script saved earlier in this scenario's workflows folder"},
        name={"type": "string"},
        args={"type": "object"},
    )

    def __init__(self, runtime: SubagentHost) -> None:
        self.runtime = runtime

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        rt = self.runtime
        folder = rt.workflows_dir
        if args.get("script"):
            path = save_script(folder, str(args["script"]))
        elif args.get("scriptPath"):
            try:
                path = resolve_script_path(folder, str(args["scriptPath"]))
            except ValueError as exc:
                raise ToolError(f"Workflow: {exc}") from None
        else:
            raise ToolError("Workflow: pass script or scriptPath")
        script = path.read_text(encoding="utf-8")
        name = str(args.get("name") or "workflow")
        workflow_id = ids.task_id("wf")
        task_id = ids.task_id("workflow")
        fields = rt.origin.fields()
        host = RuntimeWorkflowHost(rt, workflow_id, rt.origin)
        rel = f"workflows/{path.name}"
        rt.emit(ev.WorkflowStarted(**fields, workflow_id=workflow_id, task_id=task_id, name=name, script_path=rel))

        async def work() -> TaskResult:
            result = await run_workflow(script, args.get("args", {}), host, cpu_time_limit_s=rt.workflow_cpu_s)
            value = json.dumps(result.value, ensure_ascii=False) if result.ok else ""
            rt.emit(
                ev.WorkflowFinished(
                    **fields,
                    workflow_id=workflow_id,
                    status=result.status,
                    result=value,
                    error=result.error,
                    agent_calls=result.agent_calls,
                )
            )
            return ("completed", value) if result.ok else ("failed", result.error)

        summary = f"workflow_id={workflow_id} name={name} script={rel}"
        rt.background.start("workflow", name, summary, work(), task_id=task_id)
        return ToolOutput(
            f"task_id={task_id} workflow_id={workflow_id} name={name} script={rel} status=running",
            facts={"workflow_id": workflow_id, "task_id": task_id},
        )
