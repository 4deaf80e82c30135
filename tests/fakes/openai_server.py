"""A real OpenAI-compatible HTTP server on 127.0.0.1, with scripted replies and faults.

Stdlib only (asyncio streams), run on the test's own event loop. Every response closes
its connection (``Connection: close``), which keeps the HTTP handling small and makes
"cut the stream here" faults exact. :meth:`stop` cancels stalled handlers, so teardown
is bounded.

It can also behave like the stricter real servers: ``strict`` rejects an assistant turn
whose ``content`` is ``null`` the way llama-cpp-python does (HTTP 500 with a multi-line
validation dump); ``text_only`` rejects media parts; ``drop_tools`` ignores the tool list
(a chat template without tool support); ``context`` is reported as vLLM's
``max_model_len`` and enforced as a context-overflow 400. Without a queued reply, a
request whose ``tool_choice`` names a function gets a call to it (as a working server does).
``log`` is the server's own record of every chat request (when it came, when it was
answered, how, with what usage), which timing tests compare the client's figures against.
``GET /health`` answers 200 unless ``healthy`` is False (503).
"""

from __future__ import annotations

import asyncio
import json
import socket
import struct
import time
from collections import deque
from collections.abc import Callable
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
class LogLine:
    """One chat request as the server saw it (``time.time()`` seconds)."""

    received: float
    answered: float = 0.0
    outcome: str = ""
    """``ok``, a fault name (``429``, ``stall``…) or a refusal's status code."""
    usage: dict[str, Any] | None = None
    auth: str = ""
    body: dict[str, Any] = field(default_factory=dict)


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] = field(default_factory=dict)


class FakeOpenAIServer:
    """Serves ``POST /v1/chat/completions`` and ``GET /v1/models`` from a reply queue."""

    def __init__(
        self,
        models: tuple[str, ...] = ("fake-model",),
        *,
        strict: bool = False,
        text_only: bool = False,
        drop_tools: bool = False,
        context: int | None = None,
    ) -> None:
        self.models = models
        self.strict = strict
        self.text_only = text_only
        self.drop_tools = drop_tools
        self.context = context
        self.replies: deque[FakeReply] = deque()
        self.requests: list[RecordedRequest] = []
        self.default_reply = FakeReply(text="ok")
        self.responder: Callable[[dict[str, Any]], FakeReply] | None = None
        """Answers requests when no reply is queued (a model scripted on the conversation)."""
        self.kill_after: int | None = None
        """Serve this many chat requests, then die: the listener closes and connections are cut."""
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self.port = 0
        self.in_flight = 0
        self.peak_in_flight = 0
        """Most chat requests served at the same moment (a sequential client keeps it at 1)."""
        self.log: list[LogLine] = []
        self.healthy = True

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def queue(self, *replies: FakeReply) -> None:
        self.replies.extend(replies)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    async def start(self, port: int = 0) -> None:
        """Listen on ``port`` (0: any free one); a stopped server may start again on its old port."""
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", port, reuse_address=True)
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
        if method == "GET" and path == "/health":
            await self._send_json(writer, 200 if self.healthy else 503, {"status": "ok" if self.healthy else "down"})
        elif method == "GET" and path.endswith("/models"):
            extra = {"max_model_len": self.context} if self.context else {}
            data = {"object": "list", "data": [{"id": m, "object": "model", **extra} for m in self.models]}
            await self._send_json(writer, 200, data)
        elif method == "POST" and path.endswith("/chat/completions"):
            if self.kill_after is not None and len(self.chat_requests) > self.kill_after:
                if self._server is not None:
                    self._server.close()  # later connections are refused
                writer.transport.abort()
                return
            line = LogLine(time.time(), auth=headers.get("authorization", ""), body=body)
            self.log.append(line)
            refusal = self._refusal(body)
            if refusal is not None:
                await self._send_json(writer, refusal[0], {"error": {"message": refusal[1], "code": refusal[0]}})
                line.answered, line.outcome = time.time(), str(refusal[0])
                return
            reply = self.replies.popleft() if self.replies else self._default_for(body)
            self.in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
            try:
                line.outcome = reply.fault or "ok"
                line.usage = reply.usage if reply.fault is None else None
                if reply.delay_s:
                    await asyncio.sleep(reply.delay_s)
                await self._chat(writer, reply, body)
            finally:
                self.in_flight -= 1
                line.answered = time.time()
        else:
            await self._send_json(writer, 404, {"error": {"message": f"no route {path}"}})

    def _refusal(self, body: dict[str, Any]) -> tuple[int, str] | None:
        """What a strict, text-only or short-context server answers instead of a completion."""
        messages = body.get("messages", [])
        for i, msg in enumerate(messages):
            if self.strict and msg.get("role") == "assistant" and "content" in msg and msg["content"] is None:
                return 500, (
                    f"1 validation error for ChatCompletionRequestAssistantMessage\nmessages.{i}.content\n"
                    "  Input should be a valid string [type=string_type, input_value=None, input_type=NoneType]"
                )
            parts = msg.get("content") if isinstance(msg.get("content"), list) else []
            if self.text_only and any(p.get("type") != "text" for p in parts):
                return (
                    500,
                    "image input is not supported - hint: if this is unexpected, you may need to provide the mmproj",
                )
        if self.context:
            prompt = sum(len(json.dumps(m)) for m in messages) // 4
            if prompt + int(body.get("max_tokens") or 0) > self.context:
                return 400, (
                    f"This model's maximum context length is {self.context} tokens. However, you requested "
                    f"{prompt + int(body.get('max_tokens') or 0)} tokens. Please reduce the length of the messages."
                )
        return None

    def _default_for(self, body: dict[str, Any]) -> FakeReply:
        """No queued reply: call a named ``tool_choice`` (unless tools are dropped), else the default."""
        if self.responder is not None:
            return self.responder(body)
        choice = body.get("tool_choice")
        if isinstance(choice, dict) and not self.drop_tools:
            name = choice.get("function", {}).get("name", "")
            return FakeReply(tool_calls=[{"id": "call_probe", "name": name, "arguments": {"word": "ok"}}])
        return self.default_reply

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
        if fault == "context_slot":  # llama-server when the context its slots share is used up
            await self._send_json(
                writer,
                500,
                {"error": {"code": 500, "message": "Context size has been exceeded.", "type": "server_error"}},
            )
            return
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
