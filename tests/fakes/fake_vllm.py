"""A stand-in for the ``vllm`` executable, for pool/serve_pool.py tests (no GPU, no weights).

``vllm --version`` prints ``FAKE_VLLM_VERSION`` (default 0.19.1). ``vllm serve MODEL ...``
behaves as ``FAKE_VLLM_MODE`` says: ``exit`` prints a few log lines and exits with code 3 at
once; ``never`` prints a line and sleeps without ever listening; ``key`` serves ``GET
/v1/models`` on ``--port``, 200 only with ``Authorization: Bearer <--api-key>``. Every argv
and every Authorization header it sees is appended to ``FAKE_VLLM_LOG``.
"""

from __future__ import annotations

import http.server
import json
import os
import sys
import time


def _log(entry: dict[str, object]) -> None:
    path = os.environ.get("FAKE_VLLM_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")


def _flag(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1] if name in argv else ""


def main(argv: list[str]) -> int:
    if argv[:1] == ["--version"]:
        print(os.environ.get("FAKE_VLLM_VERSION", "0.19.1"))
        return 0
    _log({"argv": argv})
    mode = os.environ.get("FAKE_VLLM_MODE", "key")
    print(f"INFO fake vllm starting {argv[1] if len(argv) > 1 else '?'}", flush=True)
    if mode == "exit":
        print("ERROR torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB", flush=True)
        return 3
    if mode == "never":
        time.sleep(3600)
        return 0
    key = _flag(argv, "--api-key")

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            auth = self.headers.get("Authorization", "")
            _log({"path": self.path, "auth": auth})
            ok = self.path == "/v1/models" and (not key or auth == f"Bearer {key}")
            body = json.dumps({"data": [{"id": "pool-llm"}]} if ok else {"error": "unauthorized"}).encode()
            self.send_response(200 if ok else 401)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", int(_flag(argv, "--port"))), Handler)
    print("INFO fake vllm listening", flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
