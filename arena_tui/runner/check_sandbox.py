"""The sandbox of one check: the workspace and the checks folder read-only, nothing else.

Shared by the cold path (a fresh sandbox per check) and the scenario's resident engine
sandbox, so both are built by the same code and have the same walls.
"""

from __future__ import annotations

import contextlib
import os

from arena_tui.dataset.schema import EvalSpec
from arena_tui.sandbox.bwrap import Bind, Launch, sandbox_launch
from arena_tui.sandbox.hardlinks import escaping_hardlinks
from arena_tui.sandbox.limits import SandboxLimits, drops_privileges, sandbox_uid
from arena_tui.sandbox.ownership import settle
from arena_tui.sandbox.pins import SwappedRootError, open_nofollow


def _open_ro(path: str, binds: list[Bind]) -> str | None:
    """Bind the real folder behind ``path`` read-only at ``path`` itself (what the command names)."""
    real = os.path.realpath(path)
    try:
        fd = open_nofollow(real)
    except (OSError, SwappedRootError):
        return None
    binds.append(Bind(fd, os.path.abspath(path), False))
    return real


def check_launch(
    spec: EvalSpec, command: str, placeholders: dict[str, str], workspace: str, limits: SandboxLimits
) -> Launch:
    """The sandboxed launch of one check: workspace and checks folder read-only, nothing else."""
    shown = os.path.abspath(placeholders.get("workspace", workspace))
    uid = sandbox_uid(workspace)
    settle(workspace, uid if drops_privileges() else None)
    binds: list[Bind] = []
    try:
        real = _open_ro(shown, binds) or workspace
        for name in ("scripts", "scenario_dir"):
            value = placeholders.get(name)
            if value and (name == "scripts" or "${" + name + "}" in spec.command):
                _open_ro(value, binds)
        masks = [os.path.join(shown, os.path.relpath(p, real)) for p in escaping_hardlinks([real])]
    except BaseException:
        for bind in binds:
            with contextlib.suppress(OSError):
                os.close(bind.fd)
        raise
    return sandbox_launch(binds, masks, shown, command, limits, uid)
