"""What a file is: by its magic bytes first, by its extension second.

Content wins over the name, so a PNG renamed ``notes.txt`` is still an image and a
text file named ``x.png`` is read as text. The extension only decides when the bytes
carry no recognisable signature (raw MPEG audio frames, for instance).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from typing import Literal

from arena_tui.vocabulary import Modality

Kind = Literal["text", "image", "audio", "video", "pdf", "docx", "xlsx", "binary"]


@dataclass(frozen=True)
class FileKind:
    """A file's kind, its MIME type and the modality a model needs to perceive it."""

    kind: Kind
    mime: str
    modality: Modality


TEXT = FileKind("text", "text/plain", "text")
BINARY = FileKind("binary", "application/octet-stream", "text")
PDF = FileKind("pdf", "application/pdf", "document")
DOCX = FileKind("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "document")
XLSX = FileKind("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "document")

_EXT: dict[str, FileKind] = {
    ".png": FileKind("image", "image/png", "image"),
    ".jpg": FileKind("image", "image/jpeg", "image"),
    ".jpeg": FileKind("image", "image/jpeg", "image"),
    ".gif": FileKind("image", "image/gif", "image"),
    ".webp": FileKind("image", "image/webp", "image"),
    ".wav": FileKind("audio", "audio/wav", "audio"),
    ".mp3": FileKind("audio", "audio/mpeg", "audio"),
    ".ogg": FileKind("audio", "audio/ogg", "audio"),
    ".flac": FileKind("audio", "audio/flac", "audio"),
    ".m4a": FileKind("audio", "audio/mp4", "audio"),
    ".mp4": FileKind("video", "video/mp4", "video"),
    ".mov": FileKind("video", "video/quicktime", "video"),
    ".pdf": PDF,
    ".docx": DOCX,
    ".xlsx": XLSX,
}


def _sniff(head: bytes, data_for_zip: bytes | None) -> FileKind | None:
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return _EXT[".png"]
    if head.startswith(b"\xff\xd8\xff"):
        return _EXT[".jpg"]
    if head.startswith((b"GIF87a", b"GIF89a")):
        return _EXT[".gif"]
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return _EXT[".webp"]
    if head.startswith(b"RIFF") and head[8:12] == b"WAVE":
        return _EXT[".wav"]
    if head.startswith(b"ID3"):
        return _EXT[".mp3"]
    if head.startswith(b"OggS"):
        return _EXT[".ogg"]
    if head.startswith(b"fLaC"):
        return _EXT[".flac"]
    if head[4:8] == b"ftyp":
        return _EXT[".m4a"] if head[8:12] in (b"M4A ", b"M4B ") else _EXT[".mp4"]
    if head.startswith(b"%PDF-"):
        return PDF
    if head.startswith(b"PK\x03\x04") and data_for_zip is not None:
        return _office_kind(data_for_zip)
    return None


def _office_kind(data: bytes) -> FileKind | None:
    try:
        names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return None
    if "word/document.xml" in names:
        return DOCX
    if "xl/workbook.xml" in names:
        return XLSX
    return None


def looks_binary(sample: bytes) -> bool:
    """NUL bytes in the first few KiB mean binary (the rule git and grep use)."""
    return b"\x00" in sample[:8192]


def detect(name: str, data: bytes) -> FileKind:
    """Classify a file from its name and (at least its first KiB of) content."""
    ext = ("." + name.rsplit(".", 1)[-1].lower()) if "." in name.rsplit("/", 1)[-1] else ""
    sniffed = _sniff(data[:64], data if data.startswith(b"PK\x03\x04") else None)
    if sniffed is not None:
        return sniffed
    by_ext = _EXT.get(ext)
    if by_ext is not None and by_ext.kind in ("image", "audio", "video") and looks_binary(data):
        return by_ext
    if by_ext is not None and by_ext.kind in ("audio",) and data[:2] in (b"\xff\xfb", b"\xff\xf3"):
        return by_ext
    if looks_binary(data):
        return BINARY
    return TEXT
