"""Shared build helpers for the commerce scenarios (media, office files, hint, checks, writing)."""

from __future__ import annotations

import json
import math
import os
import random
import re
from functools import partial
from typing import Any

from kit import office
from kit.files import write, write_files
from kit.hint import (
    MEDIA_EXT,
    MEDIA_NOTE,
    PAGING_NOTE,
    sandbox_hint,
    workspace_stats,
)
from kit.media import speech_on_noise_bed
from kit.pdf import pdf_bytes as pdf_bytes  # re-exported to the scenario modules
from kit.rounds.round import assemble
from kit.scan import font
from kit.scenario import manifest, truth_path, update_group
from kit.seal import seal_tool_doc, seal_tool_template
from kit.selftest import standalone, text_files
from kit.texture import add_texture, png_bytes

SEAL_TOOL = seal_tool_template(seal_tool_doc("a deliverable", "the reviewer", "seal.py", "DELIVERABLE", "deliverable"))
"""tools/seal.py of every commerce workspace, a template of its ``{prefix}``."""


# ------------------------------------------------------------------ images
class ScaledDraw:
    """ImageDraw on a canvas k times a layout grid drawn for the 6 px/char bitmap font: coordinates and line
    widths are multiplied by k and text uses a TrueType mono face of 9*k em-px (same advance, ink inside the
    11-px line box), so a small layout renders at scan/photo resolution with the same content."""

    def __init__(self, img: Any, k: float) -> None:
        from PIL import ImageDraw

        self.d = ImageDraw.Draw(img)
        self.k = k
        self.f = font(round(9 * k), mono=True)
        self.lw = max(1, round(k))

    def _xy(self, xy: Any) -> list[Any]:
        k = self.k
        if xy and isinstance(xy[0], (tuple, list)):
            return [(x * k, y * k) for x, y in xy]
        return [v * k for v in xy]

    def text(
        self, xy: Any, s: str, fill: Any = None, font: Any = None
    ) -> None:  # the scaled face replaces any font passed (bitmap)
        self.d.text((xy[0] * self.k, xy[1] * self.k), s, fill=fill, font=self.f)

    def line(self, xy: Any, fill: Any = None, width: int = 1) -> None:
        self.d.line(self._xy(xy), fill=fill, width=width * self.lw, joint="curve")

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.d.rectangle(self._xy(xy), fill=fill, outline=outline, width=width * self.lw)

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.d.ellipse(self._xy(xy), fill=fill, outline=outline, width=width * self.lw)


def bar_chart(
    title: str,
    subtitle: str,
    groups: list[tuple[str, list[tuple[str, float]]]],
    ymax: float,
    footer: str,
    scale: int = 3,
    value_labels: bool = True,
    step: float = 2,
) -> bytes:
    """Grouped bar chart: a dashboard screenshot (440x280 layout grid rendered at `scale`x, i.e. 1320x840,
    TrueType mono font, light seeded screen-capture grain). With value_labels the value is printed on top
    of each bar; without, the values must be read against the axis (ticks and gridlines every `step`)."""
    from PIL import Image

    W, H = 440, 280
    img = Image.new("RGB", (W * scale, H * scale), (252, 252, 250))
    d = ScaledDraw(img, scale)
    d.text((14, 10), title, fill=(20, 20, 20))
    d.text((14, 24), subtitle, fill=(90, 90, 90))
    x0, y0, x1, y1 = 50, 50, W - 20, H - 50
    d.line([x0, y0, x0, y1], fill=(60, 60, 60))
    d.line([x0, y1, x1, y1], fill=(60, 60, 60))
    for i in range(round(ymax / step) + 1):
        k = i * step
        y = y1 - (y1 - y0) * k / ymax
        d.line([x0 - 3, y, x0, y], fill=(60, 60, 60))
        d.text((x0 - 22, y - 5), f"{k:g}", fill=(60, 60, 60))
        d.line([x0 + 1, y, x1, y], fill=(230, 230, 230))
    colors = [(70, 110, 170), (220, 140, 50), (90, 160, 90), (160, 80, 140)]
    gw = (x1 - x0) / len(groups)
    for gi, (gname, bars) in enumerate(groups):
        bw = gw * 0.7 / len(bars)
        for bi, (_bname, val) in enumerate(bars):
            bx = x0 + gi * gw + gw * 0.15 + bi * bw
            by = y1 - (y1 - y0) * val / ymax
            d.rectangle([bx, by, bx + bw - 4, y1 - 1], fill=colors[bi % 4])
            if value_labels:
                d.text((bx + 2, by - 12), f"{val:.2f}", fill=(10, 10, 10))
        d.text((x0 + gi * gw + gw * 0.35, y1 + 6), gname, fill=(20, 20, 20))
    lx = x0 + 10
    for bi, (bname, _) in enumerate(groups[0][1]):
        d.rectangle([lx, H - 26, lx + 8, H - 18], fill=colors[bi % 4])
        d.text((lx + 12, H - 28), bname, fill=(20, 20, 20))
        lx += 110
    d.text((14, H - 14), footer, fill=(120, 120, 120))
    return png_bytes(add_texture(img, "chart/" + title, grain=3.0, blotch=2.0))


