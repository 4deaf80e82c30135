"""The workflow script API (docs/workflow.md): defineAgent, agent, parallel, pipeline, phase, log, args."""

from __future__ import annotations

from arena_tui.tools.workflow import run_workflow
from tests.tools.workflow.fakes import DEFINE, FakeHost


async def test_define_agent_then_sequential_agents() -> None:
    host = FakeHost()
    script = (
        DEFINE
        + "const a = await agent('first', {agentType: worker});\n"
        + "const b = await agent(a + '+second', {agentType: worker});\nreturn b;"
    )
    result = await run_workflow(script, None, host)
    assert result.status == "completed", result.error
    assert result.value == "type-worker:type-worker:first+second"
    assert result.agent_calls == 2
    assert host.defined == [
        {
            "name": "worker",
            "model_key": "m1",
            "tools": ["Read"],
            "accessible_paths": ["pub"],
            "system_prompt": "Be brief.",
        }
    ]
    assert [c[1] for c in host.calls] == ["first", "type-worker:first+second"]


async def test_top_level_await_and_return_with_args() -> None:
    script = (
        "const n = await Promise.resolve(args.n);\n"
        "if (n > 1) {\n  return {double: n * 2, items: args.items};\n}\nreturn null;"
    )
    result = await run_workflow(script, {"n": 21, "items": ["x", "y"]}, FakeHost())
    assert result.status == "completed", result.error
    assert result.value == {"double": 42, "items": ["x", "y"]}


async def test_script_without_return_completes_with_none() -> None:
    result = await run_workflow("const x = 1;", None, FakeHost())
    assert (result.status, result.value) == ("completed", None)


async def test_parallel_keeps_input_order_and_nulls_failures() -> None:
    host = FakeHost(delays={"slow": 0.15, "mid": 0.08, "fast": 0.0}, fail={"bad"})
    script = DEFINE + (
        "return await parallel([\n"
        "  () => agent('slow', {agentType: worker}),\n"
        "  () => { throw new Error('thunk blew up'); },\n"
        "  () => agent('mid', {agentType: worker}),\n"
        "  () => agent('bad', {agentType: worker}),\n"
        "  () => agent('fast', {agentType: worker}),\n"
        "]);"
    )
    result = await run_workflow(script, None, host)
    assert result.status == "completed", result.error
    assert result.value == ["type-worker:slow", None, "type-worker:mid", None, "type-worker:fast"]
    assert host.finished.index("fast") < host.finished.index("mid") < host.finished.index("slow")
    assert any("thunk blew up" in message for _, message in host.logs)


async def test_pipeline_two_stages_over_three_items() -> None:
    host = FakeHost(delays={"draft a": 0.1, "draft b": 0.0, "draft c": 0.05})
    script = DEFINE + (
        "return await pipeline(['a', 'b', 'c'],\n"
        "  (value) => agent('draft ' + value, {agentType: worker}),\n"
        "  async (value, item, index) =>\n"
        "    (await agent('review ' + item, {agentType: worker})) + '#' + index + '<' + value,\n"
        ");"
    )
    result = await run_workflow(script, None, host)
    assert result.status == "completed", result.error
    assert result.value == [f"type-worker:review {x}#{i}<type-worker:draft {x}" for i, x in enumerate("abc")]
    assert result.agent_calls == 6
    assert host.finished.index("review b") < host.finished.index("draft a")  # items flow independently


async def test_schema_reaches_host_and_object_comes_back() -> None:
    host = FakeHost()
    script = (
        DEFINE
        + "const r = await agent('json please', {agentType: worker, schema: {type: 'object'}});\nreturn r.prompt;"
    )
    result = await run_workflow(script, None, host)
    assert result.value == "json please"
    assert host.calls == [("type-worker", "json please", {"type": "object"})]


async def test_phase_and_log_reach_the_host() -> None:
    host = FakeHost()
    result = await run_workflow("phase('Gather');\nlog('found', 3, {a: 1}, ['x']);\nreturn 0;", None, host)
    assert result.status == "completed"
    assert host.logs == [("phase", "Gather"), ("log", 'found 3 {"a":1} ["x"]')]


async def test_host_error_is_catchable_in_the_script() -> None:
    host = FakeHost(fail={"boom"})
    script = (
        DEFINE
        + "try {\n  await agent('boom', {agentType: worker});\n} catch (e) {\n  return e.name + ': ' + e.message;\n}"
    )
    result = await run_workflow(script, None, host)
    assert result.status == "completed", result.error
    assert result.value == "AgentError: agent failed on 'boom'"


async def test_uncaught_host_error_fails_with_line() -> None:
    host = FakeHost(fail={"boom"})
    result = await run_workflow(DEFINE + "\nawait agent('boom', {agentType: worker});", None, host)
    assert result.status == "failed"
    assert "agent failed on 'boom'" in result.error
    assert "(line 3" in result.error
    assert result.agent_calls == 1


async def test_refused_define_agent_rejects_its_agent_calls() -> None:
    host = FakeHost(refuse_models={"nope"})
    script = (
        "const t = defineAgent({name: 'x', model_key: 'nope', tools: [], accessible_paths: [], system_prompt: ''});\n"
        "try { await agent('hi', {agentType: t}); } catch (e) { return 'caught: ' + e.message; }"
    )
    result = await run_workflow(script, None, host)
    assert result.value == "caught: defineAgent('x') was refused: unknown model_key 'nope'"
    assert host.calls == []


async def test_bad_arguments_throw_type_errors() -> None:
    script = (
        "try { defineAgent('x'); } catch (e) { log(e.name); }\n"
        "try { agent(1, {}); } catch (e) { log(e.name); }\nreturn 1;"
    )
    host = FakeHost()
    result = await run_workflow(script, None, host)
    assert result.value == 1
    assert [m for _, m in host.logs] == ["TypeError", "TypeError"]
