"""Text out of office documents and PDFs, for agents that only read text.

These parsers are blocking and sometimes slow, so callers run :func:`extract_text` in a
thread. A malformed document is reported as :class:`ExtractionError`, never a crash.
"""

from __future__ import annotations

import io

from arena_tui.sandbox.filekinds import FileKind


class ExtractionError(Exception):
    """The document could not be parsed; the message says why."""


def _docx(data: bytes) -> str:
    import docx

    doc = docx.Document(io.BytesIO(data))
    lines: list[str] = [p.text for p in doc.paragraphs]
    for t_index, table in enumerate(doc.tables, start=1):
        lines.append(f"[table {t_index}]")
        for row in table.rows:
            lines.append("\t".join(cell.text for cell in row.cells))
    return "\n".join(lines)


def _pdf(data: bytes) -> str:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    pages: list[str] = []
    for number, page in enumerate(reader.pages, start=1):
        pages.append(f"[page {number}]")
        pages.append((page.extract_text() or "").rstrip())
    return "\n".join(pages)


def _xlsx(data: bytes) -> str:
    import openpyxl

    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    lines: list[str] = []
    try:
        for sheet in book.worksheets:
            lines.append(f"[sheet {sheet.title}]")
            for row in sheet.iter_rows(values_only=True):
                cells = ["" if v is None else str(v) for v in row]
                while cells and cells[-1] == "":
                    cells.pop()
                lines.append("\t".join(cells))
    finally:
        book.close()
    return "\n".join(lines)


def extract_text(kind: FileKind, data: bytes) -> str:
    """Plain text of a docx, pdf or xlsx file.

    Raises:
        ExtractionError: the kind has no extractor or the file is malformed.
    """
    extractors = {"docx": _docx, "pdf": _pdf, "xlsx": _xlsx}
    func = extractors.get(kind.kind)
    if func is None:
        raise ExtractionError(f"no text extractor for {kind.mime}")
    try:
        return func(data)
    except Exception as exc:  # third-party parsers raise many types on bad input
        raise ExtractionError(f"cannot extract text from {kind.kind} file: {exc}") from exc
