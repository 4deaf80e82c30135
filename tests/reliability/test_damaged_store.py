"""A damaged ``arena.sqlite`` is one line naming the file and the fix, exit 2, in every command that reads it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena_tui.cli import main
from tests.reliability.common import TALLY
from tests.store.test_store_failures import damage_store

DAMAGES = ["garbage", "truncated", "empty", "no_events_table", "bad_event_json"]


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory: pytest.TempPathFactory, demo_dataset: Path) -> Path:
    """One real, finished oracle run of one demo scenario (copied before each damage)."""
    out = tmp_path_factory.mktemp("damaged") / "good"
    argv = ["run", "-d", str(demo_dataset), "--model", "oracle", "-o", str(out), "--headless"]
    assert main([*argv, "-t", "s_demo_supplier_shortfall_claim"]) == 0
    return out


def _commands(out: Path, good: Path) -> dict[str, list[str]]:
    return {
        "rescore": ["rescore", str(out)],
        "report": ["report", str(out), str(good)],
        "resume": ["resume", str(out), "--headless"],
        "replay": ["replay", str(out)],
        "watch": ["watch", str(out)],
        "compare": ["compare", str(good), str(out), "-o", str(out.parent / "cmp")],
        "runs": ["runs", "--plain", str(out.parent)],
    }


@pytest.mark.parametrize("damage", DAMAGES)
def test_every_reader_command_gives_one_line(
    finished_run: Path, tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    good = tmp_path / "copy" / "good"
    shutil.copytree(finished_run, good)
    out = tmp_path / "runs" / "broken"
    shutil.copytree(finished_run, out)
    store = out / "arena.sqlite"
    damage_store(store, damage)
    damaged_bytes = store.read_bytes()
    for name, argv in _commands(out, good).items():
        if damage == "bad_event_json" and name in ("replay", "watch"):
            continue  # an intact file with one bad row: the screen parses events lazily and shows it there
        code = main(argv)
        captured = capsys.readouterr()
        TALLY["malformed_inputs"] += 1
        assert code == 2, (name, captured.out, captured.err)
        lines = [ln for ln in captured.err.splitlines() if ln.strip()]
        assert len(lines) == 1, (name, captured.err)
        assert "Traceback" not in captured.err + captured.out, name
        assert str(store) in lines[0], (name, lines[0])
        assert "(" in lines[0] and ("clawarena-team run" in lines[0] or "backup" in lines[0]), (name, lines[0])
        assert store.read_bytes() == damaged_bytes, f"{name} wrote to the damaged store"
    assert (out / "report.md").read_bytes() == (finished_run / "report.md").read_bytes(), "the old report stays"
