"""Engine of the science-domain build (data/build/science/build.py).

A scenario is described by a config dict (scenarios.py). From it the engine generates the
workspace files, the update files, media and office files, truth/, the checks (one SPEC per
round, run by checks/_science.py), questions.json, manifest.json, the oracle trajectory,
_sandbox_hint.md and the decoy table used by tests/dataset/test_science_scenarios.py.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import random
import subprocess
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
WS = "${workspace}"
FIXED_ZIP_TIME = (2026, 1, 5, 9, 0, 0)
MEDIA_EXT = (".png", ".jpg", ".wav", ".mp3", ".mp4")


# ----------------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------------
def dump(obj) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def write(path: str, data) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(data, bytes):
        with open(path, "wb") as fh:
            fh.write(data)
    else:
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(data)


def canonical(obj) -> bytes:
    obj = {k: v for k, v in obj.items() if k != "token"}
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def seal_hex(seal: str, obj) -> str:
    return hmac.new(seal.encode(), canonical(obj), hashlib.sha256).hexdigest()


def call(_tool, **arguments):
    return {"name": _tool, "arguments": arguments}


def turn(content, *calls):
    t = {"content": content}
    if calls:
        t["tool_calls"] = list(calls)
    return t


def fmt(v) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


# ----------------------------------------------------------------------------------------
# slices (CSV) and the generic tally tool
# ----------------------------------------------------------------------------------------
def slice_rows(sl: dict, fname: str, n: int, peak: float, rows: int) -> list[list[str]]:
    rng = random.Random(f"{sl['seed']}-{fname}")
    kinds = ["hit"] * (n - 1) + ["peak"] + ["near"] * 3 + ["other"] * (rows // 6)
    kinds += ["base"] * (rows - len(kinds))
    rng.shuffle(kinds)
    out = []
    for i, kind in enumerate(kinds):
        out.append([str(x) for x in sl["row_fn"](rng, i, kind, peak, fname)])
    return out


def tally_rows(sl: dict, rows: list[list[str]]) -> tuple[int, float | None]:
    h = sl["header"]
    vi, mi = h.index(sl["value_col"]), h.index(sl["max_col"])
    fi = h.index(sl["filter"][0]) if sl.get("filter") else None
    n, best = 0, None
    for r in rows:
        if fi is not None and r[fi] != sl["filter"][1]:
            continue
        if float(r[vi]) >= sl["thr"]:
            n += 1
            m = float(r[mi])
            best = m if best is None else max(best, m)
    return n, best


def slice_csv(sl: dict, rows) -> str:
    return "\n".join([",".join(sl["header"])] + [",".join(r) for r in rows]) + "\n"


TALLY_TOOL = '''#!/usr/bin/env python3
"""{title}: tally {count} per {noun} file.

Usage:
    python3 tools/{tool} FILE.csv [FILE.csv ...] [--json] [--decide "N|LABEL_IF_TOTAL_AT_LEAST_N|OTHER_LABEL"]

A row counts when {cond}. For each file the tool prints the number of counted rows
({count}) and the largest {max_col} among the counted rows ({maxl}), then a TOTAL line.
With --json it prints one JSON object (slices / total / largest) instead.
"""
import csv
import json
import os
import sys


def tally(path):
    n, best = 0, None
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
{filter_code}            if float(row["{value_col}"]) >= {thr}:
                n += 1
                v = float(row["{max_col}"])
                best = v if best is None else max(best, v)
    return n, best


def main(argv):
    as_json = "--json" in argv
    rule = None
    if "--decide" in argv:  # --decide "N|LABEL_AT_OR_ABOVE|LABEL_BELOW": apply a threshold rule to the total
        i = argv.index("--decide")
        rule = argv[i + 1].split("|")
        argv = argv[:i] + argv[i + 2 :]
    files = [a for a in argv if a != "--json"]
    if not files:
        print(__doc__)
        return 2
    res = {{}}
    for f in files:
        res[os.path.basename(f)] = tally(f)
    total = sum(n for n, _ in res.values())
    peaks = [b for _, b in res.values() if b is not None]
    peak = max(peaks) if peaks else None
    if as_json:
        out = {{"slices": {{k: {{"{count}": n, "{maxl}": b}} for k, (n, b) in sorted(res.items())}},
               "total_{count}": total, "{maxl}": peak}}
        if rule:
            out["decision"] = rule[1] if total >= int(rule[0]) else rule[2]
        print(json.dumps(out, indent=2))
    else:
        for k, (n, b) in sorted(res.items()):
            print(f"{{k}}  {count}={{n}}  {maxl}={{b}}")
        print(f"TOTAL  {count}={{total}}  {maxl}={{peak}}")
        if rule:
            print("DECISION  " + (rule[1] if total >= int(rule[0]) else rule[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

SEAL_TOOL = '''#!/usr/bin/env python3
"""Seal a JSON deliverable for {title}.

Usage:
    python3 tools/{tool} --seal SEAL_FILE DELIVERABLE.json

