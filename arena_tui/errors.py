"""Errors a user can cause. The CLI catches these once and prints one clear line."""

from __future__ import annotations


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
