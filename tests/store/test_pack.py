"""Submission packs: pack → verify round trip, tampered packs refused one line each, compare ranks a pack."""

from __future__ import annotations

import json
import sqlite3
import zipfile
from pathlib import Path

import pytest

from arena_tui.cli import main
from arena_tui.store.pack import MANIFEST, read_pack, sha256_bytes, write_pack
from tests.runner.helpers import run_plan

SID = "s_demo_supplier_shortfall_claim"


@pytest.fixture(scope="module")
def packed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("pack")
    out = root / "run"
    run_plan(out, only=[SID])
    target = root / "run.pack.zip"
    assert main(["pack", str(out), "-o", str(target), "-m", '{"main": {"provider": "oracle"}}']) == 0
    return out, target


def rewrite(
    src: Path,
    dest: Path,
    change: dict[str, bytes] | None = None,
    manifest: dict[str, object] | None = None,
    checksum: bool = True,
) -> Path:
    """A copy of the pack with files replaced; ``checksum``: the manifest is updated to match
    (what someone who edits a pack on purpose would do)."""
    meta, files = read_pack(src)
    files = {**files, **(change or {})}
    meta = {**meta, **(manifest or {})}
    if checksum:
        write_pack(dest, files, {k: v for k, v in meta.items() if k != "files"})
    else:
        with zipfile.ZipFile(dest, "w") as zf:
            zf.writestr(MANIFEST, json.dumps(meta))
            for name, data in files.items():
                zf.writestr(name, data)
    return dest


def refused(pack: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["verify", str(pack)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "refused" in err
    return err


def test_pack_holds_what_a_leaderboard_needs(packed: tuple[Path, Path]) -> None:
    meta, files = read_pack(packed[1])
    assert {"arena.sqlite", "report.json", "report.md", "model.json"} <= set(files)
    assert any(n.startswith(f"transcripts/{SID}/sessions/main") for n in files)
    assert meta["files"] == {n: sha256_bytes(d) for n, d in sorted(files.items())}
    assert meta["dataset"]["name"] and len(meta["dataset"]["sha256"]) == 64 and meta["harness_version"]
    assert {"platform", "python", "cpus"} <= set(meta["machine"])
    assert json.loads(files["model.json"])["main"]["provider"] == "oracle"


def test_model_json_keeps_no_secret(packed: tuple[Path, Path], tmp_path: Path) -> None:
    model = {"main": {"provider": "oracle"}, "llm": {"provider": "sim", "api_key": "sk-SECRET", "headers": {"x": "y"}}}
    target = tmp_path / "p.zip"
    assert main(["pack", str(packed[0]), "-o", str(target), "-m", json.dumps(model)]) == 0
    _, files = read_pack(target)
    assert b"sk-SECRET" not in b"".join(files.values())


def test_verify_round_trip(packed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(packed[1])]) == 0
    assert "verified" in capsys.readouterr().out


def test_changed_score_in_report_is_refused(
    packed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, files = read_pack(packed[1])
    report = json.loads(files["report.json"])
    report["scores"]["SMS"] = round(report["scores"]["SMS"] - 0.01, 6)
    err = refused(rewrite(packed[1], tmp_path / "t.zip", {"report.json": json.dumps(report).encode()}), capsys)
    assert "scores.SMS" in err and "re-computed from its store" in err


def test_changed_file_without_new_checksum_is_refused(
    packed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changed = rewrite(packed[1], tmp_path / "t.zip", {"report.md": b"# better numbers\n"}, checksum=False)
    assert "checksum of report.md" in refused(changed, capsys)


def test_changed_event_in_store_is_refused(
    packed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, files = read_pack(packed[1])
    db = tmp_path / "arena.sqlite"
    db.write_bytes(files["arena.sqlite"])
    with sqlite3.connect(db) as conn:
        seq = conn.execute("SELECT MIN(seq) FROM events WHERE kind = 'round_scored'").fetchone()[0]
        conn.execute(
            "UPDATE events SET data = replace(data, '\"passed\":true', '\"passed\":false') WHERE seq = ?", (seq,)
        )
    conn.close()
    err = refused(rewrite(packed[1], tmp_path / "t.zip", {"arena.sqlite": db.read_bytes()}), capsys)
    assert "report.json does not match" in err


def test_other_dataset_hash_is_refused(
    packed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    meta, _ = read_pack(packed[1])
    other = {**meta["dataset"], "sha256": "0" * 64}
    err = refused(rewrite(packed[1], tmp_path / "t.zip", manifest={"dataset": other}), capsys)
    assert "dataset hash" in err


def test_compare_ranks_a_pack_like_a_run(
    packed: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compare", str(packed[1]), str(packed[0]), "-o", str(tmp_path / "cmp")]) == 0
    out = capsys.readouterr().out
    assert out.count("oracle (reference trajectory)") == 2


def test_not_a_pack_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bogus = tmp_path / "x.zip"
    bogus.write_bytes(b"not a zip")
    assert main(["verify", str(bogus)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
