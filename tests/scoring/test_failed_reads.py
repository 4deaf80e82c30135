"""Failed Reads of documents in the compat profile follow the earlier release's tools/basic.py.

Its Read marks itself used (``ctx.tools_used.add``) and the file read (``read_tracker``) once the
file is found in scope, before the PDF/DOCX/XLSX parser runs; a parse failure is then an error
result. So its TPS counts Read as used and its WPS counts the file; a Read of a file that is not
there (or outside the grant) counts neither. The arena figures do not change.
"""

from __future__ import annotations

from typing import Any

from arena_tui import events as ev
from arena_tui.scoring.compat import scenario_metrics
from arena_tui.scoring.fold import score_events

R = "run-reads"


def _f(agent: str = "main", session: str | None = None) -> dict[str, Any]:
    return {"run_id": R, "scenario_id": "s1", "agent_id": agent, "session_id": session}


def _log(*results: ev.ToolResult) -> list[ev.Event]:
    out: list[ev.Event] = [
        ev.RunStarted(run_id=R, dataset="d", scenario_ids=["s1"], round_ids={"s1": ["q1"]}, manager="m", pool={}),
        ev.ScenarioStarted(**_f(), round_ids=["q1"], delegation_rounds=["q1"]),
        ev.RoundStarted(**_f(), round_id="q1", index=0, question="q"),
        ev.SubagentCreated(
            **_f(),
            subagent_id="sub_a",
            name="reader",
            model_key="llm",
            tools=["Read"],
            accessible_paths=["g"],
            reachable_files=["g/memo.docx", "g/notes.txt"],
        ),
        ev.SubagentRunStarted(**_f("sub_a", "sa"), subagent_id="sub_a", mode="foreground", continued=False),
    ]
    for i, result in enumerate(results):
        out.append(ev.ToolCalled(**_f("sub_a", "sa"), call_id=result.call_id, tool="Read", arguments={"n": i}))
        out.append(result)
    out += [
        ev.RoundScored(**_f(), round_id="q1", passed=True),
        ev.ScenarioFinished(**_f(), status="completed"),
        ev.RunFinished(run_id=R, status="completed"),
    ]
    return out


def _result(call_id: str, **fields: Any) -> ev.ToolResult:
    return ev.ToolResult(**_f("sub_a", "sa"), call_id=call_id, tool="Read", **fields)


def test_a_document_that_does_not_parse_counts_as_read_in_compat_only() -> None:
    touch = ev.FileTouch(path="g/memo.docx", op="read", modality="document")
    scores = score_events(_log(_result("r1", is_error=True, files=[touch])))
    m = scenario_metrics(scores.scenarios["s1"])
    assert m["tool_permission_score"] == 1.0  # Read counted as used, as tools/basic.py did
    assert m["workspace_permission_score"] == 0.5  # 1 of 2 reachable files handled
    sub = scores.scenarios["s1"].subagents["sub_a"]
    assert sub.touched == set() and sub.modalities_read == set()  # the arena figures see no read


def test_a_read_that_never_found_its_file_counts_nothing() -> None:
    scores = score_events(_log(_result("r1", is_error=True)))
    m = scenario_metrics(scores.scenarios["s1"])
    assert m["tool_permission_score"] == 0.0 and m["workspace_permission_score"] == 0.0
