from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest_asyncio

from tests.agents.harness import Harness, make_harness

MakeHarness = Callable[..., Harness]


@pytest_asyncio.fixture
async def harness(tmp_path: Path) -> AsyncIterator[MakeHarness]:
    """Build harnesses on ``tmp_path``; every runtime is closed at teardown."""
    made: list[Harness] = []

    def build(*args: Any, **kwargs: Any) -> Harness:
        h = make_harness(tmp_path, *args, **kwargs)
        made.append(h)
        return h

    yield build
    for h in made:
        await h.runtime.close()
