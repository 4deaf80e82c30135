"""Byte-stable text PDFs, written by hand: Helvetica text on A4 pages, no compression, no dates.

``pdf_file`` writes the objects with their cross-reference table and trailer (object 1 is the
catalog); ``pdf_bytes`` lays out pages of text lines, one line feed (``T*``) per line.
"""

from __future__ import annotations

from collections.abc import Sequence

PAGE_BOX = "/MediaBox [0 0 595 842]"
"""An A4 page in points."""
HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"


def pdf_escape(s: str) -> str:
    """``s`` as the body of a PDF string literal."""
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def pdf_stream(body: str) -> bytes:
    """A content stream object of ``body`` (Latin-1)."""
    data = body.encode("latin-1")
    return b"<< /Length " + str(len(data)).encode() + b" >>\nstream\n" + data + b"\nendstream"


def pdf_file(objects: Sequence[bytes]) -> bytes:
    """A PDF of ``objects`` numbered from 1 (the catalog), with its xref table and trailer."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for at in offsets:
        out += f"{at:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def pdf_bytes(pages: Sequence[Sequence[str]], *, start: Sequence[str] = ("13 TL", "50 790 Td")) -> bytes:
    """Pages of text lines in Helvetica 10 pt; ``start`` are the operators, in the order written,
    that set the leading and move to the first line of a page."""
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(len(pages)))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode()]
    objs.append(HELVETICA)
    for i, lines in enumerate(pages):
        text = ["BT", "/F1 10 Tf", *start, *(f"({pdf_escape(ln)}) Tj T*" for ln in lines), "ET"]
        page = f"<< /Type /Page /Parent 2 0 R {PAGE_BOX} /Resources << /Font << /F1 3 0 R >> >> /Contents {5 + 2 * i} 0 R >>"
        objs += [page.encode(), pdf_stream("\n".join(text))]
    return pdf_file(objs)
