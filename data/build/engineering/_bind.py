"""Bind patterns for the reference manager, derived from the text a worker returns (version 1).

A pattern anchors on the words just before a value on the same line and captures the value's
shape (digits, letters, punctuation), never the value itself; ``check_bind`` proves at build
time that the pattern, applied the way the scripted manager applies it, yields the value.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from arena_tui.providers.script_vars import resolve_bindings  # noqa: E402
from arena_tui.sandbox.extract import extract_text  # noqa: E402
from arena_tui.sandbox.filekinds import detect  # noqa: E402


def shape(value: str) -> str:
    out = []
    for ch in value:
        if ch.isdigit():
            out.append(r"\d")
        elif ch.isalpha():
            out.append("[A-Za-z]")
        elif ch == " ":
            out.append(" ")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def derive(text: str, value: object, kind: str = "text", width: int = 18) -> dict[str, Any]:
    """A bind spec for ``value`` as it first appears in ``text`` after a non-empty anchor."""
    s = str(value)
    if kind == "int" and s not in text and f"{value:,}" in text:
        s, kind = f"{value:,}", "num"
    start = 0
    while True:
        i = text.find(s, start)
        if i < 0:
            raise ValueError(f"value {s!r} not found in the text")
        line_start = text.rfind("\n", 0, i) + 1
        anchor = text[max(line_start, i - width) : i]
        after = text[i + len(s) : i + len(s) + 2]
        before = text[i - 1 : i] if i else ""
        clean = not (after[:1].isalnum() or re.match(r"[.,]\d", after) or (kind != "text" and before.isdigit()))
        if anchor.strip() and clean:
            break
        start = i + 1
    pat = shape(s) if kind == "text" else (r"\d+" if kind == "int" else r"\d+(?:,\d{3})*(?:\.\d+)?")
    # workflow results arrive JSON-encoded: a tab or a quote may come back escaped
    head = re.escape(anchor).replace("\\\t", r"(?:\t|\\t)").replace('"', r'\\?"')
    return {"re": head + "(" + pat + ")", "as": "number" if kind == "num" else kind}


def check_bind(spec: dict[str, Any], texts: list[str], want: object) -> None:
    got = resolve_bindings({"v": spec}, texts).get("v")
    ok = got is not None and (float(got) == float(want) if isinstance(want, (int, float)) else str(got) == str(want))
    if not ok:
        raise ValueError(f"bind {spec['re']!r} gives {got!r}, wanted {want!r}")


def file_text(path: str) -> str:
    """What a Read of ``path`` shows as text (office files through the reader's extraction)."""
    with open(path, "rb") as fh:
        data = fh.read()
    kind = detect(path, data)
    if kind.kind in ("pdf", "docx", "xlsx"):
        text: str = extract_text(kind, data)
        return text
    return data.decode("utf-8", errors="replace")
