"""Trajectory files: the scripted turns a ``scripted`` provider (or the oracle) replays.

A trajectory is a JSON object mapping a key to a list of assistant turns. For a manager
the key is a round id; for a pool entry it is a subagent name; ``"*"`` is the fallback
for any key not listed. A key may name its scenario, ``"<scenario_id>/<round id or
name>"`` (and ``"<scenario_id>/*"``), so one trajectory spans scenarios that reuse round ids
(the earlier release's all use ``q1``…``q6``); the scenario's own key wins over the plain one.
Each turn is ``{"content": str, "tool_calls": [{"name", "arguments"}], "bind": {...}}``;
a turn without tool calls ends the round (or the session). ``bind`` reads values out of
what the agent was told (tool results, subagent replies, task notifications) before the
turn is played; a turn whose values are not there yet waits (the agent polls
ListSubagents) until they arrive or the wait limit passes. Errors name the file, the key
and the turn index so a broken solution is quick to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_tui.errors import ConfigError, parse_json_input, read_input_file

WILDCARD = "*"


class TrajectoryError(ConfigError):
    """A trajectory file that cannot be replayed."""


class ScriptToolCall(BaseModel):
    """One tool call in a scripted turn; ``id`` is generated when absent."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    arguments: dict[str, Any] = Field(default_factory=dict)
    id: str | None = None


class ScriptTurn(BaseModel):
    """One assistant turn to replay."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    content: str = ""
    tool_calls: list[ScriptToolCall] = Field(default_factory=list)
    # NAME -> {"re": pattern with one group, "as": kind} read from the tool results and
    # notifications received so far, or {"calc": ..., "args": [...]}; used as ${var:NAME}.
    bind: dict[str, dict[str, Any]] = Field(default_factory=dict)


Trajectory = dict[str, list[ScriptTurn]]


def parse_trajectory(data: Any, source: str) -> Trajectory:
    """Validate already-parsed JSON; ``source`` names it in errors."""
    if not isinstance(data, dict):
        raise TrajectoryError(
            f"trajectory {source}: must be a JSON object mapping a round id or subagent "
            'name (or "*") to a list of turns'
        )
    out: Trajectory = {}
    for key, turns in data.items():
        if not isinstance(turns, list):
            raise TrajectoryError(f"trajectory {source}: {key}: must be a list of turns")
        parsed: list[ScriptTurn] = []
        for index, turn in enumerate(turns):
            try:
                parsed.append(ScriptTurn.model_validate(turn))
            except ValidationError as exc:
                err = exc.errors()[0]
                where = ".".join(str(p) for p in err["loc"])
                detail = f"{where}: {err['msg'].lower()}" if where else err["msg"].lower()
                raise TrajectoryError(
                    f"trajectory {source}: {key}: turn {index}: {detail}",
                    fix='a turn is {"content": "...", "tool_calls": [{"name": ..., "arguments": {...}}]}',
                ) from None
        out[str(key)] = parsed
    return out


def load_trajectory(path: str | Path) -> Trajectory:
    """Read and validate a trajectory file."""
    p = Path(path)
    data = parse_json_input(read_input_file(p, "trajectory", TrajectoryError), f"trajectory {p}", TrajectoryError)
    return parse_trajectory(data, str(p))


def resolve_script_path(script: str, base_dir: str | None) -> Path:
    """A ``script`` path from the model JSON: relative to that JSON file, else the cwd."""
    p = Path(script).expanduser()
    if p.is_absolute():
        return p
    if base_dir is not None and (Path(base_dir) / p).exists():
        return Path(base_dir) / p
    return Path.cwd() / p


def turns_for(trajectory: Mapping[str, list[ScriptTurn]], key: str, scenario_id: str | None = None) -> list[ScriptTurn]:
    """The turns for ``key`` (round id or subagent name): ``<scenario>/<key>``, ``<key>``,
    ``<scenario>/*``, ``*``, the first one present; else none."""
    scoped = [f"{scenario_id}/{key}"] if scenario_id else []
    fallback = [f"{scenario_id}/{WILDCARD}"] if scenario_id else []
    for candidate in (*scoped, key, *fallback, WILDCARD):
        if candidate in trajectory:
            return list(trajectory[candidate])
    return []
