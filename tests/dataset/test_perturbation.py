"""Harmless rewording never flips a check (DATASET-GUIDE gate 4e), for every converted scenario.

The reference manager runs each converted scenario once; on its final workspace every round
whose check passes (at least the final round's) is re-checked after each perturbation of the
deliverables the specs name: heading level, trailing colon, numbered headings, bold labels,
labels as a list, labels as a table, an extra sentence holding a date and a number, int ->
float, number -> string, an extra key in every object. Files a ``seal`` condition binds are
left alone: changing a sealed file is meant to break its token.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.engine_call import run_check
from tests.dataset.oracle_run import converted, final_workspace, specs

HEADING = re.compile(r"^(#{2,6})\s+(.+?)\s*$", re.M)
LABEL = re.compile(r"^([A-Z][^:\n|#*]{1,60}):[ \t]+(\S[^\n]*)$", re.M)
SENTENCE = "Report prepared on 2026-03-12 by 3 reviewers, version 2."


def _md(fn: Callable[[str], str]) -> Callable[[Path], None]:
    def apply(p: Path) -> None:
        if p.suffix in (".md", ".txt"):
            p.write_text(fn(p.read_text(encoding="utf-8")), encoding="utf-8")

    return apply


def _json(fn: Callable[[object], object]) -> Callable[[Path], None]:
    def apply(p: Path) -> None:
        if p.suffix == ".json":
            p.write_text(json.dumps(fn(json.loads(p.read_text(encoding="utf-8"))), indent=2), encoding="utf-8")

    return apply


def _walk(obj: Any, leaf: Callable[[Any], Any]) -> Any:
    if isinstance(obj, dict):
        return {k: _walk(v, leaf) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_walk(v, leaf) for v in obj]
    return leaf(obj)


def _num(v: Any, to: Callable[[float], Any]) -> Any:
    return to(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


def _extra_key(obj: Any) -> Any:
    if isinstance(obj, dict):
        out = {k: _extra_key(v) for k, v in obj.items()}
        if all(not isinstance(v, (dict, list)) for v in obj.values()) or not obj:
            out["note"] = "checked twice"
        return out
    if isinstance(obj, list):
        return [_extra_key(v) for v in obj]
    return obj


def _table(text: str) -> str:
    lines, out, in_table = text.split("\n"), [], False
    for line in lines:
        m = LABEL.fullmatch(line)
        if m:
            if not in_table:
                out += ["| field | value |", "|---|---|"]
                in_table = True
            out.append(f"| {m.group(1)} | {m.group(2)} |")
            continue
        if in_table and line.strip():
            out.append("")
        in_table = False
        out.append(line)
    return "\n".join(out)


def _number_headings(text: str) -> str:
    n = iter(range(1, 1000))
    return HEADING.sub(lambda m: f"{m.group(1)} {next(n)}. {m.group(2)}", text)


def _extra_sentence(text: str) -> str:
    first, _, rest = text.partition("\n")
    return f"{first}\n\n{SENTENCE}\n{rest}".rstrip("\n") + f"\n\n{SENTENCE}\n"


PERTURBATIONS: dict[str, Callable[[Path], None]] = {
    "heading_level": _md(lambda t: HEADING.sub(lambda m: f"{m.group(1)}# {m.group(2)}", t)),
    "trailing_colon": _md(lambda t: HEADING.sub(lambda m: f"{m.group(1)} {m.group(2)}:", t)),
    "numbered_headings": _md(_number_headings),
    "bold_labels": _md(lambda t: LABEL.sub(lambda m: f"**{m.group(1)}:** {m.group(2)}", t)),
    "list_labels": _md(lambda t: LABEL.sub(lambda m: f"- {m.group(1)}: {m.group(2)}", t)),
    "table_labels": _md(_table),
    "extra_sentence": _md(_extra_sentence),
    "int_to_float": _json(lambda o: _walk(o, lambda v: _num(v, lambda x: float(x) if isinstance(x, int) else x))),
    "number_as_string": _json(lambda o: _walk(o, lambda v: _num(v, lambda x: repr(x)))),
    "extra_key": _json(_extra_key),
}


def deliverables(sid: str) -> tuple[set[str], set[str]]:
    """(paths the specs read, paths bound by a seal)."""
    paths, sealed = set(), set()
    for spec in specs(sid).values():
        for c in spec["conditions"]:
            for ref in (c, c.get("a") or {}, c.get("b") or {}):
                if "path" in ref:
                    paths.add(ref["path"])
            if c["kind"] == "seal":
                sealed |= {c["path"], c.get("token_path", c["path"])}
    return paths, sealed


CASES = [(sid, name) for sid in converted() for name in PERTURBATIONS]


@pytest.mark.parametrize("sid,name", CASES)
def test_harmless_perturbation_keeps_checks_passing(sid: str, name: str, tmp_path: Path) -> None:
    ws = final_workspace(sid, tmp_path)
    rounds = list(specs(sid))
    baseline = [rid for rid in rounds if run_check(sid, rid, ws).returncode == 0]
    assert rounds[-1] in baseline, f"{sid}: the final round fails on the reference manager's own deliverables"
    paths, sealed = deliverables(sid)
    touched = 0
    for rel in sorted(paths - sealed):
        p = ws / rel
        if p.is_file():
            before = p.read_bytes()
            PERTURBATIONS[name](p)
            touched += p.read_bytes() != before
    for rid in baseline:
        r = run_check(sid, rid, ws)
        assert r.returncode == 0, f"{sid} {rid} after {name}: {r.stdout}"
    assert touched or name in ("int_to_float", "table_labels", "bold_labels", "list_labels"), (
        f"{name} changed no deliverable of {sid}"
    )


def test_every_perturbation_kind_is_present() -> None:
    assert len(PERTURBATIONS) >= 8
    assert converted(), "no converted scenario: the perturbation test would be vacuous"
