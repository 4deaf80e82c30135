"""Play mode plumbing (Textual-free): the submit callback protocol and the console's command parser.

A console line is ``Tool {json object}`` or ``Tool key=value ... --flag``; values are read as
JSON where they parse (numbers, lists, ``true``) and as strings otherwise (``[a,b]`` is a list of
two strings), and shell-style quoting keeps spaces inside one value. The list parameters of the
subagent tools also take a comma-separated word: ``tools=Read,Grep``.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Awaitable, Callable
from typing import Any

LIST_KEYS = frozenset({"tools", "accessible_paths"})
"""Parameters that are lists of names: ``tools=Read`` means ``["Read"]``, as a person writes it."""

ToolSubmitter = Callable[[str, dict[str, Any]], Awaitable[str]]
"""Runs one tool call (tool name, arguments) on the human manager's behalf; returns the tool's result text."""


class CommandError(ValueError):
    """A console line that cannot be turned into a tool call (the message says why)."""


def parse_command(line: str) -> tuple[str, dict[str, Any]]:
    """Split a console line into a tool name and its arguments.

    Args:
        line: For example ``Read file_path=data/a.csv`` or ``RunSubagent {"subagent_id": "sub_1"}``.

    Returns:
        ``(tool name, arguments)``.

    Raises:
        CommandError: Empty line, bad quoting, bad JSON, or a word that is neither ``key=value`` nor ``--flag``.
    """
    line = line.strip()
    if not line:
        raise CommandError("type a tool name and its arguments, e.g. Read file_path=notes.md")
    tool, _, rest = line.partition(" ")
    rest = rest.strip()
    if rest.startswith("{"):
        try:
            args = json.loads(rest)
        except ValueError as exc:
            raise CommandError(f"arguments are not valid JSON: {exc}") from None
        if not isinstance(args, dict):
            raise CommandError("JSON arguments must be an object")
        return tool, args
    try:
        words = shlex.split(rest)
    except ValueError as exc:
        raise CommandError(f"unbalanced quotes: {exc}") from None
    parsed: dict[str, Any] = {}
    for word in words:
        if "=" in word and not word.startswith("="):
            key, _, value = word.partition("=")
            key = key[2:] if key.startswith("--") else key
            parsed[key] = _value(value)
            if key in LIST_KEYS and isinstance(parsed[key], str):
                parsed[key] = [item.strip() for item in value.split(",") if item.strip()]
        elif word.startswith("--") and len(word) > 2:
            parsed[word[2:].replace("-", "_")] = True
        elif word.startswith("-") and len(word) > 1:  # Grep's own flags are named -i, -n, -A …
            parsed[word] = True
        else:
            raise CommandError(f"{word!r}: write key=value or --flag (or one JSON object)")
    return tool, parsed


def command_line(tool: str, args: dict[str, Any]) -> str:
    """The console line that :func:`parse_command` reads back as ``(tool, args)`` (what the log echoes).

    ``True`` flags are written ``--flag`` (``-n`` for Grep's dash-named ones), other values
    ``key=value`` (JSON for non-strings); when that would not read back exactly (a string ``"3"``,
    odd keys) the arguments are written as one JSON object.
    """
    words = [tool]
    for key, value in args.items():
        if value is True and (key.startswith("-") or key.replace("_", "").isalnum()):
            words.append(key if key.startswith("-") else f"--{key}")
            continue
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        words.append(shlex.quote(f"{key}={text}"))
    line = " ".join(words)
    if not _reads_back(line, tool, args):  # keys no key=value word can carry: one JSON object
        return f"{tool} {json.dumps(args, ensure_ascii=False)}"
    return line


def _reads_back(line: str, tool: str, args: dict[str, Any]) -> bool:
    try:
        return parse_command(line) == (tool, args)
    except CommandError:
        return False


def _value(text: str) -> Any:
    try:
        value = json.loads(text)
    except ValueError:
        if text.startswith("[") and text.endswith("]"):  # [a,b] once the shell took the quotes away
            return [item.strip().strip("'\"") for item in text[1:-1].split(",") if item.strip()]
        return text
    return value if isinstance(value, int | float | bool | list | dict) or value is None else text
