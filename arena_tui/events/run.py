"""The run as the runner drives it: run, scenario and round lifecycle, updates, checks and verdicts."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from arena_tui.events.base import (
    EventBase,
    UpdateFile,
)
from arena_tui.vocabulary import Need

# --- run and scenario lifecycle -------------------------------------------------------


class RunStarted(EventBase):
    kind: Literal["run_started"] = "run_started"
    dataset: str
    scenario_ids: list[str]
    # Round ids of every selected scenario, so scenarios that never finish still count as failed.
    round_ids: dict[str, list[str]] = Field(default_factory=dict)
    manager: str
    pool: dict[str, str]
    simulated: list[str] = Field(default_factory=list)
    sandbox_mode: str = "bwrap"
    settings: dict[str, Any] = Field(default_factory=dict)
    # Process id of the program writing the run, so a watcher can tell a stopped writer.
    writer_pid: int | None = None
    # How the scenarios were chosen (tests file, -t ids, retries), so `resume` reuses it.
    selection: dict[str, Any] = Field(default_factory=dict)
    model_json: dict[str, Any] = Field(default_factory=dict)  # without keys, for resume (runner/stored_model.py)


class RunFinished(EventBase):
    kind: Literal["run_finished"] = "run_finished"
    status: Literal["completed", "interrupted", "failed"]
    reason: str = ""


class ScenarioStarted(EventBase):
    kind: Literal["scenario_started"] = "scenario_started"
    round_ids: list[str]
    delegation_rounds: list[str] = Field(default_factory=list)  # marked needs_delegation: the metrics' room
    needs: dict[str, list[Need]] = Field(default_factory=dict)  # needs.json per round: what grants are judged against
    attempt: int = 1
    workspace: str = ""
    epoch: int = 1  # which of `run --epochs K` independent sessions; `attempt` counts on across epochs


class ScenarioFinished(EventBase):
    kind: Literal["scenario_finished"] = "scenario_finished"
    status: Literal["completed", "failed", "crashed", "interrupted", "unfinished"]
    reason: str = ""


class RoundStarted(EventBase):
    kind: Literal["round_started"] = "round_started"
    round_id: str
    index: int
    question: str
    update_ids: list[str] = Field(default_factory=list)


class RoundFinished(EventBase):
    kind: Literal["round_finished"] = "round_finished"
    round_id: str
    status: Literal["completed", "agent_stopped", "timed_out", "crashed", "skipped", "unavailable"]
    reason: str = ""
    truncated: int = 0
    """Replies of this round cut off by the model's output limit (``finish_reason: length``)."""


class UpdateApplied(EventBase):
    kind: Literal["update_applied"] = "update_applied"
    round_id: str
    update_id: str
    op: Literal["new", "replace"]
    files: list[UpdateFile]
    refused: list[str] = Field(default_factory=list)
    """Destinations not written because an agent had put a symbolic link on the way."""


# --- grading --------------------------------------------------------------------------


class CheckFinished(EventBase):
    kind: Literal["check_finished"] = "check_finished"
    round_id: str
    command: str
    exit_code: int
    expect_exit: int
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    duration_ms: float = 0.0
    passed: bool


class RoundScored(EventBase):
    kind: Literal["round_scored"] = "round_scored"
    round_id: str
    passed: bool
    reason: str = ""
    feedback: str = ""
