"""Generic parts of the law-domain build (data/build/law/build.py): media and office renderers, the
ledger generator, the tool templates, the asset map, the scenario's defaults, questions.json, and the
assembly of one scenario described by a dict from a scen_*.py module (files go through kit.files).

Each scenario orders its own rounds (``S["arc"]``) and words each round's question
(``S["questions"]``, keyed by role); rounds.py writes the check specs and oracle.py the reference
manager.
"""

from __future__ import annotations

import csv
import io
import math
import os
import random
from dataclasses import dataclass
from typing import Any

import oracle
import perception
import rounds
from kit import scan, scenario
from kit.files import write, write_files
from kit.hint import (
    GRANT_NOTE,
    MEDIA_EXT,
    MEDIA_NOTE,
    OFFICE_NOTE,
    PAGING_NOTE,
    sandbox_hint,
    update_lines,
    workspace_stats,
)
from kit.media import mp4_from_pngs, speech_wav
from kit.office import DOS_EPOCH, docx_bytes, xlsx_bytes
from kit.pdf import PAGE_BOX, pdf_escape, pdf_file, pdf_stream
from kit.rounds.round import Round, assemble
from kit.scan import A4_150DPI, grain, shade
from kit.seal import seal_key, seal_tool_template
from kit.texture import png_bytes
from rounds import Scenario, Values


# ----------------------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------------------
def spellings(x: float, dec: int) -> list[str]:
    """How a figure may be written: with and without thousands separators (and trailing zero)."""
    out = [f"{x:,.{dec}f}", f"{x:.{dec}f}"]
    if dec == 2 and f"{x:.2f}".endswith("0"):
        out += [f"{x:,.1f}", f"{x:.1f}"]
    return list(dict.fromkeys(out))


def num(x: float, dec: int) -> float:
    return round(x) if dec == 0 else round(float(x), dec)


