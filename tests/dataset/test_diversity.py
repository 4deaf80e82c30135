"""The bundled dataset stays diverse: data/build/diversity.py's measures within their limits.

Scenarios that share a generator drift towards shared wording and a shared arc; these limits
keep each one its own sample.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _measure() -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("diversity", ROOT / "data" / "build" / "diversity.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result: dict[str, Any] = module.measure(ROOT / "data" / "clawarena-team")
    return result


def test_questions_differ_within_and_across_domains_and_no_arc_is_shared() -> None:
    result = _measure()
    similarity = result["question_similarity"]
    too_alike = {d: v for d, v in similarity["per_domain"].items() if v > 0.30}
    assert not too_alike, f"mean pairwise question similarity above 0.30: {too_alike}"
    assert similarity["across_domains"] <= 0.20, similarity["across_domains"]
    assert result["shared_arcs"] == [], f"non-demo scenarios sharing a round arc: {result['shared_arcs']}"
    assert len(set(result["deliverable_kinds"]) - {"txt"}) >= 5, result["deliverable_kinds"]
