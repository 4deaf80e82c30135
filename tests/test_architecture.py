"""House rules checked by tests: layering and module size."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "arena_tui"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_textual_only_imported_inside_tui() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("tui/"):
            continue
        if any(name == "textual" or name.startswith("textual.") for name in _imports(path)):
            offenders.append(rel)
    assert offenders == [], f"textual imported outside arena_tui/tui/: {offenders}"


def test_modules_stay_small() -> None:
    big = {
        path.relative_to(PACKAGE).as_posix(): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert big == {}, f"split these modules by concept: {big}"
