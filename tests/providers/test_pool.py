"""pool/serve_pool.py: exact vllm command lines, --help, health waiting, preset agreement."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from tests.fakes.openai_server import FakeOpenAIServer

POOL = Path(__file__).resolve().parents[2] / "pool"
BIG = (
    "vllm serve google/gemma-4-31B-it --served-model-name pool-llm pool-vlm --port 8001 "
    '--gpu-memory-utilization 0.62 --limit-mm-per-prompt \'{"image":4,"video":1}\' '
    "--host 127.0.0.1 --max-model-len 131072 --enable-auto-tool-choice --tool-call-parser gemma4"
)
OMNI = (
    "vllm serve google/gemma-4-E4B-it --served-model-name pool-omni --port 8002 "
    "--gpu-memory-utilization 0.28 --limit-mm-per-prompt "
    '\'{"image":4,"video":1,"audio":2}\' --host 127.0.0.1 --max-model-len 131072 '
    "--enable-auto-tool-choice --tool-call-parser gemma4"
)


def run(*args: str, script: str = "serve_pool.py") -> str:
    cmd = ["bash", str(POOL / script)] if script.endswith(".sh") else [sys.executable, str(POOL / script)]
    out = subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=20, check=True)
    return out.stdout


def load_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("serve_pool", POOL / "serve_pool.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dry_run_prints_exact_commands() -> None:
    assert run("--dry-run").splitlines() == [BIG, OMNI]
    assert run("--dry-run", script="serve_pool.sh").splitlines() == [BIG, OMNI]


def test_dry_run_multi_gpu_and_only() -> None:
    lines = run(
        "--dry-run", "--only", "big", "--tensor-parallel-size", "2", "--data-parallel-size", "4", "--host", "0.0.0.0"
    ).splitlines()
    assert len(lines) == 1 and lines[0].endswith("--tensor-parallel-size 2 --data-parallel-size 4")
    assert "--host 0.0.0.0" in lines[0]


def test_help_lists_the_options() -> None:
    text = run("--help")
    for flag in (
        "--dry-run",
        "--big-port",
        "--omni-port",
        "--max-model-len",
        "--health-timeout",
        "--data-parallel-size",
        "--tensor-parallel-size",
    ):
        assert flag in text


def test_preset_caps_match_server_limits() -> None:
    module = load_module()
    preset = json.loads((POOL / "pool.json").read_text())
    caps = {k: {m: v for m, v in e["modalities"].items() if m != "text"} for k, e in preset.items()}
    assert caps["vlm"] == module.BIG_CAPS and caps["omni"] == module.OMNI_CAPS
    assert preset["llm"]["api_base"] == preset["vlm"]["api_base"] == "http://localhost:8001/v1"
    assert preset["omni"]["api_base"] == "http://localhost:8002/v1"


async def test_wait_healthy_is_bounded(fake_openai: FakeOpenAIServer) -> None:
    module = load_module()
    base = f"http://127.0.0.1:{fake_openai.port}"
    assert await asyncio.to_thread(module.wait_healthy, base, 3.0, 0.1)
    assert not await asyncio.to_thread(module.wait_healthy, "http://127.0.0.1:9", 0.3, 0.1)
