#!/usr/bin/env python3
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
