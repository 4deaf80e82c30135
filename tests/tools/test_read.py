"""Read: numbering, paging, size gates, documents, media and touches."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from arena_tui.events import ToolResult
from arena_tui.sandbox.filekinds import detect
from arena_tui.tools import count_by_modality
from tests.tools.media import pdf_bytes, png_bytes, wav_bytes, write_docx, write_xlsx
from tests.tools.workspace import World, runner


def _pub(world: World) -> Path:
    return world.ws / "pub"


async def _read(world: World, path: Path | str, agent: str = "main", **kw: object):  # type: ignore[no-untyped-def]
    ctx = world.ctx(agent, **({"modalities": kw.pop("modalities")} if "modalities" in kw else {}))
    return await runner.run("c", "Read", {"file_path": str(path), **kw}, ctx)


async def test_numbered_lines_and_touch(world: World) -> None:
    out = await _read(world, _pub(world) / "a.txt")
    assert out.text == "1\talpha\n2\tMAIN_ONLY_55d0"
    assert not out.is_error
    (touch,) = out.files
    assert (touch.path, touch.op, touch.modality) == ("pub/a.txt", "read", "text")
    assert touch.sha256 and len(touch.sha256) == 64
    result = next(e for e in world.events if isinstance(e, ToolResult))
    assert result.files == out.files and result.duration_ms >= 0


async def test_offset_and_limit(world: World) -> None:
    f = _pub(world) / "n.txt"
    f.write_text("".join(f"line{i}\n" for i in range(1, 11)))
    out = await _read(world, f, offset=2, limit=3)
    assert out.text == "3\tline3\n4\tline4\n5\tline5\n[5 more lines; continue with offset=5]"
    out = await _read(world, f, offset=10)
    assert out.is_error and "past the end" in out.text
    assert (await _read(world, f, offset=-1)).text == "offset must be >= 0"
    assert (await _read(world, f, limit=0)).text == "limit must be >= 1"


async def test_empty_long_and_invalid_utf8(world: World) -> None:
    f = _pub(world) / "e.txt"
    f.write_bytes(b"")
    assert (await _read(world, f)).text == "(file is empty)"
    f.write_bytes(b"ok \xff\xfe bad\n" + b"x" * 2500 + b"\n")
    out = await _read(world, f)
    assert "ok \ufffd\ufffd bad" in out.text and "[line truncated]" in out.text


async def test_size_notice_and_limit(world: World) -> None:
    f = _pub(world) / "big.txt"
    f.write_text("y" * 100 + "\n" * 400)  # ~500 B
    f.write_text(("z" * 99 + "\n") * 400)  # 40 KB
    out = await _read(world, f)
    assert out.text.startswith("[notice: this file is large (40000 bytes)") and not out.is_error
    f.write_text(("z" * 99 + "\n") * 3000)  # 300 KB
    out = await _read(world, f)
    assert out.is_error and "too large to read at once" in out.text and "offset and limit" in out.text
    out = await _read(world, f, offset=10, limit=2)
    assert not out.is_error and "11\t" + "z" * 99 in out.text


async def test_documents(world: World) -> None:
    pdf = _pub(world) / "r.pdf"
    pdf.write_bytes(pdf_bytes("Hello PDF world"))
    out = await _read(world, pdf)
    assert "[page 1]" in out.text and "Hello PDF world" in out.text
    assert out.files[0].modality == "document"
    docx = _pub(world) / "r.docx"
    write_docx(docx, "Quarterly memo")
    out = await _read(world, docx)
    assert "Quarterly memo" in out.text and "k\tv" in out.text
    xlsx = _pub(world) / "r.xlsx"
    write_xlsx(xlsx)
    out = await _read(world, xlsx)
    assert "[sheet Data]" in out.text and "apple\t3" in out.text
    bad = _pub(world) / "bad.pdf"
    bad.write_bytes(b"%PDF-1.4 garbage")
    out = await _read(world, bad)
    assert out.is_error and "cannot extract text" in out.text
    # Found in scope and read, as the earlier release's Read counted it before parsing: the touch rides on
    # the error (compat TPS/WPS count it); a file that is not there leaves no touch.
    assert [(t.path, t.op) for t in out.files] == [("pub/bad.pdf", "read")]
    missing = await _read(world, _pub(world) / "absent.docx")
    assert missing.is_error and missing.files == []


async def test_media_placeholder_for_text_only_agent(world: World) -> None:
    img = _pub(world) / "photo.png"
    img.write_bytes(png_bytes())
    out = await _read(world, img)
    real = str(img.resolve())
    assert not out.is_error and out.files == [] and out.attachments == []
    first = out.text.splitlines()[0]
    assert first == (
        f"[image file | not natively supported by this agent | path={real} mime=image/png size={len(png_bytes())}]"
    )
    assert "delegate to a subagent" in out.text and "vlm" in out.text


async def test_media_attachment_for_perceiving_agent(world: World) -> None:
    img = _pub(world) / "sub" / "photo.png"
    img.write_bytes(png_bytes())
    wav = _pub(world) / "sub" / "clip.wav"
    wav.write_bytes(wav_bytes())
    mods = {"text": True, "image": 2}
    out = await _read(world, img, agent="sub", modalities=mods)
    (att,) = out.attachments
    assert (att.modality, att.mime) == ("image", "image/png")
    assert base64.b64decode(att.data_b64) == png_bytes()
    assert out.files[0].modality == "image"
    out2 = await _read(world, wav, agent="sub", modalities=mods)
    assert "audio file | not natively supported" in out2.text and "omni" in out2.text
    out3 = await _read(world, wav, agent="sub", modalities={"text": True, "audio": 1})
    assert count_by_modality(out.attachments + out3.attachments) == {"image": 1, "audio": 1}


@pytest.mark.parametrize(
    ("name", "data", "kind"),
    [
        ("x.txt", png_bytes(), "image"),  # content wins over the name
        ("x.png", b"just text\n", "text"),
        ("x.bin", b"\x00\x01\x02", "binary"),
        ("x.jpg", b"\xff\xd8\xff\xe0rest", "image"),
        ("x", b"GIF89a....", "image"),
        ("x", b"RIFF\x00\x00\x00\x00WEBPVP8 ", "image"),
        ("x", wav_bytes(), "audio"),
        ("x", b"ID3\x03\x00rest", "audio"),
        ("x", b"OggS\x00rest", "audio"),
        ("x", b"fLaC\x00rest", "audio"),
        ("x.mp3", b"\xff\xfbraw frame", "audio"),
        ("x", b"\x00\x00\x00\x18ftypmp42rest", "video"),
        ("x", b"\x00\x00\x00\x18ftypM4A rest", "audio"),
        ("x", b"%PDF-1.7", "pdf"),
        ("x.zip", b"PK\x03\x04\x00\x00notreallyazip", "binary"),
    ],
)
def test_detect(name: str, data: bytes, kind: str) -> None:
    assert detect(name, data).kind == kind


async def test_binary_missing_dir_relative(world: World) -> None:
    b = _pub(world) / "b.bin"
    b.write_bytes(b"\x00\x01" * 10)
    assert "binary file (20 bytes)" in (await _read(world, b)).text
    assert (await _read(world, _pub(world) / "nope")).text.startswith("file does not exist")
    assert "directory" in (await _read(world, _pub(world) / "sub")).text
    out = await _read(world, "pub/a.txt")
    assert out.is_error and not out.forbidden
    assert out.text == "file path must be absolute, got 'pub/a.txt'"
    assert world.forbidden() == []
