"""Identifiers minted by the runtime (random, short, typed by prefix)."""

from __future__ import annotations

import secrets
import uuid


def subagent_id() -> str:
    return f"sub_{secrets.token_hex(4)}"


def session_id() -> str:
    return f"ses_{secrets.token_hex(4)}"


def task_id(kind: str) -> str:
    return f"{kind}_{secrets.token_hex(4)}"


def turn_uuid() -> str:
    return str(uuid.uuid4())
