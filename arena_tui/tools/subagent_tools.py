"""The manager's subagent tools: CreateSubagent, RunSubagent, ListSubagents, InspectSubagent.

Each is bound to the scenario's runtime at construction and goes through the same
ToolRunner as the file tools, so validation, events and forbidden accounting are shared.
Result texts carry ``key=value`` ids on their first line, which compatible checks parse.
"""

from __future__ import annotations

from typing import Any

from arena_tui.tools.base import Tool, ToolContext, ToolOutput, schema
from arena_tui.tools.host import SessionRun, SubagentHost, SubagentSpec
from arena_tui.vocabulary import BASIC_TOOLS, POOL_KEYS

INSPECT_CAP = 48 * 1024


class _RuntimeTool(Tool):
    def __init__(self, runtime: SubagentHost) -> None:
        self.runtime = runtime


class CreateSubagentTool(_RuntimeTool):
    name = "CreateSubagent"
    description = (
        "Create a subagent from the pool. model_key: llm (text), vlm (text, images, video) or omni "
        "(text, images, video, audio). tools: a subset of Read, Write, Edit, Bash, Grep, Glob. "
        "accessible_paths: absolute paths inside your accessible or delegable paths; grant only what the task needs."
    )
    parameters = schema(
        ["name", "system_prompt", "model_key", "tools", "accessible_paths"],
        name={"type": "string", "description": "a short name for this subagent"},
        system_prompt={"type": "string", "description": "its standing instructions"},
        model_key={"type": "string", "enum": list(POOL_KEYS)},
        tools={"type": "array", "items": {"type": "string", "enum": list(BASIC_TOOLS)}},
        accessible_paths={"type": "array", "items": {"type": "string"}},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        sub = self.runtime.subagents.create(
            SubagentSpec(
                name=str(args["name"]),
                system_prompt=str(args["system_prompt"]),
                model_key=str(args["model_key"]),
                tools=[str(t) for t in args["tools"]],
                accessible_paths=[str(p) for p in args["accessible_paths"]],
                via="CreateSubagent",
            )
        )
        paths = ", ".join(sub.grant) or "(none)"
        return ToolOutput(
            f"subagent_id={sub.subagent_id}\nname={sub.name}\nmodel_key={sub.model_key}\n"
            f"tools={', '.join(sub.tools) or '(none)'}\naccessible_paths={paths}\n"
            f"reachable_files={len(sub.reachable)}",
            facts={"subagent_id": sub.subagent_id, "model_key": sub.model_key, "grant": list(sub.grant)},
        )


class RunSubagentTool(_RuntimeTool):
    name = "RunSubagent"
    description = (
        "Give a subagent a task. Without session_id (or with an unknown one) a new session starts; with the "
        "session_id of an earlier run the session continues with its full history. Foreground waits and returns "
        "the final answer; run_in_background=true returns task_id, subagent_id and session_id at once and the "
        "answer arrives later as a task-notification."
    )
    parameters = schema(
        ["subagent_id", "description", "prompt"],
        subagent_id={"type": "string"},
        description={"type": "string", "description": "a few words on what this run is for"},
        prompt={"type": "string", "description": "the task"},
        session_id={"type": "string", "description": "continue this session"},
        run_in_background={"type": "boolean"},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        rt = self.runtime
        sub, session, continued = rt.open_session(str(args["subagent_id"]), args.get("session_id"))
        prompt, description = str(args["prompt"]), str(args["description"])
        sid = session.session_id or ""
        head = f"subagent_id={sub.subagent_id} session_id={sid}"
        run = SessionRun(sub.subagent_id, sid, prompt, description, continued)
        facts = {"subagent_id": sub.subagent_id, "session_id": sid, "continued": continued}
        if args.get("run_in_background"):
            task_id = rt.start_background(run)
            return ToolOutput(
                f"task_id={task_id} {head} status=running\n"
                "Started in the background; its answer arrives as a task-notification.",
                facts={**facts, "mode": "background", "task_id": task_id},
            )
        result = await rt.run_session(run)
        facts = {**facts, "mode": "foreground", "status": result.status}
        if result.status != "completed":
            text = f"{head} status={result.status}\n{result.detail}\n{result.text}"
            return ToolOutput(text, is_error=True, facts=facts)
        return ToolOutput(f"{head} status=completed\n\n{result.text}", facts=facts)


class ListSubagentsTool(_RuntimeTool):
    name = "ListSubagents"
    description = "List created subagents with their grants, their sessions, and running background work."
    parameters = schema([])

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        rt = self.runtime
        lines: list[str] = []
        subagents = rt.subagents.all()
        for sub in subagents:
            lines.append(
                f"subagent_id={sub.subagent_id} name={sub.name} model_key={sub.model_key} "
                f"tools={','.join(sub.tools)} accessible_paths={','.join(sub.grant)}"
            )
            for sid, session in sub.sessions.items():
                state = "running" if sid in sub.running else "finished"
                lines.append(
                    f"  session_id={sid} state={state} turns={session.turns} rounds={','.join(session.rounds)}"
                )
        running = rt.background.running()
        lines.append(f"running background tasks: {', '.join(running) if running else 'none'}")
        if not subagents:
            lines.insert(0, "no subagents yet")
        return ToolOutput("\n".join(lines))


class InspectSubagentTool(_RuntimeTool):
    name = "InspectSubagent"
    description = "Show the turns of one subagent session (its prompts, tool calls and answers)."
    parameters = schema(["session_id"], session_id={"type": "string"})

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        sub, session = self.runtime.subagents.session(str(args["session_id"]))
        out = [f"subagent_id={sub.subagent_id} name={sub.name} session_id={session.session_id} turns={session.turns}"]
        for message in session.history:
            if message.role == "system":
                continue
            text = message.content
            if message.tool_calls:
                calls = "; ".join(f"{c.name}({_short(c.arguments)})" for c in message.tool_calls)
                text = f"{text}\n  tool calls: {calls}" if text else f"tool calls: {calls}"
            out.append(f"[{message.role}] {text}")
        body = "\n".join(out)
        if len(body) > INSPECT_CAP:
            body = body[:INSPECT_CAP] + "\n[… truncated]"
        return ToolOutput(body)


def _short(arguments: dict[str, Any]) -> str:
    text = ", ".join(f"{k}={v!r}" for k, v in arguments.items())
    return text if len(text) <= 200 else text[:200] + "…"


def subagent_tools(runtime: SubagentHost) -> list[Tool]:
    """The four subagent tools bound to ``runtime``."""
    return [
        CreateSubagentTool(runtime),
        RunSubagentTool(runtime),
        ListSubagentsTool(runtime),
        InspectSubagentTool(runtime),
    ]
