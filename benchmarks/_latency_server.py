"""A fake OpenAI-compatible model with a fixed latency, in its own process (for bench_latency).

    python -m benchmarks._latency_server LATENCY_S

Prints its port on the first line, then serves until stdin closes, and then prints one line:
the requests served, the server process's CPU seconds, and how far past ``LATENCY_S`` its
answers went (median and max ms, from the request read to the answer written), so the
benchmark can tell the server's own cost from the harness's. Every request is answered
after ``LATENCY_S`` seconds: one ``Glob`` call when the conversation ends on a question,
a short text reply when it ends on a tool result, so each round is exactly two requests.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
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
    late = [1000 * (line.answered - line.received - latency) for line in server.log] or [0.0]
    print(
        f"{len(server.chat_requests)} {time.process_time():.2f} {statistics.median(late):.1f} {max(late):.1f}",
        flush=True,
    )
    await server.stop()


if __name__ == "__main__":
    asyncio.run(serve(float(sys.argv[1])))
