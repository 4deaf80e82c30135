#!/usr/bin/env python3
"""One check engine for every converted scenario (stdlib only, read-only, deterministic).

Usage: ``python3 ${scripts}/_check.py ${workspace} ${scripts}/<round>.json``

The spec file is ``{"round": "<round id>", "conditions": [<condition>, ...]}``; every
condition is a JSON object with a ``kind`` (see KINDS below and docs/dataset.md). Each
failed condition prints one ``FAIL: <file or area>: <what>`` line; exit 0 when all pass,
1 when any fails, 2 when the spec itself is invalid. Nothing is written anywhere, and no
path outside the workspace is opened: a deliverable or transcript whose real path (after
resolving symlinks) leaves the workspace counts as missing.

Transcripts are read from every ``sessions/*.jsonl`` whatever the file is called: the
first line ``{"type": "system_meta", "owner": ...}`` says whose it is (``main`` or
``<subagent id>:<session id>``). Subagents are linked to their model key through the
first line of its own transcript, where the harness wrote what it resolved (model key,
tools, grant as real paths); only calls whose result line says ``"ok": true`` count.
"""

from __future__ import annotations

import csv
import datetime
import fnmatch
import hashlib
import hmac
import io
import json
import os
import re
import shlex
import struct
import sys
import xml.etree.ElementTree as ET
import zipfile
import zlib

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is imported for the type checker only, never at run time
    from collections.abc import Collection, Iterable, Iterator
    from typing import Any

    Spec = dict[str, Any]  # one condition, or a reference inside one (JSON)
    Line = dict[str, Any]  # one transcript line (JSON)

sys.dont_write_bytecode = True

ENGINE_VERSION = 2
MAX_BYTES = 32 * 2**20  # a deliverable (or one member of an office file) larger than this is not read
NUM = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?(?![\w]|\.\d)")
DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?|\b\d{1,2}:\d{2}\b")


class SpecError(Exception):
    """An invalid spec: exit 2 with one line naming the condition and field."""


# ---------------------------------------------------------------------------- text helpers
def norm(s: object) -> str:
    """Quotes, dashes and spaces normalised; bold/italic markers dropped; case folded."""
    s = str(s)
    for a, b in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2013", "-"), ("\u2014", "-")):
        s = s.replace(a, b)
    s = s.replace("\u00a0", " ").replace("**", "").replace("__", "")
    return re.sub(r"[ \t]+", " ", s).strip().casefold()


def title_key(s: object) -> str:
    """A heading or label reduced to its words: numbering, emphasis and trailing punctuation removed."""
    s = norm(s).strip("`*_ ")
    s = re.sub(r"^(?:\d+(?:\.\d+)*[.)]?|[ivxlc]+[.)]|[a-z][.)])\s+", "", s)
    return re.sub(r"[\s:.;,!?\-]+$", "", s).strip()


