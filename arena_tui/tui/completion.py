"""Tab completion for the play console (Textual-free): tool names, subagent ids, session ids, grantable paths.

:class:`TabCompleter` looks at the word under the cursor, picks what kind of value belongs there, and
returns the new line, the new cursor position and the candidates to show. Pressing Tab again on the
line it produced cycles through the candidates.

Kinds:

* the first word → tool names (case-insensitive prefix);
* ``subagent_id=`` (or a bare word after ``RunSubagent``/``InspectSubagent``) → subagent ids,
  matched by id prefix or by name prefix (the id is inserted);
* ``session_id=`` → session ids (only those of the line's ``subagent_id``, given by id or name);
* a word starting with ``/``, or the value of ``file_path=``/``path=``/``accessible_paths=`` →
  paths under the grantable roots only (resolved with :func:`os.path.realpath`; symlinks that leave
  the roots are hidden).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["tool", "subagent", "session", "path"]
SUBAGENT_TOOLS = frozenset({"runsubagent", "inspectsubagent"})
"""Tools whose bare (positional) argument is a subagent id."""
PATH_KEYS = frozenset({"file_path", "path"})
PATH_LIST_KEYS = frozenset({"accessible_paths", "paths"})
LIST_BREAKS = "[,\"'"
"""Characters after which a new path starts inside a list value (``["/a","/b``)."""
MAX_SHOWN = 20
MAX_ENTRIES = 2000
"""At most this many directory entries are read for one completion."""


@dataclass(frozen=True)
class Candidate:
    """One completion: ``insert`` replaces the typed word; ``label`` is what the reply line shows."""

    insert: str
    label: str
    final: bool = True
    """``False`` for a directory: no space is added after it, so Tab can go on into it."""


@dataclass
class Sources:
    """What completion may offer.

    Args:
        tools: Tool names.
        subagents: ``(subagent id, name)`` of the current scenario's subagents.
        sessions: Subagent id → its session ids.
        roots: Absolute paths that may be granted; paths outside them are never offered.
        workspace: The scenario's workspace: a relative path typed is completed inside it (and stays relative).
    """

    tools: Sequence[str] = ()
    subagents: Sequence[tuple[str, str]] = ()
    sessions: Mapping[str, Sequence[str]] = field(default_factory=dict)
    roots: Sequence[str] = ()
    workspace: str = ""


@dataclass(frozen=True)
class Target:
    """The value under the cursor: ``line[start:end]`` is replaced, ``line[start:cursor]`` is matched."""

    kind: Kind
    start: int
    end: int
    prefix: str
    in_list: bool = False
    as_argument: str = ""
    """Text put before the insert (``subagent_id=`` for a bare RunSubagent argument)."""


@dataclass(frozen=True)
class Completion:
    """The result of one Tab."""

    line: str
    cursor: int
    candidates: tuple[Candidate, ...] = ()
    message: str = ""
    """For the reply line: the candidates (several matches) or why nothing matched."""


def target_at(line: str, cursor: int) -> Target | None:
    """What kind of value sits under the cursor, and where it starts and ends.

    Args:
        line: The console line.
        cursor: The cursor position in ``line``.

    Returns:
        The target, or ``None`` where nothing can be completed (e.g. an argument key).
    """
    cursor = max(0, min(cursor, len(line)))
    start = cursor
    while start > 0 and not line[start - 1].isspace():
        start -= 1
    end = cursor
    while end < len(line) and not line[end].isspace():
        end += 1
    word = line[start:cursor]
    before = line[:start]
    if not before.strip():
        return Target("tool", start, end, word)
    tool = before.split()[0].lower()
    key, eq, value = word.partition("=")
    value_start = start + len(key) + len(eq)
    if eq:
        key = key.lower().lstrip("-")
        if key == "subagent_id":
            return Target("subagent", value_start, end, value)
        if key == "session_id":
            return Target("session", value_start, end, value)
        if key in PATH_LIST_KEYS:
            return _path_in_list(line, value_start, cursor, end)
        if key in PATH_KEYS or value.startswith("/"):
            return Target("path", value_start, end, value)
        return _path_in_list(line, value_start, cursor, end) if value.startswith("[") else None
    if word.startswith("/"):
        return Target("path", start, end, word)
    if word[:1] in LIST_BREAKS and "/" in word:
        return _path_in_list(line, start, cursor, end)
    if tool in SUBAGENT_TOOLS and len(before.split()) == 1 and not word.startswith(("-", "{")):
        return Target("subagent", start, end, word, as_argument="subagent_id=")
    return None


def _path_in_list(line: str, value_start: int, cursor: int, word_end: int) -> Target | None:
    """A path inside a list value: it starts after the last ``[ , " '`` and ends at the next one."""
    start = value_start
    for i in range(cursor - 1, value_start - 1, -1):
        if line[i] in LIST_BREAKS:
            start = i + 1
            break
    end = cursor
    while end < word_end and line[end] not in LIST_BREAKS + "]":
        end += 1
    prefix = line[start:cursor]
    if prefix and not prefix.startswith("/"):
        return None
    return Target("path", start, end, prefix, in_list=True)


def common_prefix(texts: Sequence[str], ignore_case: bool = False) -> str:
    """The longest common prefix of ``texts`` (taken from the first one).

    Args:
        texts: Strings to compare.
        ignore_case: Compare case-insensitively.
    """
    if not texts:
        return ""
    first = texts[0]
    n = len(first)
    for text in texts[1:]:
        a, b = (first.lower(), text.lower()) if ignore_case else (first, text)
        n = min(n, len(text))
        for i in range(n):
            if a[i] != b[i]:
                n = i
                break
    return first[:n]


def tool_candidates(prefix: str, tools: Sequence[str]) -> list[Candidate]:
    """Tools whose name starts with ``prefix`` (any case)."""
    low = prefix.lower()
    return [Candidate(t, t) for t in tools if t.lower().startswith(low)]


def subagent_candidates(prefix: str, subagents: Sequence[tuple[str, str]]) -> list[Candidate]:
    """Subagents whose id or name starts with ``prefix`` (any case); the id is inserted."""
    low = prefix.lower()
    return [
        Candidate(sid, f"{name} ({sid})" if name and name != sid else sid)
        for sid, name in subagents
        if sid.lower().startswith(low) or name.lower().startswith(low)
    ]


def session_candidates(prefix: str, sessions: Mapping[str, Sequence[str]], subagent: str | None) -> list[Candidate]:
    """Session ids starting with ``prefix``: ``subagent``'s when the line names one, else every known one."""
    pools = [sessions[subagent]] if subagent is not None and subagent in sessions else list(sessions.values())
    seen: dict[str, None] = {}
    for pool in pools:
        for sess in pool:
            if sess.startswith(prefix):
                seen.setdefault(sess)
    return [Candidate(s, s) for s in seen]


def _within(real: str, roots: Sequence[str]) -> bool:
    return any(real == root or real.startswith(root.rstrip("/") + "/") for root in roots)


def path_candidates(prefix: str, roots: Sequence[str], workspace: str = "") -> list[Candidate]:
    """Paths under the grantable ``roots`` that start with ``prefix`` (an absolute path typed so far).

    Inside a root the directory is listed with :func:`os.scandir` (directories get a trailing ``/``;
    entries whose real path leaves every root are hidden). Above the roots only the steps that lead
    to a root are offered. Dot entries show only when the typed name starts with ``.``.

    Args:
        prefix: The typed path; relative (empty too) is taken inside ``workspace``, else nothing.
        roots: Absolute grantable paths.
        workspace: The workspace folder relative paths are typed from; candidates stay relative.
    """
    if not prefix.startswith("/") and workspace and roots:
        base = workspace.rstrip("/") + "/"
        return [
            Candidate(c.insert[len(base) :], c.label, c.final)
            for c in path_candidates(base + prefix, roots)
            if c.insert.startswith(base) and len(c.insert) > len(base)
        ]
    if not prefix.startswith("/") or not roots:
        return []
    real_roots = [os.path.realpath(r) for r in roots]
    lexical_roots = [os.path.normpath(r) for r in roots]
    directory, _, base = prefix.rpartition("/")
    directory += "/"
    found: dict[str, Candidate] = {}
    # Above the roots: the next path component towards each root.
    norm_dir = os.path.normpath(directory)
    above = norm_dir.rstrip("/") + "/"
    for root in lexical_roots:
        if root.startswith(above) and root != norm_dir:
            step = root[len(above) :].split("/", 1)[0]
            is_dir = "/" in root[len(above) :] or os.path.isdir(root)
            if step.startswith(base):
                text = directory + step + ("/" if is_dir else "")
                found.setdefault(text, Candidate(text, step + ("/" if is_dir else ""), final=not is_dir))
    # Inside a root: list the directory, keep what stays inside the roots.
    real_dir = os.path.realpath(directory)
    if _within(real_dir, real_roots) and os.path.isdir(real_dir):
        try:
            with os.scandir(directory) as entries:
                for count, entry in enumerate(entries):
                    if count >= MAX_ENTRIES:
                        break
                    name = entry.name
                    if not name.startswith(base) or (name.startswith(".") and not base.startswith(".")):
                        continue
                    real = os.path.realpath(entry.path)
                    if not _within(real, real_roots):
                        continue
                    is_dir = os.path.isdir(real)
                    text = directory + name + ("/" if is_dir else "")
                    found.setdefault(text, Candidate(text, name + ("/" if is_dir else ""), final=not is_dir))
        except OSError:
            pass
    return sorted(found.values(), key=lambda c: c.insert)


@dataclass
class _Cycle:
    """What the last Tab produced, so the next Tab on the same line cycles."""

    line: str
    cursor: int
    start: int
    end: int
    candidates: tuple[Candidate, ...]
    index: int
    lead: str = ""
    """Put before each candidate (``subagent_id=`` for a bare RunSubagent argument)."""


class TabCompleter:
    """Completes the word under the cursor; a repeated Tab on the produced line cycles the candidates."""

    def __init__(self) -> None:
        self._cycle: _Cycle | None = None

    def reset(self) -> None:
        """Forget the cycle (the next Tab starts afresh)."""
        self._cycle = None

    def complete(self, line: str, cursor: int, sources: Sources) -> Completion | None:
        """One Tab.

        Args:
            line: The console line.
            cursor: The cursor position.
            sources: What may be offered.

        Returns:
            The new line and cursor with the candidates, or ``None`` when the cursor is on nothing completable.
        """
        cycle = self._cycle
        if cycle is not None and cycle.line == line and cycle.cursor == cursor:
            return self._next(cycle)
        self._cycle = None
        target = target_at(line, cursor)
        if target is None:
            return None
        candidates = tuple(self._candidates(target, line, sources))
        if not candidates:
            return Completion(line, cursor, (), f"no {target.kind} matches {target.prefix!r}" if target.prefix else "")
        if len(candidates) == 1:
            only = candidates[0]
            text = target.as_argument + only.insert
            after = line[target.end :]
            space = only.final and not target.in_list
            if space and not after.startswith(" "):
                after = " " + after
            new_line = line[: target.start] + text + after
            return Completion(new_line, target.start + len(text) + (1 if space else 0), candidates, "")
        inserts = [c.insert for c in candidates]
        ignore_case = target.kind in ("tool", "subagent")
        shared = common_prefix(inserts, ignore_case=ignore_case)
        typed = target.prefix
        if len(shared) >= len(typed) and shared.lower().startswith(typed.lower()):
            text = target.as_argument + shared
        else:
            text = line[target.start : cursor]
        new_line = line[: target.start] + text + line[target.end :]
        new_cursor = target.start + len(text)
        self._cycle = _Cycle(new_line, new_cursor, target.start, new_cursor, candidates, -1, target.as_argument)
        return Completion(new_line, new_cursor, candidates, _shown(candidates))

    def _next(self, cycle: _Cycle) -> Completion:
        cycle.index = (cycle.index + 1) % len(cycle.candidates)
        chosen = cycle.candidates[cycle.index]
        text = cycle.lead + chosen.insert
        new_line = cycle.line[: cycle.start] + text + cycle.line[cycle.end :]
        cycle.line, cycle.cursor, cycle.end = new_line, cycle.start + len(text), cycle.start + len(text)
        return Completion(new_line, cycle.cursor, cycle.candidates, _shown(cycle.candidates, cycle.index))

    @staticmethod
    def _candidates(target: Target, line: str, sources: Sources) -> list[Candidate]:
        if target.kind == "tool":
            return tool_candidates(target.prefix, sources.tools)
        if target.kind == "subagent":
            return subagent_candidates(target.prefix, sources.subagents)
        if target.kind == "session":
            named = _named_subagent(line)
            by_name = {name: agent_id for agent_id, name in sources.subagents}
            return session_candidates(target.prefix, sources.sessions, by_name.get(named or "", named))
        return path_candidates(target.prefix, sources.roots, sources.workspace)


def _named_subagent(line: str) -> str | None:
    """The ``subagent_id=`` value on the line, if any."""
    for word in line.split():
        key, eq, value = word.partition("=")
        if eq and key.lstrip("-").lower() == "subagent_id" and value:
            return value.strip("\"'")
    return None


def _shown(candidates: Sequence[Candidate], index: int = -1) -> str:
    """The candidates for the reply line (up to :data:`MAX_SHOWN`), the current one in brackets."""
    labels = [f"[{c.label}]" if i == index else c.label for i, c in enumerate(candidates)]
    if len(labels) > MAX_SHOWN:
        start = max(0, min(index - MAX_SHOWN // 2, len(labels) - MAX_SHOWN)) if index >= 0 else 0
        more = len(labels) - MAX_SHOWN
        labels = [*labels[start : start + MAX_SHOWN], f"… {more} more"]
    return "  ".join(labels)
