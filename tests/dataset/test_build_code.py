"""The dataset builders' code stays within the kit's limits: no function over 80 lines.

A scenario is a spec of values and round kinds; a builder function that grows past a screenful
is a framework growing back. The engine copy (``_check.py``) is held to the same limit.
"""

from __future__ import annotations

import ast
from pathlib import Path

BUILD = Path(__file__).resolve().parents[2] / "data" / "build"
LONGEST = 80
NOT_YET: set[str] = set()
"""Domains whose builders are still being split to the limit (empty when every one is)."""


def long_functions(root: Path = BUILD, limit: int = LONGEST) -> list[str]:
    """``path:line name (N lines)`` for every function longer than ``limit`` lines under ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in NOT_YET or "testdata" in rel.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    found.append(f"{rel}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_builder_function_is_over_80_lines() -> None:
    assert long_functions() == []


def test_the_measure_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(81))
    (tmp_path / "spec.py").write_text(f"def scenario():\n{body}\n", encoding="utf-8")
    assert long_functions(tmp_path) == ["spec.py:1 scenario (82 lines)"]
