"""CreateSubagent / RunSubagent / InspectSubagent through the real runtime and tools."""

from __future__ import annotations

import re
from collections.abc import Sequence

from arena_tui import events as ev
from arena_tui.providers.messages import Message, ToolSchema
from arena_tui.scoring import score_events
from tests.agents.conftest import MakeHarness
from tests.agents.harness import NOTES, SCENARIO, Script, call, last_user_text, turn


def _create(name: str, paths: list[str], tools: Sequence[str] = ("Read",), key: str = "llm") -> dict[str, object]:
    return call(
        "CreateSubagent",
        name=name,
        system_prompt=f"You are {name}.",
        model_key=key,
        tools=list(tools),
        accessible_paths=paths,
    )


async def test_create_and_foreground_run(harness: MakeHarness) -> None:
    h = harness(
        {
            "r1": [
                turn("delegating", _create("reader", ["${workspace}/deleg"])),
                turn(
                    "",
                    call(
                        "RunSubagent",
                        subagent_id="${subagent:reader}",
                        description="read the notes",
                        prompt="What is the code word?",
                    ),
                ),
                turn("The code word is PELICAN."),
            ]
        },
        {
            "reader": [
                turn("", call("Read", file_path="${workspace}/deleg/notes.txt")),
                turn("Found it: the code word is PELICAN (deleg/notes.txt)."),
            ]
        },
    )
    result = await h.ask("Find the code word.")
    assert result.status == "completed"
    assert result.text == "The code word is PELICAN."

    [created] = h.of(ev.SubagentCreated)
    sid = created.subagent_id
    assert re.fullmatch(r"sub_[0-9a-f]{8}", sid)
    assert created.name == "reader" and created.via == "CreateSubagent"
    assert created.accessible_paths == ["deleg"]
    assert created.reachable_files == ["deleg/img/pic.png", "deleg/notes.txt"]
    assert created.agent_id == ev.MAIN_AGENT
    [create_result] = h.tool_results("CreateSubagent")
    assert create_result.output.startswith(f"subagent_id={sid}\n")

    [started] = h.of(ev.SubagentRunStarted)
    assert (started.mode, started.continued, started.task_id) == ("foreground", False, None)
    assert started.subagent_id == sid and started.agent_id == sid
    assert started.prompt == "What is the code word?"
    [finished] = h.of(ev.SubagentRunFinished)
    assert finished.status == "completed" and finished.turns == 2
    assert finished.session_id == started.session_id
    assert h.of(ev.SubagentCreated)[0].seq < started.seq < finished.seq

    [run_result] = h.tool_results("RunSubagent")
    assert not run_result.is_error
    assert f"subagent_id={sid}" in run_result.output
    assert f"session_id={started.session_id}" in run_result.output
    assert "Found it: the code word is PELICAN (deleg/notes.txt)." in run_result.output

    # The subagent really read the file, as itself, and main got the answer in its history.
    [read] = h.tool_results("Read", agent_id=sid)
    assert NOTES in read.output and read.session_id == started.session_id
    assert "Found it: the code word is PELICAN" in h.history_text()
    assert not h.of(ev.ForbiddenAccess)


async def test_two_background_runs_finish_out_of_order(harness: MakeHarness) -> None:
    h = harness(
        {
            "r1": [
                turn("", _create("slow", ["${workspace}/deleg"]), _create("fast", ["${workspace}/deleg"])),
                turn(
                    "",
                    call(
                        "RunSubagent",
                        subagent_id="${subagent:slow}",
                        description="slow job",
                        prompt="take your time",
                        run_in_background=True,
                    ),
                    call(
                        "RunSubagent",
                        subagent_id="${subagent:fast}",
                        description="fast job",
                        prompt="be quick",
                        run_in_background=True,
                    ),
                ),
                turn("Both started."),
            ],
            "r2": [turn("Both are done.")],
        },
        {
            "slow": Script([turn("slow answer")], delay=0.3),
            "fast": [turn("fast answer")],
        },
    )
    result = await h.ask("Start both.")
    assert result.status == "completed" and result.text == "Both started."

    runs = h.tool_results("RunSubagent")
    assert len(runs) == 2
    task_ids = []
    for out in runs:
        m = re.match(
            r"task_id=(task_[0-9a-f]{8}) subagent_id=(sub_[0-9a-f]{8}) session_id=(sess_[0-9a-f]{8})", out.output
        )
        assert m, out.output
        task_ids.append(m.group(1))
    slow_task, fast_task = task_ids
    # Both task ids came back before either run finished.
    first_finish = min(e.seq for e in h.of(ev.SubagentRunFinished)) if h.of(ev.SubagentRunFinished) else 1 << 60
    assert max(r.seq for r in runs) < first_finish

    assert await h.runtime.wait_background(5.0) is True
    assert [e.task_id for e in h.of(ev.TaskFinished)] == [fast_task, slow_task]
    starts = h.of(ev.SubagentRunStarted)
    assert {(s.mode, s.continued) for s in starts} == {("background", False)}
    assert {s.task_id for s in starts} == {slow_task, fast_task}

    # The fast one may already ride on a tool result of round 1; the rest arrives with round 2's question.
    result = await h.ask("Are they done?", "r2")
    assert result.text == "Both are done."
    assert h.history_text().count("<task-notification>") == 2
    delivered = h.of(ev.NotificationDelivered)
    assert [d.task_id for d in delivered] == [fast_task, slow_task]
    assert all(d.status == "completed" and d.task_kind == "subagent" and d.agent_id == "main" for d in delivered)
    assert "result:\nfast answer" in delivered[0].body and "result:\nslow answer" in delivered[1].body
    assert f"task_id={slow_task}\nkind=subagent\nstatus=completed\n" in delivered[1].body
    main_turns = [t for t in h.of(ev.TurnRecorded) if t.agent_id == "main"]
    carried = [(t.role, t.round_id, n) for t in main_turns for n in t.task_notifications]
    assert [n for _role, _rid, n in carried] == [d.body for d in delivered]
    assert all(role in ("user", "tool_result") for role, _rid, _n in carried)
    assert carried[-1][:2] == ("user", "r2")  # the slow one waited for the next question
    assert not h.runtime.background.has_notifications()


