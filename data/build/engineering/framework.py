"""Generic machinery for the engineering scenarios (used by build.py; version 1).

A scenario is a dict that ``spec_of`` assembles from the parts one spec_*.py module names (its
questions in an ``Asks``, its archive search in a ``Search``). From it this module writes: generated slices, tools,
seal, media (PNG at >= 1280x720 with a TrueType mono font and seeded grain, WAV at espeak-ng's native 22050 Hz
with a seeded room-noise bed, MP4 1280x720 via ffmpeg bitexact),
the office files' author and PDF layout (the files come from kit.office and kit.pdf), truth/, the
manifest, questions.json, checks (SPEC + run), solution/trajectory.json, the asset map, and
the decoy table used by tests/dataset/test_engineering_scenarios.py.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Literal

from kit.files import dump as dump  # re-exported to the scenario specs
from kit.files import write as write
from kit.media import add_noise_bed, espeak, sox_pad
from kit.scan import font as scan_font
from kit.seal import seal_hex, seal_key, seal_tool_doc, seal_tool_template
from kit.texture import add_texture, png_bytes

AUTHOR = "Engineering"
"""Who the core properties of an engineering office file say wrote (and last changed) it."""
PDF_START = ("50 800 Td", "14 TL")
"""The first baseline and the leading of an engineering PDF page (``kit.pdf.pdf_bytes``)."""
Spec = dict[str, Any]
"""A scenario spec (see spec_*.py): a loose dict of strings, lists, callables and sub-dicts."""
SliceFile = dict[str, Any]
"""One slice: {name, rows, flagged: {key: n}, peak, keys?}."""
Row = tuple[int, str, float]
Op = tuple[Any, ...]
"""A drawing op of render_panel: ("text"|"rect"|"line"|"series"|"bars", ...)."""


@dataclass(frozen=True)
class Asks:
    """How the requester of one scenario asks, round by round (a spec's ``ASKS``).

    ``questions`` holds one question per round kind (``plan``, ``fanout``, ``media0``, ...); the
    fan-out text may use ``{schema}``, and a kind without one gets the round's generic question.
    ``guard_sentence`` is appended to every question (without one, a generic sentence names the
    sensitive folders). ``findings`` is the folder the media facts go to. ``extra`` is the update
    round's extra deliverable: a per-file CSV beside the tally (``extra_ask`` may use ``{path}``
    and ``{header}``) or a fenced JSON block closing the revision note.
    """

    questions: Mapping[str, str] = field(default_factory=dict)
    plan_sections: tuple[str, ...] = ("Scope", "Evidence", "Delegation", "Risks")
    guard_sentence: str | None = None
    findings: str = "output"
    extra: Literal["csv", "note_json"] | None = None
    extra_ask: str | None = None


@dataclass(frozen=True)
class Search:
    """How the archive reader of one scenario finds the earlier case (a spec's ``SEARCH``).

    ``term`` is what the request says the work is about, matched case-insensitively and literally;
    ``why`` is what the manager says it looks for; ``files`` are the other records written into
    the archive folder beside the earlier case; ``matches`` is how many files of that folder hold
    the term, the earlier case included. The build proves the count and that the term is no
    checked value (``search.verify``).
    """

    term: str
    why: str
    matches: int
    files: Mapping[str, str]


SECTIONS = ("REQUEST", "SLICES", "SEAL", "VALUES", "UPDATES")
"""The parts of a spec module whose keys the scenario dict carries as they are."""


def spec_of(module: ModuleType) -> Spec:
    """The scenario dict the build reads, from the parts one spec module names.

    Persona and request: ``SID``, ``REQUEST`` (description, requester, due date, case id, the
    manager's opening line, the brief's file name, the summary line), ``REQUEST_FILES``.
    Workspace files: ``FOLDERS`` (role -> folder), ``SLICES`` (the slices and their tally tool),
    ``SEAL``, ``TEXTS``, ``SEARCH`` (optional), ``BINARIES`` (optional), ``ASSETS``. ``MEDIA``.
    Rounds and their questions: ``ROUNDS``, ``LEAD`` (optional), ``DIGEST_GREP``, ``ASKS``.
    Values and decoys: ``VALUES``. Updates: ``UPDATES``. Every call returns a copy of its own,
    so what the build adds to a scenario never reaches the module.
    """
    S: Spec = {"id": module.SID}
    for section in SECTIONS:
        S.update(getattr(module, section))
    S.update(
        F=module.FOLDERS,
        texts={**module.REQUEST_FILES, **module.TEXTS},
        search=getattr(module, "SEARCH", None),
        binaries=getattr(module, "BINARIES", {}),
        assets=module.ASSETS,
        media=module.MEDIA,
        rounds=module.ROUNDS,
        lead=getattr(module, "LEAD", {}),
        grep_pattern=module.DIGEST_GREP,
        asks=module.ASKS,
    )
    return copy.deepcopy(S)


# ----------------------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------------------
def token(sid: str, obj: dict[str, Any]) -> str:
    return seal_hex(seal_key("engineering", sid), obj)


# ----------------------------------------------------------------------------------------------
# slices and the analysis tool
# ----------------------------------------------------------------------------------------------
def slice_records(S: Spec, f: SliceFile) -> tuple[list[Row], random.Random]:
    """Rows for one slice: f = {name, rows, flagged: {key: n}, peak, start}."""
    rng = random.Random(S["id"] + "/" + f["name"])
    lim = S["limit"]
    n = f["rows"]
    keys: list[str] = S["keys"]
    flagged = []
    for k, cnt in sorted(f["flagged"].items()):
        flagged += [k] * cnt
    idx = sorted(rng.sample(range(5, n - 5), len(flagged)))
    rng.shuffle(flagged)
    plan = dict(zip(idx, flagged, strict=True))
    peak_at = idx[len(idx) // 2] if idx else None
    near_at = 3
    rows = []
    for i in range(n):
        if i in plan:
            key = plan[i]
            val = (
                f["peak"]
                if i == peak_at
                else max(round(rng.uniform(lim * 1.01, min(f["peak"], lim * 1.35) - 0.1), 1), round(lim + 0.1, 1))
            )
            if val > f["peak"]:
                val = f["peak"]
        else:
            key = rng.choice(f.get("keys", keys))
            val = round(rng.uniform(lim * S.get("base_lo", 0.25), lim * 0.9), 1)
            if i == near_at:
                val = float(lim)  # near miss: equal to the limit is not above it
        rows.append((i, key, val))
    return rows, rng


def slice_text(S: Spec, f: SliceFile) -> str:
    rows, rng = slice_records(S, f)
    cols = S["slice_cols"]  # (ts, key, value, extras...)
    extras = S.get("extras", [])
    out = []
    if f["name"].endswith(".xml"):
        out.append('<?xml version="1.0" encoding="UTF-8"?>')
        out.append(f'<testsuites name="{S["xml_suite"]}">')
        out.append(f'  <testsuite name="{S["xml_suite"]}" tests="{len(rows)}" hostname="{f["name"][:-4]}">')
        for i, key, val in rows:
            attrs = " ".join(f'{name}="{rng.choice(c) if isinstance(c, list) else c(rng, i)}"' for name, c in extras)
            line = f'    <testcase {cols[1]}="{key}" {cols[2]}="{val:.1f}" {cols[0]}="{S["ts"](f, i)}" {attrs}'
            if val > S["limit"]:
                out.append(line + '>\n      <failure type="Timeout" message="exceeded job timeout"/>\n    </testcase>')
            else:
                out.append(line + "/>")
        out.append("  </testsuite>")
        out.append("</testsuites>")
        return "\n".join(out) + "\n"
    if f["name"].endswith(".jsonl"):
        for i, key, val in rows:
            rec = {cols[0]: S["ts"](f, i), cols[1]: key, cols[2]: val}
            for name, choices in extras:
                rec[name] = rng.choice(choices) if isinstance(choices, list) else choices(rng, i)
            out.append(json.dumps(rec, separators=(",", ":")))
    else:
        out.append(",".join(list(cols[:3]) + [e[0] for e in extras]))
        for i, key, val in rows:
            ex = [str(rng.choice(c) if isinstance(c, list) else c(rng, i)) for _, c in extras]
            out.append(",".join([S["ts"](f, i), key, f"{val:.1f}", *ex]))
    return "\n".join(out) + "\n"


def expected_stats(S: Spec, f: SliceFile) -> dict[str, Any]:
    rows, _ = slice_records(S, f)
    lim = S["limit"]
    over = [(k, v) for _, k, v in rows if v > lim]
    counts: dict[str, int] = {}
    for k, _ in over:
        counts[k] = counts.get(k, 0) + 1
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if counts else "-"
    return {"count": len(over), "peak": max(v for _, _, v in rows), "top": top, "counts": counts}


def tally(S: Spec, files: list[SliceFile]) -> tuple[dict[str, dict[str, Any]], int, float, str]:
    per = {f["name"]: expected_stats(S, f) for f in files}
    allc: dict[str, int] = {}
    for st in per.values():
        for k, c in st["counts"].items():
            allc[k] = allc.get(k, 0) + c
    top = sorted(allc.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    return per, sum(s["count"] for s in per.values()), max(s["peak"] for s in per.values()), top


def tally_json(S: Spec, files: list[SliceFile]) -> dict[str, Any]:
    per, total, peak, top = tally(S, files)
    ck, pk, tk = S["count_key"], "peak_" + S["unit_key"], "top_" + S["key_name"]
    return {
        "files": {n: {ck: st["count"], pk: st["peak"], tk: st["top"]} for n, st in sorted(per.items())},
        "total_" + ck: total,
        pk: peak,
        tk: top,
    }


TOOL_TEMPLATE = '''#!/usr/bin/env python3
"""{title}

Usage:
    python3 tools/{tool} FILE [FILE ...]

Reads {what} ({fmt}: columns/fields `{c0}`, `{c1}`, `{c2}`). A record counts when its
`{c2}` is strictly above {limit} {unit}. For every file it prints one line
    <file name>  {ck}=<n>  peak_{uk}=<x.x>  top_{kn}=<{c1} with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = {limit}


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("{c1}"), float(tc.get("{c2}"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["{c1}"], float(r["{c2}"])
        else:
            for r in csv.DictReader(fh):
                yield r["{c1}"], float(r["{c2}"])


def top(counts):
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if counts else "-"


def main(paths):
    if not paths:
        print(__doc__.strip())
        return 2
    allc, total, peak_all = {{}}, 0, None
    for p in sorted(paths, key=os.path.basename):
        counts, peak = {{}}, None
        for key, val in records(p):
            peak = val if peak is None or val > peak else peak
            if val > LIMIT:
                counts[key] = counts.get(key, 0) + 1
                allc[key] = allc.get(key, 0) + 1
        n = sum(counts.values())
        total += n
        peak_all = peak if peak_all is None or (peak is not None and peak > peak_all) else peak_all
        print(f"{{os.path.basename(p)}}  {ck}={{n}}  peak_{uk}={{peak:.1f}}  top_{kn}={{top(counts)}}")
    print(f"TOTAL  {ck}={{total}}  peak_{uk}={{peak_all:.1f}}  top_{kn}={{top(allc)}}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

SEAL_TEMPLATE = seal_tool_template(seal_tool_doc("a summary file", "the reviewer", "{tool}", "SUMMARY", "summary"))

VALIDATE_TEMPLATE = '''#!/usr/bin/env python3
"""Validate the shape of output/final_summary.json (stdlib only).

Usage:
    python3 tools/validate_summary.py SUMMARY.json

Checks that the file is a JSON object with exactly the expected keys and value types;
prints `summary shape OK` or one line per problem. It does not judge the values.
"""

import json
import sys

KEYS = {keys}


def main(argv):
    if not argv:
        print(__doc__.strip())
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        obj = json.load(fh)
    problems = []
    if not isinstance(obj, dict):
        problems.append("not a JSON object")
    else:
        for k, t in KEYS.items():
            if k not in obj:
                problems.append(f"missing key {{k}}")
            elif t == "int" and not (isinstance(obj[k], int) and not isinstance(obj[k], bool)):
                problems.append(f"{{k}} must be an integer")
            elif t == "num" and not isinstance(obj[k], (int, float)):
                problems.append(f"{{k}} must be a number")
            elif t == "str" and not isinstance(obj[k], str):
                problems.append(f"{{k}} must be a string")
        extra = sorted(set(obj) - set(KEYS))
        if extra:
            problems.append(f"unexpected keys {{extra}}")
    print("\\n".join(problems) if problems else "summary shape OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''


# ----------------------------------------------------------------------------------------------
# media
# ----------------------------------------------------------------------------------------------
MIN_W, MIN_H = 1280, 720  # photos and screens: at least 1280x720


def render_panel(
    ops: Sequence[Op],
    size: tuple[int, int],
    seed: str,
    bg: int = 250,
    grain: float = 6.0,
    min_size: tuple[int, int] = (MIN_W, MIN_H),
    skew: float = 0.0,
    blur: float = 0.0,
) -> bytes:
    """Draw ops (laid out on a size = (W, H) grid for a 6 px/char font) onto a grey-scale panel rendered at
    k = max(min_w/W, min_h/H) times that grid (at least 1280x720), with a TrueType monospaced font, plus
    deterministic sensor grain; returns PNG bytes (deterministic)."""
    from PIL import Image, ImageDraw

    W, H = size
    k = max(min_size[0] / W, min_size[1] / H, 2.0)
    OW, OH = round(W * k), round(H * k)
    img = Image.new("L", (OW, OH), bg)
    d = ImageDraw.Draw(img)
    font = scan_font(round(9 * k), mono=True)  # 9 em-px per grid unit: the ink stays inside the 11-px bitmap line box
    lw = max(1, round(k))

    def sc(v: Sequence[float]) -> list[float]:
        return [c * k for c in v]

    for op in ops:
        kind = op[0]
        if kind == "text":
            d.text((op[1] * k, op[2] * k), op[3], fill=op[4] if len(op) > 4 else 15, font=font)
        elif kind == "rect":
            d.rectangle(sc(op[1]), outline=op[2] if len(op) > 2 else 70, fill=op[3] if len(op) > 3 else None, width=lw)
        elif kind == "line":
            pts = op[1]
            pts = [(x * k, y * k) for x, y in pts] if isinstance(pts[0], (tuple, list)) else sc(pts)
            d.line(pts, fill=op[2] if len(op) > 2 else 30, width=(op[3] if len(op) > 3 else 1) * lw)
        elif kind == "series":  # ("series", box, values, vmax, label_every)
            x0, y0, x1, y1 = op[1]
            vals, vmax = op[2], op[3]
            d.rectangle(sc(op[1]), outline=90, width=lw)
            pts = []
            for i, v in enumerate(vals):
                x = x0 + 2 + (x1 - x0 - 4) * i / max(1, len(vals) - 1)
                y = y1 - 2 - (y1 - y0 - 4) * min(v, vmax) / vmax
                pts.append((x * k, y * k))
            d.line(pts, fill=20, width=lw, joint="curve")
        elif kind == "bars":  # ("bars", box, values, vmax)
            x0, y0, x1, y1 = op[1]
            vals, vmax = op[2], op[3]
            d.rectangle(sc(op[1]), outline=90, width=lw)
            bw = (x1 - x0 - 4) / len(vals)
            for i, v in enumerate(vals):
                h = (y1 - y0 - 4) * min(v, vmax) / vmax
                d.rectangle(sc([x0 + 2 + i * bw + 1, y1 - 2 - h, x0 + 2 + (i + 1) * bw - 2, y1 - 2]), fill=60)
    if skew:  # a hand-held photo: slightly rotated, the corners filled with a darker surround
        img = img.rotate(skew, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=max(0, bg - 90))
    if blur:
        from PIL import ImageFilter

        img = img.filter(ImageFilter.GaussianBlur(blur))
    if grain:
        img = add_texture(img, seed, grain=grain)
    return png_bytes(img)


def build_dialogue_wav(path: str, turns: Sequence[tuple[str, int, str]], speed: int = 150) -> None:
    """Several speakers in turn: turns = [(espeak voice, pitch, text), ...], joined with short pauses (sox),
    then one room-noise bed over the whole call (deterministic)."""
    with tempfile.TemporaryDirectory() as td:
        parts = []
        for i, (voice, pitch, text) in enumerate(turns):
            raw, part = os.path.join(td, f"r{i}.wav"), os.path.join(td, f"p{i}.wav")
            espeak(text, raw, voice=voice, speed=speed, pitch=pitch, amplitude=120)
            sox_pad(raw, part, 0.3, 0.4)
            parts.append(part)
        joined = os.path.join(td, "joined.wav")
        subprocess.run(["sox", "-D", *parts, joined], check=True, capture_output=True)
        with open(joined, "rb") as fh:
            write(path, add_noise_bed(fh.read(), os.path.basename(path), level=70))
