"""Every field a question asks for is checked (DATASET-GUIDE gate 4h), over every converted scenario.

Two halves. The audit in ``arena_tui.dataset.asked`` (run by ``check``) reads each question and
its spec: no asked JSON key, backticked label, CSV column, seal token, section or quoted
rejected value may go unnamed by a condition. Then, on the reference manager's final
workspace, every round that passes is re-checked after each asked field of its deliverables is
dropped or given a wrong value (a wrong number, other text, the other truth value, a date one
day off with the time unchanged): every such answer must fail. Seal conditions are left out of
these re-checks, so a sealed file's fields are judged by their own conditions and not by the
broken token.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena_tui.dataset.asked import asked_fields, audit_scenario, uncovered
from tests.dataset.engine_call import run_check, run_engine
from tests.dataset.oracle_run import DATASET, converted, final_workspace, specs

ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def test_no_converted_scenario_leaves_an_asked_field_unchecked() -> None:
    gaps = [f"{sid} {rid}: {g}" for sid in converted() for rid, g in audit_scenario(DATASET / "scenarios" / sid)]
    assert not gaps, "\n".join(gaps)


@pytest.mark.parametrize(
    "question,conditions,gap",
    [
        ("Write out.json with case_id and total_eur.", [{"kind": "json", "key": ["total_eur"]}], "case_id"),
        ("A note with `Delivered` and `Received by`.", [{"kind": "label", "label": "Received by"}], "Delivered"),
        ("Export `file,hits,peak_s`.", [{"kind": "table", "columns": ["file", "hits"]}], "peak_s"),
        ("Token as `RUNSEAL:<hex>` in t.txt.", [{"kind": "file", "path": "t.txt"}], "RUNSEAL"),
        ("notes.md with ## Summary and ## Risks.", [{"kind": "headings", "require": ["Summary"]}], "Risks"),
        (
            "memo.md: ## Rejected claims, each wrong figure quoted.",
            [
                {"kind": "headings", "require": ["Rejected claims"]},
                {"kind": "decoy", "path": "memo.md", "token": "57.1", "sections": ["Rejected claims"]},
            ],
            "57.1",
        ),
    ],
)
def test_the_audit_names_an_unchecked_field(question: str, conditions: list[dict[str, Any]], gap: str) -> None:
    found = uncovered(question, conditions)
    assert any(gap in g for g in found), found


def test_the_audit_accepts_checked_fields_and_answer_choices() -> None:
    question = 'out.json with case_id and decision ("ship_b" or "keep_a"); `Total now:` in n.md; ## Summary.'
    conditions: list[dict[str, Any]] = [
        {"kind": "json", "key": ["case_id"], "equals": "C-1"},
        {"kind": "json", "key": ["decision"], "equals": "keep_a"},
        {"kind": "label", "label": "Total now", "equals": 3},
        {"kind": "headings", "require": ["Summary"]},
    ]
    assert uncovered(question, conditions) == []
    assert [a.name for a in asked_fields(question) if a.kind == "key"] == ["case_id"]


# ---------------------------------------------------------------------------- on the reference's deliverables
def _wrong(v: Any) -> Any:
    """A value no honest tolerance accepts for ``v``."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, (int, float)):
        return round(v * 3 + 97.5, 2)
    if isinstance(v, list):
        return ["ZQX-other"]
    if isinstance(v, str) and ISO.search(v):
        return _day_later(v)
    if isinstance(v, str):
        num = re.fullmatch(r"\s*(-?\d[\d,]*(?:\.\d+)?)\s*", v)
        return str(round(float(num.group(1).replace(",", "")) * 3 + 97.5, 2)) if num else "ZQX other"
    return "ZQX other"


def _day_later(v: str) -> str:
    """The first ISO date in ``v`` one day later; the rest (a time after it) unchanged."""
    m = ISO.search(v)
    assert m is not None
    d = datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3))) + datetime.timedelta(days=1)
    return v[: m.start()] + d.isoformat() + v[m.end() :]


