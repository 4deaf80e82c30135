"""Answer spraying fails: one answer per question, for every round of every converted scenario.

The reference manager runs each converted scenario once; on its final workspace every round
whose check passes is re-checked after each adversarial form is applied to a fresh copy of
the deliverables that round's conditions name:

- ``wrong_after`` / ``wrong_before``: a label line given again with two wrong values after (or
  before) the right one;
- ``duplicate_key``: a JSON object with the asked key twice, a wrong value first and the
  right one second;
- ``decoy_not_superseded``: the decoy stated on a line that says it "has not been superseded";
- ``decoy_unlabelled``: the decoy stated as a plain ``Confirmed: <decoy>`` line, without the
  label word;
- ``decoy_adopted``: the decoy "adopted" inside the rejection section.

Every form must make the round fail. Files bound by a ``seal`` are left alone (changing them
breaks the token, which would make the test pass for the wrong reason).
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
from tests.dataset.test_perturbation import deliverables

Cond = dict[str, Any]


def _wrong(c: Cond, n: int) -> Any:
    """A value the condition rejects (numbers well outside the tolerance; text that is not it)."""
    want = c["one_of"][0] if "one_of" in c else c["equals"]
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return round(float(want) + (float(c.get("tol", 0)) + 1) * 7 * n, 2)
    return f"ZQX-{n}-other"


def _dump(obj: Any, dup: tuple[list[str], Any] | None) -> str:
    """JSON text of ``obj``; at the key path in ``dup`` the key is written twice, the given wrong
    value first and the real value second."""

    def enc(o: Any, path: list[str]) -> str:
        if isinstance(o, dict):
            parts = []
            for k, v in o.items():
                here = [*path, str(k)]
                if dup is not None and here == dup[0]:
                    parts.append(f"{json.dumps(k)}: {json.dumps(dup[1])}")
                parts.append(f"{json.dumps(k)}: {enc(v, here)}")
            return "{" + ", ".join(parts) + "}"
        if isinstance(o, list):
            return "[" + ", ".join(enc(v, [*path, str(i)]) for i, v in enumerate(o)) + "]"
        return json.dumps(o)

    return enc(obj, [])


def _exact_path(data: Any, key: list[str]) -> list[str] | None:
    """The key path as spelled in ``data`` (the engine matches keys by their words)."""
    norm = re.compile(r"[\s_\-]+")
    out, obj = [], data
    for k in key:
        if not isinstance(obj, dict):
            return None
        hit = next((kk for kk in obj if norm.sub(" ", str(kk)).casefold() == norm.sub(" ", k).casefold()), None)
        if hit is None:
            return None
        out.append(hit)
        obj = obj[hit]
    return out


def duplicate_key(ws: Path, c: Cond) -> bool:
    if c["kind"] != "json" or "keys" in c:
        return False
    p = ws / c["path"]
    text = p.read_text(encoding="utf-8")
    if p.suffix == ".json":
        data = json.loads(text)
        exact = _exact_path(data, c["key"])
        if exact is None:
            return False
        p.write_text(_dump(data, (exact, _wrong(c, 1))), encoding="utf-8")
        return True
    fence = re.search(r"^\s*```\s*json[^\n]*\n(.*?)^\s*```", text, re.S | re.M | re.I)
    if fence is None:
        return False
    data = json.loads(fence.group(1))
    exact = _exact_path(data, c["key"])
    if exact is None:
        return False
    p.write_text(text[: fence.start(1)] + _dump(data, (exact, _wrong(c, 1))) + "\n" + text[fence.end(1) :])
    return True


def _label_form(before: bool) -> Callable[[Path, Cond], bool]:
    def apply(ws: Path, c: Cond) -> bool:
        if c["kind"] != "label" or c["path"].endswith(".docx"):
            return False
        p = ws / c["path"]
        lines = [f"{c['label']}: {_wrong(c, 1)}", f"{c['label']}: {_wrong(c, 2)}"]
        text = p.read_text(encoding="utf-8")
        first, _, rest = text.partition("\n")
        new = (
            f"{first}\n\n" + "\n".join(lines) + f"\n\n{rest}"
            if before
            else text.rstrip("\n") + "\n\n" + "\n".join(lines)
        )
        p.write_text(new + "\n", encoding="utf-8")
        return True

    return apply


def _decoy_line(ws: Path, c: Cond, line: str, in_section: bool = False) -> bool:
    if c["kind"] != "decoy" or c["path"].endswith((".json", ".docx")):
        return False
    p = ws / c["path"]
    text = p.read_text(encoding="utf-8")
    if in_section:
        sections = c.get("sections") or []
        m = next((re.search(rf"^#{{2,6}}\s+{re.escape(s)}\s*:?\s*$", text, re.M | re.I) for s in sections), None)
        if m is None:
            return False
        text = text[: m.end()] + f"\n\n{line}\n" + text[m.end() :]
    else:
        first, _, rest = text.partition("\n")
        text = f"{first}\n\n{line}\n\n{rest}"
    p.write_text(text, encoding="utf-8")
    return True


def _label(c: Cond) -> str:
    return str((c.get("labels") or ["Figure"])[0])


def _decoy(line: Callable[[Cond], str], in_section: bool = False) -> Callable[[Path, Cond], bool]:
    def apply(ws: Path, c: Cond) -> bool:
        return c["kind"] == "decoy" and _decoy_line(ws, c, line(c), in_section)

    return apply


FORMS: dict[str, Callable[[Path, Cond], bool]] = {
    "wrong_after": _label_form(before=False),
    "wrong_before": _label_form(before=True),
    "duplicate_key": duplicate_key,
    "decoy_not_superseded": _decoy(lambda c: f"{_label(c)}: {c['token']} (this figure has not been superseded)"),
    "decoy_unlabelled": _decoy(lambda c: f"Confirmed: {c['token']}"),
    "decoy_adopted": _decoy(lambda c: f"- {_label(c)}: {c['token']}, adopted as the final figure", in_section=True),
}


def spray(ws: Path, sid: str) -> tuple[int, list[str]]:
    """(forms applied, those that still passed) over the rounds that pass on ``ws``."""
    rounds = specs(sid)
    baseline = [rid for rid in rounds if run_check(sid, rid, ws).returncode == 0]
    _paths, sealed = deliverables(sid)
    applied, passed = 0, []
    for rid in baseline:
        for name, form in FORMS.items():
            for c in rounds[rid]["conditions"]:
                if c.get("path") in sealed or not (ws / str(c.get("path", ""))).is_file():
                    continue
                target = ws / str(c["path"])
                before = target.read_bytes()
                try:
                    if not form(ws, c):
                        continue
                    applied += 1
                    if run_check(sid, rid, ws).returncode == 0:
                        what = c.get("label") or c.get("key") or c.get("token")
                        passed.append(f"{rid} {name} on {c['kind']} {what}")
                finally:
                    target.write_bytes(before)
    return applied, passed


@pytest.mark.parametrize("sid", converted())
def test_every_spray_form_fails_every_round_it_applies_to(sid: str, tmp_path: Path) -> None:
    applied, passed = spray(final_workspace(sid, tmp_path), sid)
    assert applied, f"{sid}: no spray form applied to any round"
    assert not passed, f"{sid}: {len(passed)}/{applied} sprayed answers passed: {passed[:8]}"
