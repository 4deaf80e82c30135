"""A domain's scenarios as the built dataset lists them, so no test keeps ids or counts by hand.

Each domain's build writes ``tests-<domain>.json`` (the run order) and ``manifests-<domain>.json``;
the scenario folders it generates are ``scenarios/<prefix>*``. A test reads the ids from the index
and checks that the index, the manifests and the folders agree, which is what a hand-kept count
used to stand in for: a scenario built but not indexed, or indexed but not built, fails.
"""

from __future__ import annotations

import json
from pathlib import Path

DATASET = Path(__file__).resolve().parents[2] / "data" / "clawarena-team"


def index_ids(domain: str) -> list[str]:
    """The scenario ids of ``tests-<domain>.json``, in their run order."""
    ids: list[str] = json.loads((DATASET / f"tests-{domain}.json").read_text(encoding="utf-8"))["scenario_ids"]
    return ids


def assert_index_is_the_folders(domain: str, prefix: str) -> list[str]:
    """The index lists each ``scenarios/<prefix>*`` folder once and nothing else, and so do the
    domain's manifests; returns the ids in run order."""
    ids = index_ids(domain)
    folders = sorted(p.name for p in (DATASET / "scenarios").glob(f"{prefix}*") if p.is_dir())
    assert ids, f"tests-{domain}.json lists no scenario"
    assert len(ids) == len(set(ids)), f"tests-{domain}.json lists a scenario twice: {ids}"
    assert sorted(ids) == folders, f"tests-{domain}.json {sorted(ids)} != scenario folders {folders}"
    manifests = json.loads((DATASET / f"manifests-{domain}.json").read_text(encoding="utf-8"))["scenarios"]
    assert sorted(manifests) == folders, f"manifests-{domain}.json {sorted(manifests)} != scenario folders {folders}"
    merged = json.loads((DATASET / "tests.json").read_text(encoding="utf-8"))["scenario_ids"]
    assert [s for s in merged if s.startswith(prefix)] == ids, f"tests.json lists {domain} in another order"
    return ids
