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
- ``padding``: the reference manager plus 20 trivial subagents that each read one file;
- ``broad_throwaway``: every subagent (workflow agents included) gets all six tools and every
  grantable, non-sensitive path, and each worker first makes throwaway calls
  (:mod:`arena_tui.providers.throwaway`);
- ``extra_throwaway``: the reference grants plus one tool each subagent was not given, and
  the same throwaway calls;
- ``all_omni`` / ``all_llm``: the reference manager with every subagent routed to one key.

The answers of ``solo`` and ``noop_pool`` come from :data:`RECORDED`, which the gate fills
from its reference run (``record`` wraps the oracle and keeps its provider).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arena_tui.dataset.model import Scenario
from arena_tui.providers.base import ModelAPI
from arena_tui.providers.script_vars import ScriptVars
from arena_tui.providers.scripted import ScriptedProvider
from arena_tui.providers.throwaway import ThrowawayFirst
from arena_tui.providers.trajectory import ScriptToolCall, ScriptTurn, Trajectory, load_trajectory
from arena_tui.vocabulary import BASIC_TOOLS, DELEGATION_TOOLS, best_key

BASELINES = (
    "record",
    "solo",
    "noop_pool",
    "broad",
    "padding",
    "broad_throwaway",
    "extra_throwaway",
    "all_omni",
    "all_llm",
)
NAMES = {
    "record": "oracle (reference trajectory)",
    "solo": "solo baseline (the reference answers, no subagents)",
    "noop_pool": "no-op pool baseline (reference manager, subagents answer OK)",
    "broad": "broad-grant baseline (reference manager, every tool and path granted)",
    "padding": "padding baseline (reference manager + 20 trivial subagents)",
    "broad_throwaway": "broad grants + throwaway calls (every tool and path, workers touch everything first)",
    "extra_throwaway": "reference grants + one extra tool + throwaway calls",
    "all_omni": "all-omni routing (reference manager, every subagent on omni)",
    "all_llm": "all-llm routing (reference manager, every subagent on llm)",
}
THROWAWAY = frozenset({"broad_throwaway", "extra_throwaway"})
EXTRA_ORDER = ("Bash", "Grep", "Glob", "Write", "Edit", "Read")
"""The extra tool of ``extra_throwaway``: the first of these a subagent was not granted."""
_DEFINE = re.compile(
    r'(defineAgent\(\{\s*name:\s*"[^"]+",\s*)model_key:\s*"(\w+)",\s*tools:\s*\[([^\]]*)\],\s*'
    r"accessible_paths:\s*\[([^\]]*)\]"
)
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


Spec = tuple[str, list[str], list[str]]
"""A subagent's (model_key, tools, accessible_paths)."""


def _edit_grants(trajectory: Trajectory, edit: Any) -> Trajectory:
    """Every subagent's grant rewritten by ``edit(spec) -> spec``, CreateSubagent and workflow
    ``defineAgent`` alike; the manager's other calls, answers and binds stay as they are."""

    def define(m: re.Match[str]) -> str:
        key, tools, paths = edit((m[2], json.loads(f"[{m[3]}]"), json.loads(f"[{m[4]}]")))
        return f'{m[1]}model_key: "{key}", tools: {json.dumps(tools)}, accessible_paths: {json.dumps(paths)}'

    def call(c: ScriptToolCall) -> ScriptToolCall:
        if c.name == "CreateSubagent":
            a = c.arguments
            key, tools, paths = edit(
                (a.get("model_key"), list(a.get("tools", [])), list(a.get("accessible_paths", [])))
            )
            return ScriptToolCall(
                name=c.name, arguments={**a, "model_key": key, "tools": tools, "accessible_paths": paths}
            )
        if c.name == "Workflow" and isinstance(c.arguments.get("script"), str):
            return ScriptToolCall(
                name=c.name, arguments={**c.arguments, "script": _DEFINE.sub(define, c.arguments["script"])}
            )
        return c

    return {k: _turns(v, True, call) for k, v in trajectory.items()}


