"""The Bash pre-check: path-like words in a command, checked against the scope.

This is accounting, not the wall. It finds what a reader of the command would call a
path (absolute paths, ``..`` walks, ``~`` and ``$HOME``) so an attempt to leave the
scope is refused and *counted*. Words built at run time (``$(printf /et)c/passwd``)
are invisible here; bubblewrap blocks those because nothing outside the scope exists
inside the sandbox.
"""

from __future__ import annotations

import os
import re

from arena_tui.sandbox.scope import ScopeGuard

# Characters that end a word for our purposes: shell separators, quotes, redirections,
# substitutions and assignments, so `a=/x`, `>/x`, `"$(cat /x)"` all yield `/x`.
_SPLIT = re.compile(r"[\s;|&<>()'\"`={},]+")
_HOME_VARS = re.compile(r"\$\{?HOME\}?")

#: System folders the sandbox exposes read-only (or privately); lexical prefixes.
SYSTEM_PREFIXES: tuple[str, ...] = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32")
SYSTEM_FILES: frozenset[str] = frozenset(
    {
        "/dev/null",
        "/dev/zero",
        "/dev/random",
        "/dev/urandom",
        "/dev/stdin",
        "/dev/stdout",
        "/dev/stderr",
        "/dev/tty",
    }
)


def _is_system(path: str, extra: tuple[str, ...]) -> bool:
    norm = os.path.normpath(path)
    if norm in SYSTEM_FILES or norm.startswith("/dev/fd/"):
        return True
    if any(norm == p or norm.startswith(p + "/") for p in (*SYSTEM_PREFIXES, *extra)):
        return True
    # /tmp is private inside the sandbox: scratch names are fine, but a host path that
    # exists there (workspaces often live under /tmp) is a real outside path.
    if norm == "/tmp":
        return True
    if not norm.startswith("/tmp/"):
        return False
    # Scratch only if nothing on the host exists along the way below /tmp.
    probe = norm
    while probe != "/tmp" and not os.path.lexists(probe):
        probe = os.path.dirname(probe)
    return probe == "/tmp"


def _has_dotdot(word: str) -> bool:
    return ".." in word.split("/")


def path_words(command: str) -> list[str]:
    """Candidate path words of ``command``, in order, without repeats."""
    words: list[str] = []
    for raw in _SPLIT.split(_HOME_VARS.sub("~", command)):
        word = raw.rstrip(":")
        if not word:
            continue
        if word.startswith(("/", "~")) or _has_dotdot(word):
            words.append(word)
        elif word.startswith("$"):
            continue
    return list(dict.fromkeys(words))


def outside_words(command: str, guard: ScopeGuard, cwd: str, system_extra: tuple[str, ...] = ()) -> list[str]:
    """The path words of ``command`` whose real location is outside the scope.

    ``~`` is taken as the harness user's home (the sandbox sets HOME to the cwd, so a
    ``~`` the pre-check misses still lands inside the scope). Writes to read-only roots
    are left to the read-only bind: that is a permission error, not an escape.
    """
    home = os.path.expanduser("~")
    out: list[str] = []
    for word in path_words(command):
        if word.startswith("~"):
            rest = word[1:]
            target = home + rest if rest == "" or rest.startswith("/") else "/home/" + rest
        elif word.startswith("/"):
            target = word
        else:
            target = os.path.join(cwd, word)
        if target.startswith("/") and _is_system(target, system_extra):
            continue
        if not guard.contains(os.path.realpath(target)):
            out.append(word)
    return out
