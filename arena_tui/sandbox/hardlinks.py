"""Hard links: the one alias realpath cannot see.

A hard link inside the scope to a file outside it has a perfectly in-scope realpath.
The rule we apply is sound and cheap in practice: a regular file with ``st_nlink == 1``
is fine; a file with more links is allowed only if *every* link is found inside the
agent's scope (same device and inode counted by a walk of the scope roots). Anything
else, including a walk too large to finish, is refused. Workspaces are copied fresh per
run, so their files have one link and the walk almost never runs.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable

#: Walking more entries than this fails closed (the file is treated as escaping).
WALK_LIMIT = 200_000


def _walk_files(roots: Iterable[str]) -> Iterable[tuple[str, os.stat_result]]:
    """Every non-symlink entry under ``roots`` (roots may be files), without following links."""
    seen = 0
    for root in roots:
        try:
            st = os.lstat(root)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode):
            yield root, st
            continue
        stack = [root]
        while stack:
            folder = stack.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                seen += 1
                if seen > WALK_LIMIT:
                    raise OverflowError("scope too large to scan for hard links")
                try:
                    est = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISDIR(est.st_mode):
                    stack.append(entry.path)
                elif stat.S_ISREG(est.st_mode):
                    yield entry.path, est


def links_all_inside(st: os.stat_result, roots: Iterable[str]) -> bool:
    """Whether every hard link of the file described by ``st`` lies under ``roots``."""
    if not stat.S_ISREG(st.st_mode) or st.st_nlink <= 1:
        return True
    found: set[str] = set()
    try:
        for path, est in _walk_files(roots):
            if est.st_ino == st.st_ino and est.st_dev == st.st_dev:
                found.add(path)
    except OverflowError:
        return False
    return len(found) >= st.st_nlink


def escaping_hardlinks(roots: Iterable[str]) -> list[str]:
    """Files under ``roots`` that have a hard link outside them (masked in the Bash sandbox).

    Raises:
        OverflowError: the scope is too large to scan; the caller must fail closed.
    """
    groups: dict[tuple[int, int], list[str]] = {}
    nlinks: dict[tuple[int, int], int] = {}
    for path, st in _walk_files(list(roots)):
        if st.st_nlink > 1:
            key = (st.st_dev, st.st_ino)
            groups.setdefault(key, []).append(path)
            nlinks[key] = st.st_nlink
    out: list[str] = []
    for key, paths in groups.items():
        if len(set(paths)) < nlinks[key]:
            out.extend(sorted(set(paths)))
    return out
