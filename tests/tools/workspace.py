"""A small workspace with an outside world, shared by the tool and sandbox tests.

Layout under ``tmp_path``::

    ws/pub/a.txt            main may touch (accessible)
    ws/pub/sub/s.txt        the subagent's grant
    ws/deleg/d.txt          main may only grant it (delegable)
    outside/secret.txt      nobody may touch it

Markers in the protected files let a test prove their content never leaked.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from arena_tui.agents.background import BackgroundRegistry
from arena_tui.events import Event, ForbiddenAccess
from arena_tui.origin import Origin
from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools import ReadLedger, ToolContext, basic_runner

SUB_ID = "sub_0badcafe"
OUTSIDE_MARK = "SECRET_OUTSIDE_7f3a"
DELEG_MARK = "SECRET_DELEG_91c2"
MAIN_MARK = "MAIN_ONLY_55d0"


@dataclass
class World:
    tmp: Path
    ws: Path
    outside: Path
    events: list[Event] = field(default_factory=list)
    ledger: ReadLedger = field(default_factory=ReadLedger)

    @property
    def secret(self) -> Path:
        return self.outside / "secret.txt"

    def ctx(self, agent: str = "main", **kw: object) -> ToolContext:
        if agent == "main":
            scope = ScopeGuard.for_main(self.ws, ["pub"], ["deleg"])
            agent_id = "main"
        else:
            scope = ScopeGuard.for_subagent(self.ws, ["pub/sub"])
            agent_id = SUB_ID
        params: dict[str, object] = {
            "agent_id": agent_id,
            "scope": scope,
            "session_id": "s1",
            "emit": self.events.append,
            "reads": self.ledger,
            "background": BackgroundRegistry(self.events.append, Origin(agent_id=agent_id)),
        }
        params.update(kw)
        return ToolContext(**params)  # type: ignore[arg-type]

    def forbidden(self) -> list[ForbiddenAccess]:
        return [e for e in self.events if isinstance(e, ForbiddenAccess)]

    def snapshot(self) -> dict[str, tuple[bytes, int]]:
        """Bytes and mtime of every protected file (outside and delegable)."""
        out: dict[str, tuple[bytes, int]] = {}
        for base in (self.outside, self.ws / "deleg"):
            for path in sorted(base.rglob("*")):
                if path.is_file() and not path.is_symlink():
                    out[str(path)] = (path.read_bytes(), path.stat().st_mtime_ns)
        return out


def make_world(tmp_path: Path) -> World:
    ws = tmp_path / "ws"
    outside = tmp_path / "outside"
    (ws / "pub" / "sub").mkdir(parents=True)
    (ws / "deleg").mkdir()
    outside.mkdir()
    (ws / "pub" / "a.txt").write_text(f"alpha\n{MAIN_MARK}\n")
    (ws / "pub" / "sub" / "s.txt").write_text("sub line one\nsub line two\n")
    (ws / "deleg" / "d.txt").write_text(f"{DELEG_MARK}\n")
    (outside / "secret.txt").write_text(f"{OUTSIDE_MARK}\n")
    return World(tmp_path, ws, outside)


def add_traps(world: World, root: Path) -> None:
    """Symlinks, a chain and a hard link in ``root`` that all point outside."""
    secret = world.secret
    (root / "link_out").symlink_to(secret)
    (root / "chain2").symlink_to(secret)
    (root / "chain1").symlink_to(root / "chain2")
    (root / "dirlink").symlink_to(world.outside, target_is_directory=True)
    os.link(secret, root / "hard")


runner = basic_runner()
