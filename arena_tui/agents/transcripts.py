"""Session transcripts (docs/running.md) folded from ``turn`` events of one scenario.

``sessions/main.jsonl`` and ``sessions/sub_<subagent_id>_<session_id>.jsonl`` — with the
earlier release's ids that is ``sub_sub_1a2b3c4d_sess_5e6f7a8b.jsonl``. Line 1 is
``system_meta``; then one JSON object per turn with ``tool_calls[*].name`` and
``.arguments`` as an object, exactly as the compatible check scripts read them. Each line
carries the earlier release's fields (float ``timestamp``, ``context_size_after``,
``is_real_user_question``; on assistant turns ``input_delta``/``output_delta``/
``cache_read_delta`` and ``provider_usage``) plus ours (``round_id``, token counts).

What the harness resolved is written down, so checks never infer it from text the agent
wrote: a subagent transcript's first line names the subagent, its model key, tools and
grant (workspace-relative real paths, as bound), how it was created and, for a workflow
agent, its workflow and how many of that workflow's runs were still going when it began;
every ``tool_result`` line carries ``ok`` (the call succeeded), ``files`` (what the harness
resolved it to touch) and ``facts`` where the tool reports some; every subagent creation
(CreateSubagent or a workflow's ``defineAgent``) adds a ``note`` line to main's transcript
with the same facts under ``facts.subagent_created``, whether or not the subagent ever runs.
Files are written incrementally on :meth:`flush`, which the runner calls before every
check and at the end of the scenario.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena_tui import events as ev
from arena_tui.agents.transcript_markdown import render_session

_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def jsonl_line(obj: Any) -> str:
    """One JSON line, readable text kept as is, and safe for every line splitter.

    ``json.dumps`` escapes the ASCII control characters but not U+0085, U+2028 and U+2029,
    which ``str.splitlines`` (used by many check scripts) treats as line breaks: a model
    could split its own line in two and hide a call from such a check. They only occur
    inside JSON strings, where the escape means the same character."""
    return json.dumps(obj, ensure_ascii=False).translate(_LINE_BREAKS)


def _note_uuid() -> str:
    from arena_tui.ids import turn_uuid

    return turn_uuid()


def session_filename(agent_id: str, session_id: str | None) -> str:
    if agent_id == ev.MAIN_AGENT:
        return "main.jsonl"
    return f"sub_{agent_id}_{session_id}.jsonl"


@dataclass
class ContextMeter:
    """The context size after each turn of one session (provider counts where known, else ~4 chars/token)."""

    size: int = 0
    after_assistant: int = 0

    def line_fields(self, turn: ev.TurnRecorded) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if (
            turn.role == "assistant"
            and turn.usage is not None
            and (turn.usage.prompt_tokens or turn.usage.completion_tokens)
        ):
            before = self.after_assistant
            self.size = turn.usage.prompt_tokens + turn.usage.completion_tokens
            out["input_delta"] = max(0, turn.usage.prompt_tokens - before)
            out["output_delta"] = turn.usage.completion_tokens
            out["cache_read_delta"] = before
            out["provider_usage"] = turn.usage.model_dump()
            self.after_assistant = self.size
        else:
            calls = json.dumps([c.arguments for c in turn.tool_calls]) if turn.tool_calls else ""
            self.size += (len(turn.content) + len(calls) + 3) // 4
            if turn.role == "assistant":
                out["input_delta"] = 0
                out["output_delta"] = (len(turn.content) + len(calls) + 3) // 4
                out["cache_read_delta"] = self.after_assistant
                self.after_assistant = self.size
        return {"context_size_after": self.size, **out}


def turn_line(turn: ev.TurnRecorded, meter: ContextMeter | None = None) -> dict[str, Any]:
    """The JSON object of one transcript line."""
    line: dict[str, Any] = {
        "uuid": turn.uuid,
        "role": turn.role,
        "content": turn.content,
        "timestamp": turn.ts,
        "round_id": turn.round_id,
        "is_real_user_question": turn.role == "user" and bool(turn.content.strip()),
    }
    line.update((meter or ContextMeter()).line_fields(turn))
    if turn.tool_calls:
        line["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in turn.tool_calls]
    if turn.tool_call_id is not None:
        line["tool_call_id"] = turn.tool_call_id
    if turn.system_reminders:
        line["system_reminders"] = list(turn.system_reminders)
    if turn.task_notifications:
        line["task_notifications"] = list(turn.task_notifications)
    if turn.usage is not None:
        line["prompt_tokens"] = turn.usage.prompt_tokens
        line["completion_tokens"] = turn.usage.completion_tokens
        line["total_tokens"] = turn.usage.total_tokens
    if turn.truncated:
        line["truncated"] = True
    return line


@dataclass
class _Session:
    owner: str
    filename: str
    pending: list[str] = field(default_factory=list)
    written: int = 0
    turns: list[ev.TurnRecorded] = field(default_factory=list)
    meter: ContextMeter = field(default_factory=ContextMeter)


class TranscriptWriter:
    """Collects the turns of one scenario and writes them as JSONL (a bus subscriber)."""

    def __init__(self, scenario_id: str, out_sessions: Path) -> None:
        self.scenario_id = scenario_id
        self.out_sessions = out_sessions
        self.sessions: dict[str, _Session] = {}
        self.subagents: dict[str, dict[str, Any]] = {}
        """subagent id -> what its creation resolved (first-line facts of its transcripts)."""
        self.runs: dict[str, dict[str, Any]] = {}
        """session file -> how its first run started (workflow id, runs alongside)."""
        self.main_round: str | None = None
        self.results: dict[tuple[str | None, str | None, str], ev.ToolResult] = {}
        """(agent, session, call id) -> the call's result event, for its transcript line's facts."""

    def __call__(self, event: ev.Event) -> None:
        if event.scenario_id != self.scenario_id:
            return
        if isinstance(event, ev.SubagentCreated):
            self._created(event)
        elif isinstance(event, ev.SubagentRunStarted):
            run: dict[str, Any] = {"mode": event.mode}
            if event.workflow_id is not None:
                run |= {"workflow_id": event.workflow_id, "alongside": event.alongside}
            self.runs.setdefault(session_filename(event.subagent_id, event.session_id), run)
        elif isinstance(event, ev.ToolResult):
            self.results[(event.agent_id, event.session_id, event.call_id)] = event
        elif isinstance(event, ev.TurnRecorded):
            self._turn(event)

    def _created(self, event: ev.SubagentCreated) -> None:
        facts: dict[str, Any] = {
            "subagent_id": event.subagent_id,
            "name": event.name,
            "model_key": event.model_key,
            "tools": list(event.tools),
            "grant": list(event.accessible_paths),
            "via": event.via,
        }
        self.subagents[event.subagent_id] = facts
        grant = ", ".join(event.accessible_paths) or "(none)"
        note = ev.TurnRecorded(
            run_id=event.run_id,
            ts=event.ts,
            scenario_id=event.scenario_id,
            uuid=_note_uuid(),
            role="note",
            content=f"subagent {event.subagent_id} ({event.name}) created via {event.via}: "
            f"model_key={event.model_key} tools={', '.join(event.tools) or '(none)'} grant={grant}",
            round_id=self.main_round,
        )
        self._turn(note, {"facts": {"subagent_created": facts}})

    def _turn(self, event: ev.TurnRecorded, extra: dict[str, Any] | None = None) -> None:
        agent = event.agent_id or ev.MAIN_AGENT
        filename = session_filename(agent, event.session_id)
        session = self.sessions.get(filename)
        if session is None:
            owner = "main" if agent == ev.MAIN_AGENT else f"{agent}:{event.session_id}"
            session = _Session(owner, filename)
            meta: dict[str, Any] = {"type": "system_meta", "owner": owner}
            if agent != ev.MAIN_AGENT:
                meta |= self.subagents.get(agent, {}) | {"session_id": event.session_id}
                meta |= self.runs.get(filename, {})
            session.pending.append(jsonl_line(meta))
            self.sessions[filename] = session
        if agent == ev.MAIN_AGENT and event.round_id is not None:
            self.main_round = event.round_id
        line = turn_line(event, session.meter) | (extra or {})
        if event.role == "tool_result" and event.tool_call_id is not None:
            result = self.results.pop((event.agent_id, event.session_id, event.tool_call_id), None)
            line["ok"] = None if result is None else not result.is_error
            line["files"] = [] if result is None else list(dict.fromkeys(t.path for t in result.files))
            if result is not None and result.facts:
                line["facts"] = dict(result.facts)
        session.pending.append(jsonl_line(line))
        session.turns.append(event)

    def flush(self, copy_to: Path | None = None) -> None:
        """Append pending lines to the output files; mirror them into ``copy_to`` (the workspace)."""
        batch = self._take()
        try:
            self._write(batch, copy_to)
        except OSError:
            self._give_back(batch)
            raise

    async def flush_async(self, copy_to: Path | None = None) -> None:
        """:meth:`flush` with the file work in a thread; the lines are taken on the loop, so none is lost."""
        batch = self._take()
        try:
            await asyncio.to_thread(self._write, batch, copy_to)
        except OSError:
            self._give_back(batch)
            raise

    def _give_back(self, batch: list[tuple[str, list[str]]]) -> None:
        """Lines a failed write did not store go back in front of any taken since: the next flush retries."""
        by_name = {s.filename: s for s in self.sessions.values()}
        for filename, lines in batch:
            session = by_name[filename]
            session.written -= len(lines)
            session.pending = lines + session.pending

    def _take(self) -> list[tuple[str, list[str]]]:
        batch = [(s.filename, s.pending) for s in self.sessions.values()]
        for session in self.sessions.values():
            session.written += len(session.pending)
            session.pending = []
        return batch

    def _write(self, batch: list[tuple[str, list[str]]], copy_to: Path | None) -> None:
        self.out_sessions.mkdir(parents=True, exist_ok=True)
        for filename, lines in batch:
            if lines:
                with (self.out_sessions / filename).open("a", encoding="utf-8") as f:
                    f.write("\n".join(lines) + "\n")
        if copy_to is not None:
            # Rebuilt from the record every time, so nothing an agent wrote there can reach a check.
            if copy_to.is_symlink():  # an agent-made link: removed, never written through
                copy_to.unlink()
            shutil.rmtree(copy_to, ignore_errors=True)
            copy_to.mkdir(parents=True, exist_ok=True)
            for filename, _lines in batch:
                shutil.copyfile(self.out_sessions / filename, copy_to / filename)

    def write_markdown(self) -> None:
        """A readable ``.md`` beside each ``.jsonl`` (output folder only; checks read the JSONL)."""
        self.out_sessions.mkdir(parents=True, exist_ok=True)
        for session in self.sessions.values():
            text = render_session(session.owner, self.scenario_id, session.turns)
            (self.out_sessions / session.filename.replace(".jsonl", ".md")).write_text(text, encoding="utf-8")