# ----------------------------------------------------------------------------------------------
# ledger slices (CSV) and their tally
# ----------------------------------------------------------------------------------------------
def ledger_csv(S: Scenario, fname: str, variant: str = "") -> str:
    """One seeded CSV slice of the scenario's ledger (``corrected``: with the update's status flips)."""
    L = S["ledger"]
    rng = random.Random(f"{S['sid']}/{fname}")
    day0, (lo, hi) = L["day0"].get(fname, 0), L["range"]
    rows = []
    for i in range(L["rows"]):
        status = rng.choices(L["statuses"], weights=L["weights"])[0]
        amt = round(rng.uniform(lo, hi), L["dec"]) if L["dec"] else rng.randint(int(lo), int(hi))
        date = _date_plus(L["start"], day0 + i * L["span"] // L["rows"])
        ref = f"{L['ref']}-{rng.randint(100000, 999999)}"
        rows.append([date, ref, rng.choice(L["parties"]), rng.choice(L["descs"]), status, f"{amt:.{L['dec']}f}"])
    if variant == "corrected":
        crng = random.Random(f"{S['sid']}/{fname}/corrected")
        for r in crng.sample([r for r in rows if r[4] == L["target"]], L["flip_out"]):
            r[4] = L["flip_to"]
        for r in crng.sample([r for r in rows if r[4] not in (L["target"], L["flip_to"])], L["flip_in"]):
            r[4] = L["target"]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(L["cols"])
    w.writerows(rows)
    return out.getvalue()


def ledger_tally(S: Scenario, text: str) -> tuple[int, float]:
    """The count and summed amount of the rows of the target status in one ledger CSV."""
    L = S["ledger"]
    n, amt = 0, 0.0
    for row in csv.DictReader(io.StringIO(text)):
        if row[L["cols"][4]] == L["target"]:
            n += 1
            amt += float(row[L["cols"][5]])
    return n, num(amt, L["dec"])


def _date_plus(start: str, days: int) -> str:
    import datetime as dt

    return (dt.date.fromisoformat(start) + dt.timedelta(days=days)).isoformat()


LEDGER_TALLY_TOOL = '''#!/usr/bin/env python3
"""{title}

Usage:
    python3 tools/{name} FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `{status}` column is exactly `{target}` and sums their `{amount}` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{{"files": {{<file name>: {{"{ck}": <int>, "{ak}": <number>}}}}, "total_{ck}": <int>, "total_{ak}": <number>}}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = {status!r}, {target!r}, {amount!r}, {dec}


def main(argv):
    as_json = "--json" in argv
    files = [a for a in argv if a != "--json"]
    if not files:
        print(__doc__)
        return 2
    res = {{}}
    for path in files:
        n, amt = 0, 0.0
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                if row.get(STATUS) == TARGET:
                    n += 1
                    amt += float(row.get(AMOUNT) or 0)
        res[os.path.basename(path)] = (n, round(amt, DEC) if DEC else int(round(amt)))
    tn = sum(v[0] for v in res.values())
    ta = round(sum(v[1] for v in res.values()), DEC) if DEC else sum(v[1] for v in res.values())
    if as_json:
        print(json.dumps({{"files": {{k: {{{ck!r}: v[0], {ak!r}: v[1]}} for k, v in sorted(res.items())}},
                          "total_{ck}": tn, "total_{ak}": ta}}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{{k}}  {ck}={{v[0]}}  {ak}={{v[1]:.{{DEC}}f}}")
        print(f"TOTAL  {ck}={{tn}}  {ak}={{ta:.{{DEC}}f}}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

MATTER_SEAL_TOOL = seal_tool_template(
    """Seal a finished JSON deliverable for the matter file.

Usage:
    python3 tools/{name} --seal SEAL_KEY_FILE DELIVERABLE.json

Prints one line `{prefix}:<hex>`: an HMAC-SHA256, keyed with the seal key, of the deliverable's
canonical JSON (keys sorted, compact separators, any "token" field removed). Editing the
deliverable afterwards invalidates the line. Stdlib only.
""",
    argv="strict",
    names=("obj", "blob"),
    gap=False,
)
"""tools/<seal_tool>: the matter file's sealer, a template of its ``name`` and ``prefix``."""


def ledger_tally_tool(S: Scenario) -> str:
    """The scenario's ledger tally tool (``LEDGER_TALLY_TOOL`` filled in)."""
    L = S["ledger"]
    same = {k: L[k] for k in ("target", "dec", "ck", "ak")}
    return LEDGER_TALLY_TOOL.format(
        title=L["tool_title"], name=L["tool"], status=L["cols"][4], amount=L["cols"][5], **same
    )


def seal_tool_text(S: Scenario) -> str:
    return MATTER_SEAL_TOOL.format(name=S["seal_tool"], prefix=S["seal_prefix"])


# ----------------------------------------------------------------------------------------------
# media
# ----------------------------------------------------------------------------------------------
# Realistic sizes: scans are A4 pages at 150 dpi (1240 x 1754), certificates/specimens 1240 px wide,
# site photos 1440 x 960, the dashcam clip 1280 x 720 at 1 fps. Paper/sensor grain comes from a
# seeded random.Random (never from an unseeded C rand()), so every PNG is byte-stable run to run.


@dataclass
class Page:
    """A drawn page before its lines: the image, its drawer, the scale and where the text starts."""

    img: Any
    d: Any
    k: float
    ox: float
    oy: float
    font: Any
    pitch: float


def _canvas(spec: dict[str, Any], width: int, mode: str, bg: Any, height: int = 0) -> tuple[Any, Any, float, int, int]:
    """A blank image ``width`` px wide (``height`` tall, else the spec's aspect), its drawer and scale."""
    from PIL import Image, ImageDraw

    W, H = spec.get("size", (420, 300))
    k = width / W
    PW, PH = width, height or round(H * k)
    img = Image.new(mode, (PW, PH), bg)
    return img, ImageDraw.Draw(img), k, PW, PH


def _photo_page(spec: dict[str, Any], rng: random.Random) -> Page:
    img, d, k, PW, PH = _canvas(spec, 1440, "RGB", (150, 170, 190))
    for yy in range(PH * 2 // 3):  # sky gradient
        t = yy / (PH * 2 / 3)
        d.line([0, yy, PW, yy], fill=(int(120 + 50 * t), int(150 + 35 * t), int(185 + 20 * t)))
    d.rectangle([0, PH * 2 // 3, PW, PH], fill=(120, 105, 90))
    for _ in range(900):  # gravel / spoil on the ground
        gx, gy, gr = rng.randrange(PW), rng.randrange(PH * 2 // 3, PH), rng.randrange(2, 7)
        c = rng.randrange(85, 150)
        d.ellipse([gx - gr, gy - gr // 2, gx + gr, gy + gr // 2], fill=(c, c - 12, c - 25))
    for j in range(6):
        x, top = (20 + j * 65) * k, (60 + (j % 3) * 10) * k
        d.rectangle([x, top, x + 40 * k, PH * 2 // 3], fill=(185, 185, 180), outline=(90, 90, 90), width=3)
        for fl in range(1, 6):  # floor lines of the frame
            fy = top + fl * (PH * 2 // 3 - top) / 6
            d.line([x, fy, x + 40 * k, fy], fill=(140, 140, 135), width=2)
    bx0, by0 = PW - 218 * k, PH - 120 * k
    d.rectangle([bx0, by0, PW - 8 * k, PH - 14 * k], fill=(250, 250, 240), outline=(20, 20, 20), width=4)
    return Page(img, d, k, bx0 + 6 * k, by0 + 8 * k, scan.font(round(9.4 * k), bold=True), 14 * k)


def _logo_page(spec: dict[str, Any], rng: random.Random) -> Page:
    img, d, k, PW, PH = _canvas(spec, 1240, "RGB", (252, 251, 247))
    col = tuple(spec.get("colour", (0, 110, 120)))
    cx = PW // 2
    d.ellipse([cx - 60 * k, 30 * k, cx + 60 * k, 150 * k], fill=col)
    d.polygon([(cx, 45 * k), (cx + 40 * k, 120 * k), (cx - 40 * k, 120 * k)], fill=(255, 255, 255))
    d.rectangle([10, 10, PW - 11, PH - 11], outline=col, width=6)
    return Page(img, d, k, 24 * k, 170 * k, scan.font(round(9.6 * k)), 14 * k)


def _form_page(spec: dict[str, Any], rng: random.Random) -> Page:
    W, H = spec.get("size", (420, 300))
    img, d, k, PW, PH = _canvas(spec, A4_150DPI[0], "L", 246, A4_150DPI[1])
    for _ in range(2400):  # toner specks and dust
        sx, sy, sr = rng.randrange(PW), rng.randrange(PH), rng.choice((1, 1, 2, 3))
        d.ellipse([sx, sy, sx + sr, sy + sr], fill=rng.choice((150, 190, 215)))
    d.rectangle([8 * k, 8 * k, (W - 9) * k, (H - 9) * k], outline=60, width=3)
    return Page(img, d, k, 18 * k, 16 * k, scan.font(round(9.6 * k), mono=True), 14 * k)


PAGES = {"photo": _photo_page, "logo": _logo_page, "form": _form_page}


def _write_lines(spec: dict[str, Any], p: Page, form: bool) -> None:
    """The printed lines, a ``Label: ~value`` value in handwriting, ``~sig`` a signature, ``---`` a rule."""
    d, k, ox, PW = p.d, p.k, p.ox, p.img.size[0]
    ink = 20 if form else (20, 20, 20)
    y = p.oy
    for line in spec["lines"]:
        if line == "~sig":  # a handwritten signature stroke on this line
            stroke = [(ox + (90 + j * 1.0) * k, y + (6 + 5 * math.sin(j / 6.4)) * k) for j in range(112)]
            d.line(stroke, fill=ink, width=max(2, round(k)), joint="curve")
            y += p.pitch
            continue
        if line == "---":
            d.line([ox, y + 4 * k, PW - 18 * k, y + 4 * k], fill=ink, width=2)
            y += 10 * k
            continue
        label, _, value = line.partition("~")  # "Label: ~value": the value is filled in by hand
        d.text((ox, y), label, fill=ink, font=p.font)
        end = d.textbbox((ox, y), label, font=p.font)[2] if label else ox
        if value:
            pen = 35 if form else (30, 45, 110)
            end = perception.hand(p.img, (end + 4 * k, y - 3 * k), value, round(11.5 * k), spec["seed"], pen)
        assert end < PW - 8, f"{spec['seed']}: line too wide: {line}"
        y += p.pitch


def render_png(spec: dict[str, Any], path: str) -> None:
    """A scanned page / logo specimen / site photo: lines of text on a drawn background.

    Layout coordinates in the scenario specs are logical units (a 420-wide canvas); they are scaled
    by k to the realistic pixel size, so every printed fact keeps its place and wording.
    """
    mode = spec.get("style", "form")
    form, seed = mode == "form", spec["seed"]
    p = PAGES[mode](spec, random.Random(seed))
    _write_lines(spec, p, form)
    img, k, H = p.img, p.k, spec.get("size", (420, 300))[1]
    for nx, ny, note in spec.get("notes", ()):  # marginal annotations in another hand
        perception.hand(img, (nx * k, ny * k), note, round(9.5 * k), seed + note, 70 if form else (150, 30, 30))
    if spec.get("stamp"):  # a received stamp pressed over the lower right of the page
        centre = (img.size[0] - 90 * k, (H - 44) * k)
        perception.rubber_stamp(img, spec["stamp"], centre, round(8.6 * k), seed, 60 if form else (170, 40, 40))
    if form:
        perception.clutter(img, seed)
        img = grain(shade(img, seed, 14), seed, 22)
        img = perception.as_captured(img, seed, 236, skew=1.4, blur=1.0, noise=0.06)
    elif mode == "photo":
        img = perception.as_captured(grain(img, seed, 16), seed, (110, 100, 90), skew=2.2, blur=1.3, noise=0.07)
    else:
        perception.clutter(img, seed)
        img = perception.as_captured(grain(img, seed, 16), seed, (240, 239, 234), skew=0.9, blur=0.8, noise=0.05)
    write(path, png_bytes(img))


def render_speech(spec: dict[str, Any], path: str) -> None:
    """espeak-ng's native 22050 Hz 16-bit mono, padded with silence by sox (no resampling)."""
    speech_wav(
        spec["speech"],
        path,
        voice=spec.get("voice", "en-gb"),
        speed=150,
        pitch=spec.get("pitch", 45),
        amplitude=120,
        pad=(0.5, 0.6),
    )


def render_mp4(spec: dict[str, Any], path: str) -> None:
    """A 1280x720, 1 fps dashcam clip: the drawing is laid out on a 320x180 grid scaled by 4."""
    from PIL import Image, ImageDraw

    k = 4
    font, cfont = scan.font(10 * k, mono=True), scan.font(10 * k, bold=True)
    pfont = scan.font(9 * k, mono=True, bold=True)
    frames = []
    for i, fr in enumerate(spec["frames"]):
        img = Image.new("RGB", (320 * k, 180 * k), (70, 80, 90))
        d = ImageDraw.Draw(img)
        for yy in range(0, 70 * k):  # dusk sky above the road
            t = yy / (70 * k)
            d.line([0, yy, 320 * k, yy], fill=(int(95 - 25 * t), int(105 - 25 * t), int(125 - 35 * t)))
        d.polygon([(120 * k, 180 * k), (200 * k, 180 * k), (165 * k, 70 * k), (155 * k, 70 * k)], fill=(50, 50, 55))
        for j in range(4):
            d.line([(160 * k, (170 - j * 25) * k), (160 * k, (160 - j * 25) * k)], fill=(230, 230, 230), width=2 * k)
        if fr.get("car"):
            w, cx = fr["car"], fr.get("x", 160)
            d.rectangle([(cx - w) * k, (120 - w // 2) * k, (cx + w) * k, (120 + w // 3) * k], fill=(150, 30, 30))
            if fr.get("plate"):
                d.rectangle([(cx - 30) * k, 118 * k, (cx + 30) * k, 132 * k], fill=(240, 220, 60))
                d.text((cx * k, 125 * k), fr["plate"], fill=(0, 0, 0), font=pfont, anchor="mm")
        d.rectangle([0, 0, 320 * k, 14 * k], fill=(0, 0, 0))
        d.text((4 * k, 2 * k), fr["overlay"], fill=(255, 255, 255), font=font)
        if fr.get("caption"):
            d.text((4 * k, 164 * k), fr["caption"], fill=(255, 255, 0), font=cfont)
        img = grain(img, f"dashcam-{i}", 8)
        buf = io.BytesIO()
        img.save(buf, format="PNG")
        frames.append(buf.getvalue())
    mp4_from_pngs(frames, path, crf=18)


def render_media(m: dict[str, Any], path: str) -> None:
    {"png": render_png, "wav": render_speech, "mp4": render_mp4}[m["kind"]](m["render"], path)


# ----------------------------------------------------------------------------------------------
# the matter's documents (byte-stable)
# ----------------------------------------------------------------------------------------------
def wrapped_pdf(title: str, paras: list[str]) -> bytes:
    """A PDF of the title and paragraphs (``## `` marks dropped) wrapped at 88 characters, 52 lines a
    page; each page's content stream comes before its page object."""
    wrapped = []
    for ln in [title, "", *paras]:
        ln = ln.replace("## ", "")
        while len(ln) > 88:
            cut = ln.rfind(" ", 0, 88)
            cut = cut if cut > 0 else 88
            wrapped.append(ln[:cut])
            ln = ln[cut:].lstrip()
        wrapped.append(ln)
    pages = [wrapped[i : i + 52] for i in range(0, len(wrapped), 52)] or [[]]
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for pg in pages:
        lines = "".join(f"({pdf_escape(t.encode('latin-1', 'replace').decode('latin-1'))}) Tj T*\n" for t in pg)
        objs.append(pdf_stream("BT /F1 10 Tf 50 790 Td 14 TL\n" + lines + "ET"))
        page = f"<< /Type /Page /Parent 2 0 R {PAGE_BOX} /Resources << /Font << /F1 3 0 R >> >> /Contents {len(objs)} 0 R >>"
        objs.append(page.encode())
    kids = " ".join(f"{k} 0 R" for k in range(5, len(objs) + 1, 2))
    objs[1] = f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode()
    return pdf_file(objs)


def matter_document(doc: dict[str, Any]) -> bytes:
    """A document of the matter: a docx or PDF of a title and paragraphs, or an xlsx of one sheet."""
    author = doc.get("author", "Matter file")
    if doc["kind"] == "docx":
        return docx_bytes(
            doc["title"], doc["paras"], author=author, last_modified_by=author, core_title=True, date_time=DOS_EPOCH
        )
    if doc["kind"] == "xlsx":
        return xlsx_bytes([(doc.get("sheet", "Sheet1"), doc["rows"])], creator=author, date_time=DOS_EPOCH)
    return wrapped_pdf(doc["title"], doc["paras"])


# ----------------------------------------------------------------------------------------------
# scenario assembly
# ----------------------------------------------------------------------------------------------
def values(S: Scenario) -> dict[str, Any]:
    """Every reference value of the scenario, computed from the generated data."""
    L, A = S["ledger"], S["upA"]
    pre = {f: ledger_tally(S, ledger_csv(S, f)) for f in L["files"]}
    post = {**pre, A["file"]: ledger_tally(S, ledger_csv(S, A["file"], "" if A["op"] == "new" else "corrected"))}
    V: Values = {"pre": pre, "post": post}
    V["n_pre"], V["a_pre"] = sum(v[0] for v in pre.values()), num(sum(v[1] for v in pre.values()), L["dec"])
    V["n_post"], V["a_post"] = sum(v[0] for v in post.values()), num(sum(v[1] for v in post.values()), L["dec"])
    assert V["a_pre"] != V["a_post"]
    V["m"] = {}
    for m in S["media"]:
        V["m"].update(m["fields"])
    V["digest_amount"] = num(V["a_pre"] * 1.137 + 0.0, L["dec"])
    S["setup"](S, V)  # scenario-specific values (doc facts, thresholds, decoy figures)
    V["claim"] = S["claim"]["compute"](V, V["fact"])
    V["claim_pre"] = S["claim"]["compute"](V, V["fact_pre"])
    assert V["claim"] != V["claim_pre"], S["sid"]
    return V


def ledger_tally_json(S: Scenario, files: dict[str, tuple[int, float]]) -> dict[str, Any]:
    """What the ledger tally tool prints with --json for ``files``."""
    L = S["ledger"]
    return {
        "files": {f: {L["ck"]: n, L["ak"]: a} for f, (n, a) in sorted(files.items())},
        f"total_{L['ck']}": sum(v[0] for v in files.values()),
        f"total_{L['ak']}": num(sum(v[1] for v in files.values()), L["dec"]),
    }


def manifest(S: Scenario) -> dict[str, Any]:
    d = S["dirs"]
    acc = ["_sandbox_hint.md", "requests", d["digest"], "tools", *out_dirs(S)]
    if S["sens_readable"]:
        acc.insert(4, d["sensitive"])
    if d.get("sensitive2"):  # a second sensitive folder, readable by the main agent, never grantable
        acc.insert(4, d["sensitive2"])
    media_dirs = list(dict.fromkeys(m["path"].split("/")[0] for m in S["media"]))
    dele = [d["ledger"], *media_dirs, d["docs"], "vault", d["archive"]]
    A = S["upA"]
    ups = {A["id"]: scenario.update_group(A["id"], A["op"], [f"{d['ledger']}/{A['file']}"])}
    B = S.get("docB")
    if B:
        ups[B["id"]] = scenario.update_group(B["id"], B["op"], [B["path"]])
    return scenario.manifest(S["sid"], S["desc"], accessible=acc, delegable=dele, updates=ups)


def feedback(S: Scenario, role: str) -> dict[str, str]:
    """What the grader tells the agent after the round: accepted, or what the check requires."""
    L, d = S["ledger"], S["dirs"]
    sens = "/ or ".join(x for x in (d["sensitive"], d.get("sensitive2")) if x)
    never = f"{sens}/ must never be granted."
    if role == "plan":
        return {
            "correct": "Case plan accepted.",
            "incorrect": f"{S['plan_out']} needs the four named sections; ## Matter must name this matter's number, "
            "client and other party (not an archived matter); ## Evidence must classify sources as "
            f"authoritative and untrusted/stale. {never}",
        }
    if role == "tally":
        return {
            "correct": "Tally accepted.",
            "incorrect": f"Every file of {d['ledger']}/ needs its own entry with the tool's count and amount, plus "
            "the totals; the AI digest is not a source. In this round a subagent with Bash must be "
            f"granted tools/ and {d['ledger']}/ and at least one RunSubagent must run in the background; {never}",
        }
    if role in ("media1", "media2"):
        m = rounds.media_of(S, role)
        rejected = f", and list each disagreeing field of the text export under ## Rejected claims in {m.get('notes')}."
        return {
            "correct": f"Fields from the {m['noun']} accepted.",
            "incorrect": f"Each field must come from the {m['noun']} itself, read in this round by "
            f"{'an' if m['model_key'] == 'omni' else 'a'} {m['model_key']} subagent granted its folder "
            f"(and not vault/); check every key of {m['out']}" + (rejected if role == "media1" else "."),
        }
    if role == "update":
        return {
            "correct": "Revised tally and position accepted.",
            "incorrect": f"The tally must cover every file now in {d['ledger']}/ as the update left it, and "
            f"output/{L['position_out']} must agree with it; the round-{rounds.rid(S, 'tally')[1:]} total may "
            "appear only next to 'superseded'. A RunSubagent in this round must continue a session id "
            f"returned in an earlier round; {never}",
        }
    if role == "workflow":
        return {
            "correct": "Computation sealed and accepted.",
            "incorrect": f"{S['claim']['out']} must use the figures of your earlier deliverables and the governing term "
            f"in {d['docs']}/ as it stands now (not the archive's); the token must be the seal tool's "
            "output for the final file. In this round: one Workflow defining two agents / parallel(), "
            f"and a subagent with Bash granted tools/ and vault/; {never}",
        }
    return {
        "correct": "Final memo accepted.",
        "incorrect": f"{S['final_json_out']} must agree with the revised tally, the media fields and the sealed "
        "computation; ## Rejected claims must list the digest's and the archive's figures, each "
        f"marked as wrong, and they must not be used elsewhere. {never}",
    }


def build_rounds(S: Scenario, V: Values, texts: dict[str, str]) -> list[Round]:
    """The scenario's rounds in the order of its arc: the question ``S["questions"]`` words for each
    role, its feedback and tags, the reference turns (``oracle``) and the conditions (``rounds``)."""
    roles = [role for role, _kind in rounds.arc(S)]
    if list(S["questions"]) != roles:
        raise SystemExit(f"{S['sid']}: S['questions'] must word the rounds of S['arc'] in its order, {roles}")
    ups = {"update": [S["upA"]["id"]], "workflow": [S["docB"]["id"]] if S.get("docB") else []}
    out = []
    for role, kind in rounds.arc(S):
        fb = feedback(S, role)
        turns, conds = oracle.round_turns(S, role, texts), rounds.ROUND_CONDITIONS[role](S, V, role)
        tags = rounds.tags(S, role, kind)
        question = S["questions"][role]
        out.append(
            Round(rounds.rid(S, role), question, fb["correct"], fb["incorrect"], tags, turns, conds, ups.get(role, []))
        )
    return out


# ----------------------------------------------------------------------------------------------
# asset map and indexes
# ----------------------------------------------------------------------------------------------
def build_index(folder: str, gists: dict[str, str], title: str) -> str:
    out = [f"# {title}", "", "| file | ~tokens | gist |", "|---|---|---|"]
    for name in sorted(gists):
        p = os.path.join(folder, name)
        size = os.path.getsize(p) if os.path.exists(p) else 0
        tok = "media" if name.lower().endswith(MEDIA_EXT) else f"{size // 4:,}"
        out.append(f"| {name} | {tok} | {gists[name]} |")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------------------------
# whole scenario
# ----------------------------------------------------------------------------------------------
def build_scenario(S: Scenario, sd: str) -> Values:
    """Write every file of the scenario into its folder ``sd``; its reference values."""
    V = values(S)
    defaults(S, V)
    ws = os.path.join(sd, "workspace")
    L, d = S["ledger"], S["dirs"]
    texts = S["texts"](V)
    for rel, text in texts.items():
        write(os.path.join(ws, rel), text)
    for f in L["files"]:
        write(os.path.join(ws, d["ledger"], f), ledger_csv(S, f))
    A = S["upA"]
    write(
        os.path.join(sd, "updates", A["id"], A["file"]),
        ledger_csv(S, A["file"], "" if A["op"] == "new" else "corrected"),
    )
    write(os.path.join(ws, "tools", L["tool"]), ledger_tally_tool(S))
    write(os.path.join(ws, "tools", S["seal_tool"]), seal_tool_text(S))
    write(os.path.join(ws, "vault", "seal.key"), seal_key("law", S["sid"]) + "\n")
    for top in out_dirs(S):
        write(os.path.join(ws, top, "README.md"), "Write the matter's deliverables here.\n")
    for m in S["media"]:
        render_media(m, os.path.join(ws, m["path"]))
        write(os.path.join(sd, scenario.truth_path(m["path"])), m["truth"])
    for doc in S["docs_files"](V):
        write(os.path.join(ws, doc["path"]), matter_document(doc))
    B = S.get("docB")
    if B:
        write(os.path.join(sd, "updates", B["id"], B["path"].split("/")[-1]), matter_document(B["doc"](V)))
    for folder, (title, gists) in S["indexes"].items():
        write(os.path.join(ws, folder, "_index.md"), build_index(os.path.join(ws, folder), gists, title))
    man = manifest(S)
    write_files(sd, assemble(build_rounds(S, V, texts), rounds.guard(S)).files(man))
    hint = sandbox_hint(
        man,
        S["assets"],
        workspace_stats(ws),
        script="data/build/law/build.py",
        notes=[PAGING_NOTE, MEDIA_NOTE, OFFICE_NOTE, GRANT_NOTE],
        updates=update_lines(man, by_folder=False, code_path_only=True),
        media_column="media/office",
    )
    write(os.path.join(ws, "_sandbox_hint.md"), hint)
    return V


def out_dirs(S: Scenario) -> list[str]:
    paths = [S["plan_out"], S["final_md_out"], S["final_json_out"]]
    paths += [m["out"] for m in S["media"]] + [m.get("notes", "output/x") for m in S["media"]]
    paths += [S["claim"]["out"], S["claim"]["token_out"]]
    return list(dict.fromkeys(["output", *(p.split("/")[0] for p in paths)]))


ROW_OF = {
    "requests": ("small text (md)", "llm", "authoritative"),
    "tools": ("Python scripts (stdlib)", "llm + Bash", "authoritative"),
    "archive": ("small text (md)", "llm", "stale"),
    "digest": ("small text", "llm", "untrusted (auto-generated)"),
}
"""The shape, model key and trust of an asset-map row, by folder (or by its role in ``S["dirs"]``)."""


def defaults(S: Scenario, V: Values) -> None:
    """The entries most scenarios share, the deliverable places, the governing document, the archived
    file and the case plan of the reference manager."""
    d, L = S["dirs"], S["ledger"]
    d.setdefault("archive", "archive")
    S.setdefault("request_files", ["requests/brief.md", "requests/email_client.md"])
    for top, row in S["assets"].items():  # a row given by its description alone takes its folder's role
        if isinstance(row, str):
            S["assets"][top] = (*ROW_OF[top if top in ROW_OF else next(r for r in ROW_OF if d.get(r) == top)], row)
        elif top == d["ledger"] and len(row) == 2:
            S["assets"][top] = (row[0], "llm + tools/", "authoritative", row[1])
    vault = ("key file", "llm + Bash", "secret", f"seal key for tools/{S['seal_tool']}; never paste it")
    S["assets"].setdefault("vault", vault)
    S["indexes"][d["docs"]][1].setdefault("README.md", "folder note")  # every documents folder has one
    S["assets"].setdefault("output", ("deliverables", "-", "-", "write deliverables here"))
    S.setdefault("plan_out", "output/case_plan.md")
    S.setdefault("final_md_out", "output/final_memo.md")
    S.setdefault("final_json_out", "output/final_summary.json")
    B = S.get("docB")
    docs = [doc["path"] for doc in S["docs_files"](V)]
    S.setdefault("fact_file", B["path"] if B else docs[0])
    S.setdefault("docs_grant", d["docs"] if B and B["op"] == "new" else S["fact_file"])
    arch = sorted(k for k in [*S["texts"](V), *docs] if k.startswith(d["archive"] + "/"))
    S.setdefault("archive_file", arch[0] if arch else "")
    S.setdefault(
        "digest_spellings",
        spellings(V["digest_amount"], L["dec"]) if L["dec"] else [f"{V['digest_amount']:,}", str(V["digest_amount"])],
    )
    for m in S["media"]:  # what a perceiving model reports besides the raw reading: normalised fields
        missing = [k for k, v in m["fields"].items() if str(v) not in m["truth"]]
        if missing and "Read as:" not in m["truth"]:
            m["truth"] = (
                m["truth"].rstrip("\n")
                + "\nRead as: "
                + "; ".join(f"{k.replace('_', ' ')} = {m['fields'][k]}" for k in missing)
                + "\n"
            )
    fk = S["claim"]["final_key"]
    pre = V["claim_pre"][fk]
    S.setdefault("fact_values", [str(V["fact"])])
    S.setdefault("fact_decoy", V["fact_pre"] if isinstance(pre, bool) else pre)
    S["plan_md"] = plan_text(S).replace(S["matter_id"], "${var:matter}")


def plan_text(S: Scenario) -> str:
    """The reference manager's case plan."""
    L, d = S["ledger"], S["dirs"]
    src = S["plan_sources"]
    return (
        f"# Case plan: {S['matter_id']}\n\n## Matter\n\n{S['matter_line']}\n\n## Evidence\n\n"
        + "".join(f"- {a}\n" for a in src)
        + f"\n## Steps\n\n1. Tally the {L['noun']} with tools/{L['tool']} (delegated, in the background).\n"
        f"2. Have the media read by the right pool model.\n3. Merge any late evidence and re-run the tally.\n"
        f"4. Apply the governing terms in {d['docs']}/ and seal the computation.\n5. Final memo.\n\n"
        f"## Risks\n\n- The AI digest and text exports may be wrong; only the primary sources count.\n"
        f"- {S['stale_id']} in {d['archive']}/ is a stale, closed matter and does not govern.\n"
    )
