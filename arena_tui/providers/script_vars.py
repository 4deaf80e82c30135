"""Placeholders inside scripted tool-call arguments, resolved when the call is made.

A script is written before the run, so it cannot know the workspace path or the ids the
runner will mint. ``${workspace}``, ``${subagent:NAME}`` and ``${session:NAME}`` are
filled in through a :class:`ScriptVars` the agent layer supplies. ``${var:NAME}`` is a
value the script bound from what it was told (a turn's ``bind``, see
:func:`resolve_bindings`): the reference manager reads its answers out of its
subagents' replies this way instead of carrying them in the script. A placeholder with
no value yet is left as written, so the tool reports it instead of the script guessing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Protocol

_PLACEHOLDER = re.compile(r"\$\{(workspace|subagent:[^}]+|session:[^}]+|var:[^}]+)\}")


class ScriptVars(Protocol):
    """What a script may refer to; the agent layer implements this over its registry."""

    @property
    def workspace(self) -> str: ...

    def subagent_id(self, name: str) -> str | None:
        """Id of the most recently created subagent called ``name``."""
        ...

    def session_id(self, name: str) -> str | None:
        """That subagent's most recent session id."""
        ...


@dataclass
class StaticScriptVars:
    """A fixed :class:`ScriptVars` for tests and for scripts that only need the workspace."""

    workspace: str = ""
    subagents: dict[str, str] = field(default_factory=dict)
    sessions: dict[str, str] = field(default_factory=dict)

    def subagent_id(self, name: str) -> str | None:
        return self.subagents.get(name)

    def session_id(self, name: str) -> str | None:
        return self.sessions.get(name)


def substitute(value: Any, script_vars: ScriptVars | None, bound: Mapping[str, str] | None = None) -> Any:
    """Replace placeholders in every string inside ``value`` (dicts and lists recursively)."""
    if script_vars is None and not bound:
        return value
    if isinstance(value, str):
        # two passes: a bound value may itself name ${workspace} (a list bound with a path format)
        for _ in range(2):
            value = _PLACEHOLDER.sub(lambda m: _lookup(m, script_vars, bound or {}), value)
        return value
    if isinstance(value, dict):
        return {k: substitute(v, script_vars, bound) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, script_vars, bound) for v in value]
    return value


def _lookup(match: re.Match[str], script_vars: ScriptVars | None, bound: Mapping[str, str]) -> str:
    token = match.group(1)
    if token.startswith("var:"):
        return bound.get(token[4:], match.group(0))
    if script_vars is None:
        return match.group(0)
    if token == "workspace":
        return script_vars.workspace
    kind, name = token.split(":", 1)
    found = script_vars.subagent_id(name) if kind == "subagent" else script_vars.session_id(name)
    return found if found is not None else match.group(0)


# --- values bound from what the script was told ------------------------------------------

_UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()  # noqa: SIM905
_WORD_NUMBER = {w: i for i, w in enumerate(_UNITS)} | {w: 10 * i for i, w in enumerate(_TENS) if w != "_"}


def words_to_int(text: str) -> int | None:
    """``"19"``, ``"nineteen"``, ``"forty-two"`` -> int; anything else -> None."""
    t = text.strip().lower().replace("-", " ")
    if t.isdigit():
        return int(t)
    parts = t.split()
    if not parts or any(p not in _WORD_NUMBER for p in parts):
        return None
    return sum(_WORD_NUMBER[p] for p in parts)


def _convert(raw: str, kind: str) -> str | None:
    if kind == "text":
        return raw.strip()
    if kind == "int":
        n = words_to_int(raw)
        return None if n is None else str(n)
    if kind == "number":
        try:
            return repr(float(raw.replace(",", "")))
        except ValueError:
            return None
    if kind == "date_dmy":  # "03/02/2026" -> "2026-02-03"
        m = re.fullmatch(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*", raw)
        return f"{m.group(3)}-{int(m.group(2)):02d}-{int(m.group(1)):02d}" if m else None
    if kind == "hhmm":  # "03:50", "3.50", "three fifty" -> "03:50"
        m = re.fullmatch(r"\s*(\d{1,2})[:.](\d{2})\s*", raw)
        if m:
            return f"{int(m.group(1)):02d}:{m.group(2)}"
        words = raw.strip().lower().split()
        for cut in range(1, len(words)):
            h, mi = words_to_int(" ".join(words[:cut])), words_to_int(" ".join(words[cut:]))
            if h is not None and mi is not None and h < 24 and mi < 60:
                return f"{h:02d}:{mi:02d}"
        return None
    raise ValueError(f"unknown bind type {kind!r} (text, int, number, hhmm, date_dmy, count, sum)")


def _calc(spec: Mapping[str, Any], known: Mapping[str, str]) -> str | None:
    """``{"calc": "sub"|"sum"|"add_workdays", "args": [NAME or literal, ...]}`` over bound values."""
    args = [known.get(a, a) if isinstance(a, str) else str(a) for a in spec.get("args", [])]
    try:
        if spec["calc"] == "sum":
            return _fmt(sum(float(a) for a in args))
        if spec["calc"] == "sub":
            return _fmt(float(args[0]) - sum(float(a) for a in args[1:]))
        if spec["calc"] == "add_workdays":  # ISO date + N working days (Mon-Fri)
            day, left = date.fromisoformat(args[0]), int(args[1])
            while left:
                day += timedelta(days=1)
                left -= day.weekday() < 5
            return day.isoformat()
    except (ValueError, IndexError):
        return None
    raise ValueError(f"unknown calc {spec['calc']!r} (sum, sub, add_workdays)")


def _fmt(x: float) -> str:
    x = round(x, 2)
    return str(int(x)) if x == int(x) else repr(x)


def resolve_bindings(
    binds: Mapping[str, Mapping[str, Any]], texts: Sequence[str], known: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Bind each ``NAME: {"re": pattern with one group, "as": text|int|number|hhmm}`` from ``texts``
    (the newest text that matches wins); names that cannot be bound yet are left out."""
    out: dict[str, str] = {}
    for name, spec in binds.items():
        if "calc" in spec:
            value = _calc(spec, {**(known or {}), **out})
            if value is not None:
                out[name] = value
            continue
        pattern = re.compile(spec["re"], re.I | re.S)
        value = None
        if spec.get("as") in ("count", "sum", "list"):  # over every match in the newest text holding one
            hits = next((pattern.findall(t) for t in reversed(texts) if pattern.search(t)), [])
            if spec["as"] == "count":
                value = str(len(hits)) if hits else None
            elif spec["as"] == "list":  # distinct matches in order, each through "fmt", joined by spaces
                value = " ".join(spec.get("fmt", "{}").replace("{}", h) for h in dict.fromkeys(hits)) if hits else None
            else:
                value = _fmt(sum(float(h) for h in hits)) if hits else None
            if value is not None:
                out[name] = value
            continue
        for text in reversed(texts):
            for m in reversed(list(pattern.finditer(text))):
                value = _convert(m.group(1), spec.get("as", "text"))
                if value is not None:
                    break
            if value is not None:
                break
        if value is not None:
            out[name] = value
    return out
