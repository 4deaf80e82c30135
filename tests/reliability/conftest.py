"""Reliability suite: the fast subset always runs; tests marked ``reliability`` need --run-reliability."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakes.fixtures import fake_openai  # noqa: F401
from tests.reliability.common import TALLY
from tests.runner.helpers import demo_only


@pytest.fixture(autouse=True)
def _reliability_gate(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("reliability") and not request.config.getoption("--run-reliability"):
        pytest.skip("full reliability suite: run with --run-reliability")


@pytest.fixture(scope="session")
def demo_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dataset holding only the demo scenarios."""
    return demo_only(tmp_path_factory.mktemp("demo") / "dataset")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if any(TALLY.values()):
        parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in TALLY.items())
        terminalreporter.write_line(f"reliability tally: {parts}")