def to_number(v: object) -> float | None:
    """62, 62.0, "62", "62.0", "1,645.20", "£1645.2" -> float; anything else -> None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        m = re.fullmatch(r"\s*[^\d\-+]{0,4}?\s*(-?\d[\d,]*(?:\.\d+)?)\s*[^\d]{0,12}", v)
        if m:
            try:
                return float(m.group(1).replace(",", ""))
            except ValueError:
                return None
    return None


def canon(s: object) -> str:
    """Text for comparing one answer: ``norm`` with punctuation dropped and spacing collapsed
    ("Bay C, bed 7" is "bay c bed 7")."""
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s%/+#]", " ", norm(s).replace("'", ""))).strip()


TIME = re.compile(r"(\d{1,2})\s*[:.h]?\s*(\d{2})(?:\s*(?:h|hrs|hours))?")
COUNT = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*(?:of|/|out of)\s*(\d+(?:\.\d+)?)\s*[^\d]{0,12}")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def clock(s: object) -> tuple[int, int] | None:
    """(hour, minute) of a 24-hour time in any common spelling (04:20, 0420, 4.20, 04h20), else None."""
    m = TIME.fullmatch(norm(s).strip(" ."))
    if m and int(m.group(1)) < 24 and int(m.group(2)) < 60:
        return int(m.group(1)), int(m.group(2))
    return None


def dates_in(text: str) -> set[str]:
    """Every calendar date in ``text`` as YYYY-MM-DD: 2026-03-09, 09.03.2026, 09/03/2026,
    9 March 2026, March 9, 2026 (day-first where the order is ambiguous, as the dataset writes)."""
    out: set[tuple[int, int, int]]
    t, out = norm(text), set()
    for y, mo, d in re.findall(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", t):
        out.add((int(y), int(mo), int(d)))
    for d, mo, y in re.findall(r"\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b", t):
        out.add((int(y), int(mo), int(d)))
    month = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    for d, mo, y in re.findall(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+" + month + r",?\s+(\d{4})\b", t):
        out.add((int(y), MONTHS.index(mo) + 1, int(d)))
    for mo, d, y in re.findall(r"\b" + month + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", t):
        out.add((int(y), MONTHS.index(mo) + 1, int(d)))
    return {f"{y:04d}-{mo:02d}-{d:02d}" for y, mo, d in out}


ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
DATE_AND_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2})")
WRITTEN_DATE = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{4}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+[a-z]{3,9}\.?,?\s+\d{4}\b"
    r"|\b[a-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b"
)


def times_in(text: str) -> set[tuple[int, int]]:
    """Every 24-hour time in ``text`` (04:20, 04.20, 04h20, 0420 hrs) once its dates are taken out."""
    t = WRITTEN_DATE.sub(" ", norm(text))
    out: set[tuple[int, int]] = set()
    for m in re.finditer(
        r"(?<![\d.:])(\d{1,2})\s*[:.h]\s*(\d{2})(?![\d.:])|(?<![\d.:])(\d{2})(\d{2})(?=\s*(?:h|hrs|hours)?\b)(?![\d.:])",
        t,
    ):
        h, mi = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if int(h) < 24 and int(mi) < 60:
            out.add((int(h), int(mi)))
    return out


def named_with_role(actual: object, wanted: object) -> bool:
    """A name followed by a role after a comma ("K. Thorsrud, Director") is that name: the wanted
    value has at least two words and no digit; what follows the first comma is at most five words
    with no digit, no initial ("K."), no further comma and no "or"/"and" (a second name is no role)."""
    w = canon(wanted)
    head, comma, rest = str(actual).partition(",")
    if not comma or len(w.split()) < 2 or re.search(r"\d", w) or canon(head) != w:
        return False
    words = norm(rest).strip(" .").split()
    if not words or len(words) > 5 or re.search(r"\d|,|\b[a-z]\.", norm(rest)):
        return False
    return not {"or", "and", "/", "&"} & set(words)


def fraction(s: object) -> tuple[float, float] | None:
    """(part, whole) of a count written "2 of 3", "2/3" or "2 out of 3", else None."""
    m = COUNT.fullmatch(s) if isinstance(s, str) else None
    return (float(m.group(1)), float(m.group(2))) if m else None


YES, NO = ("yes", "true", "y"), ("no", "false", "n")


def value_ok(actual: Any, cond: Spec) -> bool:
    """Compare ``actual`` against ``equals`` (number with ``tol``, text, true/false, or a list) or
    ``one_of``: numbers by value (a count "2 of 2" or "2/2" is 2 only when it is the whole: "2 of 3"
    is no 2), text by its words whatever the punctuation and spacing, a 24-hour time in any common
    spelling, a date (or a date and time) in any common format, a name with a role after it; a list
    holds the same items in any order."""
    wanted = cond["one_of"] if "one_of" in cond else [cond["equals"]]
    tol = float(cond.get("tol", 0))
    for w in wanted:
        if isinstance(w, bool):
            if actual is w or (isinstance(actual, str) and norm(actual).strip(" .") in (YES if w else NO)):
                return True
        elif isinstance(w, list):
            if isinstance(actual, list) and len(actual) == len(w):
                rest = list(actual)
                for item in w:
                    hit = next((i for i, a in enumerate(rest) if value_ok(a, {"equals": item, "tol": tol})), None)
                    if hit is None:
                        break
                    rest.pop(hit)
                else:
                    return True
        elif isinstance(w, (int, float)):
            a = to_number(actual)
            part = fraction(actual)
            if a is None and part is not None and part[0] == part[1]:
                a = part[0]
            if a is not None and abs(a - float(w)) <= tol + 1e-9:
                return True
        elif isinstance(w, str) and actual is not None and not isinstance(actual, (dict, list)):
            if cond.get("match") == "contains":
                if norm(w) in norm(actual) or canon(w) in canon(actual) or same_text(str(actual), w):
                    return True
            elif same_text(str(actual), w):
                return True
    return False


def same_text(actual: str, w: str) -> bool:
    """One text answer, spelled any common way (see value_ok)."""
    if norm(actual).strip(" .") == norm(w).strip(" .") or canon(actual) == canon(w):
        return True
    if fraction(w) is not None and fraction(actual) == fraction(w):
        return True
    stamp = DATE_AND_TIME.fullmatch(w.strip())
    if stamp:  # a date and a time: that one date and that one time, each in any common spelling
        return dates_in(actual) == {stamp.group(1)} and times_in(actual) == {clock(stamp.group(2))}
    if re.fullmatch(r"\d{1,2}:\d{2}", w.strip()) and clock(w) is not None and clock(actual) == clock(w):
        return True
    if ISO_DATE.fullmatch(w.strip()) and dates_in(actual) == {w.strip()}:
        return True
    return named_with_role(actual, w)


def mentions(text: str, value: Any) -> bool:
    """Does ``value`` occur in ``text`` (numbers compared by value: 62 matches 62.0; an ISO date
    matches the same date in any common format)?"""
    n = to_number(value) if not isinstance(value, str) or re.fullmatch(r"-?\d[\d,]*(?:\.\d+)?", value) else None
    if n is not None:
        text = DATE_TIME.sub(" ", text)
        return any(to_number(m.group(0)) == n for m in NUM.finditer(text))
    if isinstance(value, str) and ISO_DATE.fullmatch(value.strip()) and value.strip() in dates_in(text):
        return True
    return norm(value) in norm(text)


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [title_key(k) for k, _ in pairs]
    dup = next((k for k, _ in pairs if keys.count(title_key(k)) > 1), None)
    if dup is not None:
        raise ValueError(f"key {dup!r} is given more than once: one answer per question")
    return dict(pairs)


def strict_json(raw: str) -> Any:
    """JSON with every key once per object (a key given twice, in any spelling, is no answer)."""
    return json.loads(raw, object_pairs_hook=_unique_pairs)


# Words that reject a value (a decoy line in a rejection section must carry one, not negated).
REJECTING = (
    "wrong", "incorrect", "stale", "withdrawn", "superseded", "supersedes", "replaced", "replaces", "rejected",
    "reject", "refuted", "refutes", "contradicts", "contradicted", "disagree", "disagrees", "mismatch",
    "does not match", "doesn't match", "do not match", "does not govern", "do not govern", "no longer",
    "outdated", "obsolete", "erroneous", "invalid", "discarded", "retracted", "misread", "mishearing",
    "misheard", "mistaken", "error", "false", "unsupported", "not supported", "otherwise", "overruled",
    "out of date", "never signed", "not adopted", "not used", "decoy",
)  # fmt: skip
NEGATOR = re.compile(r"(?:not|never|no|hasn't|haven't|isn't|wasn't|aren't|weren't|doesn't|didn't|cannot|can't)")
CLAUSE = re.compile(r"[.;!?](?:\s|$)|\s(?:but|whereas|however|although)\s")


def clauses(line: str) -> list[str]:
    return [c for c in CLAUSE.split(norm(line)) if c.strip()]


# Words that state a value as the answer: a rejecting word elsewhere on the line does not excuse a
# value whose own part of the sentence carries one ("X was rejected; Y adopted" does not reject Y).
AFFIRMING = (
    "adopted", "adopt", "accepted", "accept", "confirmed", "is correct", "are correct", "governs", "govern",
    "applies", "apply", "stands", "retained", "kept", "keep", "final figure", "final value", "is right",
    "authoritative", "in force", "we use", "used instead",
)  # fmt: skip
# Phrases after which the value named is the one kept ("rejected in favour of Y" keeps Y).
KEEPS = re.compile(r"\b(?:in favou?r of|replaced by|superseded by|instead use|rather)\s*$")
PART = re.compile(r"[,:()\[\]]|\s[-\u2013\u2014]\s|\s(?:and|while|whereas|then|so)\s")


def affirms(text: str) -> bool:
    """Does ``text`` state its value as the answer: an AFFIRMING word without a negation in the two
    words just before it ("is not kept", "no longer applies" do not; "claim no X is kept" does)?"""
    for w in AFFIRMING:
        for m in re.finditer(r"(?<![\w])" + re.escape(w) + r"(?![\w])", text):
            if not any(NEGATOR.fullmatch(b.strip("(,")) for b in text[: m.start()].split()[-2:]):
                return True
    return False


def parts(clause: str) -> list[str]:
    return [p for p in PART.split(clause) if p.strip()]


def governs(line: str, token: Any, allowed_words: Iterable[str], line_level: bool) -> bool:
    """Does a rejecting word on ``line`` reject ``token``? Judged on the part of the sentence that
    holds the token (split at commas, colons, dashes, brackets and "and"/"while"/"then"): a part
    that states the token as the answer (an AFFIRMING word, or a "in favour of"/"replaced by" just
    before it) is never excused; a part carrying a rejecting word rejects it; otherwise a rejecting
    word elsewhere in its clause (or, with ``line_level``, anywhere on the line) does."""
    cls = clauses(line)
    mine = [cl for cl in cls if mentions(cl, token)] or [norm(line)]  # a token with a full stop ("I. Solberg")
    found, tok = False, norm(str(token))
    for cl in mine:
        # the token's own commas and colons ("71,930.00", "03:15") do not cut its part
        held = cl.replace(tok, " \x00 ") if tok and tok in cl else cl
        for part in parts(held):
            if not ("\x00" in part or mentions(part, token)):
                continue
            before = part[: part.find("\x00")] if "\x00" in part else ""
            part = part.replace("\x00", tok)
            if affirms(part) or KEEPS.search(before.strip()):
                return False
            found = found or rejects(part, allowed_words)
    if found:
        return True
    return any(rejects(cl, allowed_words) for cl in (cls if line_level else mine))


def rejects(text: str, words: Iterable[str]) -> bool:
    """Does ``text`` (one clause) carry one of ``words`` that no negation just before it cancels
    ("has not been superseded" does not reject; "no longer governs" does)?"""
    for w in words:
        for m in re.finditer(r"(?<![\w])" + re.escape(norm(w)) + r"(?![\w])", text):
            if NEGATOR.fullmatch(norm(w).split()[0]):
                return True
            if not any(NEGATOR.fullmatch(b.strip("(,")) for b in text[: m.start()].split()[-3:]):
                return True
    return False


# ---------------------------------------------------------------------------- markdown
HEADING = re.compile(r"^\s{0,3}(#{2,6})\s+(.*?)\s*#*\s*$")


def headings(md: str) -> list[tuple[int, str]]:
    """(level, key) of every heading of level 2 or deeper."""
    out: list[tuple[int, str]] = []
    for line in md.splitlines():
        m = HEADING.match(line)
        if m:
            out.append((len(m.group(1)), title_key(m.group(2))))
    return out


def section(md: str, title: object) -> str | None:
    """Body of the first heading (any level >= 2) whose words equal ``title``; None if absent."""
    lines, want = md.splitlines(), title_key(title)
    for i, line in enumerate(lines):
        m = HEADING.match(line)
        if m and title_key(m.group(2)) == want:
            body: list[str]
            level, body = len(m.group(1)), []
            for nxt in lines[i + 1 :]:
                m2 = HEADING.match(nxt)
                if m2 and len(m2.group(1)) <= level:
                    break
                body.append(nxt)
            return "\n".join(body)
    return None


def label_values(md: str, label: object) -> list[str]:
    """Values given for ``label`` as `label: v`, `- **label:** v`, `**label**: v` or a table row `| label | v |`."""
    out: list[str]
    want, out = title_key(label), []
    for line in md.splitlines():
        s = line.strip()
        if s.startswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if len(cells) >= 2 and title_key(cells[0]) == want:
                out.append(cells[1].strip("*_ `"))
            continue
        s = re.sub(r"^(?:[-*+>]\s+|\d+[.)]\s+)+", "", s)
        m = re.match(r"^(.+?)\s*(?::|\s-\s|=)\s*(.+)$", s.replace("**:", ":**"))
        if m and title_key(m.group(1)) == want:
            out.append(m.group(2).strip("*_ `"))
    return out


# ---------------------------------------------------------------------------- office files and images
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


def _member(zf: zipfile.ZipFile, name: str) -> bytes:
    """One zip member's bytes, refused past MAX_BYTES (a zip bomb stays a failed condition)."""
    info = zf.getinfo(name)
    if info.file_size > MAX_BYTES:
        raise ValueError(f"{name} is larger than {MAX_BYTES} bytes")
    return zf.read(name)


