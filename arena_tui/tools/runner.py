"""The dispatcher: one call in, one ToolOutput out, events emitted, nothing raised.

Order of checks for every call: the tool exists, the agent was granted it (else a
counted ``tool_not_granted`` refusal), the arguments match the schema (missing or
mistyped parameters are plain errors), then the tool runs. Each call emits ToolCalled
before and ToolResult after, plus one ForbiddenAccess per refused path. The runner is
stateless, so the agent loop may ``asyncio.gather`` all calls of one turn; at most
``limits.parallel_tool_calls`` of one agent's calls execute at once, the rest queue.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from arena_tui.events import ForbiddenAccess, ToolCalled, ToolResult
from arena_tui.sandbox.scope import ForbiddenError, RelativePathError
from arena_tui.tools.base import Tool, ToolContext, ToolError, ToolOutput

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


def validate_args(tool: Tool, args: dict[str, Any]) -> str | None:
    """Plain error text when ``args`` do not fit ``tool.parameters``; ``None`` when they do."""
    props: dict[str, Any] = tool.parameters.get("properties", {})
    missing = [p for p in tool.parameters.get("required", []) if args.get(p) is None]
    if missing:
        return f"{tool.name}: missing required parameter: {', '.join(missing)}"
    unknown = [k for k in args if k not in props]
    if unknown:
        return f"{tool.name}: unknown parameter: {', '.join(unknown)}"
    for key, value in args.items():
        if value is None:
            continue
        expected = props[key].get("type", "string")
        types = _JSON_TYPES.get(expected, (object,))
        wrong_bool = isinstance(value, bool) and expected in ("integer", "number")
        if not isinstance(value, types) or wrong_bool:
            return f"{tool.name}: parameter '{key}' must be {expected}, got {type(value).__name__}"
    return None


class ToolRunner:
    """Dispatches tool calls by name to a fixed set of tools."""

    def __init__(self, tools: Iterable[Tool]) -> None:
        self.tools: dict[str, Tool] = {t.name: t for t in tools}

    def specs(self, names: Iterable[str]) -> list[dict[str, Any]]:
        """OpenAI tool specs for the named tools that exist, in the given order."""
        return [self.tools[n].spec() for n in names if n in self.tools]

    async def run(
        self,
        call_id: str,
        name: str,
        args: dict[str, Any],
        ctx: ToolContext,
        *,
        malformed: str | None = None,
        problem: str = "",
    ) -> ToolOutput:
        """Run one call; every failure becomes an error ToolOutput.

        ``malformed`` is the model's arguments text when it was not usable (``problem`` says
        why): the call is answered with an error and never runs."""
        started = time.perf_counter()
        base = ctx.event_fields()
        args = args if isinstance(args, dict) else {}
        ctx.emit(ToolCalled(**base, call_id=call_id, tool=name, arguments=args))
        output = await self._dispatch(call_id, name, args, ctx, malformed, problem)
        duration = (time.perf_counter() - started) * 1000.0
        ctx.emit(
            ToolResult(
                **base,
                call_id=call_id,
                tool=name,
                is_error=output.is_error,
                forbidden=output.forbidden,
                invalid=output.invalid,
                output=output.text,
                duration_ms=duration,
                files=output.files,
                facts=output.facts,
            )
        )
        return output

    async def _dispatch(
        self,
        call_id: str,
        name: str,
        args: dict[str, Any],
        ctx: ToolContext,
        malformed: str | None = None,
        problem: str = "",
    ) -> ToolOutput:
        tool = self.tools.get(name)
        if tool is None:
            if not name:
                why = problem or "it has no tool name"
                return ToolOutput(
                    f"invalid tool call: {why}; call one of your tools by name", is_error=True, invalid=True
                )
            return ToolOutput(f"unknown tool: {name[:200]}", is_error=True, invalid=True)
        if name not in ctx.granted_tools:
            ctx.emit(ForbiddenAccess(**ctx.event_fields(), tool=name, reason="tool_not_granted", call_id=call_id))
            return ToolOutput(
                f"forbidden: tool '{name}' is not granted to this agent.",
                is_error=True,
                forbidden=True,
            )
        if malformed is not None:
            why = problem or "the arguments were not valid JSON"
            return ToolOutput(f"{name}: {why}: {malformed[:200]}", is_error=True, invalid=True)
        mismatch = validate_args(tool, args)
        if mismatch is not None:
            return ToolOutput(mismatch, is_error=True, invalid=True)
        try:
            if ctx.slots is None:
                return await tool.run(args, ctx)
            async with ctx.slots:  # the rest of the turn queues here
                return await tool.run(args, ctx)
        except ForbiddenError as exc:
            for refusal in exc.refusals:
                ctx.emit(
                    ForbiddenAccess(
                        **ctx.event_fields(),
                        tool=name,
                        path=refusal.path,
                        reason=refusal.reason,
                        call_id=call_id,
                    )
                )
            return ToolOutput(exc.text, is_error=True, forbidden=True)
        except (ToolError, RelativePathError) as exc:
            return ToolOutput(str(exc), is_error=True)
        except Exception as exc:  # a tool bug must never reach the agent loop
            return ToolOutput(f"{name} failed: {type(exc).__name__}: {exc}", is_error=True)
