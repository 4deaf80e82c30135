"""Identifiers minted by the runtime (random, short, typed by prefix)."""

from __future__ import annotations

import re
import secrets
import uuid


def subagent_id() -> str:
    return f"sub_{secrets.token_hex(4)}"


def session_id() -> str:
    return f"sess_{secrets.token_hex(4)}"


#: What a caller may name a session (it becomes part of a transcript file name).
CALLER_SESSION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def valid_session_id(value: str) -> bool:
    """A caller-chosen session id: 1–64 letters, digits, ``_``, ``.`` or ``-``, not starting with a dot."""
    return CALLER_SESSION_ID.fullmatch(value) is not None


def task_id(kind: str) -> str:
    return f"{kind}_{secrets.token_hex(4)}"


def turn_uuid() -> str:
    return str(uuid.uuid4())