def docx_text(data: bytes) -> str:
    """A .docx as Markdown-like text: headings (style Heading N / Title) as '#' lines, paragraphs,
    and table rows as '| a | b |' lines, so every text condition reads it like Markdown."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        root = ET.fromstring(_member(zf, "word/document.xml"))
    body = root.find(f"{W}body")
    lines: list[str] = []
    for block in list(body) if body is not None else []:
        if block.tag == f"{W}p":
            lines.append(_docx_paragraph(block))
        elif block.tag == f"{W}tbl":
            for row in block.iter(f"{W}tr"):
                cells = [
                    " ".join(_docx_paragraph(p) for p in cell.iter(f"{W}p")).strip() for cell in row.iter(f"{W}tc")
                ]
                lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _docx_paragraph(p: ET.Element) -> str:
    text = "".join(t.text or "" for t in p.iter(f"{W}t"))
    style = p.find(f"{W}pPr/{W}pStyle")
    name = (style.get(f"{W}val") or "") if style is not None else ""
    m = re.fullmatch(r"(?i)heading\s*(\d)", name)
    if m:
        return "#" * max(2, min(6, int(m.group(1)) + 1)) + " " + text
    return text


def _col_index(ref: str | None) -> int:
    letters = re.match(r"[A-Z]+", ref or "")
    n = 0
    for ch in letters.group(0) if letters else "A":
        n = n * 26 + ord(ch) - 64
    return n - 1


def xlsx_rows(data: bytes, sheet: object = None) -> list[list[str]]:
    """Rows of one worksheet (the first, or the one named/indexed by ``sheet``) as lists of text."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
        shared: list[str] = []
        if "xl/sharedStrings.xml" in names:
            for si in ET.fromstring(_member(zf, "xl/sharedStrings.xml")).iter(f"{S}si"):
                shared.append("".join(t.text or "" for t in si.iter(f"{S}t")))
        book = ET.fromstring(_member(zf, "xl/workbook.xml"))
        sheets = [(sh.get("name"), sh.get(f"{REL}id")) for sh in book.iter(f"{S}sheet")]
        rels: dict[str | None, str] = {}
        if "xl/_rels/workbook.xml.rels" in names:
            for r in ET.fromstring(_member(zf, "xl/_rels/workbook.xml.rels")):
                rels[r.get("Id")] = r.get("Target", "")
        pick = 0
        if isinstance(sheet, int):
            pick = sheet
        elif isinstance(sheet, str):
            pick = next((i for i, (n, _) in enumerate(sheets) if title_key(n or "") == title_key(sheet)), -1)
        if not sheets or not 0 <= pick < len(sheets):
            raise ValueError(f"no worksheet {sheet!r}")
        target = rels.get(sheets[pick][1], f"worksheets/sheet{pick + 1}.xml").lstrip("/")
        target = target if target.startswith("xl/") else "xl/" + target
        root = ET.fromstring(_member(zf, target))
    rows: list[list[str]] = []
    for row in root.iter(f"{S}row"):
        cells: dict[int, str] = {}
        for c in row.iter(f"{S}c"):
            kind, v = c.get("t"), c.find(f"{S}v")
            if kind == "s" and v is not None and (v.text or "").isdigit() and int(v.text) < len(shared):  # type: ignore[arg-type]
                value = shared[int(v.text)]  # type: ignore[arg-type]
            elif kind == "inlineStr":
                value = "".join(t.text or "" for t in c.iter(f"{S}t"))
            else:
                value = v.text if v is not None and v.text is not None else ""
            cells[_col_index(c.get("r"))] = value
        rows.append([cells.get(i, "") for i in range(max(cells) + 1)] if cells else [])
    return rows


