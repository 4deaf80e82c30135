"""Transcripts of a scripted run, read the way the old release's check scripts read them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from arena_tui.agents.transcripts import TranscriptWriter
from tests.agents.conftest import MakeHarness
from tests.agents.harness import SCENARIO, Script, call, turn

# --- the old checks' way of reading (kept deliberately naive) -------------------------


def load_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def tool_calls(path: Path) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for line in load_lines(path):
        if line.get("type") == "system_meta":
            continue
        if line.get("role") != "assistant":
            continue
        for tc in line.get("tool_calls") or []:
            out.append((tc["name"], tc["arguments"]))
    return out


def subagent_files(sessions: Path) -> dict[str, Path]:
    """owner ("<subagent_id>:<session_id>") → file, from line 1 of every sub_*.jsonl."""
    owners = {}
    for path in sorted(sessions.glob("sub_*.jsonl")):
        meta = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        assert meta["type"] == "system_meta"
        owners[meta["owner"]] = path
    return owners


# --- the test -------------------------------------------------------------------------


async def test_old_style_checks_read_the_transcripts(harness: MakeHarness, tmp_path: Path) -> None:
    h = harness(
        {
            "r1": [
                turn(
                    "",
                    call(
                        "CreateSubagent",
                        name="scout",
                        system_prompt="Read notes.",
                        model_key="llm",
                        tools=["Read"],
                        accessible_paths=["${workspace}/deleg"],
                    ),
                ),
                turn(
                    "",
                    call(
                        "RunSubagent",
                        subagent_id="${subagent:scout}",
                        description="bg",
                        prompt="read the notes",
                        run_in_background=True,
                    ),
                ),
                turn("started"),
            ],
            "r2": [
                turn(
                    "",
                    call(
                        "RunSubagent",
                        subagent_id="${subagent:scout}",
                        description="again",
                        prompt="and once more",
                        session_id="${session:scout}",
                    ),
                ),
                turn("final"),
            ],
        },
        {
            "scout": Script(
                [
                    turn("", call("Read", file_path="${workspace}/deleg/notes.txt")),
                    turn("PELICAN"),
                    turn("still PELICAN"),
                ],
                delay=0.02,  # so round 1's background run cannot finish inside round 1
            )
        },
    )
    out = tmp_path / "out" / "sessions"
    writer = TranscriptWriter(SCENARIO, out)
    h.bus.subscribe(writer)

    await h.ask("first", "r1")
    assert await h.runtime.wait_background(5.0)
    writer.flush(copy_to=h.ws / "sessions")
    await h.ask("second", "r2")
    assert await h.runtime.wait_background(5.0)
    writer.flush(copy_to=h.ws / "sessions")

    main = out / "main.jsonl"
    lines = load_lines(main)
    assert lines[0] == {"type": "system_meta", "owner": "main"}
    calls = tool_calls(main)
    assert [name for name, _ in calls] == ["CreateSubagent", "RunSubagent", "RunSubagent"]
    create, bg_run, fg_run = (args for _, args in calls)
    assert create["accessible_paths"] == [h.p("deleg")]
    assert bg_run["run_in_background"] is True and "session_id" not in bg_run
    session_id = fg_run["session_id"]
    assert re.fullmatch(r"sess_[0-9a-f]{8}", session_id)

    sub_id = next(line for line in lines if line.get("role") == "tool_result")["content"].split("\n")[0]
    sub_id = sub_id.removeprefix("subagent_id=")
    owners = subagent_files(out)
    assert list(owners) == [f"{sub_id}:{session_id}"]  # the continuation wrote into the same file
    sub_path = owners[f"{sub_id}:{session_id}"]
    assert re.fullmatch(r"sub_[0-9a-f]{8}", sub_id)
    assert sub_path.name == f"sub_{sub_id}_{session_id}.jsonl"  # sub_sub_<8hex>_sess_<8hex>.jsonl
    sub_lines = load_lines(sub_path)[1:]
    assert [line["content"] for line in sub_lines if line["role"] == "user"] == ["read the notes", "and once more"]
    assert [line["round_id"] for line in sub_lines if line["role"] == "user"] == ["r1", "r2"]
    assert tool_calls(sub_path) == [("Read", {"file_path": h.p("deleg/notes.txt")})]

    # Every turn line carries the fields the checks (and our round filter) use.
    for line in lines[1:] + sub_lines:
        assert {"uuid", "role", "content", "timestamp", "round_id", "context_size_after"} <= set(line)
        assert isinstance(line["timestamp"], float) and line["timestamp"] > 1e9
        assert line["is_real_user_question"] == (line["role"] == "user" and bool(line["content"]))
        if line["role"] == "assistant":
            assert {"prompt_tokens", "completion_tokens", "total_tokens"} <= set(line)
            assert {"input_delta", "output_delta", "cache_read_delta", "provider_usage"} <= set(line)
            assert line["output_delta"] == line["completion_tokens"]
            assert line["context_size_after"] == line["prompt_tokens"] + line["completion_tokens"]
        if line["role"] == "tool_result":
            assert line["tool_call_id"]
    # Reminders and notifications are kept apart from the content, without their tags.
    r2_user = next(line for line in lines[1:] if line["role"] == "user" and line["round_id"] == "r2")
    assert r2_user["content"] == "second"
    [note] = r2_user["task_notifications"]
    assert "status=completed" in note and "result:\nPELICAN" in note and "<task-notification>" not in note
    assert any(r.startswith("Context usage") for r in r2_user["system_reminders"])
    assert "<system-reminder>" not in main.read_text()

    # The workspace copy mirrors the output folder exactly.
    copied = h.ws / "sessions"
    assert sorted(p.name for p in copied.iterdir()) == sorted(p.name for p in out.iterdir())
    for path in out.iterdir():
        assert (copied / path.name).read_bytes() == path.read_bytes()


def test_a_transcript_line_cannot_be_split_by_unicode_line_breaks() -> None:
    from arena_tui.agents.transcripts import jsonl_line

    obj = {"content": "a\x85b\u2028c\u2029d\ne", "tool_calls": [{"arguments": {"k\u2028": "v\x85"}}]}
    line = jsonl_line(obj)
    assert len(line.splitlines()) == 1
    assert json.loads(line) == obj


# --- what the harness resolved, written down for the checks ----------------------------

PAR_SCRIPT = """\
// defineAgent({name: "x", model_key: "omni"}) parallel( -- a comment relabels nothing
const r = defineAgent({name: "wf_reader", model_key: "llm", tools: ["Read"],
  accessible_paths: [["${workspace}/de", "leg"].join("")], system_prompt: "Answer."});