def text_scan(
    title: str,
    lines: list[str],
    seed: str,
    size: tuple[int, int] = (440, 300),
    scale: float = 3,
    sig_at: int | None = None,
    page: tuple[int, int] | None = None,
) -> bytes:
    """A grey 'scanned form' with paper texture and scanner grain; lines of text; optional signature squiggle
    after line sig_at. The size layout grid is rendered at `scale`x; with page=(W, H) (e.g. A4_150DPI) the form
    is scaled to the page width and sits at the top of a full page of that size, as a flatbed scan would."""
    from PIL import Image

    W, H = size
    if page is not None:
        scale = page[0] / W
        PW, PH = page
    else:
        PW, PH = round(W * scale), round(H * scale)
    img = Image.new("L", (PW, PH), 246)
    d = ScaledDraw(img, scale)
    rng = random.Random(seed)
    for _ in range(600):  # dust specks, as before (grid coordinates)
        x, y = rng.randrange(W), rng.randrange(H)
        d.rectangle([x, y, x + 0.4, y + 0.4], fill=rng.choice((200, 215, 228)))
    d.rectangle([8, 8, W - 9, H - 9], outline=60)
    d.text((18, 16), title, fill=20)
    d.line([18, 30, W - 18, 30], fill=60)
    y = 38
    for i, line in enumerate(lines):
        d.text((18, y), line, fill=15)
        y += 15
        if sig_at is not None and i == sig_at:
            pts = [(200 + k * 4, y + 2 + 4 * math.sin(k / 1.5)) for k in range(24)]
            d.line(pts, fill=10, width=1)
            y += 12
    return png_bytes(add_texture(img, "scan/" + seed, grain=7.0, blotch=4.0))


# ------------------------------------------------------------------ audio / video
def wav_bytes(text: str, voice: str = "en-gb", speed: int = 150) -> bytes:
    """Speech over the kit's room-noise bed, seeded with the text's start."""
    return speech_on_noise_bed(text, seed=text[:80], voice=voice, speed=speed, pitch=45, amplitude=120, pad=(0.4, 0.5))


# ------------------------------------------------------------------ office files
AUTHOR = "commerce-build"
"""Who the core properties of a commerce office file say wrote it."""
docx_bytes = partial(office.docx_bytes, author=AUTHOR)
xlsx_bytes = partial(office.xlsx_bytes, creator=AUTHOR)


# ------------------------------------------------------------------ hint / index
def index_md(folder: str, rows: list[tuple[str, str, str]]) -> str:
    out = [f"# {folder}/ index", "", "| file | ~size | gist |", "|---|---|---|"]
    out += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(out) + "\n"


HINT_NOTES = [
    PAGING_NOTE,
    MEDIA_NOTE,
    "- docx / pdf / xlsx files are converted to text by Read.",
    "- Grant each subagent only the folders and tools its task needs. Sensitive folders are never granted.",
]
"""The asset map's notes (``kit.hint.sandbox_hint``); office files count as text there."""


def write_scenario(d: str, sc: dict[str, Any]) -> None:
    """Write one scenario folder ``d`` from its definition: the workspace, the updates, the files
    every scenario has (``kit.scenario``), truth/ and the asset map."""
    for rel, data in sc["files"].items():
        write(os.path.join(d, "workspace", rel), data)
    for top in sc.get("empty_dirs", []):
        os.makedirs(os.path.join(d, "workspace", top), exist_ok=True)
    for uid, grp in sc["updates"].items():
        for dst, data in grp["files"].items():
            write(os.path.join(d, "updates", uid, os.path.basename(dst)), data)
    updates = {uid: update_group(uid, grp["op"], grp["files"]) for uid, grp in sc["updates"].items()}
    man = manifest(sc["sid"], sc["desc"], accessible=sc["acc"], delegable=sc["dele"], updates=updates)
    write_files(d, assemble(sc["rounds"], sc["guard"]).files(man))
    for rel, txt in sc["truth"].items():
        write(os.path.join(d, truth_path(rel)), txt)
    stats = workspace_stats(os.path.join(d, "workspace"), MEDIA_EXT)
    hint = sandbox_hint(
        man, sc["assets"], stats, script="data/build/commerce/build.py", notes=HINT_NOTES, sensitive_denied=True
    )
    write(os.path.join(d, "workspace", "_sandbox_hint.md"), hint)


def value_leaks(d: str, sc: dict[str, Any]) -> list[str]:
    """Media-only facts must not appear in any text file of the scenario folder ``d`` (except the
    named decoy files), the hint, the questions or feedback; find-values of each round must not
    appear in questions up to it."""
    probs = []
    allowed = set(sc.get("decoy_files", []))
    texts = text_files(d, "workspace", "updates")
    with open(os.path.join(d, "questions.json"), encoding="utf-8") as fh:
        qs = json.load(fh)
    for fact in sc.get("media_facts", []):
        pat = standalone(fact, re.I)
        for rel, t in texts.items():
            if rel.split("/", 1)[-1] in allowed:
                continue
            if pat.search(t):
                probs.append(f"{sc['sid']}: media-only fact {fact!r} appears in {rel}")
    for i, q in enumerate(qs):
        seen_text = (
            " ".join(x["question"] for x in qs[: i + 1])
            + " "
            + " ".join(x["feedback"]["incorrect"] + " " + x["feedback"]["correct"] for x in qs[:i])
        )
        for v in sc.get("finds", {}).get(q["id"], []):
            pat = standalone(v, re.I)
            if pat.search(seen_text):
                probs.append(f"{sc['sid']} {q['id']}: value to find {v!r} leaks in the questions/feedback")
            hint = texts.get("workspace/_sandbox_hint.md", "")
            if pat.search(hint):
                probs.append(f"{sc['sid']} {q['id']}: value to find {v!r} leaks in the hint")
    return probs
