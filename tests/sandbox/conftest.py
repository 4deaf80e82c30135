from __future__ import annotations

from pathlib import Path

import pytest

from tests.tools.workspace import World, add_traps, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    w = make_world(tmp_path)
    add_traps(w, w.ws / "pub")
    add_traps(w, w.ws / "pub" / "sub")
    return w
