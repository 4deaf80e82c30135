"""What the fake OpenAI-compatible server answers: scripted replies and injected faults.

A :class:`FakeReply` is one answer to one request. ``fault`` picks a failure mode;
``chunking`` picks how tool-call deltas are cut, so the client's assembly is tested
against the shapes real servers produce.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

Fault = Literal[
    "429",
    "500",
    "502",
    "503",
    "400",
    "401",
    "reset",
    "stall",
    "truncate_no_done",
    "truncate_mid_chunk",
    "empty_choices",
    "context_slot",
]
Chunking = Literal["whole", "split", "interleaved", "no_index", "repeat_id"]


@dataclass
class FakeReply:
    """One scripted answer; tool call arguments may be a dict or raw (possibly bad) text."""

    text: str = ""
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, Any] | None = field(
        default_factory=lambda: {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    )
    finish_reason: str | None = None
    fault: Fault | None = None
    retry_after: float | None = None
    chunking: Chunking = "split"
    text_piece: int = 5
    stall_s: float = 10.0
    delay_s: float = 0.0
    """Seconds the server waits before answering (a model that takes its time)."""

    def finish(self) -> str:
        return self.finish_reason or ("tool_calls" if self.tool_calls else "stop")

    def calls(self) -> list[tuple[str, str, str]]:
        """(id, name, arguments text) for each tool call."""
        out = []
        for i, tc in enumerate(self.tool_calls):
            args = tc.get("arguments", {})
            text = args if isinstance(args, str) else json.dumps(args)
            out.append((tc.get("id", f"call_{i}"), tc["name"], text))
        return out


def _pieces(text: str, n: int) -> list[str]:
    return [text[i : i + n] for i in range(0, len(text), n)] or [""]


def tool_call_deltas(reply: FakeReply) -> list[list[dict[str, Any]]]:
    """The ``delta.tool_calls`` lists, one per chunk, cut as ``reply.chunking`` says."""
    calls = reply.calls()
    mode = reply.chunking
    if mode == "whole":
        return [
            [{"index": i, "id": cid, "type": "function", "function": {"name": name, "arguments": args}}]
            for i, (cid, name, args) in enumerate(calls)
        ]
    per_call: list[list[dict[str, Any]]] = []
    for i, (cid, name, args) in enumerate(calls):
        first: dict[str, Any] = {"index": i, "id": cid, "type": "function", "function": {"name": name, "arguments": ""}}
        rest: list[dict[str, Any]] = []
        for piece in _pieces(args, 3):
            d: dict[str, Any] = {"index": i, "function": {"arguments": piece}}
            if mode == "repeat_id":
                d = {"index": i, "id": cid, "type": "function", "function": {"name": name, "arguments": piece}}
            rest.append(d)
        seq = [first, *rest]
        if mode == "no_index":
            for d in seq:
                d.pop("index", None)
        per_call.append(seq)
    if mode == "interleaved":
        out: list[list[dict[str, Any]]] = []
        longest = max((len(s) for s in per_call), default=0)
        for k in range(longest):
            out.append([s[k] for s in per_call if k < len(s)])
        return out
    return [[d] for seq in per_call for d in seq]


def sse_chunks(reply: FakeReply, model: str) -> list[dict[str, Any]]:
    """The full list of chunk objects for a streamed reply (usage last, as vLLM does)."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    out = [chunk({"role": "assistant", "content": ""})]
    if reply.fault == "empty_choices":
        out = []
    else:
        if reply.text:
            out += [chunk({"content": p}) for p in _pieces(reply.text, reply.text_piece)]
        out += [chunk({"tool_calls": tcs}) for tcs in tool_call_deltas(reply)]
        out.append(chunk({}, reply.finish()))
    if reply.usage is not None:
        out.append(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": model,
                "choices": [],
                "usage": reply.usage,
            }
        )
    return out


def completion_body(reply: FakeReply, model: str) -> dict[str, Any]:
    """A non-streamed ``chat.completion`` object."""
    msg: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
    if reply.tool_calls:
        msg["tool_calls"] = [
            {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
            for cid, name, args in reply.calls()
        ]
    choices = [] if reply.fault == "empty_choices" else [{"index": 0, "message": msg, "finish_reason": reply.finish()}]
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": choices,
        "usage": reply.usage,
    }
