"""The sandbox: scope checks, verified file access, file kinds and the bubblewrap wall.

This package is the only code that touches the workspace on an agent's behalf.
"""

from __future__ import annotations

from arena_tui.sandbox.bwrap import SandboxMode, sandbox_mode
from arena_tui.sandbox.scope import (
    ForbiddenError,
    ForbiddenReason,
    Refusal,
    RelativePathError,
    ScopeGuard,
    forbidden_text,
)

__all__ = [
    "ForbiddenError",
    "ForbiddenReason",
    "Refusal",
    "RelativePathError",
    "SandboxMode",
    "ScopeGuard",
    "forbidden_text",
    "sandbox_mode",
]
