"""Per-sandbox resource limits, the minimal environment, and the unprivileged uid.

Every command an agent chooses (Bash) and every check runs with:

* an environment built from nothing (never a copy of the harness's, which holds API keys);
* hard ``ulimit`` caps on address space, processes, file size; a sized private ``/tmp``;
* when the harness runs as root, an unprivileged host uid. ``RLIMIT_NPROC`` is counted
  per uid, and root is exempt from it, so a fork bomb is only bounded for a real uid.
  The uid is derived from the workspace path, so concurrent scenarios rarely share one.
"""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass
from typing import Any

MIB = 1024 * 1024
UID_BASE = 200_000
UID_SPAN = 50_000


@dataclass(frozen=True)
class SandboxLimits:
    """The caps one sandbox runs under (settings ``sandbox_*`` and ``parallel_tool_calls``)."""

    memory_mb: int = 2048
    processes: int = 256
    file_size_mb: int = 1024
    tmp_mb: int = 256
    workspace_growth_mb: int = 2048
    parallel_tool_calls: int = 8

    @classmethod
    def from_settings(cls, settings: Any) -> SandboxLimits:
        """Read the limits from a :class:`~arena_tui.settings.Settings` (or anything alike)."""
        return cls(
            memory_mb=settings.sandbox_memory_mb,
            processes=settings.sandbox_processes,
            file_size_mb=settings.sandbox_file_size_mb,
            tmp_mb=settings.sandbox_tmp_mb,
            workspace_growth_mb=settings.sandbox_workspace_growth_mb,
            parallel_tool_calls=settings.parallel_tool_calls,
        )

    def ulimit_line(self) -> str:
        """A bash line that sets the hard and soft caps before the command runs.

        Each cap is set on its own; one that fails was already lower (a stricter hard limit
        inherited from the harness), which is fine.
        """
        kib = self.memory_mb * 1024
        blocks = self.file_size_mb * 1024  # bash counts -f in 1024-byte blocks
        caps = (f"-u {self.processes}", f"-v {kib}", f"-f {blocks}", "-c 0")
        return "".join(f"ulimit -H -S {c} 2>/dev/null; " for c in caps) + "\n"


DEFAULT_LIMITS = SandboxLimits()


def minimal_env(path: str, home: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The whole environment of a sandboxed process: nothing inherited from the harness."""
    env = {"PATH": path, "HOME": home, "TMPDIR": "/tmp", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1"}
    env.update(extra or {})
    return env


def drops_privileges() -> bool:
    """Whether sandboxed commands switch to an unprivileged uid (only root can, and must)."""
    return os.geteuid() == 0


def sandbox_uid(workspace: str) -> int:
    """The unprivileged host uid (and gid) for sandboxes of ``workspace``; our own uid when not root."""
    if not drops_privileges():
        return os.geteuid()
    return UID_BASE + zlib.crc32(os.fsencode(workspace)) % UID_SPAN
