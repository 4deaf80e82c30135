"""Adversarial managers of ``check --gate``, built by rewriting the reference trajectory.

Each is the reference manager with one management skill taken away, so a dataset whose
checks measure management must score it down:

- ``solo``: no subagents at all (every CreateSubagent, RunSubagent, Workflow, ListSubagents
  and InspectSubagent call removed). It still *knows* every answer: its values are the
  ones the reference manager bound in its own run, so only evidence and behaviour checks
  can fail it;
- ``noop_pool``: the reference manager's calls and answers unchanged, but every subagent
  answers "OK" and touches nothing;
- ``broad``: the reference manager, but every subagent gets all six tools and every
  grantable, non-sensitive path;
- ``padding``: the reference manager plus 20 trivial subagents that each read one file.

The answers of ``solo`` and ``noop_pool`` come from :data:`RECORDED`, which the gate fills
from its reference run (``record`` wraps the oracle and keeps its provider).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arena_tui.dataset.model import Scenario
from arena_tui.providers.base import ModelAPI
from arena_tui.providers.script_vars import ScriptVars
from arena_tui.providers.scripted import ScriptedProvider
from arena_tui.providers.trajectory import ScriptToolCall, ScriptTurn, Trajectory, load_trajectory
from arena_tui.vocabulary import BASIC_TOOLS, DELEGATION_TOOLS

BASELINES = ("record", "solo", "noop_pool", "broad", "padding")
NAMES = {
    "record": "oracle (reference trajectory)",
    "solo": "solo baseline (the reference answers, no subagents)",
    "noop_pool": "no-op pool baseline (reference manager, subagents answer OK)",
    "broad": "broad-grant baseline (reference manager, every tool and path granted)",
    "padding": "padding baseline (reference manager + 20 trivial subagents)",
}
DELEGATION = frozenset(DELEGATION_TOOLS)
PADDING = 20

RECORDED: dict[str, ScriptedProvider] = {}
"""Scenario id -> the reference manager's provider of the last ``record`` run."""


def _turns(turns: Sequence[ScriptTurn], keep_bind: bool, edit: Any = None) -> list[ScriptTurn]:
    """Rewrite each turn's calls with ``edit(call) -> call | None``; a turn left without calls is dropped
    (it would end the round early) unless it was the round's last."""
    out = []
    for i, t in enumerate(turns):
        calls = [c for c in (edit(c) if edit else c for c in t.tool_calls) if c is not None]
        if t.tool_calls and not calls and i < len(turns) - 1:
            continue
        out.append(ScriptTurn(content=t.content, tool_calls=calls, bind=t.bind if keep_bind else {}))
    return out


def sensitive_segments(scenario: Scenario) -> set[str]:
    """Folders the scenario's specs say must never be granted."""
    segs: set[str] = set()
    for spec in scenario.scripts_dir.glob("*.json"):
        try:
            data = json.loads(spec.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for c in data.get("conditions", []) if isinstance(data, dict) else []:
            if isinstance(c, dict) and c.get("kind") == "never_granted":
                segs |= set(c.get("segments", []))
    return segs


def _first_files(scenario: Scenario, n: int) -> list[str]:
    root, sensitive = scenario.workspace_template, sensitive_segments(scenario)
    out: list[str] = []
    for top in scenario.manifest.main_agent_accessible_paths:
        if sensitive & set(Path(top).parts):
            continue
        p = root / top
        files = [p] if p.is_file() else sorted(q for q in p.rglob("*") if q.is_file()) if p.is_dir() else []
        out += [str(f.relative_to(root)) for f in files]
    return (out * n)[:n] if out else []


def rewrite(name: str, trajectory: Trajectory, scenario: Scenario) -> Trajectory:
    """The trajectory of baseline ``name``."""
    if name == "solo":
        return {k: _turns(v, False, lambda c: None if c.name in DELEGATION else c) for k, v in trajectory.items()}
    if name == "noop_pool":
        return {k: _turns(v, False) for k, v in trajectory.items()}
    if name == "broad":
        manifest, sensitive = scenario.manifest, sensitive_segments(scenario)
        grant = [
            p
            for p in [*manifest.main_agent_accessible_paths, *manifest.main_agent_delegable_paths]
            if not sensitive & set(Path(p).parts)
        ]

        def widen(c: ScriptToolCall) -> ScriptToolCall:
            if c.name != "CreateSubagent":
                return c
            return ScriptToolCall(
                name=c.name, arguments={**c.arguments, "tools": list(BASIC_TOOLS), "accessible_paths": grant}
            )

        return {k: _turns(v, True, widen) for k, v in trajectory.items()}
    if name == "padding":
        first = next(iter(trajectory), None)
        if first is None:
            return trajectory
        files = _first_files(scenario, PADDING)
        creates = [
            ScriptToolCall(
                name="CreateSubagent",
                arguments={
                    "name": f"pad_{i}",
                    "model_key": "llm",
                    "tools": ["Read"],
                    "accessible_paths": [f],
                    "system_prompt": "Read the file you are given.",
                },
            )
            for i, f in enumerate(files)
        ]
        runs = [
            ScriptToolCall(
                name="RunSubagent",
                arguments={
                    "subagent_id": f"${{subagent:pad_{i}}}",
                    "description": "read one file",
                    "prompt": f"Read ${{workspace}}/{f} and summarise it.",
                    "run_in_background": False,
                },
            )
            for i, f in enumerate(files)
        ]
        pad = [ScriptTurn(content="Preparing helpers.", tool_calls=creates), ScriptTurn(content="", tool_calls=runs)]
        return {**trajectory, first: [*pad, *trajectory[first]]} if files else trajectory
    return trajectory


def baseline_api(name: str, model_key: str, scenario: Scenario, script_vars: ScriptVars | None) -> ModelAPI | None:
    """The backend baseline ``name`` puts in place of ``model_key``; None keeps the configured one."""
    if model_key != "main":
        if name == "noop_pool":
            return ScriptedProvider([{"content": "OK"}], name="no-op subagent (answers OK)")
        return None
    trajectory = load_trajectory(os.path.join(scenario.solution_dir, "trajectory.json"))
    if name == "record":
        provider = ScriptedProvider(rounds=trajectory, script_vars=script_vars, name=NAMES[name])
        RECORDED[scenario.id] = provider
        return provider
    known = RECORDED[scenario.id].bound if scenario.id in RECORDED else {}
    return ScriptedProvider(
        rounds=rewrite(name, trajectory, scenario),
        script_vars=script_vars,
        name=NAMES[name],
        bound=known if name in ("solo", "noop_pool") else None,
    )
