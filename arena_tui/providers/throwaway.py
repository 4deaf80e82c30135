"""A worker that first makes throwaway calls, then does its real work (a ``check --gate`` baseline).

This is how a manager would try to buy management points with activity: tell every worker
to "first touch everything you were given". Each session starts with one turn of calls that
do nothing for the task — a Glob of each granted folder, a Grep for nonsense, a Write onto a
directory and an Edit that cannot match (both fail), and one ``cat`` of every granted file
to ``/dev/null`` (or a Read of each, without Bash) — using only granted tools, so no refusal
is counted. The inner worker then answers as if the throwaway turn had not happened.
"""

from __future__ import annotations

import dataclasses
import os
import shlex
from collections.abc import Sequence

from arena_tui.events import ToolCallSpec
from arena_tui.providers.base import GenerateRequest, ModelAPI
from arena_tui.providers.messages import AssistantMessage, Message
from arena_tui.providers.toolcalls import new_call_id

NONSENSE = "zq-throwaway-no-such-text-qz"
MAX_READS = 40


class ThrowawayFirst(ModelAPI):
    """Wraps one worker backend: throwaway calls first, then the inner worker on the clean history."""

    def __init__(self, inner: ModelAPI, *, grant: Sequence[str], tools: Sequence[str], workspace: str) -> None:
        self.inner = inner
        self.name = f"{inner.name} + throwaway calls"
        self.capabilities = inner.capabilities
        self.endpoint = inner.endpoint
        self.grant = [os.path.join(workspace, g) if not os.path.isabs(g) else g for g in grant]
        self.tools = set(tools)
        # Decided once: every user turn then starts with one throwaway turn, or none ever does.
        self.active = bool(self._throwaway())

    async def generate(self, request: GenerateRequest) -> AssistantMessage:
        messages = list(request.messages)
        last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=-1)
        since = messages[last_user + 1 :]
        if not self.active:
            return await self.inner.generate(request)
        if not any(m.role == "assistant" for m in since):
            return AssistantMessage(tool_calls=self._throwaway(), finish_reason="tool_calls")
        return await self.inner.generate(dataclasses.replace(request, messages=_without_throwaway(messages)))

    def start_round(self, round_id: str) -> None:
        self.inner.start_round(round_id)

    async def aclose(self) -> None:
        await self.inner.aclose()

    def _throwaway(self) -> list[ToolCallSpec]:
        folders = [g for g in self.grant if os.path.isdir(g)]
        files = [g for g in self.grant if os.path.isfile(g)]
        files += [os.path.join(d, n) for folder in folders for d, _, names in sorted(os.walk(folder)) for n in names]
        calls: list[ToolCallSpec] = []
        if "Glob" in self.tools:
            calls += [_call("Glob", pattern="**/*", path=f) for f in folders]
        if "Grep" in self.tools and self.grant:
            calls.append(_call("Grep", pattern=NONSENSE, path=(folders or self.grant)[0]))
        if "Write" in self.tools and (folders or files):
            target = folders[0] if folders else os.path.join(files[0], "x")  # a directory, or under a file: fails
            calls.append(_call("Write", file_path=target, content=NONSENSE))
        if "Edit" in self.tools and files:
            calls.append(_call("Edit", file_path=files[0], old_string=NONSENSE, new_string="x"))
        if "Bash" in self.tools and files:
            quoted = " ".join(shlex.quote(f) for f in files)
            calls.append(_call("Bash", command=f"cat {quoted} > /dev/null", description="touch every granted file"))
        elif "Read" in self.tools:
            calls += [_call("Read", file_path=f) for f in files[:MAX_READS]]
        return calls


def _without_throwaway(messages: list[Message]) -> list[Message]:
    """The history with each user turn's first assistant turn (the throwaway one) and its results removed."""
    out: list[Message] = []
    skip: set[str | None] = set()
    first = False
    for m in messages:
        if m.role == "user":
            first = True
        elif m.role == "assistant" and first:
            first = False
            skip |= {c.id for c in m.tool_calls}
            continue
        elif m.role == "tool" and m.tool_call_id in skip:
            continue
        out.append(m)
    return out


def _call(name: str, **arguments: object) -> ToolCallSpec:
    return ToolCallSpec(id=new_call_id(), name=name, arguments=dict(arguments))
