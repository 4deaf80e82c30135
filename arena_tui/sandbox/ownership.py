"""One walk of a workspace before each sandboxed command: ownership and size.

When the harness runs as root, sandboxed commands run as an unprivileged uid, so the
files the harness put in the workspace (the initial copy, round updates, Write and
Edit) are handed to that uid first. The walk never follows a link: it descends through
directory descriptors, changes owners with ``follow_symlinks=False`` and skips any file
with more than one hard link (one link could be a file outside). The same walk sums the
bytes the workspace uses, which bounds how far a sandbox may grow it.
"""

from __future__ import annotations

import contextlib
import os
import stat

from arena_tui.sandbox.hardlinks import WALK_LIMIT
from arena_tui.sandbox.pins import SwappedRootError, open_nofollow

_BASELINE: dict[str, int] = {}


def settle(workspace: str, uid: int | None) -> int:
    """Give harness-made entries of ``workspace`` to ``uid`` (when not ``None``); return bytes used.

    Raises:
        OverflowError: the workspace holds too many entries to walk.
    """
    try:
        top = open_nofollow(workspace)
    except (OSError, SwappedRootError):
        return 0
    used = 0
    seen = 0
    try:
        for _path, _dirs, files, dfd in os.fwalk(".", dir_fd=top, follow_symlinks=False):
            dst = os.fstat(dfd)
            if uid is not None and dst.st_uid != uid:
                with contextlib.suppress(OSError):
                    os.fchown(dfd, uid, uid)
            for name in files:
                seen += 1
                if seen > WALK_LIMIT:
                    raise OverflowError("workspace too large to walk")
                try:
                    st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
                except OSError:
                    continue
                if not stat.S_ISREG(st.st_mode):
                    continue
                used += st.st_blocks * 512
                if uid is not None and st.st_uid != uid and st.st_nlink == 1:
                    with contextlib.suppress(OSError):
                        os.chown(name, uid, uid, dir_fd=dfd, follow_symlinks=False)
    finally:
        os.close(top)
    return used


def growth(workspace: str, used: int) -> int:
    """Bytes ``workspace`` grew since the first time it was measured in this process."""
    base = _BASELINE.setdefault(workspace, used)
    return max(0, used - base)
