"""Declared needs (``<scenario>/needs.json``): derived by one script, carried to scoring, validated by ``check``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena_tui.dataset.loader import validate_dataset
from arena_tui.dataset.schema import DELEGATION_TAG
from tests.dataset.oracle_run import DATASET, ROOT

SCRIPT = ROOT / "data" / "build" / "derive_needs.py"
SID = "s_law_lease_dispute"


def _derive(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def _copy(tmp: Path) -> Path:
    """A one-scenario dataset copied from the bundled one."""
    shutil.copytree(DATASET / "scenarios" / SID, tmp / "scenarios" / SID)
    (tmp / "manifests.json").write_text(json.dumps({"scenarios": {SID: f"scenarios/{SID}/manifest.json"}}))
    (tmp / "tests.json").write_text(json.dumps({"name": "t", "manifests_ref": "manifests.json", "scenario_ids": [SID]}))
    return tmp


def _edit(tmp: Path, fn: Callable[[dict[str, Any]], None]) -> None:
    path = tmp / "scenarios" / SID / "needs.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    fn(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_every_stored_needs_file_is_what_the_script_derives() -> None:
    r = _derive("--check")
    assert r.returncode == 0, r.stdout + r.stderr
    ids = json.loads((DATASET / "tests.json").read_text(encoding="utf-8"))["scenario_ids"]
    assert f" {len(ids)} scenario(s): OK" in r.stdout


def test_a_stale_needs_file_fails_the_check(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root, lambda d: d["rounds"]["q1"][0]["files"].append("scans/other.png"))
    r = _derive("--check", "--dataset", str(root), SID)
    assert r.returncode == 1 and f"{SID}/needs.json: stale" in r.stdout, r.stdout
    assert _derive("--dataset", str(root), SID).returncode == 0  # re-derived
    assert _derive("--check", "--dataset", str(root), SID).returncode == 0


def test_every_marked_round_declares_a_need_and_the_reference_is_honest_about_routing() -> None:
    for sdir in sorted((DATASET / "scenarios").iterdir()):
        needs = json.loads((sdir / "needs.json").read_text(encoding="utf-8"))["rounds"]
        rounds = json.loads((sdir / "questions.json").read_text(encoding="utf-8"))
        marked = [r["id"] for r in rounds if DELEGATION_TAG in r["tags"]]
        assert marked and all(needs.get(rid) for rid in marked), (sdir.name, marked, sorted(needs))


def test_the_bundled_needs_pass_check_and_reach_the_scenario() -> None:
    result = validate_dataset(DATASET)
    assert result.dataset is not None and not result.problems.items, [p.render() for p in result.problems.items]
    scenario = result.dataset.scenario(SID)
    assert [n.worker for n in scenario.needs["q3"]] == ["ledger_runner"]
    assert scenario.needs["q3"][0].tools == [["read", "run"], ["run"]]  # two acceptable ways


@pytest.mark.parametrize(
    ("edit", "field", "message"),
    [
        (lambda d: d["rounds"].__setitem__("q9", d["rounds"]["q1"]), "rounds.q9", "is not in questions.json"),
        (lambda d: d["rounds"]["q1"][0]["files"].append("scans/nowhere.png"), "rounds.q1[0].files[1]", "neither"),
        (lambda d: d["rounds"]["q1"][0]["tools"].append(["delete"]), "rounds.q1[0].tools", "delete"),
        (lambda d: d["rounds"]["q1"][0].__setitem__("modalities", ["smell"]), "rounds.q1[0].modalities", "smell"),
        (lambda d: d["rounds"]["q1"][0].__setitem__("modalities", ["image", "audio"]), "modalities", "no single"),
        (lambda d: d["rounds"]["q1"][0]["files"].append("../../etc/passwd"), "rounds.q1[0].files[1]", ""),
    ],
)
def test_check_rejects_a_broken_declaration(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], field: str, message: str
) -> None:
    root = _copy(tmp_path)
    _edit(root, edit)
    errors = [p.render() for p in validate_dataset(root).problems.errors]
    assert any("needs.json" in e and field in e and message in e for e in errors), errors


def test_paths_created_by_updates_or_earlier_rounds_are_accepted_and_early_ones_are_not(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    # output/claim_computation.json is written by the reference in q5's turns; an update adds
    # rent_ledger/ledger_2025_Q4.csv before q4. Both may be needed from then on, not before.
    _edit(root, lambda d: d["rounds"]["q4"][0]["files"].append("rent_ledger/ledger_2025_Q4.csv"))
    assert not validate_dataset(root).problems.errors
    _edit(root, lambda d: d["rounds"]["q1"][0]["files"].append("rent_ledger/ledger_2025_Q4.csv"))
    errors = [p.render() for p in validate_dataset(root).problems.errors]
    assert any("rounds.q1[0].files" in e for e in errors), errors


def test_a_missing_needs_file_is_a_lenient_warning(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "scenarios" / SID / "needs.json").unlink()
    result = validate_dataset(root)
    assert result.dataset is not None and result.dataset.scenario(SID).needs == {}
    warns = [p for p in result.problems.warnings if "needs.json" in p.file]
    assert warns and not any(p.strict for p in warns)
