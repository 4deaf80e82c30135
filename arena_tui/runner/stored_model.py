"""The model JSON a run stores for ``resume``, without secrets.

Every entry is stored as given (its passthrough request keys included) except its key:
``api_key_env`` names are kept (the key stays in that environment variable), an inline
``api_key`` is dropped and the entry is listed under :data:`INLINE_KEYS`, so ``resume`` asks
for it by name: from ``CATEAM_API_KEY_<ENTRY>``, else at the terminal, else it stops with that
name in the fix. Request headers (``extra_headers``) are never stored either: a run that
had them resumes only with ``--model``. A relative ``script`` path is stored resolved, so ``resume`` works from
any directory.
"""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from arena_tui.config import ModelConfig, validate_model_json
from arena_tui.errors import BadInputError

KEY_ENV_PREFIX = "CATEAM_API_KEY_"
INLINE_KEYS = "inline_keys"
"""Beside the entries in the stored JSON: the entries whose key was inline (never a model key itself)."""
HEADERS_DROPPED = "headers_dropped"
"""Entries whose request headers were left out: they may carry keys, so resume needs ``--model`` for them."""
HEADER_KEYS = ("extra_headers", "default_headers")


def key_env_name(entry_key: str) -> str:
    return KEY_ENV_PREFIX + entry_key.upper()


def storable_model_json(config: ModelConfig) -> dict[str, Any]:
    """The model JSON without any key, with the entries whose key was inline under :data:`INLINE_KEYS`."""
    out: dict[str, Any] = {}
    inline: list[str] = []
    dropped: list[str] = []
    for key, entry in config.entries().items():
        data = entry.model_dump(mode="json", exclude_none=True)  # api_key and base_dir are never dumped
        data.pop("api_key", None)
        if any(data.pop(h, None) is not None for h in HEADER_KEYS):
            dropped.append(key)
        if entry.script and entry.base_dir and not Path(entry.script).is_absolute():
            data["script"] = str((Path(entry.base_dir) / entry.script).resolve())
        if entry.api_key is not None:
            inline.append(key)
        out[key] = data
    return {**out, INLINE_KEYS: inline, HEADERS_DROPPED: dropped}


def _ask_terminal(prompt: str) -> str | None:
    if not sys.stdin.isatty():
        return None
    return getpass.getpass(prompt) or None


def restore_model_config(
    stored: Mapping[str, Any],
    *,
    run_id: str,
    env: Mapping[str, str] | None = None,
    ask: Callable[[str], str | None] = _ask_terminal,
) -> ModelConfig:
    """The stored model JSON with each inline key asked for by name (never read from the store)."""
    env = os.environ if env is None else env
    data: dict[str, Any] = {k: dict(v) for k, v in stored.items() if k not in (INLINE_KEYS, HEADERS_DROPPED)}
    if stored.get(HEADERS_DROPPED):
        names = ", ".join(stored[HEADERS_DROPPED])
        raise BadInputError(
            f"run {run_id}: request headers of {names} are never stored (they may carry keys)",
            fix="pass the original --model to resume",
        )
    for key in stored.get(INLINE_KEYS, []):
        if key not in data:
            continue
        name = key_env_name(key)
        entry = data[key]
        where = entry.get("name") or entry.get("model_id") or entry.get("provider")
        value = env.get(name) or ask(f"API key for '{key}' ({where}; the run never stores it): ")
        if not value:
            raise BadInputError(
                f"run {run_id}: the '{key}' entry ({where}) had an inline api_key, which is never stored",
                fix=f"export {name}=<the key> and run the same resume command, or pass the original --model",
            )
        entry["api_key"] = value
    return validate_model_json(data, env=env)
