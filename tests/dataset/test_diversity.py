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


def test_reference_is_at_the_ceiling_in_every_scenario() -> None:
    """The reference's grants are the declared needs: TCR, TPP, ROC, WPP and MCA are 1 everywhere.

    (Its scores no longer differ by scenario; the spread that shows the metrics discriminate is the
    adversarial baselines' below it, tests/dataset/test_gate_baselines.py.)"""
    scores, _out = oracle_run(tuple(converted()))
    assert len(scores.scenarios) == len(converted()) >= 41
    below = {
        sid: (s.tcr, s.tpp, s.roc, s.wpp, s.mca)
        for sid, s in scores.scenarios.items()
        if (s.tcr, s.tpp, s.roc, s.wpp, s.mca) != (1.0, 1.0, 1.0, 1.0, 1.0)
    }
    assert not below, below
