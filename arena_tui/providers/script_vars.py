"""Placeholders inside scripted tool-call arguments, resolved when the call is made.

A script is written before the run, so it cannot know the workspace path or the ids the
runner will mint. ``${workspace}``, ``${subagent:NAME}`` and ``${session:NAME}`` are
filled in through a :class:`ScriptVars` the agent layer supplies. A placeholder with no
value yet is left as written, so the tool reports it instead of the script guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol

_PLACEHOLDER = re.compile(r"\$\{(workspace|subagent:[^}]+|session:[^}]+)\}")


class ScriptVars(Protocol):
    """What a script may refer to; the agent layer implements this over its registry."""

    @property
    def workspace(self) -> str: ...

    def subagent_id(self, name: str) -> str | None:
        """Id of the most recently created subagent called ``name``."""
        ...

    def session_id(self, name: str) -> str | None:
        """That subagent's most recent session id."""
        ...


@dataclass
class StaticScriptVars:
    """A fixed :class:`ScriptVars` for tests and for scripts that only need the workspace."""

    workspace: str = ""
    subagents: dict[str, str] = field(default_factory=dict)
    sessions: dict[str, str] = field(default_factory=dict)

    def subagent_id(self, name: str) -> str | None:
        return self.subagents.get(name)

    def session_id(self, name: str) -> str | None:
        return self.sessions.get(name)


def substitute(value: Any, script_vars: ScriptVars | None) -> Any:
    """Replace placeholders in every string inside ``value`` (dicts and lists recursively)."""
    if script_vars is None:
        return value
    if isinstance(value, str):
        return _PLACEHOLDER.sub(lambda m: _lookup(m, script_vars), value)
    if isinstance(value, dict):
        return {k: substitute(v, script_vars) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, script_vars) for v in value]
    return value


def _lookup(match: re.Match[str], script_vars: ScriptVars) -> str:
    token = match.group(1)
    if token == "workspace":
        return script_vars.workspace
    kind, name = token.split(":", 1)
    found = script_vars.subagent_id(name) if kind == "subagent" else script_vars.session_id(name)
    return found if found is not None else match.group(0)
