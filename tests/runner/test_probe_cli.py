"""run probes every real model before it starts, and refuses with one line when one is unreachable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena_tui.cli import main
from tests.dataset.mini_dataset import make_dataset


def test_unreachable_model_stops_the_run_before_it_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_dataset(tmp_path / "ds")
    model = {
        "main": {"provider": "openai_compat", "api_base": "http://127.0.0.1:9/v1", "model_id": "m", "api_key": "k"},
        "llm": {"provider": "sim"},
    }
    out = tmp_path / "out"
    code = main(["run", "-d", str(root), "-t", "s_beta", "--model", json.dumps(model), "-o", str(out), "--headless"])
    err = capsys.readouterr().err
    assert code == 2
    assert "startup probe failed for main (text)" in err and "--no-probe" in err
    assert "Traceback" not in err
    assert not (out / "arena.sqlite").exists()
