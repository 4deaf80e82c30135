"""The earlier release's tool surface (``--tools-profile compat``).

Differences from ours, and nothing else: InspectSubagent is absent, Bash requires
``description``, RunSubagent accepts an optional JSON ``schema`` for a structured answer,
and the subagent's system prompt is used exactly as the manager wrote it (see
:mod:`arena_tui.agents.runtime`). Everything still goes through the same ToolRunner,
agent loop and scoring.
"""

from __future__ import annotations

import json
import re
from typing import Any

from arena_tui.tools.base import ToolContext, ToolOutput, schema
from arena_tui.tools.bash import BashTool
from arena_tui.tools.subagent_tools import RunSubagentTool

STRUCTURED_INSTRUCTION = (
    "Return your final answer as one JSON value matching this JSON schema, with no other text:\n{schema}"
)
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$")
_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "number": (int, float),
    "integer": (int,),
    "boolean": (bool,),
}


def schema_problem(value: Any, spec: dict[str, Any]) -> str | None:
    """Top-level type, required keys and property types (the earlier release's light check)."""
    kind = spec.get("type")
    types = _TYPES.get(kind) if isinstance(kind, str) else None
    if types is not None and (not isinstance(value, types) or (isinstance(value, bool) and kind != "boolean")):
        return f"expected {kind}, got {type(value).__name__}"
    if isinstance(value, dict):
        missing = [k for k in spec.get("required") or [] if k not in value]
        if missing:
            return f"missing required field(s): {', '.join(missing)}"
        for key, sub in (spec.get("properties") or {}).items():
            if key in value and isinstance(sub, dict):
                problem = schema_problem(value[key], sub)
                if problem:
                    return f"field '{key}': {problem}"
    return None


class StrictBashTool(BashTool):
    """Bash whose ``description`` is required, as in the earlier release."""

    parameters = schema(["command", "description"], **BashTool.parameters["properties"])


class SchemaRunSubagentTool(RunSubagentTool):
    """RunSubagent with the earlier release's optional ``schema`` (foreground runs only)."""

    parameters = schema(
        ["subagent_id", "description", "prompt"],
        **RunSubagentTool.parameters["properties"],
        schema={"type": "object", "description": "a JSON schema the final answer must match (foreground only)"},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        spec = args.get("schema")
        if not isinstance(spec, dict) or args.get("run_in_background"):
            return await super().run({k: v for k, v in args.items() if k != "schema"}, ctx)
        prompt = str(args["prompt"]).rstrip() + "\n\n" + STRUCTURED_INSTRUCTION.format(schema=json.dumps(spec))
        out = await super().run({**{k: v for k, v in args.items() if k != "schema"}, "prompt": prompt}, ctx)
        if out.is_error:
            return out
        head, _, answer = out.text.partition("\n\n")
        try:
            value = json.loads(_FENCE.sub("", answer.strip()))
        except ValueError:
            return ToolOutput(f"{head}\nstructured output rejected: not JSON\n\n{answer}", is_error=True)
        problem = schema_problem(value, spec)
        if problem:
            return ToolOutput(f"{head}\nstructured output rejected: {problem}\n\n{answer}", is_error=True)
        return ToolOutput(f"{head}\n\n{json.dumps(value, ensure_ascii=False)}")
