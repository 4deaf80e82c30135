"""System reminders and task notifications: their bodies and their wire wrapping.

Each reminder is a :class:`Reminder` whose ``kind`` is set where it is made. Bodies are
stored without tags (transcripts keep them in ``system_reminders`` /
``task_notifications``); on the wire they are appended to the next user or tool-result
content wrapped as ``<system-reminder>…</system-reminder>`` and
``<task-notification>…</task-notification>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arena_tui.events import ReminderKind

CONTEXT_THRESHOLDS = (50, 60, 70, 80, 85, 90, 95)


@dataclass(frozen=True)
class Reminder:
    """One system reminder: what it is about, and its text."""

    kind: ReminderKind
    body: str


def wrap(content: str, reminders: Sequence[Reminder], notifications: Sequence[str]) -> str:
    """``content`` followed by each wrapped reminder and notification."""
    parts = [content] if content else []
    parts += [f"<system-reminder>\n{r.body}\n</system-reminder>" for r in reminders]
    parts += [f"<task-notification>\n{n}\n</task-notification>" for n in notifications]
    return "\n\n".join(parts)


def environment(
    scenario_id: str,
    cwd: str,
    accessible: Sequence[str],
    delegable: Sequence[str],
    modalities: Sequence[str],
    main_limit: int,
    sub_limit: int,
    pool: dict[str, str],
) -> Reminder:
    acc = "\n".join(f"  - {p}" for p in accessible) or "  (none)"
    # A path in both manifest lists is accessible; listing it under "CANNOT touch" would mislead.
    dele = "\n".join(f"  - {p}" for p in delegable if p not in accessible) or "  (none)"
    pool_lines = "\n".join(f"  - {k}: {v}" for k, v in pool.items()) or "  (none)"
    return Reminder(
        "environment",
        f"Environment\n"
        f"scenario: {scenario_id}\n"
        f"cwd: {cwd}\n"
        f"accessible paths (your own file tools may touch these):\n{acc}\n"
        f"delegable paths (you CANNOT touch these yourself; you may only grant them to subagents):\n{dele}\n"
        f"your native modalities: {', '.join(modalities)}\n"
        f"token limits: {main_limit:,} for you, {sub_limit:,} per subagent session\n"
        f"subagent pool (model_key: model):\n{pool_lines}",
    )


def context_usage(used: int, limit: int) -> Reminder:
    pct = 100.0 * used / limit if limit else 0.0
    return Reminder("context_usage", f"Context usage: {used:,} of {limit:,} tokens ({pct:.1f}%).")


def context_threshold(threshold: int, used: int, limit: int) -> Reminder:
    return Reminder(
        "context_threshold",
        f"Context usage passed {threshold}%: {used:,} of {limit:,} tokens. "
        "Delegate reading to subagents and keep your own context small; at the limit you stop.",
    )


def crossed_thresholds(before: int, after: int, limit: int, already: set[int]) -> list[int]:
    """Thresholds (percent) crossed going from ``before`` to ``after`` tokens, each reported once."""
    out = []
    for t in CONTEXT_THRESHOLDS:
        mark = limit * t / 100
        if t not in already and after >= mark and before < mark:
            out.append(t)
    return out


def workspace_update(new_files: Sequence[str], replaced_files: Sequence[str], workspace: str) -> Reminder:
    lines = ["Workspace update: files changed before this question."]
    if new_files:
        lines.append("new files:")
        lines += [f"  - {workspace}/{f}" for f in new_files]
    if replaced_files:
        lines.append("replaced files:")
        lines += [f"  - {workspace}/{f}" for f in replaced_files]
    return Reminder("workspace_update", "\n".join(lines))


def multimodal_elision(elided: dict[str, int]) -> Reminder:
    parts = ", ".join(f"{n} {modality}" for modality, n in sorted(elided.items()) if n)
    return Reminder(
        "multimodal_elision",
        f"Older attachments were dropped from your context to stay within the per-modality caps: {parts}.",
    )


def notification(task_id: str, kind: str, status: str, summary: str, result: str) -> str:
    state = "completed" if status == "completed" else "FAILED" if status == "failed" else status.upper()
    return f"task_id={task_id}\nkind={kind}\nstatus={state}\n{summary}\nresult:\n{result}"
