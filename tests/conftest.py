"""Root test options (pytest only reads ``pytest_addoption`` from conftests at the test root)."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-reliability",
        action="store_true",
        default=False,
        help="also run the full reliability suite (tests marked 'reliability')",
    )
