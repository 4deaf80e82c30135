"""Byte-stable office files: docx and xlsx documents, saved as an OOXML zip rewritten with fixed times.

python-docx and openpyxl stamp the save time into ``docProps/core.xml`` and every zip entry;
rewriting the zip with one entry time, fixed permissions and pinned core-property times makes
the same document the same bytes on every build. ``docx_bytes`` and ``xlsx_bytes`` build the
documents every domain writes; ``office_bytes`` saves one a domain builds itself.
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

OFFICE_STAMP = "2026-01-05T09:00:00Z"
"""The W3CDTF time every generated office file claims to have been created and modified at."""
OFFICE_TIME = datetime.datetime(2026, 1, 5, 9, 0, 0)
"""``OFFICE_STAMP`` as a datetime, for the core properties a document sets itself."""
ZipTime = tuple[int, int, int, int, int, int]
FIXED_ZIP_TIME: ZipTime = (2026, 1, 5, 9, 0, 0)
"""The time of every zip entry of a generated office file (the moment ``OFFICE_STAMP`` names)."""
DOS_EPOCH: ZipTime = (1980, 1, 1, 0, 0, 0)
"""The earliest time a zip entry can hold: the entry time of the medicine and law office files."""
Rows = Sequence[Sequence[Any]]
"""The rows of an xlsx sheet, the header first."""
Block = tuple[str, Any]
"""One part of a docx body: (``"h1"``, ``"h2"``, ... heading text), (``"p"``, paragraph) or (``"table"``, rows)."""


def restamp_zip(
    data: bytes,
    *,
    date_time: ZipTime = FIXED_ZIP_TIME,
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
    date_time: ZipTime = FIXED_ZIP_TIME,
    stamp: str | None = OFFICE_STAMP,
    fields: tuple[str, ...] = ("created", "modified"),
) -> None:
    """``restamp_zip`` of the file at ``path``, in place."""
    with open(path, "rb") as fh:
        data = fh.read()
    with open(path, "wb") as fh:
        fh.write(restamp_zip(data, date_time=date_time, stamp=stamp, fields=fields))


def office_bytes(
    document: Any,
    *,
    date_time: ZipTime = FIXED_ZIP_TIME,
    stamp: str | None = OFFICE_STAMP,
    fields: tuple[str, ...] = ("created", "modified"),
) -> bytes:
    """A python-docx document or openpyxl workbook, saved and restamped (``restamp_zip``)."""
    buf = io.BytesIO()
    document.save(buf)
    return restamp_zip(buf.getvalue(), date_time=date_time, stamp=stamp, fields=fields)


def docx_bytes(
    title: str | None,
    body: Iterable[str | Block],
    *,
    author: str,
    last_modified_by: str | None = None,
    core_title: bool = False,
    printed: bool = False,
    date_time: ZipTime = FIXED_ZIP_TIME,
) -> bytes:
    """A docx: ``title`` as a level-1 heading (where given), then ``body``, where a paragraph
    starting ``## `` is a level-2 heading and a ``Block`` is a heading, paragraph or table.

    The core properties name ``author``, and ``last_modified_by`` where given; ``core_title``
    puts the title there too, ``printed`` says the document was printed at ``OFFICE_TIME``.
    """
    import docx

    d = docx.Document()
    cp = d.core_properties
    cp.author = author
    if last_modified_by is not None:
        cp.last_modified_by = last_modified_by
    if core_title and title is not None:
        cp.title = title
    if printed:
        cp.last_printed = OFFICE_TIME
    if title is not None:
        d.add_heading(title, level=1)
    for part in body:
        kind, content = part if isinstance(part, tuple) else ("h2", part[3:]) if part.startswith("## ") else ("p", part)
        if kind == "p":
            d.add_paragraph(content)
        elif kind == "table":
            t = d.add_table(rows=len(content), cols=len(content[0]))
            for r, row in enumerate(content):
                for c, cell in enumerate(row):
                    t.cell(r, c).text = str(cell)
        else:
            d.add_heading(content, level=int(kind[1:]))
    return office_bytes(d, date_time=date_time)


def xlsx_bytes(
    sheets: Mapping[str, Rows] | Sequence[tuple[str, Rows]], *, creator: str, date_time: ZipTime = FIXED_ZIP_TIME
) -> bytes:
    """An xlsx of the named sheets, in order, each its rows (the first row is the header)."""
    import openpyxl

    wb = openpyxl.Workbook()
    wb.properties.creator = creator
    for i, (name, rows) in enumerate(sheets.items() if isinstance(sheets, Mapping) else sheets):
        ws = wb.active if i == 0 else wb.create_sheet()
        ws.title = name
        for row in rows:
            ws.append(list(row))
    return office_bytes(wb, date_time=date_time)
