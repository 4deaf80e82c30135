"""The run store: SQLite (WAL) written by one batching writer, read by replay, watch and reports.

The names below load on first use: ``schema`` alone (its file name, its version) is light, and a
screen that only needs those paints before the reader's event models are imported.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from arena_tui.store.schema import SCHEMA_VERSION, STORE_FILENAME

if TYPE_CHECKING:
    from arena_tui.store.reader import RunRow, ScenarioRow, StoreReader, store_path
    from arena_tui.store.writer import EventStore

_LAZY = {
    "RunRow": "arena_tui.store.reader",
    "ScenarioRow": "arena_tui.store.reader",
    "StoreReader": "arena_tui.store.reader",
    "store_path": "arena_tui.store.reader",
    "EventStore": "arena_tui.store.writer",
}

__all__ = ["SCHEMA_VERSION", "STORE_FILENAME", "EventStore", "RunRow", "ScenarioRow", "StoreReader", "store_path"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