def csv_rows(text: str, tsv: bool = False) -> list[list[str]]:
    text = text.lstrip("\ufeff")
    delimiter = "\t" if tsv else ","
    if not tsv:
        first = text.splitlines()[0] if text.strip() else ""
        if first.count(";") > first.count(","):
            delimiter = ";"
    return [row for row in csv.reader(io.StringIO(text), delimiter=delimiter)]


def image_info(data: bytes) -> tuple[str, int, int, bool] | None:
    """(format, width, height, varied) of a PNG or JPEG; None when it is neither or does not decode.

    ``varied``: the picture is not one flat colour (PNG: its pixel bytes take more than a few
    values; JPEG: its entropy-coded data is not trivially short)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        idat: list[bytes]
        pos, idat = 8, []
        while pos + 8 <= len(data):
            (length,), kind = struct.unpack(">I", data[pos : pos + 4]), data[pos + 4 : pos + 8]
            if kind == b"IDAT":
                idat.append(data[pos + 8 : pos + 8 + length])
            pos += 12 + length
        try:
            raw = zlib.decompressobj().decompress(b"".join(idat), MAX_BYTES)
        except zlib.error:
            return None
        return "png", width, height, len(set(raw)) > 8
    if data[:2] == b"\xff\xd8":
        pos = 2
        while pos + 9 < len(data):
            if data[pos] != 0xFF:
                return None
            marker, length = data[pos + 1], struct.unpack(">H", data[pos + 2 : pos + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
                return "jpeg", width, height, len(data) > 2048
            pos += 2 + length
    return None


# ---------------------------------------------------------------------------- the check
class Check:
    def __init__(self, ws: str, spec: Spec) -> None:
        self.ws = os.path.realpath(ws)
        self.raw_ws = os.path.abspath(ws)
        self.spec = spec
        self.round = spec.get("round")
        self.failures: list[str] = []
        self._sessions: dict[str, Any] | None = None

    def fail(self, where: str, what: str) -> None:
        self.failures.append(f"{where}: {what}")

    # -- files (never outside the workspace) ---------------------------------------------
    def inside(self, rel: str) -> str | None:
        real = os.path.realpath(os.path.join(self.ws, rel))
        return real if real == self.ws or real.startswith(self.ws + os.sep) else None

    def read_bytes(self, rel: str, report: bool = True) -> bytes | None:
        real = self.inside(rel)
        if real is None or not os.path.isfile(real):
            if report:
                self.fail(rel, "missing" if real is not None else "resolves outside the workspace")
            return None
        if os.path.getsize(real) > MAX_BYTES:
            if report:
                self.fail(rel, f"larger than {MAX_BYTES} bytes")
            return None
        with open(real, "rb") as fh:
            return fh.read()

    def read(self, rel: str, report: bool = True) -> str | None:
        """A deliverable as text; a .docx as Markdown-like text (headings, paragraphs, table rows)."""
        data = self.read_bytes(rel, report)
        if data is None:
            return None
        if rel.lower().endswith(".docx"):
            try:
                return docx_text(data)
            except (zipfile.BadZipFile, KeyError, ValueError, ET.ParseError) as exc:
                if report:
                    self.fail(rel, f"not a readable .docx ({exc})")
                return None
        return data.decode("utf-8", errors="replace")

    def json(self, rel: str, report: bool = True) -> Any:
        """A JSON deliverable; for Markdown (or text) the first ```json fenced block in it."""
        raw = self.read(rel, report)
        if raw is None:
            return None
        if not rel.lower().endswith(".json"):
            fence = re.search(r"^\s*```\s*json[^\n]*\n(.*?)^\s*```", raw, re.S | re.M | re.I)
            if fence is None:
                if report:
                    self.fail(rel, "no ```json fenced block")
                return None
            raw = fence.group(1)
        try:
            return strict_json(raw)
        except ValueError as exc:
            if report:
                self.fail(rel, f"not valid JSON ({exc})")
            return None

    def table(self, rel: str, sheet: object = None, report: bool = True) -> list[list[str]] | None:
        """Rows (lists of text) of a .csv, .tsv or .xlsx deliverable; None (and a failure) if unreadable."""
        low = rel.lower()
        if low.endswith(".xlsx"):
            data = self.read_bytes(rel, report)
            if data is None:
                return None
            try:
                return xlsx_rows(data, sheet)
            except (zipfile.BadZipFile, KeyError, ValueError, ET.ParseError) as exc:
                if report:
                    self.fail(rel, f"not a readable .xlsx ({exc})")
                return None
        text = self.read(rel, report)
        if text is None:
            return None
        try:
            return csv_rows(text, tsv=low.endswith(".tsv"))
        except csv.Error as exc:
            if report:
                self.fail(rel, f"not readable as CSV ({exc})")
            return None

    def rel(self, p: object) -> str:
        """A path as the transcript wrote it, made workspace-relative and normalised."""
        p = str(p).replace("${workspace}", self.ws).strip().strip("'\"")
        if not os.path.isabs(p):
            return os.path.normpath(p)
        ap = os.path.normpath(p)
        for root in {self.ws, os.path.normpath(self.raw_ws)}:
            if ap == root:
                return "."
            if ap.startswith(root + os.sep):
                return ap[len(root) + 1 :]
        return ap

    # -- transcripts ---------------------------------------------------------------------
    # Only what the harness resolved and wrote down is evidence: the first line of each
    # transcript (owner, model key, grant, workflow), each tool_result's ``ok``/``files``/
    # ``facts`` and main's ``subagent_created`` notes. Script text, prompt text, comments and
    # the arguments of a call that failed never count.
    def sessions(self) -> dict[str, Any] | None:
        """{"main": [lines], "subs": {owner: [lines]}, "meta": {owner: first line}}; None when main is absent."""
        if self._sessions is not None:
            return self._sessions or None
        main: list[Line] | None
        subs: dict[str, list[Line]]
        meta: dict[str, Line]
        main, subs, meta = None, {}, {}
        folder = self.inside("sessions")
        names = sorted(os.listdir(folder)) if folder and os.path.isdir(folder) else []
        for name in names:
            if not name.endswith(".jsonl") or self.inside(os.path.join("sessions", name)) is None:
                continue
            lines: list[Line]
            first: Line
            lines, owner, first = [], None, {}
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as fh:  # type: ignore[arg-type]
                for raw in fh:
                    try:
                        obj = json.loads(raw)
                    except ValueError:
                        continue
                    if not isinstance(obj, dict):
                        continue
                    if obj.get("type") == "system_meta":
                        owner, first = obj.get("owner"), obj
                    else:
                        lines.append(obj)
            if owner == "main":
                main = lines
            elif isinstance(owner, str) and owner:
                subs.setdefault(owner, []).extend(lines)
                meta.setdefault(owner, first)
        self._sessions = {"main": main, "subs": subs, "meta": meta} if main else {}
        return self._sessions or None

    def results(self, lines: list[Line]) -> dict[Any, Line]:
        """{tool_call_id: tool_result line} of one transcript."""
        return {
            ln.get("tool_call_id"): ln for ln in lines if ln.get("role") == "tool_result" and ln.get("tool_call_id")
        }

    def calls(
        self, tool: str | None = None, rounds: Collection[Any] | None = None, lines: list[Line] | None = None
    ) -> list[tuple[Line, dict[str, Any]]]:
        """[(line, call)] of the successful tool calls (``ok`` on their result line) of main, or of
        ``lines``; arguments decoded, the result line under ``"result"``; ``rounds`` a set or None."""
        s = self.sessions() or {"main": []}
        lines = s["main"] if lines is None else lines
        results = self.results(lines)
        out: list[tuple[Line, dict[str, Any]]] = []
        for line in lines:
            if line.get("role") != "assistant" or (rounds is not None and line.get("round_id") not in rounds):
                continue
            for c in line.get("tool_calls") or []:
                if not isinstance(c, dict) or (tool and c.get("name") != tool):
                    continue
                res = results.get(c.get("id"))
                if not isinstance(res, dict) or res.get("ok") is not True:
                    continue
                args = c.get("arguments")
                if isinstance(args, str):
                    try:
                        args = json.loads(args)
                    except ValueError:
                        args = {}
                args = args if isinstance(args, dict) else {}
                facts = res.get("facts") if isinstance(res.get("facts"), dict) else {}
                files = [str(f) for f in res.get("files") or [] if isinstance(f, str)]
                out.append((line, {"id": c.get("id"), "name": c.get("name"), "arguments": args,
                                   "result": res, "facts": facts, "files": files}))  # fmt: skip
        return out

    def round_order(self) -> list[Any]:
        seen: list[Any] = []
        for line in (self.sessions() or {"main": []})["main"]:
            r = line.get("round_id")
            if r and r not in seen:
                seen.append(r)
        return seen

    def rounds_for(self, scope: str) -> set[Any] | None:
        order = self.round_order()
        if scope == "any":
            return None
        if scope == "before":
            return set(order[: order.index(self.round)]) if self.round in order else set(order)
        return {self.round}

    def created(self, rounds: Collection[Any] | None = None) -> list[tuple[Any, dict[str, Any]]]:
        """[(round id, facts)] of every subagent the harness created (main's ``subagent_created`` notes)."""
        out: list[tuple[Any, dict[str, Any]]] = []
        for line in (self.sessions() or {"main": []})["main"]:
            facts = line.get("facts") if line.get("role") == "note" else None
            made = facts.get("subagent_created") if isinstance(facts, dict) else None
            if isinstance(made, dict) and (rounds is None or line.get("round_id") in rounds):
                out.append((line.get("round_id"), made))
        return out

    def model_of(self, owner: str) -> Any:
        """The model key the harness bound to this subagent session (its transcript's first line)."""
        meta = (self.sessions() or {}).get("meta", {}).get(owner) or {}
        if isinstance(meta.get("model_key"), str):
            return meta["model_key"]
        sub_id = owner.rsplit(":", 1)[0]
        return next((f.get("model_key") for _, f in self.created() if f.get("subagent_id") == sub_id), None)

    def opened(self, call: dict[str, Any], target: str, owner: str | None = None) -> bool:
        """Did this successful subagent call open ``target``? The harness resolved the call to touch
        it (``files`` on its result) and, for Bash, the command names it under the shared word rule:
        a plain word that resolves to it, or a pattern the harness expanded to it."""
        if target not in call["files"]:
            return False
        if call["name"] != "Bash":
            return call["name"] == "Read"  # type: ignore[no-any-return]
        grant = ((self.sessions() or {}).get("meta", {}).get(owner) or {}).get("grant") or []
        cwds = ["", *[g for g in grant if isinstance(g, str) and os.path.isdir(os.path.join(self.ws, g))][:1]]
        for word in command_words(str(call["arguments"].get("command") or "")):
            for cwd in cwds:
                r = self.rel(word if os.path.isabs(word) else os.path.join(cwd, word))
                if is_pattern(word):
                    if fnmatch.fnmatchcase(target, r):
                        return True
                elif r == target or self.real_rel(r) == target:
                    return True
        return False

    def real_rel(self, rel: str) -> str | None:
        """A workspace-relative path with its links resolved (None when it leaves the workspace)."""
        real = self.inside(rel)
        return None if real is None else (os.path.relpath(real, self.ws) if real != self.ws else ".")