async def test_session_continuation_keeps_history(harness: MakeHarness) -> None:
    def memo(messages: Sequence[Message], tools: Sequence[ToolSchema]) -> dict[str, object]:
        return turn(f"answer to: {last_user_text(messages)}")

    h = harness(
        {
            "r1": [
                turn("", _create("memo", ["${workspace}/deleg"])),
                turn(
                    "", call("RunSubagent", subagent_id="${subagent:memo}", description="q1", prompt="first question")
                ),
                turn(
                    "",
                    call(
                        "RunSubagent",
                        subagent_id="${subagent:memo}",
                        description="q2",
                        prompt="second question",
                        session_id="${session:memo}",
                    ),
                ),
                turn("", call("InspectSubagent", session_id="${session:memo}")),
                turn(
                    "",
                    call(
                        "RunSubagent",
                        subagent_id="${subagent:memo}",
                        description="q3",
                        prompt="third question",
                        session_id="ses_deadbeef",
                    ),
                ),
                turn("done"),
            ]
        },
        {"memo": memo},
    )
    assert (await h.ask("go")).status == "completed"

    starts = h.of(ev.SubagentRunStarted)
    assert [s.continued for s in starts] == [False, True, False]
    first, second, third = (s.session_id for s in starts)
    # An unknown caller-named id opens a new session under that very id (the earlier release's rule).
    assert first == second and third == "ses_deadbeef"

    providers = h.factory.providers("memo")
    assert len(providers) == 2  # one per session: the continuation reused the first
    continued_call = providers[0].seen[1]
    contents = [(m.role, m.content) for m in continued_call]
    assert contents[1:] == [
        ("user", "first question"),
        ("assistant", "answer to: first question"),
        ("user", "second question"),
    ]
    assert contents[0][0] == "system"
    fresh = "\n".join(m.content for m in providers[1].seen[0])
    assert "first question" not in fresh and "third question" in fresh

    [inspect] = h.tool_results("InspectSubagent")
    assert "[user] first question" in inspect.output
    assert "[user] second question" in inspect.output
    assert "[assistant] answer to: second question" in inspect.output
    runs = h.tool_results("RunSubagent")
    assert f"session_id={first}" in runs[1].output and "answer to: second question" in runs[1].output
    assert f"session_id={third}" in runs[2].output
    inv = score_events(h.events).scenarios[SCENARIO].inv
    assert inv == {"new_foreground": 2, "continue_foreground": 1}


async def test_subagent_forbidden_accesses_are_saft(harness: MakeHarness) -> None:
    h = harness(
        {
            "r1": [
                turn("", _create("narrow", ["${workspace}/deleg/img"], tools=["Read"], key="vlm")),
                turn(
                    "", call("RunSubagent", subagent_id="${subagent:narrow}", description="try", prompt="look around")
                ),
                turn("done"),
            ]
        },
        {
            "narrow": [
                turn("", call("Bash", command="ls /", description="list")),
                turn("", call("Read", file_path="${workspace}/deleg/notes.txt")),
                turn("I could not read the notes."),
            ]
        },
    )
    assert (await h.ask("go")).status == "completed"
    sid = h.of(ev.SubagentCreated)[0].subagent_id
    refused = h.of(ev.ForbiddenAccess)
    assert [(f.agent_id, f.tool, f.reason) for f in refused] == [
        (sid, "Bash", "tool_not_granted"),
        (sid, "Read", "path_outside_scope"),
    ]
    assert refused[1].path == h.p("deleg/notes.txt")
    assert all(f.session_id == h.of(ev.SubagentRunStarted)[0].session_id for f in refused)
    [bash] = h.tool_results("Bash", agent_id=sid)
    assert bash.forbidden and "not granted" in bash.output
    [read] = h.tool_results("Read", agent_id=sid)
    assert read.forbidden and NOTES not in read.output
    assert read.output == f"forbidden: path '{h.p('deleg/notes.txt')}' is outside this agent's accessible scope."

    scores = score_events(h.events)
    scenario = scores.scenarios[SCENARIO]
    assert (scenario.saft, scenario.maf) == (2, 0)
    assert scenario.subagents[sid].forbidden == 2
    assert scenario.subagents[sid].tools_used == set()  # refused calls are not tool use
    assert (scores.saft, scores.maf, scores.sub, scores.safa) == (2, 0, 1, 2.0)


