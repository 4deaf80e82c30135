"""Errors a user can cause. The CLI catches these once and prints one clear line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class ArenaError(Exception):
    """Base of every error that is the user's input, not a bug; ``exit_code`` is what the CLI returns."""

    exit_code = 2

    def __init__(self, message: str, *, fix: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.fix = fix

    def __str__(self) -> str:
        return f"{self.message} ({self.fix})" if self.fix else self.message


class BadInputError(ArenaError):
    """Arguments, files or settings that cannot be used as given (exit 2)."""


class DatasetError(BadInputError):
    """A dataset file that cannot be read at all (missing, unreadable, not JSON)."""


class ConfigError(BadInputError):
    """A model JSON or settings file that is wrong; the message names the key and the fix."""


def read_input_file(path: Path, what: str, error: type[ConfigError] = ConfigError) -> str:
    """The text of a file the user named; one line naming it when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{what} {path}: cannot be read ({exc.strerror})") from None


def parse_json_input(text: str, where: str, error: type[ConfigError] = ConfigError) -> Any:
    """Parsed JSON the user wrote; one line naming where and the position when it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{where}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
