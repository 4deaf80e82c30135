"""The one agent loop, for the main agent and every subagent session.

Call the model; run every tool call of the turn concurrently; append the results in
call order; repeat until a reply without tool calls. Reminders and notifications ride on
the next user or tool-result content. Limits end the loop with a typed status, and every
stop is written into the session's transcript as a note.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from arena_tui import events as ev
from arena_tui.agents import reminders
from arena_tui.agents.reminders import Reminder
from arena_tui.agents.session import AgentSession
from arena_tui.providers.base import ProviderError, ProviderUnavailable
from arena_tui.providers.messages import AssistantMessage, Attachment, Message
from arena_tui.tools.base import ToolOutput
from arena_tui.tools.runner import ToolRunner

LoopStatus = Literal["completed", "max_iterations", "token_limit", "provider_error", "provider_unavailable"]
NotificationSource = Callable[[], list[str]]


@dataclass(frozen=True)
class LoopResult:
    status: LoopStatus
    text: str
    detail: str = ""
    truncated: int = 0
    """Replies of this loop that stopped at the output-token limit."""


def _no_notifications() -> list[str]:
    return []


async def run_loop(
    session: AgentSession,
    runner: ToolRunner,
    user_text: str,
    *,
    round_id: str | None,
    reminders_now: Sequence[Reminder] = (),
    notifications: NotificationSource = _no_notifications,
) -> LoopResult:
    """Drive ``session`` from one user message to a final reply (or a stop)."""
    if session.stopped:
        return LoopResult("token_limit", "", session.stopped)
    session.start()
    session.ctx.round_id = round_id
    if round_id and round_id not in session.rounds:
        session.rounds.append(round_id)
    _append_user(session, user_text, [*reminders_now, *_take_reminders(session)], notifications(), round_id)
    truncated = 0

    for _ in range(session.max_iterations):
        try:
            reply = await session.provider.complete(session.history, session.tool_specs)
        except ProviderError as exc:
            status: Literal["provider_error", "provider_unavailable"] = (
                "provider_unavailable" if isinstance(exc, ProviderUnavailable) else "provider_error"
            )
            _stop(session, status, exc.message, round_id)
            return LoopResult(status, "", exc.message, truncated)
        except Exception as exc:  # a bug behind the provider interface: recorded, never raised
            detail = f"{session.provider.name}: {type(exc).__name__}: {exc}"
            _stop(session, "provider_error", detail, round_id)
            return LoopResult("provider_error", "", detail, truncated)
        session.turns += 1
        truncated += reply.truncated
        _account(session, reply)
        session.history.append(reply.to_message())
        session.record(
            "assistant",
            reply.content,
            round_id,
            tool_calls=reply.tool_calls,
            usage=reply.usage,
            truncated=reply.truncated,
        )
        session.last_text = reply.content
        if session.tokens >= session.token_limit:
            detail = f"context reached {session.tokens:,} of {session.token_limit:,} tokens"
            session.stopped = detail
            _stop(session, "token_limit", detail, round_id)
            return LoopResult("token_limit", reply.content, detail, truncated)
        if not reply.tool_calls:
            return LoopResult("completed", reply.content, "", truncated)
        await _run_tools(session, runner, reply, round_id, notifications)

    detail = f"stopped after {session.max_iterations} model calls without a final answer"
    _stop(session, "max_iterations", detail, round_id)
    return LoopResult("max_iterations", session.last_text or f"({detail})", detail, truncated)


def _account(session: AgentSession, reply: AssistantMessage) -> None:
    before = session.tokens
    session.tokens = reply.usage.prompt_tokens + reply.usage.completion_tokens
    for threshold in reminders.crossed_thresholds(before, session.tokens, session.token_limit, session.thresholds_hit):
        session.thresholds_hit.add(threshold)
        session.pending_reminders.append(reminders.context_threshold(threshold, session.tokens, session.token_limit))
    for modality, count in reply.elided.items():
        if count > session.elided_seen.get(modality, 0):
            session.elided_seen = {**session.elided_seen, **reply.elided}
            session.pending_reminders.append(reminders.multimodal_elision(reply.elided))
            break


def _take_reminders(session: AgentSession) -> list[Reminder]:
    taken, session.pending_reminders = session.pending_reminders, []
    return taken


def _append_user(
    session: AgentSession, text: str, rems: list[Reminder], notes: list[str], round_id: str | None
) -> None:
    session.history.append(Message(role="user", content=reminders.wrap(text, rems, notes)))
    _record_reminders(session, rems)
    session.record("user", text, round_id, reminders=rems, notifications=notes)


def _record_reminders(session: AgentSession, rems: list[Reminder]) -> None:
    for rem in rems:
        session.ctx.emit(ev.ReminderDelivered(**session.fields(), reminder=rem.kind, body=rem.body))


async def _run_tools(
    session: AgentSession,
    runner: ToolRunner,
    reply: AssistantMessage,
    round_id: str | None,
    notifications: NotificationSource,
) -> None:
    async def one(call: ev.ToolCallSpec) -> ToolOutput:
        raw = call.raw_arguments if call.malformed else None
        return await runner.run(call.id, call.name, call.arguments, session.ctx, malformed=raw)

    outputs = await asyncio.gather(*(one(c) for c in reply.tool_calls))
    last = len(outputs) - 1
    for index, (call, output) in enumerate(zip(reply.tool_calls, outputs, strict=True)):
        rems: list[Reminder] = []
        notes: list[str] = []
        if index == last:
            rems, notes = _take_reminders(session), notifications()
        attachments = tuple(
            Attachment(modality=a.modality, mime=a.mime, data_b64=a.data_b64, path=a.path)
            for a in output.attachments
            if a.modality in ("image", "video", "audio")
        )
        session.history.append(
            Message(
                role="tool",
                content=reminders.wrap(output.text, rems, notes),
                attachments=attachments,
                tool_call_id=call.id,
            )
        )
        _record_reminders(session, rems)
        session.record("tool_result", output.text, round_id, tool_call_id=call.id, reminders=rems, notifications=notes)


def write_note(session: AgentSession, text: str, round_id: str | None) -> None:
    """A harness note in the session's transcript (never sent to the model)."""
    session.record("note", text, round_id)


def _stop(session: AgentSession, reason: ev.StopReason, detail: str, round_id: str | None) -> None:
    session.ctx.emit(ev.AgentStopped(**session.fields(), reason=reason, detail=detail))
    write_note(session, f"stopped ({reason.replace('_', ' ')}): {detail}", round_id)
