"""Round updates never follow a link an agent planted: refused and recorded, outside untouched."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import pytest

from arena_tui.dataset.updates import UpdateOp, execute_update


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path, Path]:
    src = tmp_path / "src"
    (src / "bundle").mkdir(parents=True)
    (src / "late.csv").write_text("fresh,data\n")
    (src / "bundle" / "b.txt").write_text("bundle\n")
    ws = tmp_path / "ws"
    (ws / "evidence").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.txt").write_text("VICTIM\n")
    os.chmod(outside / "victim.txt", 0o600)
    return src, ws, outside


def _state(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p): (p.read_bytes(), p.stat().st_mode) for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("op", ["new", "replace"])
def test_planted_file_link_is_refused(setup: tuple[Path, Path, Path], op: Literal["new", "replace"]) -> None:
    src, ws, outside = setup
    (ws / "evidence" / "late.csv").symlink_to(outside / "victim.txt")
    before = _state(outside)
    refused = execute_update([UpdateOp(op, src / "late.csv", "evidence/late.csv", ("evidence/late.csv",))], ws)
    assert len(refused) == 1 and refused[0].startswith("evidence/late.csv:") and "symbolic link" in refused[0]
    assert _state(outside) == before


def test_planted_folder_link_is_refused(setup: tuple[Path, Path, Path]) -> None:
    src, ws, outside = setup
    os.rename(ws / "evidence", ws / "evidence.old")
    (ws / "evidence").symlink_to(outside, target_is_directory=True)
    before = _state(outside)
    ops = [
        UpdateOp("new", src / "late.csv", "evidence/late.csv", ("evidence/late.csv",)),
        UpdateOp("new", src / "bundle", "evidence/sub/bundle", ("evidence/sub/bundle/b.txt",)),
        UpdateOp("new", src / "late.csv", "output/ok.csv", ("output/ok.csv",)),
    ]
    refused = execute_update(ops, ws)
    assert [r.split(":")[0] for r in refused] == ["evidence/late.csv", "evidence/sub/bundle"]
    assert _state(outside) == before and sorted(p.name for p in outside.iterdir()) == ["victim.txt"]
    assert (ws / "output" / "ok.csv").read_text() == "fresh,data\n"  # the rest still applies


def test_replace_of_a_folder_link_does_not_empty_the_target(setup: tuple[Path, Path, Path]) -> None:
    src, ws, outside = setup
    (ws / "bundle").symlink_to(outside, target_is_directory=True)
    refused = execute_update([UpdateOp("replace", src / "bundle", "bundle", ("bundle/b.txt",))], ws)
    assert refused and (outside / "victim.txt").read_text() == "VICTIM\n"


def test_hard_link_to_outside_is_unlinked_not_written_through(setup: tuple[Path, Path, Path]) -> None:
    src, ws, outside = setup
    os.link(outside / "victim.txt", ws / "evidence" / "late.csv")
    for op in ("replace", "new"):
        refused = execute_update([UpdateOp(op, src / "late.csv", "evidence/late.csv", ("evidence/late.csv",))], ws)
        assert refused == []
        assert (outside / "victim.txt").read_text() == "VICTIM\n"
        assert (outside / "victim.txt").stat().st_mode & 0o777 == 0o600
        assert (ws / "evidence" / "late.csv").read_text() == "fresh,data\n"
        assert (ws / "evidence" / "late.csv").stat().st_nlink == 1


def test_plain_updates_still_copy_files_folders_and_modes(setup: tuple[Path, Path, Path]) -> None:
    src, ws, _ = setup
    os.chmod(src / "late.csv", 0o640)
    ops = [
        UpdateOp("new", src / "late.csv", "evidence/deep/late.csv", ("evidence/deep/late.csv",)),
        UpdateOp("new", src / "bundle", "bundle", ("bundle/b.txt",)),
    ]
    assert execute_update(ops, ws) == []
    assert (ws / "evidence" / "deep" / "late.csv").stat().st_mode & 0o777 == 0o640
    (ws / "bundle" / "extra.txt").write_text("agent made\n")
    (ws / "bundle" / "deep").mkdir()
    (ws / "bundle" / "deep" / "x").write_text("x")
    inode = (ws / "bundle").stat().st_ino
    assert execute_update([UpdateOp("replace", src / "bundle", "bundle", ("bundle/b.txt",))], ws) == []
    assert sorted(p.name for p in (ws / "bundle").iterdir()) == ["b.txt"]
    assert (ws / "bundle").stat().st_ino == inode  # a grant pinned to the folder stays valid
