"""Pytest fixtures that start fake model servers; import them into a conftest.py."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest_asyncio

from tests.fakes.openai_server import FakeOpenAIServer

ServerFactory = Callable[..., Awaitable[FakeOpenAIServer]]


@pytest_asyncio.fixture
async def fake_openai() -> AsyncIterator[FakeOpenAIServer]:
    """One fake server on an ephemeral 127.0.0.1 port, stopped at teardown."""
    server = FakeOpenAIServer()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest_asyncio.fixture
async def fake_openai_factory() -> AsyncIterator[ServerFactory]:
    """Start as many fake servers as a test needs; all stop at teardown."""
    servers: list[FakeOpenAIServer] = []

    async def start(models: tuple[str, ...] = ("fake-model",), **behaviour: Any) -> FakeOpenAIServer:
        server = FakeOpenAIServer(models, **behaviour)
        await server.start()
        servers.append(server)
        return server

    try:
        yield start
    finally:
        for server in servers:
            await server.stop()
