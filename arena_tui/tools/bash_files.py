"""Files a Bash command names: the resolved path arguments that WPP counts as touched.

Every word of the command (split like the pre-check splits it, globs expanded inside the
scope) is resolved against the agent's working folder; the words that name an existing
regular file inside the agent's scope become ``op="bash"`` file touches. This is
accounting only: the sandbox, not this list, decides what a command can reach.
"""

from __future__ import annotations

import glob
import os
import re

from arena_tui.events import FileTouch
from arena_tui.sandbox.filekinds import detect
from arena_tui.sandbox.scope import ScopeGuard

_SPLIT = re.compile(r"[\s;|&<>()'\"`={},]+")
_GLOB = re.compile(r"[*?\[]")
MAX_TOUCHES = 500


def _candidates(word: str, cwd: str) -> list[str]:
    word = word.rstrip(":")
    if not word or word.startswith(("-", "$")) or "://" in word:
        return []
    path = word if os.path.isabs(word) else os.path.join(cwd, word)
    if _GLOB.search(word):
        return sorted(glob.glob(path))[:MAX_TOUCHES]
    return [path]


def bash_touches(command: str, scope: ScopeGuard, cwd: str) -> list[FileTouch]:
    """The in-scope regular files ``command`` names, workspace-relative, without repeats."""
    seen: dict[str, FileTouch] = {}
    for word in _SPLIT.split(command):
        for path in _candidates(word, cwd):
            real = os.path.realpath(path)
            if real in seen or not scope.contains(real) or not os.path.isfile(real):
                continue
            try:
                with open(real, "rb") as f:
                    head = f.read(1024)
            except OSError:
                continue
            seen[real] = FileTouch(path=scope.relative(real), op="bash", modality=detect(real, head).modality)
            if len(seen) >= MAX_TOUCHES:
                return list(seen.values())
    return list(seen.values())