def _broad_grant(scenario: Scenario) -> list[str]:
    manifest, sensitive = scenario.manifest, sensitive_segments(scenario)
    return [
        p
        for p in [*manifest.main_agent_accessible_paths, *manifest.main_agent_delegable_paths]
        if not sensitive & set(Path(p).parts)
    ]


def _extra_tool(tools: list[str]) -> list[str]:
    extra = next((t for t in EXTRA_ORDER if t not in tools), None)
    return [*tools, extra] if extra else tools


def rewrite(name: str, trajectory: Trajectory, scenario: Scenario) -> Trajectory:
    """The trajectory of baseline ``name``."""
    if name == "broad_throwaway":
        grant = _broad_grant(scenario)
        return _edit_grants(trajectory, lambda s: (s[0], list(BASIC_TOOLS), grant))
    if name == "extra_throwaway":
        return _edit_grants(trajectory, lambda s: (s[0], _extra_tool(s[1]), s[2]))
    if name in ("all_omni", "all_llm"):
        key = name.removeprefix("all_")
        return _edit_grants(trajectory, lambda s: (key, s[1], s[2]))
    if name == "solo":
        return {k: _turns(v, False, lambda c: None if c.name in DELEGATION else c) for k, v in trajectory.items()}
    if name == "noop_pool":
        return {k: _turns(v, False) for k, v in trajectory.items()}
    if name == "broad":
        grant = _broad_grant(scenario)

        def widen(c: ScriptToolCall) -> ScriptToolCall:
            if c.name != "CreateSubagent":
                return c
            return ScriptToolCall(
                name=c.name, arguments={**c.arguments, "tools": list(BASIC_TOOLS), "accessible_paths": grant}
            )

        return {k: _turns(v, True, widen) for k, v in trajectory.items()}
    if name == "padding":
        return _pad(trajectory, scenario)
    return trajectory


def _pad_targets(trajectory: Trajectory, scenario: Scenario) -> tuple[str, list[tuple[str, str]]]:
    """Where padding goes and what each pad reads: the first round whose declared needs include a
    file read, each pad scoped exactly to one such need (one file, Read, the least costly key), so
    every pad is perfectly scoped and padding can only test the aggregation. Without declared
    needs: the first round and the first files main may read, on llm."""
    for rid in trajectory:
        targets: list[tuple[str, str]] = [
            (f, str(best_key(set(n.modalities)) or "llm"))
            for n in scenario.needs.get(rid, [])
            if any("read" in way for way in n.tools)
            for f in n.files
            if (scenario.workspace_template / f).is_file()
        ]
        if targets:
            return rid, (targets * PADDING)[:PADDING]
    return next(iter(trajectory), ""), [(f, "llm") for f in _first_files(scenario, PADDING)]


def _pad(trajectory: Trajectory, scenario: Scenario) -> Trajectory:
    where, targets = _pad_targets(trajectory, scenario)
    if not where or not targets:
        return trajectory
    creates = [
        ScriptToolCall(
            name="CreateSubagent",
            arguments={
                "name": f"pad_{i}",
                "model_key": key,
                "tools": ["Read"],
                "accessible_paths": [f],
                "system_prompt": "Read the file you are given.",
            },
        )
        for i, (f, key) in enumerate(targets)
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
        for i, (f, _) in enumerate(targets)
    ]
    pad = [ScriptTurn(content="Preparing helpers.", tool_calls=creates), ScriptTurn(content="", tool_calls=runs)]
    return {**trajectory, where: [*pad, *trajectory[where]]}


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


def wrap_worker(name: str, api: ModelAPI, grant: Sequence[str], tools: Sequence[str], workspace: str) -> ModelAPI:
    """The worker backend baseline ``name`` runs: throwaway calls first for the throwaway baselines."""
    if name in THROWAWAY:
        return ThrowawayFirst(api, grant=grant, tools=tools, workspace=workspace)
    return api
