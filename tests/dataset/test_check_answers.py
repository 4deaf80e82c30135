"""One answer per question, in natural wording: the engine's matching rules (docs/dataset.md).

A label given twice with different values, a JSON key given twice, a decoy stated as fact
anywhere outside an explicitly rejecting clause, a decoy "adopted" inside the rejection
section: each fails. The same answer spelled the common ways a person writes it passes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.oracle_run import ENGINE


def passes(ws: Path, rel: str, text: str, *conditions: dict[str, Any]) -> bool:
    p = ws / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    spec = ws.parent / "spec.json"
    spec.write_text(json.dumps({"round": "q1", "conditions": list(conditions)}), encoding="utf-8")
    r = subprocess.run([sys.executable, str(ENGINE), str(ws), str(spec)], capture_output=True, text=True, timeout=30)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    return r.returncode == 0


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    (tmp_path / "ws").mkdir()
    return tmp_path / "ws"


LABEL = {"kind": "label", "path": "n.md", "label": "Total (GBP)", "equals": 1645.2, "tol": 0.005}


@pytest.mark.parametrize(
    "md",
    [
        "Total (GBP): 1645.20\nTotal (GBP): 1700\nTotal (GBP): 1800\n",
        "Total (GBP): 1700\nTotal (GBP): 1800\nTotal (GBP): 1645.20\n",
        "- **Total (GBP):** 1645.20\n\n| field | value |\n|---|---|\n| Total (GBP) | 1669.00 |\n",
    ],
)
def test_a_label_whose_lines_disagree_fails(ws: Path, md: str) -> None:
    assert not passes(ws, "n.md", "# Note\n\n" + md, LABEL)


def test_a_label_repeated_with_the_same_value_passes(ws: Path) -> None:
    assert passes(ws, "n.md", "# Note\n\nTotal (GBP): 1645.20\n\n## Summary\n\nTotal (GBP): £1,645.2\n", LABEL)


@pytest.mark.parametrize(
    "raw", ['{"total": 1669, "total": 1645.2}', '{"total": 1645.2, "total": 1669}', '{"Total": 1669, "total": 1645.2}']
)
def test_a_json_key_given_twice_fails(ws: Path, raw: str) -> None:
    cond = {"kind": "json", "path": "o.json", "key": ["total"], "equals": 1645.2}
    assert not passes(ws, "o.json", raw, cond)
    assert not passes(ws, "o.md", f"# O\n\n```json\n{raw}\n```\n", {**cond, "path": "o.md"})
    assert passes(ws, "o.json", '{"total": 1645.2, "note": {"total": 3}}', cond)


DECOY = {"kind": "decoy", "path": "r.md", "token": "1669.0", "sections": ["Rejected claims"]}


@pytest.mark.parametrize(
    "line",
    [
        "Order total 1669.0 has not been superseded.",
        "Order total 1669.0 (not superseded).",
        "Order total 1669.0. The old figure was superseded.",
        "Confirmed: 1669.0",
        "We keep 1669.0; the other figure is wrong.",
    ],
)
def test_a_decoy_outside_a_rejecting_clause_fails(ws: Path, line: str) -> None:
    assert not passes(ws, "r.md", f"# R\n\n{line}\n", DECOY)


@pytest.mark.parametrize(
    "line", ["Order total 1669.0 is superseded by the recount.", "The invoice's 1669.0 is wrong: the recount governs."]
)
def test_a_decoy_in_a_rejecting_clause_passes(ws: Path, line: str) -> None:
    unsectioned = {k: v for k, v in DECOY.items() if k != "sections"}
    assert passes(ws, "r.md", f"# R\n\n{line}\n", unsectioned)
    # Where the spec names the section rejected values belong in, a rejection elsewhere is misplaced.
    assert not passes(ws, "r.md", f"# R\n\n{line}\n", DECOY)
    assert passes(ws, "r.md", f"# R\n\n## Rejected claims\n\n- {line}\n", DECOY)


def test_inside_the_rejection_section_the_decoy_line_must_reject_it(ws: Path) -> None:
    adopted = "# R\n\nTotal: 1645.2\n\n## Rejected claims\n\n- 1669.0: adopted as the final figure\n"
    assert not passes(ws, "r.md", adopted, DECOY)
    not_rejected = "# R\n\n## Rejected claims\n\n- the invoice's 1669.0 has not been superseded\n"
    assert not passes(ws, "r.md", not_rejected, DECOY)
    rejected = "# R\n\nTotal: 1645.2\n\n## Rejected claims\n\n- the invoice's 1669.0 is stale and no longer governs\n"
    assert passes(ws, "r.md", rejected, DECOY)


def test_a_short_decoy_stated_under_another_label_fails(ws: Path) -> None:
    cond = {"kind": "decoy", "path": "r.md", "token": "62", "labels": ["minutes"]}
    assert not passes(ws, "r.md", "# R\n\nConfirmed: 62\n", cond)
    assert not passes(ws, "r.md", "# R\n\n| figure | value |\n|---|---|\n| Confirmed | 62 |\n", cond)
    assert passes(ws, "r.md", "# R\n\nReport prepared on 2026-03-12 by 62 people.\n", cond)
    assert passes(ws, "r.md", '# R\n\n{"total_now": 115, "previous_total": 62}\n', cond)


@pytest.mark.parametrize(
    "wanted,written",
    [
        ("bay C bed 7", "Bay C, bed 7"),
        ("bay C bed 7", "Bay C  bed 7."),
        ("04:20", "0420"),
        ("04:20", "04.20"),
        ("04:20", "4:20"),
        (2, "2 of 2"),
        (2, "2/2"),
        ("K. Thorsrud", "K. Thorsrud, Director"),
        ("Dr. H. Lindberg", "Dr H Lindberg, consultant radiologist"),
        ("2026-03-09", "09.03.2026"),
        ("2026-03-09", "9 March 2026"),
    ],
)
def test_natural_spellings_of_the_right_answer_pass(ws: Path, wanted: object, written: str) -> None:
    assert passes(
        ws,
        "n.md",
        f"# N\n\nAnswer: {written}\n",
        {"kind": "label", "path": "n.md", "label": "Answer", "equals": wanted},
    )


@pytest.mark.parametrize(
    "wanted,written",
    [
        ("bay C bed 7", "Bay C, bed 8"),
        ("04:20", "0430"),
        ("04:20", "16:20"),
        (2, "1 of 2"),
        ("K. Thorsrud", "K. Thorsrud, K. Thorsen"),
        ("K. Thorsrud", "K. Thorsrud, 2 parcels"),
        ("approve", "approve, reject"),
        ("2026-03-09", "10.03.2026"),
        ("2026-03-09", "2026-03-09 or 2026-03-10"),
    ],
)
def test_wrong_answers_in_natural_spelling_fail(ws: Path, wanted: object, written: str) -> None:
    assert not passes(
        ws,
        "n.md",
        f"# N\n\nAnswer: {written}\n",
        {"kind": "label", "path": "n.md", "label": "Answer", "equals": wanted},
    )


def test_a_date_is_found_in_any_common_format(ws: Path) -> None:
    cond = {"kind": "contains", "path": "n.md", "all": ["14:12", "2026-03-09"]}
    assert passes(ws, "n.md", "# N\n\n- Delivered: 09.03.2026 14:12\n", cond)
    assert passes(ws, "n.md", "# N\n\n- Delivered: 9 March 2026, 14:12\n", cond)
    assert not passes(ws, "n.md", "# N\n\n- Delivered: 10.03.2026 14:12\n", cond)


@pytest.mark.parametrize(
    "line",
    [
        "The digest's 1645.2 was rejected; 1669.0 adopted as the final figure.",
        "1669.0 is kept, and the digest's 1645.2 is wrong.",
        "The digest figure 1645.2 was rejected in favour of 1669.0.",
    ],
)
def test_a_rejecting_word_excuses_only_the_value_it_governs(ws: Path, line: str) -> None:
    assert not passes(ws, "r.md", f"# R\n\n## Rejected claims\n\n- {line}\n", DECOY)
    assert not passes(ws, "r.md", f"# R\n\n{line}\n", {k: v for k, v in DECOY.items() if k != "sections"})


def test_a_rejection_across_the_line_still_rejects_the_value_it_names(ws: Path) -> None:
    line = "- The OCR export reads the total as 1669.0 and the date as 2026-03-10; the scan shows otherwise."
    assert passes(ws, "r.md", f"# R\n\n## Rejected claims\n\n{line}\n", DECOY)


@pytest.mark.parametrize("written", ["2 of 3", "2/3", "2 out of 3"])
def test_a_count_is_matched_as_a_whole(ws: Path, written: str) -> None:
    cond = {"kind": "label", "path": "n.md", "label": "Parcels delivered", "equals": 2}
    assert not passes(ws, "n.md", f"# N\n\nParcels delivered: {written}\n", cond)
    assert passes(ws, "n.md", "# N\n\nParcels delivered: 2 of 2\n", cond)


@pytest.mark.parametrize(
    "written,ok",
    [
        ("09.03.2026 14:12", True),
        ("9 March 2026, 14:12", True),
        ("2026-03-09 1412 hrs", True),
        ("10.03.2026 14:12", False),
        ("09.03.2026 14:21", False),
        ("14:12", False),
    ],
)
def test_a_date_and_time_answer_needs_both(ws: Path, written: str, ok: bool) -> None:
    cond = {"kind": "label", "path": "n.md", "label": "Delivered", "equals": "2026-03-09 14:12"}
    assert passes(ws, "n.md", f"# N\n\nDelivered: {written}\n", cond) is ok


def test_true_false_and_list_answers(ws: Path) -> None:
    flag = {"kind": "json", "path": "o.json", "key": ["registered"], "equals": False}
    assert passes(ws, "o.json", '{"registered": false}', flag)
    assert not passes(ws, "o.json", '{"registered": true}', flag)
    calls = {"kind": "json", "path": "o.json", "key": ["calls"], "equals": ["c1"]}
    assert passes(ws, "o.json", '{"calls": ["c1"]}', calls)
    assert not passes(ws, "o.json", '{"calls": ["c1", "c2"]}', calls)
