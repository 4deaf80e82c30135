"""The simulated pool (docs/providers.md): deterministic workers that really use their tools.

A sim worker is not a model. For each prompt it reads the files the prompt names (or,
when it names none, searches its grant for a quoted term the prompt asks it to find, or
lists its grant, and reads what it finds), runs a ``python3 /abs/…``
command the prompt spells out when it was granted Bash, and answers with what it read
(the first characters of each result, or those from a section the prompt names, ``§5.3``).
For media it "perceives" natively it answers with the scenario's ``truth/`` text for
that file. Everything it does goes through the real tools, so grants, scope checks and
scoring see real calls. Reports and the UI label it as simulated.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from arena_tui.events import ToolCallSpec
from arena_tui.providers.base import GenerateRequest, ModelAPI
from arena_tui.providers.messages import AssistantMessage, Message
from arena_tui.providers.toolcalls import new_call_id

SIM_NAME = "sim (simulated worker)"
MAX_READS = 12
EXCERPT = 1500
_PATH = re.compile(r"(/[^\s'\"`,;()]+)")
# Only a command spelled out with an absolute script path is run: a worker does not guess
# which script a loosely worded task means.
_COMMAND = re.compile(r"\b((?:python3?|bash|sh) /[^\n]+?)(?=\s+(?:and report|on every|to report)\b|\.\s|\.$|$)")
_SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")
# 'search … for "X"' / 'find … "X"': locate files by content (Grep) instead of by name.
_SEARCH = re.compile(r'\b(?:search|find)\b[^"\n]{0,60}"([^"\n]{2,80})"', re.I)
_REGEX_META = re.compile(r"([\\.+*?()|\[\]{}^$])")
_MEDIA_EXT = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".wav", ".mp3", ".ogg", ".flac", ".mp4", ".webm", ".mov"}


class SimWorker(ModelAPI):
    """One simulated subagent session (a model backend)."""

    def __init__(
        self,
        *,
        grant: Sequence[str],
        tools: Sequence[str],
        workspace: str,
        truth_dir: Path | None,
    ) -> None:
        self.name = SIM_NAME
        self.grant = [os.path.realpath(p) for p in grant]
        self.tools = set(tools)
        self.workspace = os.path.realpath(workspace)
        self.truth_dir = truth_dir

    async def generate(self, request: GenerateRequest) -> AssistantMessage:
        return self._decide(request.messages)

    # --- the worker's policy ------------------------------------------------------------

    def _decide(self, messages: Sequence[Message]) -> AssistantMessage:
        last_user = max(i for i, m in enumerate(messages) if m.role == "user")
        prompt = messages[last_user].content.split("<system-reminder>")[0]
        since = messages[last_user + 1 :]
        steps = sum(1 for m in since if m.role == "assistant")
        calls: list[ToolCallSpec] = []
        if steps == 0:
            calls = self._first_calls(prompt)
        elif steps == 1:
            calls = self._second_calls(prompt, since)
        if calls:
            return AssistantMessage(tool_calls=calls, finish_reason="tool_calls")
        return AssistantMessage(content=self._answer(since, prompt), finish_reason="stop")

    def _in_grant(self, path: str) -> bool:
        real = os.path.realpath(path)
        return any(real == g or real.startswith(g.rstrip("/") + "/") for g in self.grant)

    def _first_calls(self, prompt: str) -> list[ToolCallSpec]:
        named = [p.rstrip(".:") for p in _PATH.findall(prompt)]
        files = [p for p in dict.fromkeys(named) if self._in_grant(p) and os.path.isfile(p)]
        calls: list[ToolCallSpec] = []
        search = _SEARCH.search(prompt)
        folders = [g for g in self.grant if os.path.isdir(g)]
        if files and "Read" in self.tools:
            calls += [_call("Read", file_path=p) for p in files[:MAX_READS]]
        elif search and folders and "Grep" in self.tools:
            pattern = _REGEX_META.sub(r"\\\1", search.group(1))
            calls += [_call("Grep", pattern=pattern, path=g, **{"-i": True}) for g in folders]
        elif "Glob" in self.tools:
            calls += [_call("Glob", pattern="**/*", path=g) for g in self.grant if os.path.isdir(g)]
        elif "Read" in self.tools:
            calls += [_call("Read", file_path=p) for p in _walk(self.grant)[:MAX_READS]]
        command = _COMMAND.search(prompt)
        if command and "Bash" in self.tools:
            calls.append(_call("Bash", command=command.group(1).strip(), description="run the requested command"))
        return calls

    def _second_calls(self, prompt: str, since: Sequence[Message]) -> list[ToolCallSpec]:
        listed = [m for m in since if m.role == "tool" and not m.content.startswith(("exit=", "forbidden"))]
        globbed = [line.strip() for m in listed for line in m.content.splitlines() if line.startswith("/")]
        if not globbed or "Read" not in self.tools:
            return []
        media_first = sorted(globbed, key=lambda p: (os.path.splitext(p)[1].lower() not in _MEDIA_EXT, p))
        return [_call("Read", file_path=p) for p in media_first[:MAX_READS] if os.path.isfile(p)]

    def _answer(self, since: Sequence[Message], prompt: str = "") -> str:
        calls = {c.id: c for m in since if m.role == "assistant" for c in m.tool_calls}
        parts: list[str] = []
        for message in since:
            if message.role != "tool" or message.tool_call_id not in calls:
                continue
            call = calls[message.tool_call_id]
            path = str(call.arguments.get("file_path", ""))
            if call.name == "Read" and message.attachments:
                parts.append(f"{path} (perceived): {self._truth(path)}")
            elif call.name in ("Read", "Bash"):
                label = path if call.name == "Read" else f"$ {call.arguments.get('command', '')}"
                parts.append(f"{label}:\n{_excerpt(message.content, prompt)}")
        if not parts:
            return "[simulated worker] I found nothing I could read for this task within my grant."
        return "[simulated worker] What I read:\n\n" + "\n\n".join(parts)

    def _truth(self, path: str) -> str:
        rel = os.path.relpath(os.path.realpath(path), self.workspace)
        if self.truth_dir is not None:
            truth = self.truth_dir / f"{rel}.txt"
            if truth.is_file():
                return truth.read_text(encoding="utf-8").strip()
        return "(no reference perception is recorded for this file)"


def _excerpt(text: str, prompt: str) -> str:
    """The first EXCERPT characters, or, when the prompt names a section (``§5.3``) that a long
    text numbers, the EXCERPT characters from that section's first line."""
    start = 0
    if len(text) > EXCERPT:
        for ref in _SECTION.findall(prompt):
            m = re.search(rf"^(?:\d+\t)?(?:#+\s*)?(?:§\s*)?{re.escape(ref)}(?![\d.]*\d)", text, re.M)
            if m:
                start = m.start()
                break
    return text[start : start + EXCERPT]


def _call(name: str, **arguments: object) -> ToolCallSpec:
    return ToolCallSpec(id=new_call_id(), name=name, arguments=dict(arguments))


def _walk(roots: Sequence[str]) -> list[str]:
    out: list[str] = []
    for root in roots:
        if os.path.isfile(root):
            out.append(root)
            continue
        for dirpath, _dirs, files in sorted(os.walk(root)):
            out += [os.path.join(dirpath, f) for f in sorted(files)]
    return out
