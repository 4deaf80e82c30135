"""Who read what: the read-before-overwrite rule for Write and Edit.

An agent may overwrite an existing file only after it read that file in the same
session, and only if the file has not changed since (compared by SHA-256). The ledger
is keyed by (agent_id, session_id), so a subagent's read never licenses main's write,
and one shared ledger can serve every agent of a scenario. Each method is a single dict
operation (atomic under the GIL), so tool threads running concurrently can share it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

ReaderKey = tuple[str, str | None]


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class ReadLedger:
    """Real paths each agent session has read, with the content hash it saw."""

    _seen: dict[ReaderKey, dict[str, str]] = field(default_factory=dict)

    def record(self, agent_id: str, session_id: str | None, real_path: str, digest: str) -> None:
        """Remember that this session saw ``real_path`` with content ``digest``."""
        self._seen.setdefault((agent_id, session_id), {})[real_path] = digest

    def digest(self, agent_id: str, session_id: str | None, real_path: str) -> str | None:
        """The hash this session last saw for ``real_path``, or ``None`` if it never read it."""
        return self._seen.get((agent_id, session_id), {}).get(real_path)