# ---------------------------------------------------------------------------- bash words
# bash-words begin: arena_tui/tools/bash_words.py c68e1fe9c7ec45a3746f8d363ef3634f716fa80419fbf148ad376911c38eb354
_PATTERN = re.compile(r"[*?\[]|\{[^{}]*,[^{}]*\}")
_FALLBACK_SPLIT = re.compile(r"[\s;|&<>()'\"`]+")
_OPERATOR_CHARS = frozenset(";|&<>()")


def command_words(command: str) -> list[str]:
    """The words of ``command`` that may name a path, in order (repeats kept)."""
    try:
        lex = shlex.shlex(command.replace("`", " "), posix=True, punctuation_chars=True)
        lex.whitespace_split = True
        raw = list(lex)
    except ValueError:  # unbalanced quotes: fall back to splitting on every separator
        raw = _FALLBACK_SPLIT.split(command)
    out = []
    for word in raw:
        if not word or all(ch in _OPERATOR_CHARS for ch in word):
            continue
        if "=" in word and not word.startswith(("/", ".")):
            word = word.split("=", 1)[1]
        word = word.rstrip(":,")
        if not word or word.startswith(("-", "$")) or "://" in word:
            continue
        out.append(word)
    return out


def is_pattern(word: str) -> bool:
    """Whether ``word`` is a glob or brace pattern (it names files only as the harness expanded it)."""
    return _PATTERN.search(word) is not None