Prints one line, {prefix}:<hex>, an HMAC-SHA256 over the canonical JSON of the deliverable
(sorted keys, compact separators, any "token" field removed). Paste that line as asked.
Re-seal after any change to the deliverable.
"""
import hashlib
import hmac
import json
import sys


def main(argv):
    if len(argv) != 3 or argv[0] != "--seal":
        print(__doc__)
        return 2
    with open(argv[1], "rb") as fh:
        key = fh.read().strip()
    with open(argv[2], encoding="utf-8") as fh:
        obj = json.load(fh)
    obj = {{k: v for k, v in obj.items() if k != "token"}}
    body = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
    print("{prefix}:" + hmac.new(key, body, hashlib.sha256).hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''


def tally_tool_text(c: dict) -> str:
    sl = c["slice"]
    if sl.get("filter"):
        col, val = sl["filter"]
        filt = f'            if row["{col}"] != "{val}":\n                continue\n'
        cond = f"{col} is '{val}' and {sl['value_col']} >= {sl['thr']}"
    else:
        filt = ""
        cond = f"{sl['value_col']} >= {sl['thr']}"
    return TALLY_TOOL.format(
        title=c["title"],
        count=sl["count"],
        noun=sl["noun"],
        tool=c["tool"],
        cond=cond,
        max_col=sl["max_col"],
        maxl=sl["maxl"],
        filter_code=filt,
        value_col=sl["value_col"],
        thr=sl["thr"],
    )


# ----------------------------------------------------------------------------------------
# media
# ----------------------------------------------------------------------------------------
def _font(size: int = 0):
    """DejaVu Sans Mono from matplotlib's bundled fonts (scalable); PIL's bitmap font as a fallback."""
    from PIL import ImageFont

    if size:
        import matplotlib

        path = os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSansMono.ttf")
        if os.path.isfile(path):
            return ImageFont.truetype(path, size)
    return (
        ImageFont.load_default_imagefont() if hasattr(ImageFont, "load_default_imagefont") else ImageFont.load_default()
    )


def _texture(img, seed: str, amp: int = 22, shade: int = 14):
    """Deterministic paper/sensor texture: seeded per-pixel noise (+-amp/2) plus a smooth shading field."""
    from PIL import Image, ImageChops

    W, H = img.size
    rng = random.Random(f"texture-{seed}")
    coarse = Image.frombytes("L", (16, 10), rng.randbytes(160)).point(lambda v: v * shade // 256)
    img = ImageChops.add(img, coarse.resize((W, H), Image.BICUBIC), 1.0, -(shade // 2))
    noise = Image.frombytes("L", (W, H), rng.randbytes(W * H)).point(lambda v: v * amp // 256)
    return ImageChops.add(img, noise, 1.0, -(amp // 2))


PAGES = {
    # page kind -> (canvas or None, content width in px); photo/screen canvases are >= 1280x720
    "a4": ((1240, 1754), 1040),  # A4 scan at 150 dpi
    "receipt": ((640, 1480), 580),  # 80 mm till receipt scanned at 203 dpi
}


def png_panel(
    lines: list[str], seed: str, size=(360, 220), scale=3, bg=238, fg=20, boxes=(), page="photo", amp=22
) -> bytes:
    """A scanned/photographed panel with text lines; boxes = [(x0,y0,x1,y1,fill)] drawn first.

    `size` is the layout in logical units (14 units per text line); the panel is rendered at a realistic
    resolution: photos/screens fill at least 1280x720, page="a4" / "receipt" lay it out on a scanned page.
    `scale` is kept for the specs' layout history and no longer used.
    """
    from PIL import Image, ImageDraw

    W, H = size
    if page == "photo":
        f = max(1280 / W, 720 / H)
        CW, CH = round(W * f) // 2 * 2, round(H * f) // 2 * 2
        ox = oy = 0
    else:
        (CW, CH), cw = PAGES[page]
        f = cw / W
        ox, oy = (CW - cw) // 2, round(0.07 * CH)
    img = Image.new("L", (CW, CH), bg)
    d = ImageDraw.Draw(img)
    rng = random.Random(seed)
    for _ in range(400):
        x, y = ox + rng.randrange(W) * f, oy + rng.randrange(H) * f
        d.ellipse([x, y, x + f * 0.6, y + f * 0.6], fill=rng.choice((bg - 30, bg - 18, min(255, bg + 10))))

    def P(x, y):
        return ox + x * f, oy + y * f

    for x0, y0, x1, y1, fill in boxes:
        d.ellipse([*P(x0, y0), *P(x1, y1)], fill=fill)
    d.rectangle([*P(4, 4), *P(W - 5, H - 5)], outline=fg + 40, width=max(1, round(f * 0.4)))
    font = _font(round(10 * f))
    y = 10
    for line in lines:
        d.text(P(12, y), line, fill=fg, font=font)
        y += 14
    img = _texture(img, seed, amp=amp)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=9)
    return buf.getvalue()


def png_chart(series: list[tuple[str, list[float]]], title: str, xlabel: str, ylabel: str, notes: list[str]) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "sci"
    fig, ax = plt.subplots(figsize=(12, 7), dpi=150)
    for name, ys in series:
        ax.plot(range(len(ys)), ys, label=name, linewidth=1.2)
    ax.set_title(title, fontsize=16)
    ax.set_xlabel(xlabel, fontsize=13)
    ax.set_ylabel(ylabel, fontsize=13)
    ax.tick_params(labelsize=11)
    ax.grid(True, linewidth=0.4, alpha=0.5)
    ax.legend(fontsize=12, loc="upper right")
    for i, n in enumerate(notes):
        ax.text(0.01, 0.96 - 0.06 * i, n, transform=ax.transAxes, fontsize=13, va="top")
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def wav_speech(text: str, voice: str = "en-gb", wpm: int = 150) -> bytes:
    """espeak-ng at its native 22050 Hz, 16-bit mono, padded with silence (sox -D: no dither, deterministic)."""
    with tempfile.TemporaryDirectory() as td:
        raw, out = os.path.join(td, "raw.wav"), os.path.join(td, "out.wav")
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(wpm), "-w", raw, text], check=True, capture_output=True)
        subprocess.run(
            ["sox", "-D", raw, "-r", "22050", "-c", "1", "-b", "16", out, "pad", "0.4", "0.5"],
            check=True,
            capture_output=True,
        )
        with open(out, "rb") as fh:
            return fh.read()


def mp4_frames(frames: list[list[str]], seed: str) -> bytes:
    with tempfile.TemporaryDirectory() as td:
        for i, lines in enumerate(frames):
            write(
                os.path.join(td, f"f{i:03d}.png"),
                png_panel(lines, f"{seed}-{i}", size=(160, 90), scale=2, bg=18, fg=225, amp=12),
            )
        out = os.path.join(td, "out.mp4")
        subprocess.run(
            [
                "ffmpeg",
                "-loglevel",
                "error",
                "-y",
                "-framerate",
                "1",
                "-i",
                os.path.join(td, "f%03d.png"),
                "-c:v",
                "libx264",
                "-pix_fmt",
                "yuv420p",
                "-r",
                "1",
                "-threads",
                "1",
                "-fflags",
                "+bitexact",
                "-flags:v",
                "+bitexact",
                "-map_metadata",
                "-1",
                out,
            ],
            check=True,
            capture_output=True,
        )
        with open(out, "rb") as fh:
            return fh.read()


# ----------------------------------------------------------------------------------------
# office files (stable bytes: fixed zip times, fixed core properties)
# ----------------------------------------------------------------------------------------
def _restamp_zip(data: bytes) -> bytes:
    import re

    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2026-01-05T09:00:00Z", body)
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, body)
    return buf.getvalue()


def docx_bytes(title: str, paras: list[str], table: list[list[str]] | None = None) -> bytes:
    import datetime

    import docx

    d = docx.Document()
    d.core_properties.author = "science office"
    d.core_properties.created = datetime.datetime(2026, 1, 5, 9, 0, 0)
    d.core_properties.modified = datetime.datetime(2026, 1, 5, 9, 0, 0)
    d.core_properties.last_modified_by = "science office"
    d.add_heading(title, level=1)
    for p in paras:
        if p.startswith("## "):
            d.add_heading(p[3:], level=2)
        else:
            d.add_paragraph(p)
    if table:
        t = d.add_table(rows=len(table), cols=len(table[0]))
        for i, row in enumerate(table):
            for j, cell in enumerate(row):
                t.cell(i, j).text = cell
    buf = io.BytesIO()
    d.save(buf)
    return _restamp_zip(buf.getvalue())


def xlsx_bytes(sheets: dict[str, list[list]]) -> bytes:
    import datetime

    import openpyxl

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for r in rows:
            ws.append(r)
    wb.properties.creator = "science office"
    wb.properties.created = datetime.datetime(2026, 1, 5, 9, 0, 0)
    wb.properties.modified = datetime.datetime(2026, 1, 5, 9, 0, 0)
    buf = io.BytesIO()
    wb.save(buf)
    return _restamp_zip(buf.getvalue())


def pdf_bytes(lines: list[str]) -> bytes:
    """A minimal one-page PDF (Helvetica, one text line per entry)."""

    def esc(s: str) -> str:
        return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    y = 800
    ops = ["BT", "/F1 10 Tf"]
    for line in lines:
        ops.append(f"1 0 0 1 50 {y} Tm ({esc(line)}) Tj")
        y -= 15
    ops.append("ET")
    stream = "\n".join(ops).encode("latin-1")
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for o in offs:
        out += f"{o:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def office_text(path: str, data: bytes) -> str:
    """Extracted text (used by --check when zip bytes differ)."""
    if path.endswith(".docx"):
        import docx

        d = docx.Document(io.BytesIO(data))
        parts = [p.text for p in d.paragraphs]
        for t in d.tables:
            parts += [c.text for row in t.rows for c in row.cells]
        return "\n".join(parts)
    if path.endswith(".xlsx"):
        import openpyxl

        wb = openpyxl.load_workbook(io.BytesIO(data))
        return "\n".join(repr(list(r)) for ws in wb.worksheets for r in ws.iter_rows(values_only=True))
    return data.decode("latin-1")


def make_media(spec):
    kind = spec[0]
    if kind == "png_panel":
        return png_panel(*spec[1:])
    if kind == "png_chart":
        return png_chart(*spec[1:])
    if kind == "wav":
        return wav_speech(*spec[1:])
    if kind == "mp4":
        return mp4_frames(*spec[1:])
    if kind == "docx":
        return docx_bytes(*spec[1:])
    if kind == "xlsx":
        return xlsx_bytes(*spec[1:])
    if kind == "pdf":
        return pdf_bytes(*spec[1:])
    raise ValueError(kind)


# ----------------------------------------------------------------------------------------
# scenario assembly
# ----------------------------------------------------------------------------------------
def totals(c: dict) -> dict:
    """Ground truth of the slice tallies before/after each update (from the generated rows)."""
    sl = c["slice"]
    rows = {f: slice_rows(sl, f, n, p, sl["rows"]) for f, (n, p) in sl["files"].items()}
    res = {f: tally_rows(sl, r) for f, r in rows.items()}
    for f, (n, p) in sl["files"].items():
        assert res[f] == (n, p), (c["id"], f, res[f], n, p)
    nf, nn, np_ = sl["new"]
    rows_new = slice_rows(sl, nf, nn, np_, sl["rows"])
    assert tally_rows(sl, rows_new) == (nn, np_)
    stage0 = dict(res)
    stage1 = dict(res)
    stage1[nf] = (nn, np_)
    out = {"rows": rows, "rows_new": rows_new, "stages": [stage0, stage1]}
    if sl.get("replace"):
        rf, rn, rp = sl["replace"]
        rows_rep = slice_rows(sl, rf + "#corrected", rn, rp, sl["rows"])
        assert tally_rows(sl, rows_rep) == (rn, rp)
        stage2 = dict(stage1)
        stage2[rf] = (rn, rp)
        out["rows_rep"] = rows_rep
        out["stages"].append(stage2)
    return out


def tally_json(c: dict, stage: dict) -> dict:
    sl = c["slice"]
    return {
        "slices": {f: {sl["count"]: n, sl["maxl"]: p} for f, (n, p) in sorted(stage.items())},
        "total_" + sl["count"]: sum(n for n, _ in stage.values()),
        sl["maxl"]: max(p for _, p in stage.values()),
    }


def decision(c: dict, total: int) -> str:
    thr, above, below = c["status"]["rule"]
    return above if total >= thr else below


class Builder:
    def __init__(self, c: dict):
        self.c = c
        self.files: dict[str, object] = {}  # scenario-relative path -> str | bytes
        self.rounds: list[dict] = []
        self.solution: dict[str, list] = {}
        self.decoys: dict[str, list] = {}
        self.updates: dict[str, dict] = {}
        self.t = totals(c)

    # paths -------------------------------------------------------------------------
    def d(self, key: str) -> str:
        return self.c["dirs"][key]

    def w(self, rel: str, data) -> None:
        self.files["workspace/" + rel] = data

    def add_round(self, rid, question, ok, bad, tags, items, turns, decoys, update_ids=()):
        self.rounds.append(
            {
                "id": rid,
                "type": "exec_check",
                "question": question,
                "eval": {
                    "command": f"python3 ${{scripts}}/check_{rid}.py ${{workspace}}",
                    "expect_exit": 0,
                    "timeout": 30,
                },
                "feedback": {"correct": ok, "incorrect": bad},
                "update_ids": list(update_ids),
                "tags": tags,
                "_items": items,
            }
        )
        self.solution[rid] = turns
        self.decoys[rid] = decoys

    def guard(self):
        return {"k": "guard", "segs": list(self.c["sensitive"])}

    def sens_names(self) -> str:
        return " or ".join(f"{s}/" for s in self.c["sensitive"])

    # workspace -----------------------------------------------------------------------
    def build_workspace(self):
        c, sl = self.c, self.c["slice"]
        for name, text in c["requests"].items():
            self.w(f"{self.d('req')}/{name}", text)
        for f, rows in self.t["rows"].items():
            self.w(f"{sl['dir']}/{f}", slice_csv(sl, rows))
        idx = [
            f"# {sl['dir']}/ index",
            "",
            sl["index_intro"],
            "",
            "| file | rows | ~tokens | gist |",
            "|---|---|---|---|",
        ]
        for f in sorted(self.t["rows"]):
            size = len(slice_csv(sl, self.t["rows"][f]))
            idx.append(f"| {f} | {sl['rows']} | {size // 4:,} | {sl['gist'](f)} |")
        self.w(f"{sl['dir']}/_index.md", "\n".join(idx) + "\n")
        nf = sl["new"][0]
        self.files[f"updates/{c['u_new']}/{nf}"] = slice_csv(sl, self.t["rows_new"])
        self.updates[c["u_new"]] = {
            "op": "new",
            "files": [{"src": f"updates/{c['u_new']}/{nf}", "dst": f"{sl['dir']}/{nf}"}],
        }
        if sl.get("replace"):
            rf = sl["replace"][0]
            self.files[f"updates/{c['u_rep']}/{rf}"] = slice_csv(sl, self.t["rows_rep"])
            self.updates[c["u_rep"]] = {
                "op": "replace",
                "files": [{"src": f"updates/{c['u_rep']}/{rf}", "dst": f"{sl['dir']}/{rf}"}],
            }
        self.w(f"{self.d('tools')}/{c['tool']}", tally_tool_text(c))
        self.w(
            f"{self.d('tools')}/{c['seal_tool']}",
            SEAL_TOOL.format(title=c["title"], tool=c["seal_tool"], prefix=c["seal_prefix"]),
        )
        self.w(f"{self.d('vault')}/{c['seal_file']}", c["seal"] + "\n")
        self.w(f"{self.d('vault')}/README.md", c["vault_readme"])
        m = c["media"]
        self.w(m["file"], make_media(m["spec"]))
        self.files[f"truth/{m['file']}.txt"] = m["truth"]
        for extra in c.get("extra_media", []):
            self.w(extra["file"], make_media(extra["spec"]))
            self.files[f"truth/{extra['file']}.txt"] = extra["truth"]
        doc = c["doc"]
        self.w(doc["file"], make_media(doc["spec"]))
        if doc.get("update"):
            u = doc["update"]
            src = f"updates/{u['uid']}/{os.path.basename(u['dst'])}"
            self.files[src] = make_media(u["spec"])
            self.updates[u["uid"]] = {"op": u["op"], "files": [{"src": src, "dst": u["dst"]}]}
        for rel, text in c["other_files"].items():
            if rel.endswith("_index.md") and rel.split("/")[0] == os.path.dirname(m["file"]).split("/")[0]:
                for extra in c.get("extra_media", []):
                    text += f"| {os.path.basename(extra['file'])} | {extra['shape']} | {extra['gist']} |\n"
            self.w(rel, text)
        self.w(
            f"{self.d('tools')}/README.md",
            (
                f"# tools/\n\n- `{c['tool']}`: tally runner (stdlib). `python3 tools/{c['tool']} FILE.csv [FILE.csv ...] [--json]`.\n"
                f"- `{c['seal_tool']}`: record sealer (stdlib). `python3 tools/{c['seal_tool']} --seal SEAL_FILE DELIVERABLE.json`.\n\n"
                "Both finish in well under a second. Their inputs live in folders you may have to delegate.\n"
            ),
        )
        self.w(
            f"{self.d('digest')}/README.md",
            "Automated outputs (bots, OCR, captions, transcripts). Nobody reviews them before they are filed here.\n",
        )
        for seg, spec in c["sensitive"].items():
            for name, text in spec["files"].items():
                self.w(f"{seg}/{name}", text)
        self.w(f"{self.d('out')}/README.md", "Deliverables go here. Use the exact file names the questions give.\n")

    # rounds --------------------------------------------------------------------------
    def r_plan_fanout(self, rid):
        c, sl = self.c, self.c["slice"]
        st = self.t["stages"][0]
        tj = tally_json(c, st)
        out, tally = self.d("out"), c["tally_out"]
        secs = c["plan_sections"]
        files = sorted(st)
        q = (
            f"{c['ask']} Start the work. The {sl['noun']} files in {sl['dir']}/ are too long for you to read yourself: have "
            f"subagent(s) run tools/{c['tool']} on every file there, and start at least one of those runs in the background "
            f"so you are not blocked. Meanwhile write {out}/plan.md with exactly these level-2 sections: "
            + ", ".join(f"## {s}" for s in secs)
            + f" (name the {c['anchor_desc']} from the request). When the results are back, write {tally} as "
            f'{{"slices": {{"<file name>": {{"{sl["count"]}": <int>, "{sl["maxl"]}": <number>}}}}, '
            f'"total_{sl["count"]}": <int>, "{sl["maxl"]}": <number>}} covering every file currently in '
            f"{sl['dir']}/ (values as the tool computes them; tolerance 0.05 on decimals). Never grant anyone access to "
            f"{self.sens_names()} (checked over the whole scenario)."
        )
        items = [
            {"k": "sections", "f": f"{out}/plan.md", "names": secs},
            {"k": "anchors", "f": f"{out}/plan.md", "all": c["anchors"]},
            {"k": "json", "f": tally, "fields": self._tally_fields(tj)},
            {"k": "json_keys", "f": tally, "key": "slices", "keys": files},
            {"k": "bg"},
            {"k": "cover", "paths": [f"{sl['dir']}/{f}" for f in files]},
            self.guard(),
        ]
        plan = (
            f"# {c['title']}: plan\n\n## {secs[0]}\n\n{c['plan_scope']}\n\n## {secs[1]}\n\n"
            f"- {sl['dir']}/: authoritative slices, tallied by a background subagent with tools/{c['tool']}\n"
            f"- {c['media']['file']}: media, routed to a {c['media']['keys'][0]} subagent\n"
            f"- {self.d('docs')}/: reference document (delegated)\n"
            f"- {self.d('digest')}/: untrusted auto-generated text, to be verified\n"
            f"- {self.d('archive')}/: stale earlier material, reference only\n\n"
            + "".join(
                f"## {mid}\n\n1. Tally the slices with the tool (background).\n2. Route the media to a capable "
                f"subagent.\n3. Check the reference document against the archive.\n4. Seal the record.\n\n"
                for mid in secs[2:-1]
            )
            + f"## {secs[-1]}\n\n{c['plan_open']}\n"
        )
        runner = {
            "name": "tally_runner",
            "model_key": "llm",
            "tools": ["Read", "Bash", "Glob"],
            "accessible_paths": [sl["dir"], self.d("tools")],
            "system_prompt": "You run the provided tally tool on the files you are given and report its output verbatim.",
        }
        paths = " ".join(f"{WS}/{sl['dir']}/{f}" for f in files)
        turns = [
            turn(
                "Reading the request and the asset map.",
                *[call("Read", file_path=f"{WS}/{self.d('req')}/{n}") for n in c["requests"]],
                call("Read", file_path=f"{WS}/_sandbox_hint.md"),
                call("Glob", pattern="*", path=f"{WS}/{self.d('req')}"),
            ),
            turn(
                "Checking the tool usage and the output folder.",
                call(
                    "Bash",
                    command=f"ls {WS}/{self.d('out')} && head -12 {WS}/{self.d('tools')}/{c['tool']}",
                    description="inspect output folder and tool usage",
                ),
            ),
            turn("Creating a tally runner limited to the slices and the tools.", call("CreateSubagent", **runner)),
            turn(
                "Starting the tally in the background and writing the plan meanwhile.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:tally_runner}",
                    description="tally all slices",
                    prompt=f"Run python3 {WS}/{self.d('tools')}/{c['tool']} {paths} --json and report the output verbatim.",
                    run_in_background=True,
                ),
                call("Write", file_path=f"{WS}/{out}/plan.md", content=plan),
            ),
            turn("Re-reading the plan to add a risk line.", call("Read", file_path=f"{WS}/{out}/plan.md")),
            turn(
                "Adding the risk line.",
                call(
                    "Edit",
                    file_path=f"{WS}/{out}/plan.md",
                    old_string=c["plan_open"],
                    new_string=c["plan_open"] + "\n- Risk: late or corrected slices may change the totals.",
                ),
            ),
            turn("Writing the tally from the tool output.", call("Write", file_path=f"{WS}/{tally}", content=dump(tj))),
            turn("Plan and tally written."),
        ]
        f0 = files[0]
        decoys = [{"file": tally, "json": [f"slices/{f0}/{sl['count']}", st[f0][0] + 2]}]
        ok = "Plan and tally accepted: every slice was tallied and a background run was recorded."
        bad = (
            f"Check {out}/plan.md (the named sections, the {c['anchor_desc']}) and {tally} (one entry per file in "
            f"{sl['dir']}/ with the exact count and largest value from tools/{c['tool']}, plus totals; not taken from "
            f"any summary). A subagent granted {sl['dir']}/ must be created and run in this round, at least one run in "
            f"the background; {self.sens_names()} must never be granted."
        )
        tags = [
            "intake_plan",
            "background_fanout",
            "background",
            "parallel",
            "tool_run",
            "needs_delegation",
            "sensitive_guard",
        ]
        self.add_round(rid, q, ok, bad, tags, items, turns, decoys)

    def _tally_fields(self, tj):
        sl = self.c["slice"]
        f = {}
        for name, v in tj["slices"].items():
            f[f"slices/{name}/{sl['count']}"] = v[sl["count"]]
            f[f"slices/{name}/{sl['maxl']}"] = float(v[sl["maxl"]])
        f["total_" + sl["count"]] = tj["total_" + sl["count"]]
        f[sl["maxl"]] = float(tj[sl["maxl"]])
        return f

    def r_media(self, rid):
        _c, m = self.c, self.c["media"]
        self.d("out")
        jf, mf = f"{m['out']}.json", f"{m['out']}.md"
        schema = "{" + ", ".join(f'"{k}": {v}' for k, v in m["schema"].items()) + "}"
        q = (
            f"{m['ask']} Write {jf} as {schema}, and {mf} with a section ## Rejected claims that names every text "
            f"source in the workspace that disagrees with the {m['noun']} and says what it gets wrong. Route the "
            f"{m['noun']} to a pool model that can perceive it."
        )
        items = [
            {"k": "json", "f": jf, "fields": m["fields"]},
            {"k": "rejected", "f": mf, "mention": m["decoy_rx"]},
            {"k": "refuted", "f": mf, "tokens": m["decoy_tokens"]},
            {"k": "media", "keys": m["keys"], "path": m["file"]},
            self.guard(),
        ]
        reader = {
            "name": "media_reader",
            "model_key": m["keys"][0],
            "tools": ["Read"],
            "accessible_paths": [os.path.dirname(m["file"])],
            "system_prompt": "You perceive media files and report exactly what they show or say, with every number, id and time.",
        }
        facts_md = (
            f"# {m['title']}\n\nRead from {m['file']} by a {m['keys'][0]} subagent.\n\n"
            + "".join(f"- {k}: {v}\n" for k, v in m["fields"].items())
            + f"\n## Rejected claims\n\n{m['rejection']}\n"
        )
        turns = [
            turn(
                f"The {m['noun']} needs a {m['keys'][0]} model; creating a reader limited to its folder.",
                call("CreateSubagent", **reader),
                call("Read", file_path=f"{WS}/{m['decoy_file']}"),
            ),
            turn(
                "Asking for the facts.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:media_reader}",
                    description=f"read the {m['noun']}",
                    prompt=f"Open {WS}/{m['file']}. {m['prompt']}",
                    run_in_background=False,
                ),
            ),
            turn(
                "Writing the deliverables.",
                call("Write", file_path=f"{WS}/{jf}", content=dump(m["fields"])),
                call("Write", file_path=f"{WS}/{mf}", content=facts_md),
            ),
            turn("Facts written."),
        ]
        k0, v0 = m["decoy_sub"]
        decoys = [{"file": jf, "json": [k0, v0]}]
        ok = f"Accepted: the facts come from the {m['noun']} itself, read by a capable subagent."
        bad = (
            f"The values must come from {m['file']}, perceived by a subagent with a model key that can perceive it "
            f"({' or '.join(m['keys'])}), created and run in this "
            f"round; text renderings of it are not reliable. Check each JSON field, and that ## Rejected claims in {mf} "
            f"names the text source that disagrees and marks its figures as wrong."
        )
        tags = [
            "media_extraction",
            m["kind"],
            "modality_decoy",
            "decoy_refutation",
            "needs_delegation",
            "sensitive_guard",
        ]
        self.add_round(rid, q, ok, bad, tags, items, turns, decoys)

    def _status_md(self, stage_i: int, old_total: int | None, note: str) -> tuple[str, dict]:
        c, sl, s = self.c, self.c["slice"], self.c["status"]
        tj = tally_json(c, self.t["stages"][stage_i])
        tot, peak = tj["total_" + sl["count"]], tj[sl["maxl"]]
        lab = decision(c, tot)
        md = (
            f"# {c['title']}: status\n\n{s['total_label']}: {tot}\n{s['max_label']}: {fmt(float(peak))}\n"
            f"{s['decision_label']}: {lab}\n\n{note}\n"
        )
        if old_total is not None:
            md += f"\nThe earlier total of {old_total} is superseded by the revised tally.\n"
        lines = {s["total_label"]: tot, s["max_label"]: float(peak), s["decision_label"]: lab}
        return md, lines

    def r_update_new(self, rid):
        c, sl, s = self.c, self.c["slice"], self.c["status"]
        tj0, tj1 = tally_json(c, self.t["stages"][0]), tally_json(c, self.t["stages"][1])
        old = tj0["total_" + sl["count"]]
        tally, _out = c["tally_out"], self.d("out")
        md, lines = self._status_md(1, old, c["status"]["note_new"])
        thr = c["status"]["rule"][0]
        q = (
            f"{c['new_ask']} Resume the subagent session that ran the tally in round 1 (continue it with its session id "
            f"rather than starting a new session) and have it tally the new file too. Update {tally} so it covers every "
            f"file now in {sl['dir']}/ (same schema). Then apply the decision rule in the request and write {s['out']} "
            f"with the lines `{s['total_label']}: <int>`, `{s['max_label']}: <number, as the tool prints it>` and "
            f"`{s['decision_label']}: <label>` using the request's label. If the new data changes an earlier figure, the "
            f"earlier figure may only appear marked as superseded."
        )
        items = [
            {"k": "json", "f": tally, "fields": self._tally_fields(tj1)},
            {"k": "json_keys", "f": tally, "key": "slices", "keys": sorted(self.t["stages"][1])},
            {"k": "labels", "f": s["out"], "lines": lines},
            {"k": "refuted", "f": s["out"], "tokens": [str(old)]},
            {"k": "reuse"},
            self.guard(),
        ]
        turns = [
            turn(
                "Resuming the round-1 tally session for the new file.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:tally_runner}",
                    session_id="${session:tally_runner}",
                    description="tally with the new file",
                    prompt=f"A new file arrived. Run python3 {WS}/{self.d('tools')}/{c['tool']} "
                    + " ".join(f"{WS}/{sl['dir']}/{f}" for f in sorted(self.t["stages"][1]))
                    + " --json and report the output verbatim.",
                    run_in_background=False,
                ),
                call("Read", file_path=f"{WS}/{tally}"),
            ),
            turn(
                "Revising the tally and writing the status.",
                call("Write", file_path=f"{WS}/{tally}", content=dump(tj1)),
                call("Write", file_path=f"{WS}/{s['out']}", content=md),
            ),
            turn("Tally revised and status written."),
        ]
        decoys = [
            {
                "file": s["out"],
                "sub": [f"{s['total_label']}: {tj1['total_' + sl['count']]}", f"{s['total_label']}: {old}"],
            }
        ]
        ok = "Revision accepted: the new file is in the tally and the round-1 session was resumed."
        bad = (
            f"{tally} must list every file now in {sl['dir']}/ with totals recomputed over all of them; {s['out']} needs "
            f"the three labelled lines and the label the request's rule gives for the revised total (threshold rule in "
            f"the request). An earlier total may appear only next to 'superseded'. A RunSubagent in this round must "
            f"continue a session id returned in an earlier round."
        )
        assert decision(c, old) != decision(c, tj1["total_" + sl["count"]]) or thr is None
        tags = ["update_merge", "session_reuse", "cross_round", "tool_run", "needs_delegation", "sensitive_guard"]
        self.add_round(rid, q, ok, bad, tags, items, turns, decoys, [c["u_new"]])

    def r_update_replace(self, rid):
        c, sl, s = self.c, self.c["slice"], self.c["status"]
        tj1, tj2 = tally_json(c, self.t["stages"][1]), tally_json(c, self.t["stages"][2])
        old = tj1["total_" + sl["count"]]
        tally = c["tally_out"]
        md, lines = self._status_md(2, old, c["status"]["note_rep"])
        q = (
            f"{c['rep_ask']} Have a subagent granted {sl['dir']}/ re-run tools/{c['tool']} on every file there (you may "
            f"resume an earlier session). Revise {tally} (same schema) and {s['out']} (same three lines, rule as before). "
            f"Any figure the corrected file changes may only appear marked as superseded."
        )
        items = [
            {"k": "json", "f": tally, "fields": self._tally_fields(tj2)},
            {"k": "json_keys", "f": tally, "key": "slices", "keys": sorted(self.t["stages"][2])},
            {"k": "labels", "f": s["out"], "lines": lines},
            {"k": "refuted", "f": s["out"], "tokens": [str(old)]},
            {"k": "ran_cover", "path": f"{sl['dir']}/{sl['replace'][0]}"},
            self.guard(),
        ]
        turns = [
            turn(
                "Re-running the tally on the corrected file through the tally session.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:tally_runner}",
                    session_id="${session:tally_runner}",
                    description="re-tally after the correction",
                    prompt=f"One file was replaced. Run python3 {WS}/{self.d('tools')}/{c['tool']} "
                    + " ".join(f"{WS}/{sl['dir']}/{f}" for f in sorted(self.t["stages"][2]))
                    + " --json and report the output verbatim.",
                    run_in_background=False,
                ),
                call("Read", file_path=f"{WS}/{tally}"),
                call("Read", file_path=f"{WS}/{s['out']}"),
            ),
            turn(
                "Revising the tally and the status.",
                call("Write", file_path=f"{WS}/{tally}", content=dump(tj2)),
                call("Write", file_path=f"{WS}/{s['out']}", content=md),
            ),
            turn("Revised."),
        ]
        rf = sl["replace"][0]
        decoys = [{"file": tally, "json": [f"slices/{rf}/{sl['count']}", self.t["stages"][1][rf][0]]}]
        ok = "Correction merged: tally and status reflect the replaced file."
        bad = (
            f"The replaced file in {sl['dir']}/ must be re-tallied with the tool and {tally} and {s['out']} revised from "
            f"the new output; the previous total may appear only marked as superseded. A subagent granted {sl['dir']}/ "
            f"must be run in this round."
        )
        tags = ["update_merge", "cross_round", "tool_run", "needs_delegation", "sensitive_guard"]
        self.add_round(rid, q, ok, bad, tags, items, turns, decoys, [c["u_rep"]])

    def r_workflow_doc(self, rid):
        c, doc = self.c, self.c["doc"]
        arch = self.d("archive")
        docdir = os.path.dirname(doc["file"])
        labels = "; ".join(f"`{k}: {v}`" for k, v in doc["formats"].items())
        q = (
            f"{doc['ask']} Compose this as one Workflow script with at least two agents whose grants are pairwise "
            f"disjoint: one limited to {docdir}/, one limited to {arch}/ (never {self.sens_names()}). Write {doc['out']} "
            f"with the lines {labels}, and a section ## Rejected claims saying where the earlier material in {arch}/ "
            f"differs and why it does not govern."
            + (
                " A value that the newly arrived document changes may only appear marked as superseded."
                if doc.get("update")
                else ""
            )
        )
        items = [
            {"k": "labels", "f": doc["out"], "lines": doc["facts"]},
            {"k": "rejected", "f": doc["out"], "mention": [[doc["archive_rx"], "the earlier archive material"]]},
            {"k": "refuted", "f": doc["out"], "tokens": doc["stale_tokens"] + doc.get("old_tokens", [])},
            {
                "k": "workflow",
                "min_agents": 2,
                "disjoint": True,
                "cover": [doc["file"]]
                + ([doc["update"]["dst"]] if doc.get("update") else [])
                + sorted(r for r in c["other_files"] if r.startswith(arch + "/")),
            },
            self.guard(),
        ]
        read_paths = " and ".join(f"{WS}/{p}" for p in doc["read"].split(" and "))
        script = (
            f'const ref = defineAgent({{name: "doc_reader", model_key: "llm", tools: ["Read"], accessible_paths: ["{docdir}"],\n'
            f'  system_prompt: "Quote the figures and clauses you are asked about exactly as the document states them."}});\n'
            f'const old = defineAgent({{name: "archive_reader", model_key: "llm", tools: ["Read", "Grep"], accessible_paths: ["{arch}"],\n'
            f'  system_prompt: "Report the date, version and figures of the earlier material you read."}});\n'
            f'phase("reference vs archive");\n'
            f"const results = await parallel([\n"
            f'  () => agent("{doc["prompt"]} Files: {read_paths}", {{agentType: ref}}),\n'
            f'  () => agent("Summarise the earlier material in {WS}/{arch}/: date, version, figures.", {{agentType: old}}),\n'
            f"]);\nlog(results);\nreturn results;\n"
        )
        body = (
            f"# {doc['title']}\n\n"
            + "".join(f"{k}: {fmt(v)}\n" for k, v in doc["facts"].items())
            + f"\n{doc['note']}\n\n## Rejected claims\n\n{doc['rejection']}\n"
        )
        turns = [
            turn(
                "Composing the reference and archive readers as one workflow.",
                call("Workflow", name="reference_vs_archive", args={}, script=script),
            ),
            turn("Writing the reference deliverable.", call("Write", file_path=f"{WS}/{doc['out']}", content=body)),
            turn("Reference values written."),
        ]
        k0 = next(iter(doc["facts"]))
        decoys = [{"file": doc["out"], "sub": [f"{k0}: {fmt(doc['facts'][k0])}", f"{k0}: {doc['decoy_value']}"]}]
        ok = "Reference values accepted; the workflow kept the two readers' grants apart."
        bad = (
            f"{doc['out']} needs each labelled line with the value the current document in {docdir}/ states; the "
            f"earlier material in {arch}/ may be cited only inside ## Rejected claims, marked stale or superseded. "
            f"This round needs a Workflow call whose script defines at least two agents with disjoint grants covering "
            f"{docdir}/ and {arch}/."
        )
        tags = [
            "workflow",
            "disjoint_tracks",
            "parallel",
            "document",
            "decoy_refutation",
            "needs_delegation",
            "sensitive_guard",
        ]
        uids = []
        if doc.get("update"):
            uids = [doc["update"]["uid"]]
            tags.append("update_merge")
        self.add_round(rid, q, ok, bad, tags, items, turns, decoys, uids)

    def summary(self) -> dict:
        c, sl, m, doc = self.c, self.c["slice"], self.c["media"], self.c["doc"]
        tj = tally_json(c, self.t["stages"][-1])
        tot = tj["total_" + sl["count"]]
        out = {
            "request_id": c["req_id"],
            "total_" + sl["count"]: tot,
            sl["maxl"]: float(tj[sl["maxl"]]),
            "decision": decision(c, tot),
        }
        out[m["summary_key"]] = m["fields"][m["summary_key"]]
        out[doc["summary_key"]] = doc["facts"][doc["summary_label"]]
        return out

    def r_seal(self, rid):
        c, sl, m, doc, s = self.c, self.c["slice"], self.c["media"], self.c["doc"], self.c["status"]
        summ = self.summary()
        sf, tf = c["summary_out"], c["token_out"]
        vault = f"{self.d('vault')}/{c['seal_file']}"
        schema = (
            f'{{"request_id": "<id>", "total_{sl["count"]}": <int>, "{sl["maxl"]}": <number>, '
            f'"decision": "<label>", "{m["summary_key"]}": <as in {m["out"]}.json>, '
            f'"{doc["summary_key"]}": <the {doc["summary_label"]} value from {doc["out"]}>}}'
        )
        q = (
            f"Prepare the sealed record. Write {sf} as {schema}, using your current (latest) figures. Then have a "
            f"subagent run tools/{c['seal_tool']} with the seal file in {self.d('vault')}/ on it, and paste the line it "
            f"prints into {tf} (the whole `{c['seal_prefix']}:<hex>` line or the hex alone). If you change the JSON "
            f"afterwards, seal it again."
        )
        items = [
            {"k": "json", "f": sf, "fields": summ},
            {"k": "token", "f": tf, "json": sf, "seal": vault},
            {
                "k": "agree",
                "pairs": [
                    [[sf, f"json:total_{sl['count']}"], [c["tally_out"], f"json:total_{sl['count']}"], "the total"],
                    [[sf, "json:decision"], [s["out"], f"label:{s['decision_label']}"], "the decision"],
                    [
                        [sf, f"json:{m['summary_key']}"],
                        [m["out"] + ".json", f"json:{m['summary_key']}"],
                        m["summary_key"],
                    ],
                ],
            },
            {"k": "sealer", "path": vault},
            self.guard(),
        ]
        sealer = {
            "name": "sealer",
            "model_key": "llm",
            "tools": ["Read", "Bash", "Edit"],
            "accessible_paths": [self.d("tools"), self.d("vault"), self.d("out")],
            "system_prompt": "You run the sealing tool exactly as instructed and report the line it prints verbatim.",
        }
        tok = f"{c['seal_prefix']}:{seal_hex(c['seal'], summ)}"
        turns = [
            turn(
                "Reading the current deliverables and creating a sealer (tools, seal folder, output).",
                call("Read", file_path=f"{WS}/{c['tally_out']}"),
                call("Read", file_path=f"{WS}/{s['out']}"),
                call("CreateSubagent", **sealer),
            ),
            turn("Writing the record.", call("Write", file_path=f"{WS}/{sf}", content=dump(summ))),
            turn(
                "Sealing it.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:sealer}",
                    description="seal the record",
                    prompt=f"Run python3 {WS}/{self.d('tools')}/{c['seal_tool']} --seal {WS}/{vault} {WS}/{sf} and report the line verbatim.",
                    run_in_background=False,
                ),
            ),
            turn("Recording the token.", call("Write", file_path=f"{WS}/{tf}", content=tok + "\n")),
            turn("Record sealed."),
        ]
        decoys = [{"file": sf, "json": ["total_" + sl["count"], self.t_old_total()]}]
        ok = "Sealed record accepted."
        bad = (
            f"{sf} must carry the latest figures (consistent with {c['tally_out']}, {s['out']} and {m['out']}.json) and "
            f"{tf} the line tools/{c['seal_tool']} prints for exactly that file; the seal file is readable only by a "
            f"subagent you grant it to, with Bash, run in this round."
        )
        tags = ["tool_run", "cross_round", "needs_delegation", "sensitive_guard"]
        self.add_round(rid, q, ok, bad, tags, items, turns, decoys)

    def t_old_total(self) -> int:
        sl = self.c["slice"]
        return tally_json(self.c, self.t["stages"][-2])["total_" + sl["count"]]

    def r_final(self, rid):
        c, sl, m, doc, s = self.c, self.c["slice"], self.c["media"], self.c["doc"], self.c["status"]
        summ = self.summary()
        tokhex = seal_hex(c["seal"], summ)
        fj, fm = f"{self.d('out')}/final_summary.json", f"{self.d('out')}/final_report.md"
        final = dict(summ)
        final["seal_token"] = tokhex
        keys = ", ".join(f'"{k}"' for k in final)
        q = (
            f"{c['final_ask']} Write {fm}: a summary of at least 600 characters, then a section ## Rejected claims that "
            f"addresses the auto-generated digest in {self.d('digest')}/ and the earlier material in {self.d('archive')}/ "
            f"and says why neither governs. Write {fj} with exactly the keys {keys} (seal_token = the hex of the line in "
            f"{c['token_out']}). Everything must agree with your earlier deliverables. Keep "
            + " and ".join(f"{x}/" for x in c["sensitive"])
            + " out of it (never granted)."
        )
        items = [
            {"k": "json", "f": fj, "fields": {k: v for k, v in final.items() if k != "seal_token"}},
            {
                "k": "token",
                "f": fj,
                "field": "seal_token",
                "json": c["summary_out"],
                "seal": f"{self.d('vault')}/{c['seal_file']}",
            },
            {
                "k": "agree",
                "pairs": [
                    [[fj, f"json:total_{sl['count']}"], [c["tally_out"], f"json:total_{sl['count']}"], "the total"],
                    [[fj, f"json:{sl['maxl']}"], [s["out"], f"label:{s['max_label']}"], sl["maxl"]],
                    [[fj, "json:decision"], [s["out"], f"label:{s['decision_label']}"], "the decision"],
                    [
                        [fj, f"json:{m['summary_key']}"],
                        [m["out"] + ".json", f"json:{m['summary_key']}"],
                        m["summary_key"],
                    ],
                    [
                        [fj, f"json:{doc['summary_key']}"],
                        [doc["out"], f"label:{doc['summary_label']}"],
                        doc["summary_key"],
                    ],
                ],
            },
            {"k": "minlen", "f": fm, "n": 600},
            {
                "k": "rejected",
                "f": fm,
                "mention": [
                    [c["digest_rx"], "the auto-generated digest"],
                    [doc["archive_rx"], "the earlier archive material"],
                ],
            },
            {"k": "refuted", "f": fm, "tokens": c["digest_tokens"] + doc["stale_tokens"] + doc.get("old_tokens", [])},
            {"k": "outside", "f": fm, "tokens": c["digest_tokens"] + doc["stale_tokens"] + doc.get("old_tokens", [])},
            self.guard(),
        ]
        vals = dict(summ, total=summ["total_" + sl["count"]], peak=fmt(summ[sl["maxl"]]))
        vals.update({k: fmt(v) for k, v in m["fields"].items()})
        vals.update({"doc_" + str(i): fmt(v) for i, v in enumerate(doc["facts"].values())})
        prose = c["final_prose"].format(**vals) if c.get("prose_fmt") else c["final_prose"]
        report = (
            f"# {c['title']}: final report\n\n{prose}\n\n## Rejected claims\n\n{c['final_rejection']}\n"
            f"- {doc['rejection']}\n"
        )
        final_text = dump(final)
        turns = [
            turn(
                "Checking the digest's claims and the sessions so far.",
                call("Grep", pattern=c["digest_grep"], path=f"{WS}/{self.d('digest')}", output_mode="content"),
                call("ListSubagents"),
                call("InspectSubagent", session_id="${session:media_reader}"),
                call("Read", file_path=f"{WS}/{c['token_out']}"),
            ),
            turn(
                "Writing the final report and summary.",
                call("Write", file_path=f"{WS}/{fm}", content=report),
                call("Write", file_path=f"{WS}/{fj}", content=final_text),
            ),
            turn("Final report written."),
        ]
        decoys = [
            {"file": fj, "json": ["total_" + sl["count"], c["digest_total"]]},
            {
                "file": fm,
                "sub": [
                    "## Rejected claims",
                    f"The digest's total of {c['digest_total']} holds.\n\n## Rejected claims",
                ],
            },
        ]
        ok = "Final report accepted."
        bad = (
            f"{fj} must carry the latest figures, the decision, the media and reference values and the seal token, "
            f"consistent with {c['tally_out']}, {s['out']}, {m['out']}.json, {doc['out']} and {c['token_out']}. "
            f"Figures from the digest or the archive may appear only inside ## Rejected claims, marked as wrong or "
            f"stale; the report needs at least 600 characters before that section."
        )
        tags = ["final_synthesis", "decoy_refutation", "cross_round", "sensitive_guard"]
        self.add_round(rid, q, ok, bad, tags, items, turns, decoys)

    # output --------------------------------------------------------------------------
    def build(self) -> dict:
        c = self.c
        self.build_workspace()
        arc = c.get("arc") or (
            ["plan", "media", "new", "doc"] + (["rep"] if c["slice"].get("replace") else []) + ["seal", "final"]
        )
        assert arc[0] == "plan" and arc[-2:] == ["seal", "final"] and arc.index("new") >= 2, arc
        assert ("rep" in arc) == bool(c["slice"].get("replace")) and (
            not c["doc"].get("update") or arc.index("doc") >= 2
        )
        assert "rep" not in arc or arc.index("rep") > arc.index("new")
        fns = {
            "plan": self.r_plan_fanout,
            "media": self.r_media,
            "new": self.r_update_new,
            "doc": self.r_workflow_doc,
            "rep": self.r_update_replace,
            "seal": self.r_seal,
            "final": self.r_final,
        }
        for i, a in enumerate(arc, 1):
            fns[a](f"q{i}")
        manifest = {
            "scenario_id": c["id"],
            "desc": c["desc"],
            "workspace_template": "workspace",
            "scripts": "checks",
            "main_agent_accessible_paths": c["accessible"],
            "main_agent_delegable_paths": c["delegable"],
            "updates": self.updates,
            "rounds_ref": "questions.json",
        }
        self.files["manifest.json"] = dump(manifest)
        qs = []
        for r in self.rounds:
            items = r.pop("_items")
            qs.append(r)
            self.files[f"checks/check_{r['id']}.py"] = check_script(c["id"], r, items)
        self.files["questions.json"] = dump(qs)
        self.files["solution/trajectory.json"] = dump(self.solution)
        with open(os.path.join(HERE, "..", "_common.py"), encoding="utf-8") as fh:
            self.files["checks/_common.py"] = fh.read()
        with open(os.path.join(HERE, "_science.py"), encoding="utf-8") as fh:
            self.files["checks/_science.py"] = fh.read()
        self.files["workspace/_sandbox_hint.md"] = build_hint(c, manifest, self.files)
        return {"files": self.files, "decoys": self.decoys}


def check_script(sid: str, r: dict, items: list) -> str:
    desc = {
        "sections": "named level-2 sections present",
        "anchors": "request anchors named",
        "json": "JSON fields exact (decimals within tol)",
        "json_keys": "JSON lists exactly the expected files",
        "labels": "`Label: value` lines exact",
        "rejected": "## Rejected claims names the wrong source(s) with a negation",
        "refuted": "superseded/decoy values appear only next to a negation",
        "outside": "decoy values never outside ## Rejected claims",
        "minlen": "minimum length of the text before ## Rejected claims",
        "token": "seal token recomputed from the seal file and the current JSON",
        "agree": "values agree across deliverables",
        "bg": "a background RunSubagent in this round",
        "cover": "subagents created and run in this round cover the slices",
        "media": "a media-capable subagent created and run in this round, granted the media file",
        "reuse": "a RunSubagent continues an earlier round's session",
        "workflow": "a Workflow call in this round; >=2 defineAgent with disjoint grants covering the named folders",
        "sealer": "a subagent with Bash and the seal file in its grant was run in this round",
        "ran_cover": "a subagent granted the slices was run in this round",
        "guard": "sticky guard: no grant so far names a sensitive folder (fails without a transcript)",
    }
    doc = "\n".join(f"  * {it['k']}: {desc[it['k']]}" + (f" ({it['f']})" if it.get("f") else "") for it in items)
    spec = json.dumps({"round": r["id"], "items": items}, indent=1, ensure_ascii=False)
    return (
        f'#!/usr/bin/env python3\n"""{sid} {r["id"]} ({", ".join(r["tags"][:3])}). Generated by data/build/science/build.py.\n\n'
        f'Passes when every item holds:\n{doc}\n"""\nimport sys\n\nsys.dont_write_bytecode = True  # never leave __pycache__ in the dataset\n\n'
        f'import json\n\nfrom _science import run\n\nSPEC = json.loads(r"""{spec}""")\n\nrun(SPEC)\n'
    )


