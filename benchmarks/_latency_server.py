"""A fake OpenAI-compatible model with a fixed latency, in its own process (for bench_latency).

    python -m benchmarks._latency_server LATENCY_S

Prints its port on the first line, then serves until stdin closes. Every request is answered
after ``LATENCY_S`` seconds: one ``Glob`` call when the conversation ends on a question,
a short text reply when it ends on a tool result, so each round is exactly two requests.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import FakeReply


def responder(latency: float) -> Any:
    count = 0

    def answer(body: dict[str, Any]) -> FakeReply:
        nonlocal count
        count += 1
        messages = body.get("messages", [])
        if messages and messages[-1].get("role") == "tool":
            return FakeReply(text="Done.", delay_s=latency)
        call = {"id": f"call_{count}", "name": "Glob", "arguments": {"pattern": "*"}}
        return FakeReply(tool_calls=[call], delay_s=latency)

    return answer


async def serve(latency: float) -> None:
    server = FakeOpenAIServer()
    server.responder = responder(latency)
    await server.start()
    print(server.port, flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # the benchmark closes stdin when it is done
    print(len(server.chat_requests), flush=True)
    await server.stop()


if __name__ == "__main__":
    asyncio.run(serve(float(sys.argv[1])))
