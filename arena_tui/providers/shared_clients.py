"""One HTTP client per endpoint and event loop, shared by every session that talks to it.

Building an ``openai.AsyncOpenAI`` client builds an HTTP client and its TLS context (the
CA bundle is read and parsed): tens of milliseconds of CPU on the event loop. A run
starts a session per scenario and per subagent, all against the same few endpoints, so
building one per session put seconds of loop time in front of the first requests of a
run with many scenarios. Clients are shared per loop (an HTTP client belongs to the loop
it runs on), counted, and closed when the last session using one lets it go.

A run holds (:func:`hold`) the clients of the endpoints its model JSON names for its whole
length: they are built in a worker thread while the run sets up, so the first sessions
find them ready instead of building one on the loop in front of every first request.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Iterable
from dataclasses import dataclass

import openai

Endpoint = tuple[str, str, float]
"""(API key, base URL, per-call timeout): what makes two sessions' clients the same."""


@dataclass
class _Slot:
    client: openai.AsyncOpenAI
    users: int = 0


_shared: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Endpoint, _Slot]] = weakref.WeakKeyDictionary()


def _build(api_key: str, base_url: str, timeout: float) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(api_key=api_key, base_url=base_url, max_retries=0, timeout=timeout)


def _table() -> dict[Endpoint, _Slot] | None:
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None  # built outside a loop (a probe, a test): not shared
    return _shared.setdefault(loop, {})


def acquire(api_key: str, base_url: str, timeout: float) -> openai.AsyncOpenAI:
    """The shared client for this endpoint, key and timeout on the running loop (built on first use)."""
    table = _table()
    if table is None:
        return _build(api_key, base_url, timeout)
    key = (api_key, base_url, timeout)
    slot = table.get(key)
    if slot is None:
        slot = table[key] = _Slot(_build(api_key, base_url, timeout))
    slot.users += 1
    return slot.client


async def release(client: openai.AsyncOpenAI) -> None:
    """One session is done with ``client``; the last one closes it."""
    table = _table() or {}
    key = next((k for k, slot in table.items() if slot.client is client), None)
    if key is not None:
        table[key].users -= 1
        if table[key].users > 0:
            return
        del table[key]
    await client.close()


async def hold(endpoints: Iterable[Endpoint]) -> list[openai.AsyncOpenAI]:
    """One use of each endpoint's shared client on this loop, the missing ones built in a worker thread.

    Give each back with :func:`release` when the run ends.
    """
    table = _shared.setdefault(asyncio.get_running_loop(), {})
    wanted = list(dict.fromkeys(endpoints))
    missing = [key for key in wanted if key not in table]
    built = await asyncio.to_thread(lambda: [_build(*key) for key in missing])
    for key, client in zip(missing, built, strict=True):
        if key in table:  # a session built it on the loop meanwhile: keep that one
            await client.close()
        else:
            table[key] = _Slot(client)
    return [acquire(*key) for key in wanted]
