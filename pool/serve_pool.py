#!/usr/bin/env python3
"""Start the subagent pool: two ``vllm serve`` processes on one GPU, then wait until healthy.

* google/gemma-4-31b-it on port 8001, served as ``pool-llm`` and ``pool-vlm`` (one process
  answers both keys, so the big model's weights are loaded once);
* google/gemma-4-e4b-it on port 8002, served as ``pool-omni`` (image, video and audio).

``--limit-mm-per-prompt`` matches the modalities caps in pool/pool.json, so the harness
never sends more attachments than the server accepts. Stdlib only: this runs on GPU hosts
where the arena itself may not be installed. ``--dry-run`` prints the exact commands.
"""

from __future__ import annotations

import argparse
import json
import shlex
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

BIG_MODEL = "google/gemma-4-31b-it"
OMNI_MODEL = "google/gemma-4-e4b-it"
BIG_CAPS = {"image": 4, "video": 1}
OMNI_CAPS = {"image": 4, "video": 1, "audio": 2}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="serve_pool.py",
        description="Start the ClawArena-Team vLLM pool (llm+vlm on one server, omni on another).",
    )
    p.add_argument("--dry-run", action="store_true", help="print the vllm serve commands and exit")
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    p.add_argument("--big-port", type=int, default=8001, help="port for llm/vlm (default 8001)")
    p.add_argument("--omni-port", type=int, default=8002, help="port for omni (default 8002)")
    p.add_argument("--big-gpu-util", type=float, default=0.62, help="GPU memory share of the 31B server (default 0.62)")
    p.add_argument(
        "--omni-gpu-util", type=float, default=0.28, help="GPU memory share of the E4B server (default 0.28)"
    )
    p.add_argument("--max-model-len", type=int, default=131072, help="context length of both servers (default 131072)")
    p.add_argument("--tensor-parallel-size", type=int, default=1, help="GPUs per 31B replica (multi-GPU hosts)")
    p.add_argument("--data-parallel-size", type=int, default=1, help="31B replicas behind one port (multi-GPU hosts)")
    p.add_argument("--only", choices=["big", "omni"], help="start just one of the two servers")
    p.add_argument(
        "--health-timeout", type=float, default=1800.0, help="seconds to wait for both servers to answer (default 1800)"
    )
    p.add_argument("--vllm", default="vllm", help="the vllm executable (default: vllm on PATH)")
    return p


def commands(args: argparse.Namespace) -> list[tuple[str, int, list[str]]]:
    """(label, port, argv) for each server to start."""
    common = [
        "--host",
        args.host,
        "--max-model-len",
        str(args.max_model_len),
        "--enable-auto-tool-choice",
        "--tool-call-parser",
        "gemma4",
    ]
    big = [
        args.vllm,
        "serve",
        BIG_MODEL,
        "--served-model-name",
        "pool-llm",
        "pool-vlm",
        "--port",
        str(args.big_port),
        "--gpu-memory-utilization",
        str(args.big_gpu_util),
        "--limit-mm-per-prompt",
        json.dumps(BIG_CAPS, separators=(",", ":")),
        *common,
    ]
    if args.tensor_parallel_size > 1:
        big += ["--tensor-parallel-size", str(args.tensor_parallel_size)]
    if args.data_parallel_size > 1:
        big += ["--data-parallel-size", str(args.data_parallel_size)]
    omni = [
        args.vllm,
        "serve",
        OMNI_MODEL,
        "--served-model-name",
        "pool-omni",
        "--port",
        str(args.omni_port),
        "--gpu-memory-utilization",
        str(args.omni_gpu_util),
        "--limit-mm-per-prompt",
        json.dumps(OMNI_CAPS, separators=(",", ":")),
        *common,
    ]
    out = [("big", args.big_port, big), ("omni", args.omni_port, omni)]
    return [c for c in out if args.only in (None, c[0])]


def wait_healthy(base: str, timeout: float, poll: float = 2.0) -> bool:
    """Poll ``<base>/v1/models`` until it answers 200 or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/v1/models", timeout=min(poll, 5)) as r:
                if r.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(min(poll, max(deadline - time.monotonic(), 0)))
    return False


def serve(args: argparse.Namespace) -> int:
    procs: list[subprocess.Popen[bytes]] = []

    def stop(*_: object) -> None:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()

    signal.signal(signal.SIGTERM, lambda *a: (stop(), sys.exit(143)))
    try:
        # One after the other: concurrent start-up profiling on a shared GPU misjudges memory.
        for label, port, argv in commands(args):
            procs.append(subprocess.Popen(argv))
            host = "127.0.0.1" if args.host == "0.0.0.0" else args.host
            healthy = wait_healthy(f"http://{host}:{port}", args.health_timeout)
            if not healthy or procs[-1].poll() is not None:
                print(
                    f"pool: {label} server on port {port} did not become healthy within {args.health_timeout:.0f} s",
                    file=sys.stderr,
                )
                return 1
            print(f"pool: {label} ready at http://{host}:{port}/v1", flush=True)
        print("pool: ready (Ctrl-C stops both servers)", flush=True)
        while all(p.poll() is None for p in procs):
            time.sleep(1)
        print("pool: a server exited; stopping the pool", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        stop()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.dry_run:
        for _label, _port, cmd in commands(args):
            print(shlex.join(cmd))
        return 0
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
