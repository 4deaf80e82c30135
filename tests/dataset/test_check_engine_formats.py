"""The check engine's file formats: CSV/TSV/XLSX tables, DOCX text, JSON fenced in Markdown, PNG/JPEG images.

Each deliverable is built here by hand (stdlib only, as a subagent's script in a workspace
would build it), in the harmless variants a real model produces and in the broken ones a
careless or reward-hacking manager produces.
"""

from __future__ import annotations

import io
import json
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from tests.dataset.oracle_run import ENGINE


def passes(ws: Path, *conditions: dict[str, Any]) -> bool:
    spec = ws.parent / "spec.json"
    spec.write_text(json.dumps({"round": "q1", "conditions": list(conditions)}), encoding="utf-8")
    r = subprocess.run([sys.executable, str(ENGINE), str(ws), str(spec)], capture_output=True, text=True, timeout=30)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    return r.returncode == 0


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    w = tmp_path / "workspace"
    (w / "output").mkdir(parents=True)
    return w


# ---------------------------------------------------------------------------- builders
def png(width: int, height: int, pixel: object) -> bytes:
    """An RGB PNG whose pixel (x, y) is ``pixel(x, y)``."""
    raw = b"".join(
        b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width))  # type: ignore[operator]
        for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def xlsx(rows: list[list[object]], sheet_name: str = "Tally", shared: bool = True) -> bytes:
    """A minimal workbook: strings as shared or inline strings, numbers as numbers."""
    strings: list[str] = []
    cells_xml = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, value in enumerate(row):
            ref = f"{chr(65 + c)}{r}"
            if isinstance(value, (int, float)):
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
            elif shared:
                strings.append(str(value))
                cells.append(f'<c r="{ref}" t="s"><v>{len(strings) - 1}</v></c>')
            else:
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>')
        cells_xml.append(f'<row r="{r}">{"".join(cells)}</row>')
    ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    rel_ns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(
            "xl/workbook.xml",
            f'<workbook {ns} {rel_ns}><sheets><sheet name="{sheet_name}" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        zf.writestr(
            "xl/_rels/workbook.xml.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Target="worksheets/sheet1.xml" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"/></Relationships>',
        )
        zf.writestr(
            "xl/worksheets/sheet1.xml", f"<worksheet {ns}><sheetData>{''.join(cells_xml)}</sheetData></worksheet>"
        )
        if strings:
            sst = "".join(f"<si><t>{s}</t></si>" for s in strings)
            zf.writestr("xl/sharedStrings.xml", f'<sst {ns} count="{len(strings)}">{sst}</sst>')
    return buf.getvalue()


def docx(blocks: list[tuple[str, str]], table: list[list[str]] | None = None) -> bytes:
    """Paragraphs ``(style, text)`` (style "" for body text) and an optional table."""
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    paras = []
    for style, text in blocks:
        ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
        paras.append(f"<w:p>{ppr}<w:r><w:t>{text}</w:t></w:r></w:p>")
    if table:
        rows = "".join(
            "<w:tr>" + "".join(f"<w:tc><w:p><w:r><w:t>{c}</w:t></w:r></w:p></w:tc>" for c in row) + "</w:tr>"
            for row in table
        )
        paras.append(f"<w:tbl>{rows}</w:tbl>")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("word/document.xml", f"<w:document {w}><w:body>{''.join(paras)}</w:body></w:document>")
    return buf.getvalue()


TALLY = {
    "kind": "table",
    "path": "output/tally.csv",
    "columns": ["export", "minutes above 8"],
    "key": "export",
    "keys": ["fr3_mon.csv", "fr3_tue.csv"],
    "rows": [{"key": "fr3_mon.csv", "expect": {"minutes above 8": 96, "peak c": {"equals": 11.7, "tol": 0.05}}}],
}


# ---------------------------------------------------------------------------- tables
@pytest.mark.parametrize(
    "text",
    [
        "export,minutes above 8,peak c\nfr3_mon.csv,96,11.7\nfr3_tue.csv,0,7.9\n",
        "\ufeffExport,Minutes above 8,Peak C\r\nfr3_tue.csv,0,7.9\r\nfr3_mon.csv,96.0,11.70\r\n",  # BOM, CRLF, order
        "export;minutes above 8;peak c\nfr3_mon.csv;96;11.7\nfr3_tue.csv;0;7.9\n",  # semicolons
        'export,minutes above 8,peak c,note\n"fr3_mon.csv","96","11.7",checked\nfr3_tue.csv,0,7.9,\n\n',
    ],
)
def test_csv_tables_in_harmless_variants_pass(ws: Path, text: str) -> None:
    (ws / "output" / "tally.csv").write_text(text, encoding="utf-8")
    assert passes(ws, TALLY)


@pytest.mark.parametrize(
    "text",
    [
        "export,minutes above 8,peak c\nfr3_mon.csv,95,11.7\nfr3_tue.csv,0,7.9\n",  # wrong value
        "export,minutes above 8,peak c\nfr3_mon.csv,96,11.9\nfr3_tue.csv,0,7.9\n",  # outside tolerance
        "export,minutes above 8,peak c\nfr3_mon.csv,96,11.7\n",  # a row missing
        "export,minutes above 8,peak c\nfr3_mon.csv,96,11.7\nfr3_tue.csv,0,7.9\nfr3_old.csv,40,9.1\n",  # extra row
        "file,minutes,peak\nfr3_mon.csv,96,11.7\nfr3_tue.csv,0,7.9\n",  # columns not named
        "",
    ],
)
def test_csv_tables_with_wrong_content_fail(ws: Path, text: str) -> None:
    (ws / "output" / "tally.csv").write_text(text, encoding="utf-8")
    assert not passes(ws, TALLY)


