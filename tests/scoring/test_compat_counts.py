"""The earlier release's counters live in their own accumulator beside the fold, with the same output.

The golden reports were written before the counters moved out of the fold; both profiles'
``report.json`` and ``report.md`` must stay byte for byte what they were.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.scoring import score_events
from arena_tui.scoring.compat_counts import ScenarioCompat, count_compat
from tests.scoring.compat_golden import GOLDEN, PROFILES, golden_name, render
from tests.scoring.compat_log import compat_events


@pytest.mark.parametrize("profile", PROFILES)
def test_reports_are_byte_identical_to_the_golden_ones(tmp_path: Path, profile: str) -> None:
    for name, data in render(tmp_path / "run", profile).items():
        expected = (GOLDEN / golden_name(profile, name)).read_bytes()
        assert data == expected, f"{profile} {name} changed (see tests/scoring/compat_golden.py)"


def test_the_fold_feeds_each_attempt_its_own_counters() -> None:
    scores = score_events(compat_events())
    s1 = scores.scenarios["s1"].compat
    assert s1.maf == 1 and s1.soc == 1
    assert s1.subagents["sub_a"].accessed == {"g/f1", "g/f2", "g/new.md"}
    # A retry starts the scenario over: the earlier attempt's counters stop counting.
    retry = ev.ScenarioStarted(run_id="r", scenario_id="s1", round_ids=["q1"], attempt=2)
    again = score_events([*compat_events(), retry]).scenarios["s1"].compat
    assert again == ScenarioCompat()


def test_counters_count_only_what_the_earlier_release_counted() -> None:
    compat = ScenarioCompat()
    created = ev.SubagentCreated(
        run_id="r", scenario_id="s", subagent_id="sub_x", name="x", model_key="llm",
        tools=["Read", "Bash"], accessible_paths=["a"], reachable_files=["a/1", "a/2"],
    )  # fmt: skip
    count_compat(compat, created, None)
    refusals = [
        ev.ForbiddenAccess(run_id="r", agent_id="sub_x", tool="Read", path="b", reason="path_outside_scope"),
        ev.ForbiddenAccess(run_id="r", agent_id="sub_x", tool="Bash", path="b", reason="path_outside_scope"),
        ev.ForbiddenAccess(run_id="r", agent_id=ev.MAIN_AGENT, tool="Read", path="b", reason="path_outside_scope"),
    ]
    for refusal in refusals:
        count_compat(compat, refusal, None)
    bash = ev.ToolResult(
        run_id="r", agent_id="sub_x", call_id="c", tool="Bash", files=[ev.FileTouch(path="a/1", op="bash")]
    )
    count_compat(compat, bash, None)
    sub = compat.subagents["sub_x"]
    assert (compat.maf, sub.forbidden, sub.reachable_at_creation) == (1, 1, 2)
    assert sub.tools_done == {"Bash"} and sub.accessed == set(), "a path a Bash command named is not a file handled"
