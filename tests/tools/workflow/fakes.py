"""A scripted :class:`WorkflowHost` for the engine tests.

It records every call, can delay each prompt by a chosen time (so agents finish out of
order) and tracks the highest number of agents running at once.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from arena_tui.tools.workflow import LogLevel, WorkflowHostError


@dataclass
class FakeHost:
    """Answers ``run_agent`` with ``"<type>:<prompt>"`` (or ``{"type", "prompt"}`` with a schema).

    ``delays`` maps a prompt to seconds to wait; ``fail`` holds prompts that raise
    :class:`WorkflowHostError`; ``refuse_models`` holds model keys ``define_agent`` rejects.
    """

    delays: dict[str, float] = field(default_factory=dict)
    default_delay: float = 0.0
    fail: set[str] = field(default_factory=set)
    refuse_models: set[str] = field(default_factory=set)
    defined: list[dict[str, Any]] = field(default_factory=list)
    calls: list[tuple[str, str, dict[str, Any] | None]] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    logs: list[tuple[LogLevel, str]] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0

    def define_agent(self, spec: dict[str, Any]) -> str:
        if spec.get("model_key") in self.refuse_models:
            raise WorkflowHostError(f"unknown model_key {spec.get('model_key')!r}")
        self.defined.append(spec)
        return f"type-{spec['name']}"

    async def run_agent(
        self, agent_type: str, prompt: str, schema: dict[str, Any] | None, *, alongside: int = 0
    ) -> Any:
        self.calls.append((agent_type, prompt, schema))
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.delays.get(prompt, self.default_delay))
        finally:
            self.in_flight -= 1
        self.finished.append(prompt)
        if prompt in self.fail:
            raise WorkflowHostError(f"agent failed on {prompt!r}")
        if schema is not None:
            return {"type": agent_type, "prompt": prompt}
        return f"{agent_type}:{prompt}"

    def log(self, level: LogLevel, message: str) -> None:
        self.logs.append((level, message))


DEFINE = (
    "const worker = defineAgent({name: 'worker', model_key: 'm1', tools: ['Read'], "
    "accessible_paths: ['pub'], system_prompt: 'Be brief.'});\n"
)
"""A script prefix that defines the ``worker`` agent type used by most tests."""
