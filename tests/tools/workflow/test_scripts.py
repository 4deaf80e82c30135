"""Saving scripts under workflows/ and confining scriptPath to that folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_tui.tools.workflow import resolve_script_path, save_script


def test_save_script_numbers_files(tmp_path: Path) -> None:
    folder = tmp_path / "workflows"
    first = save_script(folder, "return 1;")
    second = save_script(folder, "return 2;")
    assert [first.name, second.name] == ["workflow_001.js", "workflow_002.js"]
    assert second.read_text(encoding="utf-8") == "return 2;"
    (folder / "workflow_007.js").write_text("x", encoding="utf-8")
    assert save_script(folder, "y").name == "workflow_008.js"


def test_resolve_accepts_files_inside(tmp_path: Path) -> None:
    saved = save_script(tmp_path, "return 1;")
    assert resolve_script_path(tmp_path, "workflow_001.js") == saved.resolve()
    assert resolve_script_path(tmp_path, str(saved)) == saved.resolve()


@pytest.mark.parametrize("bad", ["../secret.js", "/etc/passwd", "sub/../../secret.js"])
def test_resolve_refuses_paths_outside(tmp_path: Path, bad: str) -> None:
    folder = tmp_path / "workflows"
    folder.mkdir()
    (tmp_path / "secret.js").write_text("x", encoding="utf-8")
    with pytest.raises(ValueError, match="outside the workflows folder"):
        resolve_script_path(folder, bad)


def test_resolve_refuses_symlink_escape_and_missing(tmp_path: Path) -> None:
    folder = tmp_path / "workflows"
    folder.mkdir()
    (tmp_path / "secret.js").write_text("x", encoding="utf-8")
    (folder / "link.js").symlink_to(tmp_path / "secret.js")
    with pytest.raises(ValueError, match="outside"):
        resolve_script_path(folder, "link.js")
    with pytest.raises(ValueError, match="does not name a file"):
        resolve_script_path(folder, "missing.js")
    with pytest.raises(ValueError, match="empty"):
        resolve_script_path(folder, " ")
