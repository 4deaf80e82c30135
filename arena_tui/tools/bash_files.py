"""Files a Bash command names: the resolved path arguments that WPP counts as touched.

Every word of the command (split by the shared rule in :mod:`arena_tui.tools.bash_words`,
patterns expanded inside the scope) is resolved against the agent's working folder; the words that name an existing
regular file inside the agent's scope become ``op="bash"`` file touches. This is
accounting only: the sandbox, not this list, decides what a command can reach.
"""

from __future__ import annotations

import glob
import itertools
import os
import stat

from arena_tui.events import FileTouch
from arena_tui.sandbox.filekinds import detect
from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools.bash_words import command_words, is_pattern

MAX_TOUCHES = 500


def _candidates(word: str, cwd: str, scope: ScopeGuard) -> list[str]:
    path = word if os.path.isabs(word) else os.path.join(cwd, word)
    if is_pattern(word):
        # Expand only below an in-scope folder: a pattern such as /*/*/* must not make the
        # harness walk the host's file system.
        first = min(i for i, ch in enumerate(path) if ch in "*?[{")
        base = os.path.realpath(os.path.dirname(path[:first] + "x"))
        if not scope.contains(base) and not any(_under(root, base) for root in scope.roots()):
            return []
        return sorted(itertools.islice(glob.iglob(path), MAX_TOUCHES))
    return [path]


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _head(path: str) -> bytes | None:
    """The first KiB of a regular file, opened without following a link or blocking on a FIFO."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, 1024)
    except OSError:
        return None
    finally:
        os.close(fd)


def bash_touches(command: str, scope: ScopeGuard, cwd: str) -> list[FileTouch]:
    """The in-scope regular files ``command`` names, workspace-relative, without repeats."""
    seen: dict[str, FileTouch] = {}
    for word in command_words(command):
        for path in _candidates(word, cwd, scope):
            real = os.path.realpath(path)
            if real in seen or not scope.contains(real):
                continue
            head = _head(real)
            if head is None:
                continue
            seen[real] = FileTouch(path=scope.relative(real), op="bash", modality=detect(real, head).modality)
            if len(seen) >= MAX_TOUCHES:
                return list(seen.values())
    return list(seen.values())
