#!/usr/bin/env python3
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
