"""A real OpenAI-compatible HTTP server on 127.0.0.1, with scripted replies and faults.

Stdlib only (asyncio streams), run on the test's own event loop. Every response closes
its connection (``Connection: close``), which keeps the HTTP handling small and makes
"cut the stream here" faults exact. :meth:`stop` cancels stalled handlers, so teardown
is bounded.
"""

from __future__ import annotations

import asyncio
import json
import socket
import struct
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.replies import FakeReply, completion_body, sse_chunks

_REASONS = {
    200: "OK",
    400: "Bad Request",
    401: "Unauthorized",
    404: "Not Found",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
}


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] = field(default_factory=dict)


class FakeOpenAIServer:
    """Serves ``POST /v1/chat/completions`` and ``GET /v1/models`` from a reply queue."""

    def __init__(self, models: tuple[str, ...] = ("fake-model",)) -> None:
        self.models = models
        self.replies: deque[FakeReply] = deque()
        self.requests: list[RecordedRequest] = []
        self.default_reply = FakeReply(text="ok")
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def queue(self, *replies: FakeReply) -> None:
        self.replies.extend(replies)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._handlers):
            task.cancel()
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=2)
        if self._server is not None:
            await asyncio.wait_for(self._server.wait_closed(), timeout=2)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        try:
            await self._serve_one(reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            self._handlers.discard(task)
            if not writer.is_closing():
                writer.close()

    async def _serve_one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, path, _ = lines[0].split(" ", 2)
        headers = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:] if ":" in ln)}
        raw = await reader.readexactly(int(headers.get("content-length", "0")))
        body = json.loads(raw) if raw else {}
        self.requests.append(RecordedRequest(method, path, headers, body))
        if method == "GET" and path.endswith("/models"):
            data = {"object": "list", "data": [{"id": m, "object": "model"} for m in self.models]}
            await self._send_json(writer, 200, data)
        elif method == "POST" and path.endswith("/chat/completions"):
            reply = self.replies.popleft() if self.replies else self.default_reply
            await self._chat(writer, reply, body)
        else:
            await self._send_json(writer, 404, {"error": {"message": f"no route {path}"}})

    async def _send_json(
        self, writer: asyncio.StreamWriter, status: int, data: Any, extra: dict[str, str] | None = None
    ) -> None:
        payload = json.dumps(data).encode()
        hdrs = {
            "content-type": "application/json",
            "content-length": str(len(payload)),
            "connection": "close",
            **(extra or {}),
        }
        writer.write(self._head(status, hdrs) + payload)
        await writer.drain()

    @staticmethod
    def _head(status: int, headers: dict[str, str]) -> bytes:
        lines = [f"HTTP/1.1 {status} {_REASONS.get(status, 'X')}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    async def _chat(self, writer: asyncio.StreamWriter, reply: FakeReply, body: dict[str, Any]) -> None:
        fault = reply.fault
        if fault in ("429", "500", "502", "503", "400", "401"):
            extra = {"retry-after": str(reply.retry_after)} if reply.retry_after is not None else {}
            await self._send_json(
                writer, int(fault), {"error": {"message": f"injected {fault}", "code": int(fault)}}, extra
            )
            return
        if fault == "stall":
            await asyncio.sleep(reply.stall_s)
            return
        model = str(body.get("model", "fake-model"))
        if not body.get("stream"):
            await self._send_json(writer, 200, completion_body(reply, model))
            return
        writer.write(self._head(200, {"content-type": "text/event-stream", "connection": "close"}))
        chunks = [f"data: {json.dumps(c)}\n\n".encode() for c in sse_chunks(reply, model)]
        if fault in ("reset", "truncate_no_done", "truncate_mid_chunk"):
            chunks = chunks[: max(1, len(chunks) // 2)]
        for i, chunk in enumerate(chunks):
            last = i == len(chunks) - 1
            writer.write(chunk[: len(chunk) // 2] if last and fault == "truncate_mid_chunk" else chunk)
            await writer.drain()
        if fault == "reset":
            sock = writer.get_extra_info("socket")
            if sock is not None:  # SO_LINGER 0: close sends RST, the client sees a reset
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()
            return
        if fault is None:
            writer.write(b"data: [DONE]\n\n")
        await writer.drain()