await parallel([() => agent("A", {agentType: r}), () => agent("B", {agentType: r})]);
await agent("C", {agentType: r});
"""


async def test_transcripts_carry_resolved_grants_models_and_success(harness: MakeHarness, tmp_path: Path) -> None:
    h = harness(
        {
            "r1": [
                turn(
                    "",
                    call(
                        "CreateSubagent",
                        name="scout",
                        system_prompt="You are 'someone else'.",
                        model_key="llm",
                        tools=["Read"],
                        accessible_paths=["${workspace}/docs/alias"],
                    ),
                ),
                turn("", call("RunSubagent", subagent_id="sub_nope", description="x", prompt="x")),
                turn("", call("RunSubagent", subagent_id="${subagent:scout}", description="x", prompt="read")),
                turn("", call("Workflow", script=PAR_SCRIPT, name="fan")),
                turn("done"),
            ]
        },
        {"scout": [turn("", call("Read", file_path="${workspace}/docs/alias/notes.txt")), turn("ok")], "wf_reader": []},
    )
    (h.ws / "docs" / "alias").symlink_to(h.ws / "deleg")  # a link inside main's scope to a delegable folder
    out = tmp_path / "out" / "sessions"
    writer = TranscriptWriter(SCENARIO, out)
    h.bus.subscribe(writer)
    await h.ask("go", "r1")
    assert await h.runtime.wait_background(5.0)
    writer.flush()

    main = load_lines(out / "main.jsonl")[1:]
    results = [line for line in main if line["role"] == "tool_result"]
    assert [r["ok"] for r in results] == [True, False, True, True]
    created = [line["facts"]["subagent_created"] for line in main if line["role"] == "note" and "facts" in line]
    assert [(c["name"], c["via"], c["grant"]) for c in created] == [
        ("scout", "CreateSubagent", ["deleg"]),  # the real path the link resolved to, not "docs/alias"
        ("wf_reader", "Workflow", ["deleg"]),  # the built string, as bound
    ]
    assert results[0]["facts"]["grant"] == ["deleg"]
    assert results[2]["facts"]["mode"] == "foreground" and results[2]["facts"]["continued"] is False
    assert "workflow_id" in results[3]["facts"]

    metas = {m["owner"]: m for m in (load_lines(p)[0] for p in out.glob("sub_*.jsonl"))}
    scout = next(m for m in metas.values() if m["name"] == "scout")
    assert (scout["model_key"], scout["tools"], scout["grant"]) == ("llm", ["Read"], ["deleg"])
    read = next(line for line in load_lines(out / f"sub_{scout['subagent_id']}_{scout['session_id']}.jsonl")[1:]
                if line["role"] == "tool_result")  # fmt: skip
    assert read["ok"] is True and read["files"] == ["deleg/notes.txt"]
    wf = sorted((m for m in metas.values() if m["via"] == "Workflow"), key=lambda m: m["alongside"])
    assert {m["model_key"] for m in wf} == {"llm"} and len(wf) == 3
    assert [m["alongside"] for m in wf] == [0, 0, 1]  # A and B overlapped; C ran alone