def _leaves(obj: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            if isinstance(v, dict):
                yield from _leaves(v, [*path, str(k)])
            else:
                yield [*path, str(k)], v


def _set(obj: Any, path: list[str], value: Any, drop: bool = False) -> None:
    for k in path[:-1]:
        obj = obj[k]
    if drop:
        del obj[path[-1]]
    else:
        obj[path[-1]] = value


def _named_in(question: str, key: str) -> bool:
    """Is ``key`` asked for by name in the question? An identifier (``total_eur``) anywhere as a
    whole word; a plain word (``quarter``) only in a list of fields ("with run_id, quarter and")."""
    k = re.escape(key)
    if "_" in key:
        return bool(re.search(rf"(?<![\w/.-]){k}(?![\w/-]|\.\w)", question, re.I))
    listed = rf'(?:[(,{{]\s*"?|\band\s+"?){k}"?(?![\w-])|(?<![\w/.-])"?{k}"?\s*(?:[,)}}]|and\b)'
    sentences = re.split(r"(?<=[.!?])\s+", question)
    return any(".json" in s and re.search(listed, s, re.I) for s in sentences)


def _without_seals(sid: str, rid: str, tmp: Path) -> Path:
    spec = specs(sid)[rid]
    out = tmp / f"{sid}_{rid}.json"
    out.write_text(json.dumps({**spec, "conditions": [c for c in spec["conditions"] if c["kind"] != "seal"]}))
    return out


def _check(ws: Path, sid: str, spec: Path) -> int:
    return run_engine(DATASET / "scenarios" / sid / "checks" / "_check.py", ws, spec).returncode


def _label_line(text: str, label: str) -> re.Match[str] | None:
    pattern = rf"^(\s*(?:[-*+]\s+)?(?:\*\*)?{re.escape(label)}(?:\*\*)?\s*:(?:\*\*)?[ \t]*)(\S[^\n]*?)\s*$"
    return re.search(pattern, text, re.M | re.I)


def audit(ws: Path, sid: str, tmp: Path) -> tuple[int, list[str]]:
    """(asked fields perturbed, those whose wrong or missing answer still passed)."""
    rounds = json.loads((DATASET / "scenarios" / sid / "questions.json").read_text(encoding="utf-8"))
    questions = {r["id"]: r["question"] for r in rounds}
    tried, passed = 0, []
    for rid, spec in specs(sid).items():
        if run_check(sid, rid, ws).returncode != 0:
            continue
        question, spec_path = questions[rid], _without_seals(sid, rid, tmp)
        paths = {c["path"] for c in spec["conditions"] if c.get("path") and c["kind"] in ("json", "label")}
        labels = [a.name for a in asked_fields(question) if a.kind == "label"]
        sealed = any(c["kind"] == "seal" for c in spec["conditions"])
        for rel in sorted(paths):
            p = ws / rel
            if not p.is_file():
                continue
            before = p.read_bytes()
            text = before.decode("utf-8", errors="replace")
            cases: list[tuple[str, str]] = []
            if p.suffix == ".json":
                try:
                    data = json.loads(text)
                except json.JSONDecodeError:
                    continue
                for path, v in _leaves(data, []):
                    if not _named_in(question, path[-1]) or v is None or (path[-1] == "seal_token" and sealed):
                        continue  # a sealed file's token is judged by its seal condition
                    for how in ("wrong", "dropped"):
                        copy = json.loads(text)
                        _set(copy, path, _wrong(v), drop=how == "dropped")
                        cases.append((f"{'.'.join(path)} {how}", json.dumps(copy, indent=2)))
            else:
                for label in labels:
                    m = _label_line(text, label)
                    if m is None:
                        continue
                    wrong = _wrong(m.group(2))
                    cases.append((f"'{label}' wrong", text[: m.start(2)] + str(wrong) + text[m.end(2) :]))
                    cases.append((f"'{label}' dropped", text[: m.start()] + text[m.end() :]))
            try:
                for what, new in cases:
                    p.write_text(new, encoding="utf-8")
                    tried += 1
                    if _check(ws, sid, spec_path) == 0:
                        passed.append(f"{rid} {rel}: {what}")
            finally:
                p.write_bytes(before)
    return tried, passed


@pytest.mark.parametrize("sid", converted())
def test_a_wrong_or_missing_asked_field_fails_its_round(sid: str, tmp_path: Path) -> None:
    tried, passed = audit(final_workspace(sid, tmp_path), sid, tmp_path)
    assert tried, f"{sid}: no asked field found in any passing round's deliverables"
    assert not passed, f"{sid}: {len(passed)}/{tried} wrong or missing asked fields passed: {passed[:8]}"
