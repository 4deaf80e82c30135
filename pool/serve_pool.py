#!/usr/bin/env python3
"""Start the subagent pool: two ``vllm serve`` processes on one GPU, then wait until healthy.

* google/gemma-4-31B-it on port 8001, served as ``pool-llm`` and ``pool-vlm`` (one process
  answers both keys, so the big model's weights are loaded once);
* google/gemma-4-E4B-it on port 8002, served as ``pool-omni`` (image, video and audio).

Model ids are spelled as on Hugging Face: its cache keys on the exact case, so another
spelling downloads the weights again. ``--limit-mm-per-prompt`` matches the modalities caps
in pool/pool.json, so the harness never sends more attachments than the server accepts.
vLLM must be at least :data:`MIN_VLLM` (Gemma 4 tool calls are parsed wrongly before it) and
installed with its audio extra for omni. Flags after ``--`` go to every ``vllm serve``
unchanged; an ``--api-key`` there (or ``VLLM_API_KEY``) is sent on the health polls too.
A server that exits while starting is reported within seconds with its exit code and last
log lines. Stdlib only: this runs on GPU hosts where the arena itself may not be installed.
``--dry-run`` prints the exact commands.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable

BIG_MODEL = "google/gemma-4-31B-it"
OMNI_MODEL = "google/gemma-4-E4B-it"
BIG_CAPS = {"image": 4, "video": 1}
OMNI_CAPS = {"image": 4, "video": 1, "audio": 2}
MIN_VLLM = (0, 19, 1)
"""Gemma 4 tool calls come back wrong from 0.19.0's gemma4 parser."""
INSTALL = 'pip install -U "vllm[audio]>=0.19.1"'
"""The audio extra is what lets the omni server take audio input."""
LOG_LINES = 20


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
    p.add_argument("--omni-tensor-parallel-size", type=int, default=1, help="GPUs per E4B replica")
    p.add_argument("--omni-data-parallel-size", type=int, default=1, help="E4B replicas behind one port")
    p.add_argument("--only", choices=["big", "omni"], help="start just one of the two servers")
    p.add_argument(
        "--health-timeout", type=float, default=1800.0, help="seconds to wait for both servers to answer (default 1800)"
    )
    p.add_argument("--vllm", default="vllm", help="the vllm executable (default: vllm on PATH)")
    p.epilog = "Flags after -- go to every vllm serve unchanged, e.g. -- --api-key KEY --enforce-eager."
    return p


def split_extra(argv: list[str]) -> tuple[list[str], list[str]]:
    """(this script's arguments, the flags after ``--`` for vllm serve)."""
    if "--" in argv:
        at = argv.index("--")
        return argv[:at], argv[at + 1 :]
    return argv, []


def refused_parallel(args: argparse.Namespace) -> str:
    """Why the parallel flags do not fit the servers being started ("" when they do)."""
    big = args.tensor_parallel_size > 1 or args.data_parallel_size > 1
    omni = args.omni_tensor_parallel_size > 1 or args.omni_data_parallel_size > 1
    if args.only == "omni" and big:
        return (
            "--tensor-parallel-size / --data-parallel-size set the 31B server's parallelism, which --only omni "
            "does not start: use --omni-tensor-parallel-size / --omni-data-parallel-size"
        )
    if args.only == "big" and omni:
        return (
            "--omni-tensor-parallel-size / --omni-data-parallel-size set the E4B server, which --only big does not "
            "start"
        )
    return ""


def api_key(extra: list[str]) -> str | None:
    """The key vllm serve will demand: ``--api-key`` among the extra flags, else ``VLLM_API_KEY``."""
    for i, flag in enumerate(extra):
        if flag == "--api-key" and i + 1 < len(extra):
            return extra[i + 1]
        if flag.startswith("--api-key="):
            return flag.split("=", 1)[1]
    return os.environ.get("VLLM_API_KEY") or None


def vllm_version_problem(vllm: str) -> str:
    """Why this vllm cannot serve the pool ("" when it can, or when its version cannot be told)."""
    try:
        done = subprocess.run([vllm, "--version"], capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        return f"{vllm} not found: {INSTALL}"
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"pool: warning: could not ask {vllm} for its version ({exc})", file=sys.stderr)
        return ""
    found = re.search(r"(\d+)\.(\d+)\.(\d+)", done.stdout + done.stderr)
    if found is None:
        print(f"pool: warning: {vllm} --version printed no version; vLLM >= 0.19.1 is needed", file=sys.stderr)
        return ""
    version = tuple(int(g) for g in found.groups())
    if version < MIN_VLLM:
        return (
            f"vLLM {found.group(0)} is older than 0.19.1 (Gemma 4 tool calls are parsed wrongly before it): {INSTALL}"
        )
    return ""