async def test_main_granting_outside_its_reach_is_maf(harness: MakeHarness) -> None:
    h = harness(
        {
            "r1": [
                turn("", _create("greedy", ["${workspace}/deleg", "${workspace}/secret"])),
                turn("", _create("relative", ["../outside"])),
                turn("done"),
            ]
        }
    )
    assert (await h.ask("go")).status == "completed"
    assert not h.of(ev.SubagentCreated)  # a refused grant creates nothing
    refused = h.of(ev.ForbiddenAccess)
    assert [(f.agent_id, f.tool, f.path, f.reason) for f in refused] == [
        ("main", "CreateSubagent", h.p("secret"), "path_outside_scope"),
        ("main", "CreateSubagent", "../outside", "path_outside_scope"),
    ]
    creates = h.tool_results("CreateSubagent")
    assert all(c.forbidden and c.is_error for c in creates)
    scenario = score_events(h.events).scenarios[SCENARIO]
    assert (scenario.maf, scenario.saft) == (2, 0)


async def test_a_session_runs_once_at_a_time(harness: MakeHarness) -> None:
    """Regression: a background run claims its session before its task first runs."""

    def again(background: bool, prompt: str) -> dict[str, object]:
        return call(
            "RunSubagent",
            subagent_id="${subagent:m}",
            description="d",
            prompt=prompt,
            session_id="${session:m}",
            run_in_background=background,
        )

    def echo(messages: Sequence[Message], tools: Sequence[ToolSchema]) -> dict[str, object]:
        return turn(f"ok {last_user_text(messages)}")

    h = harness(
        {
            "r1": [
                turn("", _create("m", ["${workspace}/deleg"])),
                turn("", call("RunSubagent", subagent_id="${subagent:m}", description="d", prompt="p0")),
                turn("", again(True, "p1"), again(False, "p2")),
                turn("done"),
            ]
        },
        {"m": Script(echo, delay=0.02)},
    )
    await h.ask("go")
    assert await h.runtime.wait_background(5.0)
    runs = h.tool_results("RunSubagent")
    assert runs[1].output.startswith("task_id=")
    assert runs[2].is_error and "is still running; wait for its notification first" in runs[2].output
    sub = h.runtime.subagents.by_id[h.of(ev.SubagentCreated)[0].subagent_id]
    [session] = sub.sessions.values()
    assert [(m.role, m.content) for m in session.history[1:]] == [
        ("user", "p0"),
        ("assistant", "ok p0"),
        ("user", "p1"),
        ("assistant", "ok p1"),
    ]
    assert not sub.running


async def test_caller_named_sessions_are_created_and_continued(harness: MakeHarness) -> None:
    def echo(messages: Sequence[Message], tools: Sequence[ToolSchema]) -> dict[str, object]:
        return turn(f"seen {sum(1 for m in messages if m.role == 'user')} prompts")

    def run(prompt: str, sid: str, who: str = "${subagent:memo}") -> dict[str, object]:
        return turn("", call("RunSubagent", subagent_id=who, description=prompt, prompt=prompt, session_id=sid))

    h = harness(
        {
            "r1": [
                turn("", _create("memo", ["${workspace}/deleg"])),
                turn("", _create("other", ["${workspace}/deleg"])),
                run("a", "track-1"),
                run("b", "track-1"),
                run("c", "track-1", "${subagent:other}"),
                run("d", "../../escape"),
                run("e", ".hidden"),
                turn("done"),
            ]
        },
        {"memo": echo, "other": echo},
    )
    assert (await h.ask("go")).status == "completed"
    starts = h.of(ev.SubagentRunStarted)
    assert [(s.session_id, s.continued) for s in starts] == [
        ("track-1", False),
        ("track-1", True),
        ("track-1", False),
    ]
    assert starts[0].subagent_id == starts[1].subagent_id != starts[2].subagent_id
    runs = h.tool_results("RunSubagent")
    assert "session_id=track-1" in runs[1].output and "seen 2 prompts" in runs[1].output
    assert "seen 1 prompts" in runs[2].output  # same name, other subagent: its own session
    for bad in runs[3:]:
        assert bad.is_error and "is not usable" in bad.output
    inv = score_events(h.events).scenarios[SCENARIO].inv
    assert inv == {"new_foreground": 2, "continue_foreground": 1}
