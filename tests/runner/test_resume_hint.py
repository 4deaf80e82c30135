"""The resume command a stopped run prints works verbatim for a real-model JSON: the run stored its
model JSON without the key; a key from ``api_key_env`` is read from that variable again, an inline
key is asked for by name and never written anywhere."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from arena_tui.cli import main
from arena_tui.store.schema import STORE_FILENAME
from tests.fakes.scripted_server import threaded_server
from tests.runner.helpers import demo_only
from tests.runner.test_real_server_run import FIRST, SECOND, model_json, responder

SECRET = "sk-live-NEVER-STORED-42"
_HINT = re.compile(r"`clawarena-team (resume [^`]+)`")


def _stopped_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], **main_entry: Any
) -> tuple[Path, Path, list[str], int]:
    """A CLI run whose server dies inside the first scenario; returns (dataset, out, hint argv, port)."""
    dataset, out = demo_only(tmp_path / "demo"), tmp_path / "out"
    args = ["-d", str(dataset), "--headless", "--no-probe", "--max-retries", "2", "--request-timeout-s", "5"]
    with threaded_server(strict=True) as threaded:
        server = threaded.server
        server.responder = responder(dataset, out, [FIRST, SECOND])
        server.kill_after = 9
        model = json.dumps(model_json(server.base_url, **main_entry))
        assert main(["run", *args, "--model", model, "-o", str(out)]) == 1
        port = server.port
    found = _HINT.search(capsys.readouterr().out.strip().splitlines()[-1])
    assert found is not None
    return dataset, out, shlex.split(found.group(1)), port


def _stored_bytes(out: Path) -> bytes:
    return b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())


def _resume(dataset: Path, out: Path, hint: list[str], port: int) -> tuple[int, list[str]]:
    with threaded_server(strict=True) as threaded:
        threaded.stop()
        threaded.start(port)
        threaded.server.responder = responder(dataset, out, [FIRST, SECOND])
        code = main(hint)
        auth = [r.headers.get("authorization", "") for r in threaded.server.chat_requests]
    return code, auth


def test_the_printed_hint_resumes_a_run_whose_key_is_in_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARENA_TEST_KEY", SECRET)
    dataset, out, hint, port = _stopped_run(tmp_path, capsys, api_key_env="ARENA_TEST_KEY")
    assert hint == ["resume", str(out.resolve())]
    assert SECRET.encode() not in _stored_bytes(out)
    code, auth = _resume(dataset, out, hint, port)
    assert code == 0, capsys.readouterr()
    assert auth and set(auth) == {f"Bearer {SECRET}"}  # the key came from the variable the JSON names
    report = json.loads((out / "report.json").read_text())
    assert (report["rounds_passed"], report["rounds_total"]) == (12, 12)
    assert SECRET.encode() not in _stored_bytes(out)


def test_an_inline_key_is_never_stored_and_resume_asks_for_it_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CATEAM_API_KEY_MAIN", raising=False)
    dataset, out, hint, port = _stopped_run(tmp_path, capsys, api_key=SECRET)
    assert SECRET.encode() not in (out / STORE_FILENAME).read_bytes()
    assert SECRET.encode() not in _stored_bytes(out)
    assert main(hint) == 2  # stdin is no terminal here: one line naming the variable to set
    err = capsys.readouterr().err
    assert "inline api_key" in err and "CATEAM_API_KEY_MAIN" in err and SECRET not in err
    monkeypatch.setenv("CATEAM_API_KEY_MAIN", SECRET)
    code, auth = _resume(dataset, out, hint, port)
    assert code == 0, capsys.readouterr()
    assert auth and set(auth) == {f"Bearer {SECRET}"}
    assert SECRET.encode() not in _stored_bytes(out)


def test_request_headers_are_never_stored_and_resume_then_needs_the_model() -> None:
    from arena_tui.config import validate_model_json
    from arena_tui.errors import BadInputError
    from arena_tui.runner.stored_model import restore_model_config, storable_model_json

    entry = {"provider": "vllm", "model_id": "m", "api_base": "http://127.0.0.1:9/v1"}
    config = validate_model_json(
        {"main": {**entry, "extra_headers": {"X-Api-Key": SECRET}, "max_tokens": 99}, "llm": entry}, env={}
    )
    stored = storable_model_json(config)
    assert SECRET not in json.dumps(stored) and stored["main"]["max_tokens"] == 99
    with pytest.raises(BadInputError) as info:
        restore_model_config(stored, run_id="r1", env={})
    assert "main" in info.value.message and "--model" in (info.value.fix or "")
