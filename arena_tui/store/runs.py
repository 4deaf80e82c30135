"""Stored runs on disk: find the stores under a folder, and the status a listing shows.

Reading a run back and folding its events is :mod:`arena_tui.runner.stored_runs` (the
store holds events; the score fold is scoring's, and the store depends on neither).
"""

from __future__ import annotations

from pathlib import Path

from arena_tui.store.lock import pid_alive
from arena_tui.store.schema import STORE_FILENAME


def run_status(stored: str, writer_pid: int | None) -> str:
    """The stored status, except a ``running`` run whose writer process is gone is ``crashed``."""
    if stored != "running":
        return stored
    return "crashed" if pid_alive(writer_pid) is False else "running"


def find_stores(root: Path, max_depth: int = 3) -> list[Path]:
    """Output folders under ``root`` (itself included) that hold a run store."""
    found: list[Path] = []
    if (root / STORE_FILENAME).is_file():
        found.append(root)
    frontier = [root]
    for _ in range(max_depth):
        nxt = []
        for folder in frontier:
            try:
                children = [c for c in folder.iterdir() if c.is_dir() and not c.name.startswith(".")]
            except OSError:
                continue
            for child in children:
                if (child / STORE_FILENAME).is_file():
                    found.append(child)
                nxt.append(child)
        frontier = nxt
    return sorted(set(found))
