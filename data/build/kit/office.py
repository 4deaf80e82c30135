"""Byte-stable office files: an OOXML zip (docx, xlsx) rewritten with fixed times.

python-docx and openpyxl stamp the save time into ``docProps/core.xml`` and every zip entry;
rewriting the zip with one entry time, fixed permissions and pinned core-property times makes
the same document the same bytes on every build.
"""

from __future__ import annotations

import io
import re
import zipfile

OFFICE_STAMP = "2026-01-05T09:00:00Z"
"""The W3CDTF time every generated office file claims to have been created and modified at."""
ZipTime = tuple[int, int, int, int, int, int]


def restamp_zip(
    data: bytes,
    *,
    date_time: ZipTime,
    stamp: str | None = OFFICE_STAMP,
    fields: tuple[str, ...] = ("created", "modified"),
) -> bytes:
    """The zip ``data`` with every entry at ``date_time`` (deflated, mode 644) and the core
    properties ``fields`` set to ``stamp`` (left as they are when ``stamp`` is None)."""
    pattern = rb"(<dcterms:(?:" + "|".join(fields).encode() + rb")[^>]*>)[^<]*(<)"
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml" and stamp is not None:
                body = re.sub(pattern, rb"\g<1>" + stamp.encode() + rb"\g<2>", body)
            zi = zipfile.ZipInfo(info.filename, date_time=date_time)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zi.create_system = 3  # Unix, whatever the building machine
            dst.writestr(zi, body)
    return out.getvalue()


def restamp_zip_file(
    path: str,
    *,
    date_time: ZipTime,
    stamp: str | None = OFFICE_STAMP,
    fields: tuple[str, ...] = ("created", "modified"),
) -> None:
    """``restamp_zip`` of the file at ``path``, in place."""
    with open(path, "rb") as fh:
        data = fh.read()
    with open(path, "wb") as fh:
        fh.write(restamp_zip(data, date_time=date_time, stamp=stamp, fields=fields))
