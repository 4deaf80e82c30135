"""``${workspace}``-style placeholders in check commands, replaced by shell-quoted values."""

from __future__ import annotations

import re
import shlex

KNOWN_PLACEHOLDERS = ("workspace", "scripts", "scenario_dir", "scenario_id")
_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def substitute(command: str, values: dict[str, str]) -> str:
    """Replace known ``${NAME}`` with ``shlex.quote(value)``; unknown ``${X}`` and ``$X`` stay for the shell."""

    def repl(match: re.Match[str]) -> str:
        name = match.group(1)
        return shlex.quote(values[name]) if name in values else match.group(0)

    return _PLACEHOLDER.sub(repl, command)


def unknown_placeholders(command: str) -> list[str]:
    """Names of ``${X}`` placeholders in ``command`` that are not ours (left to the shell)."""
    return [m for m in _PLACEHOLDER.findall(command) if m not in KNOWN_PLACEHOLDERS]


_SCRIPT_REF = re.compile(r"\$\{(scripts|scenario_dir)\}/([^\s'\"`;|&<>)]+)")


def referenced_files(command: str) -> list[tuple[str, str]]:
    """``(placeholder, relative path)`` for every ``${scripts}/x`` or ``${scenario_dir}/x`` in ``command``."""
    return [(m.group(1), m.group(2)) for m in _SCRIPT_REF.finditer(command)]
