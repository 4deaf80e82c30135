"""Hand-built event sequences for the TUI tests and the TUI benchmark."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arena_tui import events as ev

RUN = "7f3a9c01"
SID = "s_ab_test"
T0 = 1_700_000_000.0  # 22:13:20 UTC
CHART = "sub_c0ffee01"
SLICER = "sub_5l1ce000"


class _Seq:
    """Stamps seq and ts like the EventBus would, one second of event time apart."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self, cls: type[ev.E], dt: float = 1.0, **fields: Any) -> ev.E:
        self.n += 1
        fields.setdefault("scenario_id", SID)
        return cls(run_id=RUN, seq=self.n, ts=T0 + self.n * dt, **fields)


def sample_run() -> list[ev.Event]:
    """One scenario mid-way: round q1 passed, q2 failed, q3 running, with two subagents."""
    e = _Seq()
    out: list[ev.Event] = [
        e(ev.RunStarted, dataset="clawarena-team", scenario_ids=[SID, "s_other"], scenario_id=None,
          round_ids={SID: ["q1", "q2", "q3", "q4"], "s_other": ["r1", "r2"]}, manager="gpt-5.4",
          pool={"llm": "gemma-4-31b", "vlm": "gemma-4-e4b", "omni": "gemma-4-e4b"}, simulated=["omni"],
          settings={"main_token_limit": 200_000}),
        e(ev.ScenarioStarted, round_ids=["q1", "q2", "q3", "q4"]),
        e(ev.RoundStarted, round_id="q1", index=0, question="How many rows?"),
        e(ev.ModelRequest, agent_id="main", request_id="r1", model_key="main", model_name="gpt-5.4"),
        e(ev.ModelResponse, agent_id="main", request_id="r1", model_key="main", model_name="gpt-5.4",
          usage=ev.Usage(prompt_tokens=30_000, completion_tokens=1_000, total_tokens=31_000), cost_usd=0.25),
        e(ev.ToolCalled, agent_id="main", call_id="c1", tool="CreateSubagent",
          arguments={"name": "chart-reader", "model_key": "vlm", "tools": ["Read", "Grep"]}),
        e(ev.SubagentCreated, agent_id="main", subagent_id=CHART, name="chart-reader", model_key="vlm",
          tools=["Read", "Grep"], accessible_paths=["analytics/"],
          reachable_files=["analytics/conv.png", "analytics/a.csv", "analytics/b.csv", "analytics/c.csv"]),
        e(ev.ToolResult, agent_id="main", call_id="c1", tool="CreateSubagent", output=f"created {CHART}",
          duration_ms=3),
        e(ev.ToolCalled, agent_id="main", call_id="c2", tool="RunSubagent",
          arguments={"subagent_id": CHART, "prompt": "read the chart", "background": True}),
        e(ev.SubagentRunStarted, agent_id="main", subagent_id=CHART, mode="background", continued=False,
          session_id="sess1a2b3c", task_id="t1"),
        e(ev.ToolResult, agent_id="main", call_id="c2", tool="RunSubagent", output="started t1", duration_ms=1),
        e(ev.ToolCalled, agent_id=CHART, session_id="sess1a2b3c", call_id="c3", tool="Read",
          arguments={"file_path": "analytics/conv.png"}),
        e(ev.ToolResult, agent_id=CHART, session_id="sess1a2b3c", call_id="c3", tool="Read", output="[image]",
          duration_ms=12, files=[ev.FileTouch(path="analytics/conv.png", op="read", modality="image")]),
        e(ev.ToolCalled, agent_id=CHART, session_id="sess1a2b3c", call_id="c4", tool="Read",
          arguments={"file_path": "hr/pii/roster.csv"}),
        e(ev.ForbiddenAccess, agent_id=CHART, session_id="sess1a2b3c", tool="Read", path="hr/pii/roster.csv",
          reason="path_outside_scope", call_id="c4"),
        e(ev.ToolResult, agent_id=CHART, session_id="sess1a2b3c", call_id="c4", tool="Read", forbidden=True,
          is_error=True, output="refused: outside the granted paths", duration_ms=0),
        e(ev.SubagentRunFinished, agent_id=CHART, subagent_id=CHART, status="completed", result="42", turns=3),
        e(ev.NotificationDelivered, agent_id="main", task_id="t1", task_kind="subagent", status="completed",
          body="chart-reader finished: [bold]42[/bold]"),
        e(ev.CheckFinished, round_id="q1", command="python check.py", exit_code=0, expect_exit=0, passed=True),
        e(ev.RoundScored, round_id="q1", passed=True),
        e(ev.RoundFinished, round_id="q1", status="completed"),
        e(ev.RoundStarted, round_id="q2", index=1, question="And per region?"),
        e(ev.ToolCalled, agent_id="main", call_id="c5", tool="Read", arguments={"file_path": "../etc/passwd"}),
        e(ev.ForbiddenAccess, agent_id="main", tool="Read", path="../etc/passwd", reason="path_outside_scope",
          call_id="c5"),
        e(ev.ToolResult, agent_id="main", call_id="c5", tool="Read", forbidden=True, is_error=True,
          output="refused", duration_ms=0),
        e(ev.ToolCalled, agent_id="main", call_id="c6", tool="CreateSubagent",
          arguments={"name": "slicer-us", "model_key": "llm", "tools": ["Read", "Bash", "Write"]}),
        e(ev.SubagentCreated, agent_id="main", subagent_id=SLICER, name="slicer-us", model_key="llm",
          tools=["Read", "Bash", "Write"], accessible_paths=["sales/us/"], reachable_files=["sales/us/q.csv"]),
        e(ev.ToolResult, agent_id="main", call_id="c6", tool="CreateSubagent", output="ok", duration_ms=2),
        e(ev.SubagentRunStarted, agent_id="main", subagent_id=SLICER, mode="foreground", continued=False,
          session_id="sessffee01"),
        e(ev.ToolCalled, agent_id=SLICER, session_id="sessffee01", call_id="c7", tool="Bash",
          arguments={"command": "python tools/tally.py [red]x[/red]"}),
        e(ev.ToolResult, agent_id=SLICER, session_id="sessffee01", call_id="c7", tool="Bash", output="exit 0\n17",
          duration_ms=210, files=[ev.FileTouch(path="sales/us/q.csv", op="read")]),
        e(ev.SubagentRunFinished, agent_id=SLICER, subagent_id=SLICER, status="completed", result="17"),
        e(ev.ReminderDelivered, agent_id="main", reminder="context_usage", body="context 16% used"),
        e(ev.CheckFinished, round_id="q2", command="python check.py", exit_code=1, expect_exit=0, passed=False),
        e(ev.RoundScored, round_id="q2", passed=False, feedback="wrong total"),
        e(ev.RoundFinished, round_id="q2", status="completed"),
        e(ev.RoundStarted, round_id="q3", index=2, question="Now the EU slice?"),
        e(ev.ModelRequest, agent_id="main", request_id="r2", model_key="main", model_name="gpt-5.4"),
        e(ev.ModelResponse, agent_id="main", request_id="r2", model_key="main", model_name="gpt-5.4",
          usage=ev.Usage(prompt_tokens=40_000, completion_tokens=1_500, total_tokens=41_500), cost_usd=0.16),
        e(ev.ModelResponse, agent_id=CHART, request_id="r3", model_key="vlm", model_name="gemma-4-e4b",
          usage=ev.Usage(prompt_tokens=9_000, completion_tokens=500, total_tokens=9_500)),
        e(ev.ToolCalled, agent_id="main", call_id="c8", tool="Grep", arguments={"pattern": "EU", "path": "sales/"}),
    ]  # fmt: skip
    return out