@pytest.mark.parametrize("shared", [True, False])
def test_xlsx_tables_read_shared_and_inline_strings(ws: Path, shared: bool) -> None:
    rows: list[list[object]] = [
        ["Export", "Minutes above 8", "Peak C"],
        ["fr3_mon.csv", 96, 11.7],
        ["fr3_tue.csv", 0, 7.9],
    ]
    (ws / "output" / "tally.xlsx").write_bytes(xlsx(rows, shared=shared))
    spec = {**TALLY, "path": "output/tally.xlsx"}
    assert passes(ws, spec)
    assert passes(ws, {**spec, "sheet": "tally"})
    assert not passes(ws, {**spec, "sheet": "Summary"})
    rows[1][1] = 97
    (ws / "output" / "tally.xlsx").write_bytes(xlsx(rows, shared=shared))
    assert not passes(ws, spec)


def test_a_csv_renamed_to_xlsx_or_an_oversized_member_fails_cleanly(ws: Path) -> None:
    (ws / "output" / "tally.xlsx").write_text("export,minutes above 8\nfr3_mon.csv,96\n", encoding="utf-8")
    assert not passes(ws, {**TALLY, "path": "output/tally.xlsx"})
    # A member that claims to be huge is refused, not inflated.
    bomb = ws / "output" / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("xl/workbook.xml", b"<" + b" " * (40 * 2**20) + b"/>")
    assert not passes(ws, {**TALLY, "path": "output/bomb.xlsx"})


# ---------------------------------------------------------------------------- docx and fenced JSON
def test_docx_text_reads_like_markdown(ws: Path) -> None:
    (ws / "output" / "memo.docx").write_bytes(
        docx(
            [("Title", "Excursion review"), ("Heading1", "1. Findings:"), ("", "Peak 11.7 C on Monday.")],
            table=[["Review id", "FR3-2026-014"], ["Minutes above 8", "96"]],
        )
    )
    conditions: list[dict[str, Any]] = [
        {"kind": "headings", "path": "output/memo.docx", "require": ["Findings"]},
        {"kind": "contains", "path": "output/memo.docx", "section": "Findings", "all": ["11.7"]},
        {"kind": "label", "path": "output/memo.docx", "label": "Minutes above 8", "equals": 96},
        {"kind": "label", "path": "output/memo.docx", "label": "Review id", "equals": "FR3-2026-014"},
    ]
    assert passes(ws, *conditions)
    assert not passes(ws, {"kind": "label", "path": "output/memo.docx", "label": "Minutes above 8", "equals": 95})
    (ws / "output" / "memo.docx").write_text("# Findings\n11.7", encoding="utf-8")  # Markdown named .docx
    assert not passes(ws, conditions[0])


@pytest.mark.parametrize("fence", ["```json", "```JSON", "  ```json  title=tally"])
def test_json_in_a_fenced_markdown_block(ws: Path, fence: str) -> None:
    body = json.dumps({"total_minutes_above_8": 96, "exports": {"fr3_mon.csv": {"peak_c": 11.7}}}, indent=2)
    (ws / "output" / "note.md").write_text(
        f"## Tally\n\nSee below.\n\n```text\nnot this\n```\n\n{fence}\n{body}\n```\n", encoding="utf-8"
    )
    assert passes(ws, {"kind": "json", "path": "output/note.md", "key": ["total_minutes_above_8"], "equals": 96})
    assert passes(
        ws, {"kind": "json", "path": "output/note.md", "key": ["exports", "fr3_mon.csv", "peak_c"], "equals": 11.7}
    )
    assert not passes(ws, {"kind": "json", "path": "output/note.md", "key": ["total_minutes_above_8"], "equals": 97})


def test_markdown_without_a_json_block_fails(ws: Path) -> None:
    (ws / "output" / "note.md").write_text('## Tally\n\n{"total_minutes_above_8": 96}\n', encoding="utf-8")
    assert not passes(ws, {"kind": "json", "path": "output/note.md", "key": ["total_minutes_above_8"], "equals": 96})


# ---------------------------------------------------------------------------- images
def chart(x: int, y: int) -> tuple[int, int, int]:
    return (255, 255, 255) if (x * 7 + y * 3) % 11 else ((x * 5) % 256, (y * 3) % 256, 90)


def test_a_real_png_chart_passes(ws: Path) -> None:
    (ws / "output" / "chart.png").write_bytes(png(320, 200, chart))
    assert passes(ws, {"kind": "image", "path": "output/chart.png", "format": "png"})


@pytest.mark.parametrize(
    "data",
    [
        png(320, 200, lambda x, y: (255, 255, 255)),  # blank
        png(40, 30, chart),  # too small
        b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,  # a signature and nothing else
        b"<svg xmlns='http://www.w3.org/2000/svg'/>",  # another format renamed
    ],
)
def test_blank_tiny_or_fake_images_fail(ws: Path, data: bytes) -> None:
    (ws / "output" / "chart.png").write_bytes(data)
    assert not passes(ws, {"kind": "image", "path": "output/chart.png"})


def test_an_image_linked_from_outside_the_workspace_counts_as_missing(ws: Path, tmp_path: Path) -> None:
    outside = tmp_path / "real_chart.png"
    outside.write_bytes(png(320, 200, chart))
    (ws / "output" / "chart.png").symlink_to(outside)
    assert not passes(ws, {"kind": "image", "path": "output/chart.png"})
