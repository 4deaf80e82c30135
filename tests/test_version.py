"""The version moves in one place at a time: pyproject, the package and the changelog agree."""

from __future__ import annotations

import tomllib
from pathlib import Path

from arena_tui import __version__

ROOT = Path(__file__).resolve().parent.parent


def test_package_version_matches_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == __version__


def test_changelog_leads_with_the_current_version() -> None:
    lines = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    headings = [line for line in lines if line.startswith("## ")]
    assert headings and headings[0] == f"## {__version__}"