def synthetic_run(n_events: int, rounds_per_scenario: int = 6) -> Iterator[ev.Event]:
    """A long plausible run (tool calls by main and subagents, rounds, forbidden hits) of ``n_events``."""
    e = _Seq()
    scenarios = [f"s_{i:03d}" for i in range(max(1, n_events // 20_000 + 1))]
    rounds = {s: [f"q{j}" for j in range(rounds_per_scenario)] for s in scenarios}
    yield e(ev.RunStarted, scenario_id=None, dataset="synthetic", scenario_ids=scenarios, round_ids=rounds,
            manager="gpt-5.4", pool={"llm": "gemma-4-31b"}, dt=0.01)  # fmt: skip
    produced, per_scenario = 1, max(50, n_events // len(scenarios))
    for sid in scenarios:
        yield e(ev.ScenarioStarted, scenario_id=sid, round_ids=rounds[sid], dt=0.01)
        produced += 1
        per_round = max(20, per_scenario // rounds_per_scenario)
        for j, rid in enumerate(rounds[sid]):
            yield e(ev.RoundStarted, scenario_id=sid, round_id=rid, index=j, question="?", dt=0.01)
            sub = f"sub_{sid[-3:]}{j:04d}"
            yield e(ev.SubagentCreated, scenario_id=sid, agent_id="main", subagent_id=sub, name=f"worker-{j}",
                    model_key="llm", tools=["Read", "Grep"], accessible_paths=["data/"],
                    reachable_files=[f"data/{k}.csv" for k in range(8)], dt=0.01)  # fmt: skip
            produced += 2
            k = 0
            while k < per_round and produced < n_events - 2:
                agent = sub if k % 3 else "main"
                call = f"c{produced}"
                yield e(ev.ToolCalled, scenario_id=sid, agent_id=agent, call_id=call, tool="Read",
                        arguments={"file_path": f"data/{k % 8}.csv"}, dt=0.01)  # fmt: skip
                bad = k % 97 == 0
                if bad:
                    yield e(ev.ForbiddenAccess, scenario_id=sid, agent_id=agent, tool="Read", path="/etc/passwd",
                            reason="path_outside_scope", call_id=call, dt=0.01)  # fmt: skip
                yield e(ev.ToolResult, scenario_id=sid, agent_id=agent, call_id=call, tool="Read", forbidden=bad,
                        output="a,b\n1,2", duration_ms=3.0,
                        files=[] if bad else [ev.FileTouch(path=f"data/{k % 8}.csv", op="read")], dt=0.01)  # fmt: skip
                produced += 3 if bad else 2
                k += 2
            yield e(ev.RoundScored, scenario_id=sid, round_id=rid, passed=j % 3 != 2, dt=0.01)
            produced += 1
            if produced >= n_events:
                return


WS = "/runs/out/s_ab_test/workspace"
OTHER = "s_other"


def workspace_run() -> list[ev.Event]:
    """A round whose calls use absolute workspace paths, as real tools receive them."""
    e = _Seq()
    return [
        e(ev.RunStarted, dataset="d", scenario_ids=[SID], scenario_id=None, round_ids={SID: ["q1"]},
          manager="gpt-5.4", pool={"llm": "gemma-4-31b"}),
        e(ev.ScenarioStarted, round_ids=["q1"]),
        e(ev.RoundStarted, round_id="q1", index=0, question=f"Read {WS}/requests/brief.md first."),
        e(ev.ToolCalled, agent_id="main", call_id="w1", tool="Read",
          arguments={"file_path": f"{WS}/logger_exports/deep/folder/fr3_2026-03-14_minute_export.csv"}),
        e(ev.ToolResult, agent_id="main", call_id="w1", tool="Read", output=f"{WS}/a.csv\n{WS}/b.csv",
          duration_ms=1),
        e(ev.ToolCalled, agent_id="main", call_id="w2", tool="Bash",
          arguments={"command": f"python3 {WS}/tools/excursion_minutes.py {WS}/logger_exports/"}),
        e(ev.ToolCalled, agent_id="main", call_id="w3", tool="Read", arguments={"file_path": "/etc/passwd"}),
    ]  # fmt: skip


def concurrent_run() -> list[ev.Event]:
    """Two scenarios at once (``-c 2``), each with its own subagent."""
    e = _Seq()
    return [
        e(ev.RunStarted, dataset="d", scenario_ids=[SID, OTHER], scenario_id=None,
          round_ids={SID: ["q1", "q2"], OTHER: ["r1", "r2", "r3"]}, manager="gpt-5.4", pool={"llm": "m"}),
        e(ev.ScenarioStarted, round_ids=["q1", "q2"]),
        e(ev.ScenarioStarted, scenario_id=OTHER, round_ids=["r1", "r2", "r3"]),
        e(ev.RoundStarted, round_id="q1", index=0, question="A?"),
        e(ev.RoundStarted, scenario_id=OTHER, round_id="r2", index=1, question="B?"),
        e(ev.SubagentCreated, agent_id="main", subagent_id=CHART, name="chart-reader", model_key="vlm",
          tools=["Read"], accessible_paths=["a/"], reachable_files=["a/x"]),
        e(ev.SubagentCreated, scenario_id=OTHER, agent_id="main", subagent_id=SLICER, name="slicer",
          model_key="llm", tools=["Read"], accessible_paths=["b/"], reachable_files=["b/y"]),
    ]  # fmt: skip


def long_run_start(scenarios: int = 43, rounds: int = 6, passed: int = 3) -> list[ev.Event]:
    """A big benchmark (``scenarios`` × ``rounds`` rounds) whose first ``passed`` rounds passed."""
    e = _Seq()
    ids = [f"s_{i:03d}" for i in range(scenarios)]
    rids = [f"q{i + 1}" for i in range(rounds)]
    out: list[ev.Event] = [
        e(ev.RunStarted, dataset="d", scenario_ids=ids, scenario_id=None, round_ids={s: rids for s in ids},
          manager="oracle", pool={"llm": "sim"}),
        e(ev.ScenarioStarted, scenario_id=ids[0], round_ids=rids),
    ]  # fmt: skip
    for i in range(passed):
        out.append(e(ev.RoundStarted, scenario_id=ids[0], round_id=rids[i], index=i, question="?"))
        out.append(e(ev.RoundScored, scenario_id=ids[0], round_id=rids[i], passed=True))
    if passed < rounds:
        out.append(e(ev.RoundStarted, scenario_id=ids[0], round_id=rids[passed], index=passed, question="next?"))
    else:
        out.append(e(ev.ScenarioFinished, scenario_id=ids[0], status="completed"))
    return out
