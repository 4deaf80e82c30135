"""Shared helpers for the TUI tests: bounded waits on conditions (never fixed sleeps)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from arena_tui.tui.app import ArenaApp


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], what: str = "condition", tries: int = 200) -> None:
    """Let the app run until ``condition()`` holds, checking after each short pause; fail after ``tries``."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}")


async def wait_ingested(pilot: Pilot[None], app: ArenaApp, count: int) -> None:
    """Wait until ``count`` events were applied and the screen drew them."""
    await wait_for(pilot, lambda: app.state.events_applied >= count and app.ingest.idle, f"{count} events applied")
    frames = app.frames
    await wait_for(pilot, lambda: app.frames > frames, "one more frame")
    await pilot.pause()
