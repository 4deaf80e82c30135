"""Scanned-page degradations and the fonts they are drawn in, shared by every domain's PNGs.

Fonts are the DejaVu faces shipped inside matplotlib (the venv pins it; no system font lookup),
and every degradation draws its noise from a seeded ``random.Random``, so a page is byte-stable.
"""

from __future__ import annotations

import os
import random
from typing import Any

A4_150DPI = (1240, 1754)
"""An A4 page scanned at 150 dpi, in pixels."""


def font(px: int, *, mono: bool = False, bold: bool = False) -> Any:
    """A DejaVu Sans face (``mono``: Sans Mono) of ``px`` pixels."""
    import matplotlib
    from PIL import ImageFont

    name = "DejaVuSans" + ("Mono" if mono else "") + ("-Bold" if bold else "") + ".ttf"
    return ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts", "ttf", name), px)


def hand_font(px: int) -> Any:
    """An italic serif face, the base of handwriting-like lettering."""
    import matplotlib
    from PIL import ImageFont

    return ImageFont.truetype(os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSerif-Italic.ttf"), px)


def _in_bands(img: Any, plane: Any) -> Any:
    from PIL import Image

    return plane if img.mode == "L" else Image.merge(img.mode, [plane] * len(img.getbands()))


def grain(img: Any, seed: str, amp: int) -> Any:
    """Darken every pixel by a seeded pseudo-random 0..amp-1 (paper fibre / sensor grain)."""
    from PIL import Image, ImageChops

    raw = random.Random("grain:" + seed).randbytes(img.size[0] * img.size[1])
    noise = Image.frombytes("L", img.size, raw).point([v * amp // 256 for v in range(256)])
    return ImageChops.subtract(img, _in_bands(img, noise))


def shade(img: Any, seed: str, depth: int) -> Any:
    """A soft, seeded scanner-lamp falloff: darker towards one edge by up to ``depth`` levels."""
    from PIL import Image, ImageChops

    left = random.Random("shade:" + seed).random() < 0.5
    ramp = Image.linear_gradient("L").rotate(90 if left else -90).resize(img.size)
    return ImageChops.subtract(img, _in_bands(img, ramp.point([v * depth // 256 for v in range(256)])))
