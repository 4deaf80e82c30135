"""Stdlib scripts shipped into commerce workspaces (tools/), shared by several scenarios."""

from __future__ import annotations

DEADLINE_TOOL = r'''#!/usr/bin/env python3
"""Calendar arithmetic for response windows (stdlib only).

Usage:
    python3 tools/deadline.py --from YYYY-MM-DD --days N

Prints `deadline=YYYY-MM-DD weekday=<name>`: the date N calendar days after --from.
"""
import datetime as dt
import sys


def main(argv):
    if "--from" not in argv or "--days" not in argv:
        print(__doc__.strip())
        return 2
    start = dt.date.fromisoformat(argv[argv.index("--from") + 1])
    end = start + dt.timedelta(days=int(argv[argv.index("--days") + 1]))
    print(f"deadline={end.isoformat()} weekday={end.strftime('%A')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

DOCX_TOOL = r'''#!/usr/bin/env python3
"""Write a .docx letter from a JSON outline (stdlib only: zipfile + XML).

Usage:
    python3 tools/write_docx.py OUTLINE.json OUT.docx

OUTLINE.json: {"title": "...", "sections": [{"heading": "...", "paragraphs": ["...", ...]}, ...]}
The title gets style Heading 1, each section heading style Heading 2. Prints `wrote OUT.docx (N paragraphs)`.
"""
import json
import sys
import zipfile
from xml.sax.saxutils import escape

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
)
RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'officeDocument" Target="word/document.xml"/></Relationships>'
)


def para(text, style=None):
    ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f'<w:p>{ppr}<w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>'


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip())
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        outline = json.load(fh)
    body = [para(outline.get("title", ""), "Heading1")]
    for sec in outline.get("sections", []):
        body.append(para(sec["heading"], "Heading2"))
        body += [para(t) for t in sec.get("paragraphs", [])]
    doc = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="{W}"><w:body>'
    doc += "".join(body) + "</w:body></w:document>"
    with zipfile.ZipFile(argv[1], "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", TYPES)
        zf.writestr("_rels/.rels", RELS)
        zf.writestr("word/document.xml", doc)
    print(f"wrote {argv[1]} ({len(body)} paragraphs)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

PNG_TOOL = r'''#!/usr/bin/env python3
"""Draw a plain bar chart as PNG (stdlib only: zlib + struct), for reports.

Usage:
    python3 tools/plot_png.py OUT.png LABEL=VALUE [LABEL=VALUE ...]

Bars are drawn left to right on a white 640x400 canvas with a baseline and ten gridlines
(scaled to the largest value); labels are not rendered, so keep the order in your notes.
Prints `wrote OUT.png (N bars, max VALUE)`.
"""
import struct
import sys
import zlib

W, H = 640, 400
COLOURS = [(70, 110, 170), (220, 140, 50), (90, 160, 90), (160, 80, 140), (120, 120, 120)]


def png(pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip())
        return 2
    bars = [(a.split("=", 1)[0], float(a.split("=", 1)[1])) for a in argv[1:]]
    top = max(v for _, v in bars) or 1.0
    rows = [[255] * (W * 3) for _ in range(H)]

    def put(x, y, c):
        if 0 <= x < W and 0 <= y < H:
            rows[y][3 * x : 3 * x + 3] = list(c)

    x0, y0, y1 = 50, 30, H - 40
    for k in range(11):
        y = y1 - (y1 - y0) * k // 10
        for x in range(x0, W - 20):
            put(x, y, (225, 225, 225) if k else (40, 40, 40))
    gw = (W - 20 - x0) // len(bars)
    for i, (_, v) in enumerate(bars):
        h = int((y1 - y0) * v / top)
        for x in range(x0 + i * gw + gw // 5, x0 + (i + 1) * gw - gw // 5):
            for y in range(y1 - h, y1):
                put(x, y, COLOURS[i % len(COLOURS)])
    with open(argv[0], "wb") as fh:
        fh.write(png(rows))
    print(f"wrote {argv[0]} ({len(bars)} bars, max {top:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

COMMISSION_TOOL = r'''#!/usr/bin/env python3
"""Commission calculator for a quarter (stdlib only, deterministic).

Usage:
    python3 tools/commission_calc.py --base PCT --accel PCT REP=REVENUE:QUOTA [REP=REVENUE:QUOTA ...]

Commission = base % of booked revenue up to quota + accelerator % of booked revenue above quota,
rounded to cents. Prints one line per rep (`REP commission_eur=X`) and `TOTAL commission_eur=X`.
"""
import sys


def main(argv):
    if "--base" not in argv or "--accel" not in argv:
        print(__doc__.strip())
        return 2
    base = float(argv[argv.index("--base") + 1])
    accel = float(argv[argv.index("--accel") + 1])
    total = 0.0
    for arg in argv:
        if "=" not in arg or ":" not in arg:
            continue
        rep, rest = arg.split("=", 1)
        rev, quota = (float(x.replace(",", "")) for x in rest.split(":", 1))
        c = round(min(rev, quota) * base / 100 + max(0.0, rev - quota) * accel / 100, 2)
        total += c
        print(f"{rep} commission_eur={c:.2f}")
    print(f"TOTAL commission_eur={total:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

ROYALTY_TOOL = r'''#!/usr/bin/env python3
"""Royalty due and shortfall for a franchise audit (stdlib only, exact decimals).

Usage:
    python3 tools/royalty_due.py --rate PCT --base ACTUAL_NET --declared DECLARED_NET --paid PAID [--waived NET]

due = (ACTUAL_NET - waived net) x rate %; shortfall = due - PAID;
under-reporting = (ACTUAL_NET - DECLARED_NET) / ACTUAL_NET in %. Prints one line:
`due_eur=X shortfall_eur=Y underreporting_pct=Z` (two decimals).
"""
import sys
from decimal import ROUND_HALF_UP, Decimal

Q = Decimal("0.01")


def arg(argv, name, default=None):
    return Decimal(argv[argv.index(name) + 1].replace(",", "")) if name in argv else default


def main(argv):
    if "--rate" not in argv or "--base" not in argv:
        print(__doc__.strip())
        return 2
    rate, base = arg(argv, "--rate"), arg(argv, "--base")
    declared, paid = arg(argv, "--declared", base), arg(argv, "--paid", Decimal("0"))
    waived = arg(argv, "--waived", Decimal("0"))
    due = ((base - waived) * rate / 100).quantize(Q, ROUND_HALF_UP)
    under = ((base - declared) / base * 100).quantize(Q, ROUND_HALF_UP)
    print(f"due_eur={due} shortfall_eur={(due - paid).quantize(Q)} underreporting_pct={under}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''