def commands(args: argparse.Namespace, extra: list[str] | None = None) -> list[tuple[str, int, list[str]]]:
    """(label, port, argv) for each server to start; ``extra`` flags end every command."""
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
    if args.omni_tensor_parallel_size > 1:
        omni += ["--tensor-parallel-size", str(args.omni_tensor_parallel_size)]
    if args.omni_data_parallel_size > 1:
        omni += ["--data-parallel-size", str(args.omni_data_parallel_size)]
    big += extra or []
    omni += extra or []
    out = [("big", args.big_port, big), ("omni", args.omni_port, omni)]
    return [c for c in out if args.only in (None, c[0])]


def wait_healthy(
    base: str,
    timeout: float,
    poll: float = 1.0,
    key: str | None = None,
    alive: Callable[[], bool] | None = None,
) -> bool:
    """Poll ``<base>/v1/models`` (with the API key, when one is set) until it answers 200, ``timeout``
    seconds pass, or ``alive()`` says the server process is gone."""
    deadline = time.monotonic() + timeout
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    while time.monotonic() < deadline:
        if alive is not None and not alive():
            return False
        try:
            request = urllib.request.Request(f"{base}/v1/models", headers=headers)
            with urllib.request.urlopen(request, timeout=min(poll, 5)) as r:
                if r.status == 200:
                    return True
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(min(poll, max(deadline - time.monotonic(), 0)))
    return False


class Server:
    """One ``vllm serve`` process; its output goes on to ours, prefixed, and the last lines are kept."""

    def __init__(self, label: str, argv: list[str]) -> None:
        self.label = label
        self.tail: collections.deque[str] = collections.deque(maxlen=LOG_LINES)
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self._pump = threading.Thread(target=self._read, daemon=True)
        self._pump.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.tail.append(line.rstrip())
            print(f"[{self.label}] {line.rstrip()}", flush=True)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def last_lines(self) -> str:
        self._pump.join(timeout=1)  # an exited process: let its last words arrive
        return "\n".join(f"  {line}" for line in self.tail) or "  (it printed nothing)"


def serve(args: argparse.Namespace, extra: list[str]) -> int:
    servers: list[Server] = []

    def stop(*_: object) -> None:
        for server in servers:
            if server.alive():
                server.proc.terminate()
        for server in servers:
            try:
                server.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.proc.kill()

    def on_term(*_: object) -> None:
        stop()
        sys.exit(143)

    signal.signal(signal.SIGTERM, on_term)
    key = api_key(extra)
    try:
        # One after the other: concurrent start-up profiling on a shared GPU misjudges memory.
        for label, port, argv in commands(args, extra):
            server = Server(label, argv)
            servers.append(server)
            host = "127.0.0.1" if args.host == "0.0.0.0" else args.host
            healthy = wait_healthy(f"http://{host}:{port}", args.health_timeout, key=key, alive=server.alive)
            if not server.alive():
                print(
                    f"pool: the {label} server exited with code {server.proc.returncode} before it was healthy; "
                    f"its last log lines:\n{server.last_lines()}",
                    file=sys.stderr,
                )
                return 1
            if not healthy:
                print(
                    f"pool: {label} server on port {port} did not become healthy within {args.health_timeout:.0f} s "
                    f"(GET /v1/models{' with the API key' if key else ''}); its last log lines:\n{server.last_lines()}",
                    file=sys.stderr,
                )
                return 1
            print(f"pool: {label} ready at http://{host}:{port}/v1", flush=True)
        print("pool: ready (Ctrl-C stops both servers)", flush=True)
        while all(s.alive() for s in servers):
            time.sleep(1)
        gone = next(s for s in servers if not s.alive())
        print(
            f"pool: the {gone.label} server exited with code {gone.proc.returncode}; stopping the pool; "
            f"its last log lines:\n{gone.last_lines()}",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        stop()


def main(argv: list[str] | None = None) -> int:
    ours, extra = split_extra(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    args = parser.parse_args(ours)
    refused = refused_parallel(args)
    if refused:
        parser.error(refused)
    if args.dry_run:
        for _label, _port, cmd in commands(args, extra):
            print(shlex.join(cmd))
        return 0
    problem = vllm_version_problem(args.vllm)
    if problem:
        print(f"pool: {problem}", file=sys.stderr)
        return 2
    return serve(args, extra)


if __name__ == "__main__":
    sys.exit(main())
