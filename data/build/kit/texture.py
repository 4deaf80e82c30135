"""Sensor grain and low-frequency shading from a seeded PRNG (no numpy, no C ``rand()``), and PNG bytes.

The noise is a Gaussian deviate per pixel read through an inverse-CDF table from seeded bytes,
so a textured image is the same on every machine.
"""

from __future__ import annotations

import io
import random
from statistics import NormalDist
from typing import Any


def gauss_lut(sigma: float) -> list[int]:
    """256 entries mapping a uniform byte to 128 + a Gaussian deviate of ``sigma``."""
    nd = NormalDist(0.0, sigma)
    return [max(0, min(255, 128 + round(nd.inv_cdf((u + 0.5) / 256.0)))) for u in range(256)]


def noise_plane(rng: random.Random, size: tuple[int, int], sigma: float) -> Any:
    """A greyscale plane of ``size`` centred on 128 with Gaussian noise of ``sigma``."""
    from PIL import Image

    w, h = size
    return Image.frombytes("L", (w, h), rng.randbytes(w * h)).point(gauss_lut(sigma))


def add_texture(img: Any, seed: str, grain: float = 6.0, blotch: float = 5.0, cell: int = 48) -> Any:
    """``img`` with per-pixel grain of ``grain`` and paper/lighting blotches of ``blotch`` every ``cell`` px."""
    from PIL import Image, ImageChops

    rng = random.Random(f"texture/{seed}")
    w, h = img.size
    low = noise_plane(rng, (w // cell + 2, h // cell + 2), blotch).resize((w, h), Image.Resampling.BICUBIC)
    planes = []
    for band in img.split():
        p = ImageChops.add(band, low, 1.0, -128)
        planes.append(ImageChops.add(p, noise_plane(rng, (w, h), grain), 1.0, -128))
    return planes[0] if len(planes) == 1 else Image.merge(img.mode, planes)


def png_bytes(img: Any) -> bytes:
    """The PNG every domain writes: no optimiser pass, zlib level 9."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=9)
    return buf.getvalue()
