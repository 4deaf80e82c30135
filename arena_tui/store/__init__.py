"""The run store: SQLite (WAL) written by one batching writer, read by replay, watch and reports."""

from arena_tui.store.reader import RunRow, ScenarioRow, StoreReader, store_path
from arena_tui.store.schema import SCHEMA_VERSION, STORE_FILENAME
from arena_tui.store.writer import EventStore

__all__ = ["SCHEMA_VERSION", "STORE_FILENAME", "EventStore", "RunRow", "ScenarioRow", "StoreReader", "store_path"]
