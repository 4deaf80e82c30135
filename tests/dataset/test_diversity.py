"""The bundled dataset stays diverse: data/build/diversity.py's measures within their limits.

Scenarios that share a generator drift towards shared wording and a shared arc; these limits
keep each one its own sample.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.dataset.oracle_run import converted, oracle_run

ROOT = Path(__file__).resolve().parents[2]


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("diversity", ROOT / "data" / "build" / "diversity.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _measure() -> dict[str, Any]:
    result: dict[str, Any] = _module().measure(ROOT / "data" / "clawarena-team")
    return result


def test_questions_differ_within_and_across_domains_and_no_arc_is_shared() -> None:
    result = _measure()
    similarity = result["question_similarity"]
    too_alike = {d: v for d, v in similarity["per_domain"].items() if v > 0.30}
    assert not too_alike, f"mean pairwise question similarity above 0.30: {too_alike}"
    assert similarity["across_domains"] <= 0.20, similarity["across_domains"]
    assert result["shared_arcs"] == [], f"non-demo scenarios sharing a round arc: {result['shared_arcs']}"
    assert len(set(result["deliverable_kinds"]) - {"txt"}) >= 5, result["deliverable_kinds"]


def test_reference_scores_differ_within_every_domain() -> None:
    """The reference manager's (TPP, ROC, WPP, MCA) differ by scenario: at least 6 tuples per domain."""
    scores, _out = oracle_run(tuple(converted()))
    rows = [
        {"scenario_id": sid, "TPP": s.tpp, "ROC": s.roc, "WPP": s.wpp, "MCA": s.mca}
        for sid, s in scores.scenarios.items()
        if not sid.startswith("s_demo_")
    ]
    counts: dict[str, int] = _module().distinct_score_tuples(rows)
    assert len(counts) == 5, counts
    assert all(n >= 6 for n in counts.values()), counts
    assert all(s.rounds_passed == len(s.round_ids) for s in scores.scenarios.values())
