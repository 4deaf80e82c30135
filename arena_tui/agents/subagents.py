"""Subagents of one scenario: creation with validation, grants, reachable files, sessions.

``CreateSubagent`` and a workflow's ``defineAgent`` both come through :meth:`SubagentRegistry.create`,
so both are validated and scored the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, cast

from arena_tui import events as ev
from arena_tui import ids
from arena_tui.agents.session import AgentSession
from arena_tui.origin import Origin
from arena_tui.sandbox.scope import ForbiddenError, Refusal, ScopeGuard
from arena_tui.tools.base import ToolError
from arena_tui.tools.host import SubagentSpec
from arena_tui.vocabulary import BASIC_TOOLS, ModelKey

Via = Literal["CreateSubagent", "Workflow"]


@dataclass
class Subagent:
    subagent_id: str
    name: str
    model_key: ModelKey
    tools: list[str]
    grant: list[str]
    """Workspace-relative granted paths, as recorded in events."""
    system_prompt: str
    scope: ScopeGuard
    via: Via
    reachable: set[str] = field(default_factory=set)
    sessions: dict[str, AgentSession] = field(default_factory=dict)
    running: set[str] = field(default_factory=set)
    last_session: str | None = None


def files_under(scope: ScopeGuard) -> set[str]:
    """Every regular file under the scope's roots, workspace-relative (the WPP denominator)."""
    out: set[str] = set()
    for root in scope.read_roots:
        if os.path.isfile(root):
            out.add(scope.relative(root))
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                out.add(scope.relative(os.path.join(dirpath, name)))
    return out


class SubagentRegistry:
    """Every subagent created in one scenario, by id, with name lookup for scripts."""

    def __init__(
        self, main_scope: ScopeGuard, pool_keys: Sequence[str], emit: Callable[[ev.Event], object], origin: Origin
    ) -> None:
        self.main_scope = main_scope
        self.pool_keys = list(pool_keys)
        self.emit = emit
        self.origin = origin
        """The manager's origin: subagents are created by it."""
        self.by_id: dict[str, Subagent] = {}
        self.by_name: dict[str, str] = {}

    def create(self, spec: SubagentSpec) -> Subagent:
        """Validate and register a subagent.

        Raises:
            ToolError: a plain mistake (unknown model key or tool, empty name).
            ForbiddenError: a grant path outside accessible ∪ delegable (counted for main).
        """
        name, model_key, tools, via = spec.name, spec.model_key, spec.tools, spec.via
        if not name.strip():
            raise ToolError("CreateSubagent: name must not be empty")
        if model_key not in self.pool_keys:
            raise ToolError(
                f"CreateSubagent: model_key '{model_key}' is not in the pool; use one of {', '.join(self.pool_keys)}"
            )
        unknown = [t for t in tools if t not in BASIC_TOOLS]
        if unknown:
            allowed = ", ".join(BASIC_TOOLS)
            refused = ", ".join(unknown)
            raise ToolError(f"CreateSubagent: subagents can only get the basic tools {allowed}; not {refused}")
        grant_rel, refusals = self._grant(spec.accessible_paths)
        if refusals:
            raise ForbiddenError(refusals)
        scope = ScopeGuard.for_subagent(self.main_scope.workspace, grant_rel)
        writable = {"Write", "Edit"} & set(tools)
        if not writable:
            scope = ScopeGuard(scope.workspace, scope.read_roots, (), ())
        sub = Subagent(
            subagent_id=ids.subagent_id(),
            name=name,
            model_key=cast(ModelKey, model_key),
            tools=list(dict.fromkeys(tools)),
            grant=grant_rel,
            system_prompt=spec.system_prompt,
            scope=scope,
            via=via,
        )
        sub.reachable = files_under(scope)
        self.by_id[sub.subagent_id] = sub
        self.by_name[name] = sub.subagent_id
        self.emit(
            ev.SubagentCreated(
                **self.origin.fields(),
                subagent_id=sub.subagent_id,
                name=name,
                model_key=sub.model_key,
                tools=sub.tools,
                accessible_paths=grant_rel,
                reachable_files=sorted(sub.reachable),
                via=via,
                system_prompt=spec.system_prompt,
            )
        )
        return sub

    def _grant(self, paths: Sequence[str]) -> tuple[list[str], list[Refusal]]:
        workspace = self.main_scope.workspace
        out: list[str] = []
        refusals: list[Refusal] = []
        for path in paths:
            absolute = path if os.path.isabs(path) else os.path.join(workspace, path)
            if not self.main_scope.can_grant(absolute):
                refusals.append(Refusal(path, "path_outside_scope"))
                continue
            rel = self.main_scope.relative(os.path.realpath(absolute))
            if rel not in out:
                out.append(rel)
        return out, refusals

    def all(self) -> list[Subagent]:
        return list(self.by_id.values())

    def grow(self, added_files: Sequence[str]) -> None:
        """Files an update added: each subagent whose grant covers them gets them in its denominator."""
        for sub in self.by_id.values():
            new = sorted(
                f
                for f in added_files
                if f not in sub.reachable and sub.scope.contains(os.path.realpath(Path(sub.scope.workspace) / f))
            )
            if new:
                sub.reachable.update(new)
                self.emit(ev.SubagentScopeGrown(**self.origin.fields(), subagent_id=sub.subagent_id, added_files=new))

    def get(self, subagent_id: str) -> Subagent:
        sub = self.by_id.get(subagent_id)
        if sub is None:
            known = ", ".join(f"{s.subagent_id} ({s.name})" for s in self.by_id.values()) or "none yet"
            raise ToolError(f"unknown subagent_id '{subagent_id}'; known: {known}")
        return sub

    def session(self, session_id: str) -> tuple[Subagent, AgentSession]:
        for sub in self.by_id.values():
            if session_id in sub.sessions:
                return sub, sub.sessions[session_id]
        raise ToolError(f"unknown session_id '{session_id}' (ListSubagents shows the sessions)")
