"""pool/serve_pool.py against a fake ``vllm`` executable: a server that exits at once is reported
within seconds with its exit code and last lines, one that never answers is bounded, one that
demands a key is polled with it, extra flags pass through, and an old vLLM is refused."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

POOL = Path(__file__).resolve().parents[2] / "pool" / "serve_pool.py"
FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_vllm.py"


def fake_vllm(tmp_path: Path) -> Path:
    exe = tmp_path / "vllm"
    exe.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE}" "$@"\n')
    exe.chmod(0o755)
    return exe


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def env(tmp_path: Path, mode: str, version: str = "0.19.1") -> dict[str, str]:
    return {
        **os.environ,
        "FAKE_VLLM_MODE": mode,
        "FAKE_VLLM_VERSION": version,
        "FAKE_VLLM_LOG": str(tmp_path / "fake.log"),
    }


def pool(tmp_path: Path, mode: str, *args: str, version: str = "0.19.1") -> subprocess.Popen[str]:
    argv = [sys.executable, str(POOL), "--vllm", str(fake_vllm(tmp_path)), "--big-port", str(free_port()), *args]
    return subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(tmp_path, mode, version)
    )


def fake_log(tmp_path: Path) -> list[dict[str, object]]:
    path = tmp_path / "fake.log"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def test_a_vllm_that_exits_at_once_is_reported_within_five_seconds(tmp_path: Path) -> None:
    began = time.monotonic()
    proc = pool(tmp_path, "exit", "--only", "big")
    _, err = proc.communicate(timeout=30)
    took = time.monotonic() - began
    assert proc.returncode == 1 and took < 5, (took, err)
    assert "exited with code 3" in err and "CUDA out of memory" in err
    assert "did not become healthy" not in err  # the health poll is not blamed


def test_a_vllm_that_never_answers_is_bounded_by_the_health_timeout(tmp_path: Path) -> None:
    proc = pool(tmp_path, "never", "--only", "big", "--health-timeout", "2")
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 1
    assert "did not become healthy within 2 s" in err and "fake vllm starting" in err


def test_extra_flags_pass_through_and_the_health_poll_sends_the_key(tmp_path: Path) -> None:
    proc = pool(
        tmp_path, "key", "--only", "big", "--health-timeout", "30", "--", "--api-key", "k-123", "--enforce-eager"
    )
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        lines.append(line)
        if "pool: ready" in line or not line:
            break
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)
    assert any("pool: big ready" in line for line in lines), lines
    log = fake_log(tmp_path)
    [argv] = [e["argv"] for e in log if "argv" in e]
    assert isinstance(argv, list) and argv[-3:] == ["--api-key", "k-123", "--enforce-eager"]
    assert argv[1] == "google/gemma-4-31B-it"  # the Hugging Face spelling: its cache keys on case
    polls = [e["auth"] for e in log if e.get("path") == "/v1/models"]
    assert polls and polls[-1] == "Bearer k-123"


def test_a_vllm_older_than_the_minimum_is_refused_with_the_install_line(tmp_path: Path) -> None:
    proc = pool(tmp_path, "key", "--only", "big", version="0.19.0")
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert "0.19.0 is older than 0.19.1" in err and "vllm[audio]>=0.19.1" in err
    assert not [e for e in fake_log(tmp_path) if "argv" in e]  # nothing was started


@pytest.mark.parametrize(
    ("args", "refused"),
    [
        (["--only", "omni", "--tensor-parallel-size", "2"], True),
        (["--only", "big", "--omni-data-parallel-size", "2"], True),
        (["--only", "omni", "--omni-tensor-parallel-size", "2"], False),
    ],
)
def test_parallel_flags_are_honoured_or_refused_per_server(args: list[str], refused: bool) -> None:
    done = subprocess.run([sys.executable, str(POOL), "--dry-run", *args], capture_output=True, text=True, timeout=20)
    if refused:
        assert done.returncode == 2 and "parallel" in done.stderr
    else:
        assert done.returncode == 0 and done.stdout.strip().endswith("--tensor-parallel-size 2")
        assert "gemma-4-E4B-it" in done.stdout