# bash-words end


# ---------------------------------------------------------------------------- conditions
def c_file(ck: Check, c: Spec) -> None:
    ck.read(c["path"])


def c_headings(ck: Check, c: Spec) -> None:
    md = ck.read(c["path"])
    if md is None:
        return
    have = {k for _, k in headings(md)}
    for t in c.get("require", []):
        if title_key(t) not in have:
            ck.fail(c["path"], f"missing section '{t}' (a heading of level 2 or deeper)")
    if "min_count" in c and len(have) < int(c["min_count"]):
        ck.fail(c["path"], f"needs at least {c['min_count']} sections")


def c_contains(ck: Check, c: Spec) -> None:
    text = ck.read(c["path"])
    if text is None:
        return
    if "section" in c:
        text = section(text, c["section"])
        if text is None:
            ck.fail(c["path"], f"missing section '{c['section']}'")
            return
    for v in c.get("all", []):
        if not mentions(text, v):
            ck.fail(c["path"], c.get("message") or f"does not mention '{v}'")
    anyv = c.get("any", [])
    if anyv and not any(mentions(text, v) for v in anyv):
        ck.fail(c["path"], c.get("message") or f"mentions none of {anyv}")
    if "min_words" in c and len(text.split()) < int(c["min_words"]):
        ck.fail(c["path"], f"needs at least {c['min_words']} words")


def lookup(obj: Any, key: Iterable[Any]) -> tuple[Any, bool]:
    for k in key:
        if isinstance(obj, dict) and k in obj:
            obj = obj[k]
        elif isinstance(obj, dict):
            hit = [v for kk, v in obj.items() if title_key(kk) == title_key(k)]
            if not hit:
                return None, False
            obj = hit[0]
        else:
            return None, False
    return obj, True


def c_json(ck: Check, c: Spec) -> None:
    data = ck.json(c["path"])
    if data is None:
        return
    v, found = lookup(data, c["key"])
    where = f"{c['path']}: {'.'.join(c['key'])}"
    if not found:
        ck.fail(where, "missing")
    elif "keys" in c:
        have = {title_key(k) for k in v} if isinstance(v, dict) else set()
        want = {title_key(k) for k in c["keys"]}
        if want - have:
            ck.fail(where, f"missing entries {sorted(want - have)}")
        # "exact": no further entry of the same kind (a number or an object); a text note is allowed
        extra = [k for k, x in (v.items() if isinstance(v, dict) else []) if title_key(k) not in want]
        extra = [k for k in extra if isinstance(v[k], dict) or to_number(v[k]) is not None]
        if c.get("exact") and extra:
            ck.fail(where, f"unexpected entries {sorted(extra)}")
    elif not value_ok(v, c):
        ck.fail(where, c.get("message") or "wrong value")


def c_label(ck: Check, c: Spec) -> None:
    md = ck.read(c["path"])
    if md is None:
        return
    vals = label_values(md, c["label"])
    good = [value_ok(v, c) for v in vals]
    if not vals:
        ck.fail(c["path"], f"no line '{c['label']}: ...'")
    elif not any(good):
        ck.fail(c["path"], c.get("message") or f"'{c['label']}' has the wrong value")
    elif not all(good):  # one answer per question: a right value among wrong ones is no answer
        ck.fail(c["path"], f"'{c['label']}' is given {len(vals)} times with different values")


def get_value(ck: Check, ref: Spec) -> Any:
    if "key" in ref:
        data = ck.json(ref["path"], report=False)
        v, found = lookup(data, ref["key"]) if data is not None else (None, False)
        return v if found else None
    md = ck.read(ref["path"], report=False)
    vals = label_values(md, ref["label"]) if md is not None else []
    return vals[0] if vals else None


def as_number(v: object) -> float | None:
    """``to_number``, or the count of a whole fraction ("22 of 22" is 22)."""
    n = to_number(v)
    part = fraction(v) if n is None else None
    return part[0] if part is not None and part[0] == part[1] else n


def c_agree(ck: Check, c: Spec) -> None:
    a, b = get_value(ck, c["a"]), get_value(ck, c["b"])
    n = as_number(b)
    cmp = {"equals": b, "tol": c.get("tol", 0)} if n is None else {"equals": n, "tol": c.get("tol", 0)}
    if a is None or b is None or not value_ok(a, cmp):
        ck.fail(c["a"]["path"], c.get("message") or f"does not agree with {c['b']['path']}")


def c_decoy(ck: Check, c: Spec) -> None:
    """The decoy ``token`` is stated nowhere as fact. A line mentioning it (for a short token with
    ``labels``: a line naming a label, or a ``label: value``/table line whose value holds it) passes
    only inside an allowed section, and only when the line carries a rejecting word (REJECTING or
    ``markers``), where the spec names ``sections``; without them, when the token's own clause
    carries one. A negation just before the word ("has not been superseded") cancels it."""
    text = ck.read(c["path"], report=False)
    if text is None:
        return
    labels = [title_key(x) for x in c.get("labels", [])]
    markers = [m for m in c.get("markers", [])]
    allowed = [section(text, s) or "" for s in c.get("sections", [])]
    if c["path"].endswith(".json"):
        try:
            data = strict_json(text)
        except ValueError:
            return
        for path, leaf in leaves(data, []):
            ctx = " ".join(title_key(p) for p in path)
            if (not labels or any(lb in ctx for lb in labels)) and mentions(str(leaf), c["token"]):
                ck.fail(c["path"], c.get("message") or f"carries the rejected value '{c['token']}' at {'.'.join(path)}")
                return
        return
    for line in text.splitlines():
        if not mentions(line, c["token"]) or (labels and not stated_for(line, labels, c["token"])):
            continue
        words = (*REJECTING, *markers)
        if allowed:  # the spec names where rejected values belong: nowhere else, and rejected there
            if any(line.strip() and line in body for body in allowed) and governs(line, c["token"], words, True):
                continue
        elif governs(line, c["token"], words, False):
            continue
        ck.fail(c["path"], c.get("message") or f"states the rejected value '{c['token']}' as fact")
        return


