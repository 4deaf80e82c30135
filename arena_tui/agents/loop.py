"""The one agent loop, for the main agent and every subagent session.

Call the provider; run every tool call of the turn concurrently; append the results in
call order; repeat until a reply without tool calls. Reminders and notifications ride on
the next user or tool-result content. Limits end the loop with a recorded reason.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from arena_tui import events as ev
from arena_tui.agents import reminders
from arena_tui.agents.ids import turn_uuid
from arena_tui.agents.session import AgentSession
from arena_tui.agents.tokens import estimate
from arena_tui.providers.base import ProviderError
from arena_tui.providers.messages import AssistantMessage, Attachment, Message
from arena_tui.tools.base import ToolOutput
from arena_tui.tools.runner import ToolRunner

LoopStatus = Literal["completed", "max_iterations", "token_limit", "provider_error"]
NotificationSource = Callable[[], list[str]]


@dataclass(frozen=True)
class LoopResult:
    status: LoopStatus
    text: str
    detail: str = ""


def _no_notifications() -> list[str]:
    return []


async def run_loop(
    session: AgentSession,
    runner: ToolRunner,
    user_text: str,
    *,
    round_id: str | None,
    reminders_now: Sequence[str] = (),
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

    for _ in range(session.max_iterations):
        try:
            reply = await session.provider.complete(session.history, session.tool_specs)
        except ProviderError as exc:
            _stop(session, "provider_error", exc.message)
            return LoopResult("provider_error", "", exc.message)
        except Exception as exc:  # a provider bug or a reply we cannot use: recorded, never raised
            detail = f"{session.provider.name}: {type(exc).__name__}: {exc}"
            _stop(session, "provider_error", detail)
            return LoopResult("provider_error", "", detail)
        session.turns += 1
        _account(session, reply)
        session.history.append(reply.to_message())
        usage = reply.usage
        session.ctx.emit(
            ev.TurnRecorded(
                **session.fields(),
                uuid=turn_uuid(),
                role="assistant",
                content=reply.content,
                round_id=round_id,
                tool_calls=list(reply.tool_calls),
                usage=usage,
            )
        )
        session.last_text = reply.content
        if session.tokens >= session.token_limit:
            detail = f"context reached {session.tokens:,} of {session.token_limit:,} tokens"
            session.stopped = detail
            _stop(session, "token_limit", detail)
            return LoopResult("token_limit", reply.content, detail)
        if not reply.tool_calls:
            return LoopResult("completed", reply.content)
        await _run_tools(session, runner, reply, round_id, notifications)

    detail = f"stopped after {session.max_iterations} model calls without a final answer"
    _stop(session, "max_iterations", detail)
    return LoopResult("max_iterations", session.last_text or f"({detail})", detail)


def _account(session: AgentSession, reply: AssistantMessage) -> None:
    before = session.tokens
    if reply.usage.prompt_tokens or reply.usage.completion_tokens:
        session.tokens = reply.usage.prompt_tokens + reply.usage.completion_tokens
    else:
        session.tokens = estimate([*session.history, reply.to_message()])
    for threshold in reminders.crossed_thresholds(before, session.tokens, session.token_limit, session.thresholds_hit):
        session.thresholds_hit.add(threshold)
        session.pending_reminders.append(reminders.context_threshold(threshold, session.tokens, session.token_limit))
    for modality, count in reply.elided.items():
        if count > session.elided_seen.get(modality, 0):
            session.elided_seen = {**session.elided_seen, **reply.elided}
            session.pending_reminders.append(reminders.multimodal_elision(reply.elided))
            break


def _take_reminders(session: AgentSession) -> list[str]:
    taken, session.pending_reminders = session.pending_reminders, []
    return taken


def _append_user(session: AgentSession, text: str, rems: list[str], notes: list[str], round_id: str | None) -> None:
    session.history.append(Message(role="user", content=reminders.wrap(text, rems, notes)))
    _record_reminders(session, rems)
    session.ctx.emit(
        ev.TurnRecorded(
            **session.fields(),
            uuid=turn_uuid(),
            role="user",
            content=text,
            round_id=round_id,
            system_reminders=rems,
            task_notifications=notes,
        )
    )


def _record_reminders(session: AgentSession, rems: list[str]) -> None:
    for body in rems:
        kind = _reminder_kind(body)
        session.ctx.emit(ev.ReminderDelivered(**session.fields(), reminder=kind, body=body))


def _reminder_kind(body: str) -> ev.ReminderKind:
    if body.startswith("Environment"):
        return "environment"
    if body.startswith("Context usage passed"):
        return "context_threshold"
    if body.startswith("Context usage"):
        return "context_usage"
    if body.startswith("Workspace update"):
        return "workspace_update"
    return "multimodal_elision"


async def _run_tools(
    session: AgentSession,
    runner: ToolRunner,
    reply: AssistantMessage,
    round_id: str | None,
    notifications: NotificationSource,
) -> None:
    malformed = set(reply.malformed_tool_calls)

    async def one(call: ev.ToolCallSpec) -> ToolOutput:
        args = {} if call.id in malformed else call.arguments
        if call.id in malformed:
            raw = str(call.arguments.get("_raw", ""))[:200]
            args = {"_raw": raw}
        return await runner.run(call.id, call.name, args, session.ctx)

    outputs = await asyncio.gather(*(one(c) for c in reply.tool_calls))
    last = len(outputs) - 1
    for index, (call, output) in enumerate(zip(reply.tool_calls, outputs, strict=True)):
        rems: list[str] = []
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
        session.ctx.emit(
            ev.TurnRecorded(
                **session.fields(),
                uuid=turn_uuid(),
                role="tool_result",
                content=output.text,
                round_id=round_id,
                tool_call_id=call.id,
                system_reminders=rems,
                task_notifications=notes,
            )
        )


def _stop(session: AgentSession, reason: ev.StopReason, detail: str) -> None:
    session.ctx.emit(ev.AgentStopped(**session.fields(), reason=reason, detail=detail))
