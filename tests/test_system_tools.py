"""scripts/check-test-tools.py, which .ci/run runs before the tests: every program the suite starts is
installed by scripts/install-system-deps.sh, part of the base system, or guarded by a skip."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_test_tools", ROOT / "scripts" / "check-test-tools.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tree(tmp_path: Path, test_source: str) -> Path:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "install-system-deps.sh").write_text("command -v sox >/dev/null || need+=(sox)\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(test_source)
    return tmp_path


def test_the_repository_runs_nothing_it_does_not_install_or_guard(capsys: pytest.CaptureFixture[str]) -> None:
    assert _checker().main(ROOT) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    for tool in ("bwrap", "rg", "espeak-ng", "sox", "ffmpeg"):
        assert tool in out


def test_an_unguarded_program_fails_and_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(
        tmp_path, 'subprocess.run(\n    [\n        "pdftoppm", "-r", "72"], check=True)\nsubprocess.run(["sox"])\n'
    )
    assert _checker().main(root) == 1
    err = capsys.readouterr().err
    assert "pdftoppm: run by tests/test_x.py" in err and "sox" not in err


def test_a_program_the_test_skips_without_passes(tmp_path: Path) -> None:
    root = _tree(tmp_path, 'if shutil.which("pdftoppm") is None:\n    pytest.skip("x")\nsubprocess.run(["pdftoppm"])\n')
    assert _checker().main(root) == 0


def test_every_rebuild_test_skips_with_one_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing media tool skips every domain's rebuild test the same way, naming it and the fix."""
    import shutil

    from tests.dataset import rebuild

    real = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name: None if name == "sox" else real(name))
    assert rebuild.skip_reason() == "rebuild needs sox (not installed): run scripts/install-system-deps.sh"
    with pytest.raises(pytest.skip.Exception, match="rebuild needs sox"):
        rebuild.check_rebuild(ROOT / "data" / "build" / "law" / "build.py")
    callers = sorted(
        p.name for p in (ROOT / "tests" / "dataset").glob("test_*.py") if "check_rebuild(" in p.read_text("utf-8")
    )
    assert len(callers) == 6, callers  # commerce, demo, engineering, law, medicine, science
