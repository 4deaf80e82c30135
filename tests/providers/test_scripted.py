"""The scripted provider: rounds, subagent sessions, placeholders, exhaustion, loading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_tui.config import load_model_config
from arena_tui.events import Event, ModelRequest, ModelResponse
from arena_tui.providers import (
    EXHAUSTED,
    CallIdentity,
    Message,
    Model,
    ProviderNotAvailable,
    ScriptedProvider,
    ScriptTurn,
    StaticScriptVars,
    TrajectoryError,
    load_trajectory,
    make_provider,
    register_provider,
)

HI = [Message("user", "hi")]
MAIN = {
    "r1": [
        {"content": "reading", "tool_calls": [{"name": "Read", "arguments": {"file_path": "${workspace}/a.txt"}}]},
        {"content": "done r1"},
    ],
    "*": [{"content": "default round"}],
}
POOL = {
    "reader": [{"tool_calls": [{"name": "Glob", "arguments": {"pattern": "*"}}]}, {"content": "reader result"}],
    "*": [{"content": "generic worker"}],
}


async def test_list_of_turns_then_exhausted() -> None:
    prov = Model(ScriptedProvider([{"content": "one"}, ScriptTurn(content="two")]))
    got = [(await prov.complete(HI)).content for _ in range(3)]
    assert got == ["one", "two", EXHAUSTED]


async def test_callable_script_sees_the_conversation() -> None:
    prov = Model(ScriptedProvider(lambda msgs, tools: {"content": f"{len(msgs)} msgs, {len(tools)} tools"}))
    reply = await prov.complete(HI, [{"type": "function", "function": {"name": "Read"}}])
    assert reply.content == "1 msgs, 1 tools"


async def test_placeholders_resolved_recursively_at_call_time() -> None:
    sv = StaticScriptVars(workspace="/ws")
    turn = {
        "tool_calls": [
            {
                "name": "RunSubagent",
                "arguments": {
                    "subagent_id": "${subagent:reader}",
                    "session_id": "${session:reader}",
                    "nested": ["${workspace}/x", {"deep": "${workspace}"}],
                    "n": 3,
                    "unknown": "${subagent:ghost}",
                },
            }
        ]
    }
    prov = Model(ScriptedProvider([turn, turn], script_vars=sv))
    sv.subagents["reader"] = "sub_0001"
    sv.sessions["reader"] = "ses_1"
    args = (await prov.complete(HI)).tool_calls[0].arguments
    assert args == {
        "subagent_id": "sub_0001",
        "session_id": "ses_1",
        "nested": ["/ws/x", {"deep": "/ws"}],
        "n": 3,
        "unknown": "${subagent:ghost}",
    }
    sv.subagents["reader"] = "sub_0002"  # a newer subagent with the same name
    assert (await prov.complete(HI)).tool_calls[0].arguments["subagent_id"] == "sub_0002"


async def test_main_from_model_json_plays_rounds(tmp_path: Path) -> None:
    (tmp_path / "traj.json").write_text(json.dumps(MAIN))
    (tmp_path / "model.json").write_text(
        json.dumps(
            {
                "main": {"provider": "scripted", "script": "traj.json"},
                "llm": {"provider": "scripted", "script": "pool.json"},
            }
        )
    )
    (tmp_path / "pool.json").write_text(json.dumps(POOL))
    config = load_model_config("@model.json", cwd=str(tmp_path), env={})
    assert config.main is not None and config.llm is not None
    events: list[Event] = []
    prov = make_provider(
        config.main,
        identity=CallIdentity(model_key="main"),
        emit=events.append,
        script_vars=StaticScriptVars(workspace="/ws"),
    )
    assert isinstance(prov.api, ScriptedProvider) and prov.capabilities.rounds
    prov.start_round("r1")
    first = await prov.complete(HI)
    assert first.tool_calls[0].arguments == {"file_path": "/ws/a.txt"}
    assert (await prov.complete(HI)).content == "done r1"
    assert (await prov.complete(HI)).content == EXHAUSTED
    prov.start_round("r2")
    assert (await prov.complete(HI)).content == "default round"
    assert [type(e) for e in events[:2]] == [ModelRequest, ModelResponse]
    # pool: each session plays its subagent's turns from the start, independently
    a = make_provider(config.llm, identity=CallIdentity(model_key="llm"), subagent_name="reader")
    b = make_provider(config.llm, identity=CallIdentity(model_key="llm"), subagent_name="reader")
    c = make_provider(config.llm, identity=CallIdentity(model_key="llm"), subagent_name="other")
    assert (await a.complete(HI)).tool_calls[0].name == "Glob"
    assert (await b.complete(HI)).tool_calls[0].name == "Glob"
    assert (await a.complete(HI)).content == "reader result"
    assert (await c.complete(HI)).content == "generic worker"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([1, 2], "must be a JSON object"),
        ({"r1": {"content": "x"}}, "r1: must be a list of turns"),
        ({"r1": [{"content": "ok"}, {"tool_calls": [{"arguments": {}}]}]}, "r1: turn 1: tool_calls.0.name"),
        ({"r1": [{"text": "x"}]}, "r1: turn 0: text: extra inputs"),
    ],
)
def test_bad_trajectory_names_file_key_and_turn(tmp_path: Path, data: object, expected: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TrajectoryError) as info:
        load_trajectory(path)
    assert str(path) in str(info.value) and expected in str(info.value)


def test_unreadable_or_invalid_trajectory(tmp_path: Path) -> None:
    with pytest.raises(TrajectoryError, match="cannot be read"):
        load_trajectory(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{nope")
    with pytest.raises(TrajectoryError, match="line 1 column 2"):
        load_trajectory(tmp_path / "bad.json")


async def test_scenario_providers_need_the_scenario_and_the_registry_chooses_every_one() -> None:
    from arena_tui.providers import registry

    config = load_model_config("oracle", env={})
    assert config.main is not None and config.vlm is not None
    with pytest.raises(ProviderNotAvailable, match="plays inside a scenario"):
        make_provider(config.main)
    with pytest.raises(ProviderNotAvailable, match="not registered"):
        make_provider(config.main, provider="no-such-backend")
    assert {"oracle", "sim", "human", "null", "greedy", "scripted", "vllm"} <= set(registry.registered_providers())
    original = registry._FACTORIES["sim"]
    register_provider("sim", lambda ctx: ScriptedProvider([{"content": f"sim {ctx.subagent_name}"}]))
    try:
        prov = make_provider(config.vlm, subagent_name="looker")
        assert (await prov.complete(HI)).content == "sim looker"
    finally:
        register_provider("sim", original)


async def test_pool_script_ignores_rounds_and_local_models_estimate_usage_with_one_formula() -> None:
    events: list[Event] = []
    pool = Model(ScriptedProvider([{"content": "abcdefgh"}]), emit=events.append)
    assert not pool.capabilities.rounds
    pool.start_round("r9")  # a pool session is not keyed by round: its turns survive
    reply = await pool.complete([Message("user", "x" * 40)])
    assert reply.content == "abcdefgh"
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens, reply.usage.estimated) == (10, 2, True)
    request, response = events
    assert isinstance(request, ModelRequest) and isinstance(response, ModelResponse)
    assert request.request_id == response.request_id and request.request_id.startswith("req_")