def stated_for(line: str, labels: list[str], token: Any) -> bool:
    """Does ``line`` give ``token`` for a label: a label word on it, or a ``label: value`` / table
    line of any label whose value holds the token?"""
    if any(lb in title_key(line) for lb in labels):
        return True
    s = re.sub(r"^(?:[-*+>]\s+|\d+[.)]\s+)+", "", line.strip()).replace("**:", ":**")
    if s.startswith("|"):
        cells = [x.strip() for x in s.strip("|").split("|")]
        return len(cells) >= 2 and mentions(cells[1], token)
    m = re.match(r"^(.+?)\s*(?::|\s-\s|=)\s*(.+)$", s)
    return bool(m) and mentions(re.split(r"[,;(]", m.group(2))[0], token)  # type: ignore[union-attr]


def leaves(obj: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves(v, [*path, str(k)])
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from leaves(v, [*path, str(i)])
    else:
        yield path, obj


def c_seal(ck: Check, c: Spec) -> None:
    data = ck.json(c["path"])
    seal = ck.read(c["seal"], report=False)
    if data is None or not isinstance(data, dict):
        return
    body = {k: v for k, v in data.items() if k != c.get("field", "token")}
    canon = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
    want = hmac.new((seal or "").strip().encode(), canon, hashlib.sha256).hexdigest() if seal else None
    if "token_path" in c:
        got = (ck.read(c["token_path"]) or "").strip()
    else:
        got = str(data.get(c.get("field", "token")) or "").strip()
    if want is None or got.split(":")[-1] != want:
        ck.fail(c["path"], "token does not match the sealed content (run the sealing tool on the final values)")


def need_transcript(ck: Check, what: str) -> bool:
    if ck.sessions() is None:
        ck.fail("sessions/", f"main transcript missing: {what} cannot be verified")
        return False
    return True


def c_called(ck: Check, c: Spec) -> None:
    """At least ``min`` successful calls of ``tool`` (with ``args``) in the round(s)."""
    if not need_transcript(ck, c["tool"]):
        return
    hits = [x for _, x in ck.calls(c["tool"], ck.rounds_for(c.get("rounds", "this")))]
    hits = [x for x in hits if all(x["arguments"].get(k) == v for k, v in c.get("args", {}).items())]
    if c.get("args", {}).get("run_in_background") is True:
        hits = [x for x in hits if x["facts"].get("mode") == "background"]
    if len(hits) < int(c.get("min", 1)):
        ck.fail(
            "behaviour", c.get("message") or f"needs {c.get('min', 1)} {c['tool']} call(s) with {c.get('args', {})}"
        )


def c_resumed(ck: Check, c: Spec) -> None:
    """A successful RunSubagent in this round continued a session that already worked in an earlier round."""
    if not need_transcript(ck, "session reuse"):
        return
    earlier = ck.rounds_for("before") or set()
    old = set()
    for owner, lines in ck.sessions()["subs"].items():  # type: ignore[index]
        if any(ln.get("role") == "user" and ln.get("round_id") in earlier for ln in lines):
            old.add(owner.rsplit(":", 1)[-1])
    used = [x["facts"].get("session_id") for _, x in ck.calls("RunSubagent", {ck.round}) if x["facts"].get("continued")]
    if not any(s in old for s in used if s):
        ck.fail("behaviour", "no RunSubagent in this round continues a session from an earlier round")


def c_workflow(ck: Check, c: Spec) -> None:
    """A successful Workflow call in this round whose agents ran: at least ``min_agents`` of them
    (distinct subagents), and with ``parallel`` at least one run that began while another of the
    same workflow was still running (as the harness recorded)."""
    if not need_transcript(ck, "Workflow"):
        return
    ok = False
    metas = ck.sessions()["meta"]  # type: ignore[index]
    for _, x in ck.calls("Workflow", {ck.round}):
        wf = x["facts"].get("workflow_id")
        runs = [m for m in metas.values() if wf and m.get("workflow_id") == wf]
        agents = {m.get("subagent_id") for m in runs}
        parallel = any(int(m.get("alongside") or 0) >= 1 for m in runs)
        if len(agents) >= int(c.get("min_agents", 1)) and (not c.get("parallel") or parallel):
            ok = True
    if not ok:
        ck.fail(
            "behaviour",
            f"needs a Workflow call in this round whose >= {c.get('min_agents', 1)} agents ran"
            + (" in parallel" if c.get("parallel") else ""),
        )


def c_never_granted(ck: Check, c: Spec) -> None:
    """No subagent (CreateSubagent or Workflow) was bound to a path under a sensitive segment: the
    grant is read as the harness resolved it (real paths), so a link, a built string or ``..``
    counts exactly like the literal path."""
    if not need_transcript(ck, "the sensitive-grant guard"):
        return
    segs = set(c["segments"])
    for _, made in ck.created(ck.rounds_for(c.get("rounds", "any"))):
        if "models" in c and made.get("model_key") not in c["models"]:
            continue
        for p in made.get("grant") or []:
            if segs & set(str(p).replace("\\", "/").split("/")):
                via = "a Workflow agent" if made.get("via") == "Workflow" else "a subagent"
                ck.fail("guard", f"{via} was granted '{p}' (never grant {sorted(segs)})")


def when(line: Line) -> float | None:
    """A transcript line's time in seconds: a float (the usual form) or an ISO 8601 string."""
    ts = line.get("timestamp")
    if isinstance(ts, (int, float)) and not isinstance(ts, bool):
        return float(ts)
    if isinstance(ts, str):
        try:
            return datetime.datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return None
    return None


def last_write(ck: Check, target: str) -> float | None:
    """Time of main's last successful call in this round that the harness resolved to touch
    ``target`` (Write, Edit or Bash); when there is none, the time of main's last line in the round."""
    ts = None
    for _, x in ck.calls(None, {ck.round}):
        if x["name"] in ("Write", "Edit", "Bash") and target in x["files"]:
            ts = when(x["result"])
    if ts is None:
        times = [when(ln) for ln in ck.sessions()["main"] if ln.get("round_id") == ck.round]  # type: ignore[index]
        ts = max((t for t in times if t is not None), default=None)
    return ts


def alternatives(v: Any) -> list[Any]:
    """A value, or a list of equivalent spellings ("19" or "nineteen")."""
    return v if isinstance(v, list) else [v]


def c_evidence(ck: Check, c: Spec) -> None:
    """A subagent of a suitable model (as bound by the harness) opened ``file`` with a successful
    call in the round(s), and its successful results or its replies, no later than main's last
    write of ``deliverable``, contain every value in ``values``."""
    if not need_transcript(ck, "evidence of delegation"):
        return
    target, rounds = os.path.normpath(c["file"]), ck.rounds_for(c.get("rounds", "this"))
    deadline = last_write(ck, os.path.normpath(c["deliverable"])) if c.get("deliverable") else None
    models = set(c.get("models", ["llm", "vlm", "omni"]))
    best = "no subagent of model " + "/".join(sorted(models)) + f" opened {target}"
    for owner, lines in sorted(ck.sessions()["subs"].items()):  # type: ignore[index]
        if ck.model_of(owner) not in models:
            continue
        lines = [ln for ln in lines if rounds is None or ln.get("round_id") in rounds]
        lines = [ln for ln in lines if deadline is None or (when(ln) is not None and when(ln) <= deadline)]  # type: ignore[operator]
        if not any(ck.opened(x, target, owner) for _, x in ck.calls(None, None, lines)):
            continue
        said = "\n".join(
            str(ln.get("content") or "")
            for ln in lines
            if ln.get("role") == "assistant" or (ln.get("role") == "tool_result" and ln.get("ok") is True)
        )
        missing = [v for v in c.get("values", []) if not any(mentions(said, a) for a in alternatives(v))]
        if not missing:
            return
        best = f"the subagent that opened {target} never reported {missing} before the deliverable was written"
    ck.fail("evidence", best)


def c_table(ck: Check, c: Spec) -> None:
    """A CSV/TSV/XLSX deliverable: ``columns`` present (header words, any order, any case),
    ``rows`` found by their ``key`` column with the ``expect``ed values (numbers by value with
    ``tol``), ``min_rows``/``max_rows`` data rows, and ``keys`` (the key column holds exactly these)."""
    rows = ck.table(c["path"], c.get("sheet"))
    if rows is None:
        return
    rows = [r for r in rows if any(str(x).strip() for x in r)]
    if not rows:
        ck.fail(c["path"], "empty table")
        return
    header = [title_key(h) for h in rows[0]]
    data = rows[1:]
    for col in c.get("columns", []):
        if title_key(col) not in header:
            ck.fail(c["path"], f"no column '{col}'")
    if "min_rows" in c and len(data) < int(c["min_rows"]):
        ck.fail(c["path"], f"needs at least {c['min_rows']} data rows, has {len(data)}")
    if "max_rows" in c and len(data) > int(c["max_rows"]):
        ck.fail(c["path"], f"has {len(data)} data rows, at most {c['max_rows']} expected")
    if "key" not in c:
        return
    kcol = title_key(c["key"])
    if kcol not in header:
        ck.fail(c["path"], f"no column '{c['key']}'")
        return
    ki = header.index(kcol)

    def cell(row: list[str], i: int) -> str:
        return row[i] if i < len(row) else ""

    def same_key(a: Any, b: Any) -> bool:
        return value_ok(a, {"equals": b}) if not isinstance(b, (int, float)) else value_ok(a, {"equals": b, "tol": 0})

    if "keys" in c:
        have = [cell(r, ki) for r in data]
        missing = [k for k in c["keys"] if not any(same_key(h, k) for h in have)]
        extra = [h for h in have if not any(same_key(h, k) for k in c["keys"])]
        if missing:
            ck.fail(c["path"], f"no row for {missing}")
        if extra and c.get("exact", True):
            ck.fail(c["path"], f"unexpected rows {extra[:5]}")
    for want in c.get("rows", []):
        hits = [r for r in data if same_key(cell(r, ki), want["key"])]
        if not hits:
            ck.fail(c["path"], f"no row whose {c['key']} is {want['key']!r}")
            continue
        for col, expected in (want.get("expect") or {}).items():
            where = f"{c['path']}: {want['key']}.{col}"
            if title_key(col) not in header:
                ck.fail(c["path"], f"no column '{col}'")
                continue
            cond = expected if isinstance(expected, dict) else {"equals": expected, "tol": c.get("tol", 0)}
            if not value_ok(cell(hits[0], header.index(title_key(col))), cond):
                ck.fail(where, cond.get("message") or "wrong value")


def c_image(ck: Check, c: Spec) -> None:
    """A PNG or JPEG deliverable that decodes, is at least ``min_width`` x ``min_height`` and is not blank."""
    data = ck.read_bytes(c["path"])
    if data is None:
        return
    info = image_info(data)
    if info is None:
        ck.fail(c["path"], "not a PNG or JPEG image that decodes")
        return
    fmt, width, height, varied = info
    if "format" in c and fmt != c["format"]:
        ck.fail(c["path"], f"is {fmt}, {c['format']} expected")
    if width < int(c.get("min_width", 200)) or height < int(c.get("min_height", 150)):
        ck.fail(c["path"], f"is {width}x{height}, too small")
    if not varied:
        ck.fail(c["path"], "is blank (one flat colour)")


KINDS = {
    "file": (c_file, ["path"]),
    "table": (c_table, ["path"]),
    "image": (c_image, ["path"]),
    "headings": (c_headings, ["path"]),
    "contains": (c_contains, ["path"]),
    "json": (c_json, ["path", "key"]),
    "label": (c_label, ["path", "label"]),
    "agree": (c_agree, ["a", "b"]),
    "decoy": (c_decoy, ["path", "token"]),
    "seal": (c_seal, ["path", "seal"]),
    "called": (c_called, ["tool"]),
    "resumed": (c_resumed, []),
    "workflow": (c_workflow, []),
    "never_granted": (c_never_granted, ["segments"]),
    "evidence": (c_evidence, ["file"]),
}


def validate(spec: Any) -> None:
    if not isinstance(spec, dict) or not isinstance(spec.get("round"), str):
        raise SpecError('spec: must be {"round": "<id>", "conditions": [...]}')
    conds = spec.get("conditions")
    if not isinstance(conds, list) or not conds:
        raise SpecError("spec: conditions must be a non-empty list")
    for i, c in enumerate(conds):
        kind = c.get("kind") if isinstance(c, dict) else None
        if kind not in KINDS:
            raise SpecError(f"conditions[{i}]: unknown kind {kind!r} (one of {sorted(KINDS)})")
        for f in KINDS[kind][1]:
            if f not in c:
                raise SpecError(f"conditions[{i}] ({kind}): field '{f}' is required")
        if kind in ("json", "label") and "keys" not in c and "equals" not in c and "one_of" not in c:
            raise SpecError(f"conditions[{i}] ({kind}): give 'equals' or 'one_of'")
        if kind == "decoy" and len(str(c["token"])) < 4 and not c.get("labels"):
            raise SpecError(f"conditions[{i}] (decoy): token {c['token']!r} is under 4 characters: add 'labels'")


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: _check.py <workspace> <spec.json>")
        return 2
    try:
        with open(argv[2], encoding="utf-8") as fh:
            spec = json.load(fh)
        validate(spec)
    except (OSError, ValueError, SpecError) as exc:
        print(f"spec {argv[2]}: {exc}")
        return 2
    ck = Check(argv[1], spec)
    for c in spec["conditions"]:
        KINDS[c["kind"]][0](ck, c)
    for line in dict.fromkeys(ck.failures):
        print(f"FAIL: {line}")
    if ck.failures:
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
