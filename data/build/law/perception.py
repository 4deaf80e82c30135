"""What a law scan or photo looks like when it really arrives: handwriting, a rubber stamp over the
print, office clutter, a skewed and slightly blurred capture with sensor noise.

Every routine is seeded from the media spec, so a rebuild is byte-identical. The facts a reader must
report stay legible to a careful eye; the printed labels never repeat a handwritten value.
"""

from __future__ import annotations

import random
from typing import Any

from kit import scan
from kit.scan import hand_font

Ink = int | tuple[int, int, int]
"""A grey level (L pages) or an RGB colour."""


def _colour(img: Any, ink: Ink) -> Ink:
    """``ink`` in the image's mode: a grey page takes an RGB ink's first band."""
    if img.mode == "L":
        return ink if isinstance(ink, int) else ink[0]
    return ink


def hand(img: Any, xy: tuple[float, float], text: str, px: int, seed: str, ink: Ink) -> float:
    """Write ``text`` letter by letter: each glyph its own size, slant, baseline and pen pressure.

    Returns the x where the writing ends.
    """
    from PIL import Image, ImageDraw

    rng = random.Random("hand:" + seed + text)
    x, y = xy
    for ch in text:
        size = max(8, round(px * rng.uniform(0.92, 1.12)))
        font = hand_font(size)
        if ch == " ":
            x += size * rng.uniform(0.38, 0.5)
            continue
        box = font.getbbox(ch)
        w, h = box[2] + 6, box[3] + 6
        glyph = Image.new("L", (w, h), 0)
        ImageDraw.Draw(glyph).text((3, 3), ch, fill=rng.randrange(200, 256), font=font)
        glyph = glyph.rotate(rng.uniform(-9, 7), resample=Image.Resampling.BICUBIC, expand=True)
        colour = _colour(img, ink)
        img.paste(Image.new(img.mode, glyph.size, colour), (round(x), round(y + rng.uniform(-2.5, 2.5))), glyph)
        x += box[2] * rng.uniform(0.86, 0.98)
    return x


def rubber_stamp(img: Any, lines: list[str], centre: tuple[float, float], px: int, seed: str, ink: Ink) -> None:
    """A rotated, unevenly inked box stamp pressed over whatever is underneath."""
    from PIL import Image, ImageDraw

    rng = random.Random("stamp:" + seed)
    font = scan.font(px, bold=True)
    w = max(font.getbbox(t)[2] for t in lines) + px * 2
    h = len(lines) * round(px * 1.35) + px
    pad = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(pad)
    d.rectangle([2, 2, w - 3, h - 3], outline=255, width=max(3, px // 6))
    for j, t in enumerate(lines):
        d.text((px, px // 2 + j * round(px * 1.35)), t, fill=255, font=font)
    ink_mask = Image.frombytes("L", pad.size, rng.randbytes(w * h)).point(lambda v: 255 if v > 70 else 90)
    pad = Image.composite(pad, Image.new("L", pad.size, 0), ink_mask)
    pad = pad.rotate(rng.uniform(-11, -5), resample=Image.Resampling.BICUBIC, expand=True)
    colour = _colour(img, ink)
    pos = (round(centre[0] - pad.size[0] / 2), round(centre[1] - pad.size[1] / 2))
    img.paste(Image.new(img.mode, pad.size, colour), pos, pad.point(lambda v: v * 3 // 4))


def clutter(img: Any, seed: str) -> None:
    """A mug ring, a fold line and a staple shadow, seeded."""
    from PIL import ImageDraw

    rng = random.Random("clutter:" + seed)
    d = ImageDraw.Draw(img)
    W, H = img.size
    tone = (lambda v: v) if img.mode == "L" else (lambda v: (v, v - 12, v - 30))
    cx, cy, r = rng.randrange(W // 2, W - 80), rng.randrange(H // 2, H - 80), rng.randrange(70, 110)
    for j in range(5):
        d.arc(
            [cx - r - j, cy - r - j, cx + r + j, cy + r + j], rng.randrange(0, 60), rng.randrange(250, 350), tone(190)
        )
    fy = rng.randrange(H // 3, 2 * H // 3)
    d.line([0, fy, W, fy + rng.randrange(-6, 7)], fill=tone(215), width=3)
    d.line([30, 24, 62, 20], fill=tone(120), width=4)


def as_captured(img: Any, seed: str, bg: Ink, skew: float = 1.6, blur: float = 1.0, noise: float = 0.06) -> Any:
    """A slight skew, focus/scanner blur and sensor noise; the corners filled with the background."""
    from PIL import Image, ImageFilter

    rng = random.Random("capture:" + seed)
    angle = rng.uniform(0.6, 1.0) * skew * (1 if rng.random() < 0.5 else -1)
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=bg)
    img = img.filter(ImageFilter.GaussianBlur(radius=blur * rng.uniform(0.85, 1.15)))
    raw = Image.frombytes("L", img.size, rng.randbytes(img.size[0] * img.size[1]))
    if img.mode != "L":
        raw = Image.merge(img.mode, [raw] * len(img.getbands()))
    return Image.blend(img, raw, noise * rng.uniform(0.9, 1.1))
