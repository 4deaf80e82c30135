"""Who an event comes from: the one identity type stamped on every event.

An :class:`Origin` is built once where an identity begins (a run, a scenario, an agent
session) and narrowed with :meth:`Origin.at`; events take its fields through
:meth:`Origin.fields`, a typed mapping that mypy checks against each event's constructor.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypedDict


class OriginFields(TypedDict):
    """The identity fields of one event, as keyword arguments."""

    run_id: str
    scenario_id: str | None
    agent_id: str | None
    session_id: str | None


@dataclass(frozen=True)
class Origin:
    """Run, scenario, agent and session an event belongs to."""

    run_id: str = ""
    scenario_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None

    def at(self, agent_id: str | None, session_id: str | None = None) -> Origin:
        """The same run and scenario, seen from ``agent_id``'s ``session_id``."""
        return replace(self, agent_id=agent_id, session_id=session_id)

    def fields(self) -> OriginFields:
        return {
            "run_id": self.run_id,
            "scenario_id": self.scenario_id,
            "agent_id": self.agent_id,
            "session_id": self.session_id,
        }