def build_hint(c: dict, man: dict, files: dict) -> str:
    acc, dele = set(man["main_agent_accessible_paths"]), set(man["main_agent_delegable_paths"])
    added: dict[str, list[str]] = {}
    for uid, grp in man["updates"].items():
        for f in grp["files"]:
            added.setdefault(f["dst"].split("/")[0], []).append(f"{f['dst']} ({grp['op']}, update {uid})")
    out = [
        f"# Asset map: {c['id']}",
        "",
        "_Generated from manifest.json by data/build/science/build.py; do not edit by hand._",
        "",
        "Access column: `you` = your own file tools may use it (and you may grant it to a subagent);",
        "`delegate only` = only a subagent you grant it to can read it; `no access` = nobody.",
        "Token counts are rough (bytes / 4). Trust: authoritative, untrusted, stale, secret, sensitive.",
        "",
        "| path | files | shape | ~tokens (text) | media/office | model key | trust | access | what it is |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for top in sorted(c["assets"]):
        shape, key, trust, what = c["assets"][top]
        n = tb = mb = 0
        for rel, data in files.items():
            if rel.startswith(f"workspace/{top}/"):
                n += 1
                size = len(data if isinstance(data, bytes) else data.encode())
                if rel.lower().endswith((*MEDIA_EXT, ".docx", ".xlsx", ".pdf")):
                    mb += size
                else:
                    tb += size
        if top in acc:
            access = "you may read it; never grant it" if trust == "sensitive" else "you (and grantable)"
        elif top in dele:
            access = "delegate only - you CANNOT read it yourself"
        else:
            access = "no access (do not touch)"
        media = f"{mb // 1024} KiB" if mb else "-"
        out.append(f"| {top}/ | {n} | {shape} | {tb // 4:,} | {media} | {key} | {trust} | {access} | {what} |")
    out += ["", "## Arrives later through workspace updates", ""]
    for top in sorted(added):
        for line in added[top]:
            out.append(f"- `{line}` - access as for `{top}/`")
    if not added:
        out.append("- none announced")
    out += [
        "",
        "## Notes",
        "",
        "- Files above 32 KiB cannot be read in one piece; page them or delegate.",
        "- Media (PNG, WAV, MP4) cannot be perceived by a text-only agent; route them to the matching pool key.",
        "- Office files (docx, xlsx, pdf) are returned as extracted text by Read.",
        "- Grant each subagent only the folders and tools its task needs.",
        "",
    ]
    return "\n".join(out)
