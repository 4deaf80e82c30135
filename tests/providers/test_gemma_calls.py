"""Gemma 4's tool-call text leaked into a reply (no --tool-call-parser on the server) becomes calls."""

from __future__ import annotations

import pytest

from arena_tui.providers.toolcalls import rescue_leaked_calls

TOOLS = ("Read", "Write", "Grep", "RunSubagent")
Q = '<|"|>'


def test_the_native_format_with_its_markers() -> None:
    text = f"<|tool_call>call:Read{{file_path:{Q}/w/requests/brief.md{Q},limit:40}}<tool_call|>"
    content, calls = rescue_leaked_calls(text, TOOLS)
    assert content == ""
    assert [(c.name, c.arguments) for c in calls] == [("Read", {"file_path": "/w/requests/brief.md", "limit": 40})]


def test_back_to_back_calls_nested_values_and_text_around() -> None:
    text = (
        "I will look first.\n"
        f"<|tool_call>call:Grep{{pattern:{Q}a, b: c{Q},paths:[{Q}/w/x{Q},{Q}/w/y{Q}],ci:true}}<tool_call|>"
        f'<|tool_call>call:Write{{file_path:{Q}/w/o.txt{Q},content:{Q}line {{1}}, "q"{Q},meta:{{n:-2.5,z:null}}}}'
        "<tool_call|>"
    )
    content, calls = rescue_leaked_calls(text, TOOLS)
    assert content == "I will look first."
    assert [c.name for c in calls] == ["Grep", "Write"]
    assert calls[0].arguments == {"pattern": "a, b: c", "paths": ["/w/x", "/w/y"], "ci": True}
    assert calls[1].arguments == {"file_path": "/w/o.txt", "content": 'line {1}, "q"', "meta": {"n": -2.5, "z": None}}


@pytest.mark.parametrize(
    "text",
    [
        "call:Read{file_path:/w/requests/brief.md}",  # markers stripped as special tokens
        'call:Read{file_path: "/w/requests/brief.md"}',  # a template's plain quotes
        'call:Read(file_path: "/w/requests/brief.md")',  # parentheses
    ],
)
def test_the_variants_servers_and_templates_produce(text: str) -> None:
    _, calls = rescue_leaked_calls(text, TOOLS)
    assert [(c.name, c.arguments) for c in calls] == [("Read", {"file_path": "/w/requests/brief.md"})]


def test_prose_and_unknown_tools_stay_text() -> None:
    for text in ("Please call:me{maybe} later", "the call:Delete{path:/} tool", 'call:Read{file_path:<|"|>/w'):
        assert rescue_leaked_calls(text, TOOLS) == (text, [])
