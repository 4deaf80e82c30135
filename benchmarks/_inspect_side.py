"""inspect_ai's side of the overhead comparison; runs inside its own virtual environment.

N turns of its mock model, each calling one trivial tool, through ``generate(tool_calls="loop")``.
Prints one JSON object: seconds per run for each turn count.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time

from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.solver import generate, use_tools
from inspect_ai.tool import tool


@tool
def read_note():  # type: ignore[no-untyped-def]
    async def execute(path: str) -> str:
        """Read a note.

        Args:
            path: absolute path of the note.
        """
        return "1\talpha\n2\tbeta\n"

    return execute


def one_run(n_turns: int) -> float:
    call = {"path": "/ws/notes/a.txt"}
    outputs = [ModelOutput.for_tool_call("mockllm/model", "read_note", call) for _ in range(n_turns)]
    outputs.append(ModelOutput.from_content("mockllm/model", "done"))
    for output in outputs:  # explicit usage: otherwise the mock counts tokens with a tokenizer it downloads
        output.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
    model = get_model("mockllm/model", custom_outputs=outputs, memoize=False)
    task = Task(
        dataset=[Sample(input="go")],
        solver=[use_tools([read_note()]), generate(tool_calls="loop")],
        message_limit=2 * n_turns + 10,
    )
    with tempfile.TemporaryDirectory() as log_dir:
        start = time.perf_counter()
        logs = eval(task, model=model, log_dir=log_dir, display="none")
        elapsed = time.perf_counter() - start
        log = logs[0]
        # A run that errored is not a measurement: insist every turn really happened.
        if log.status != "success" or log.samples is None or len(log.samples[0].messages) != 2 * n_turns + 2:
            raise SystemExit(f"inspect_ai run of {n_turns} turns did not complete: {log.status} {log.error}")
        return elapsed


def main() -> None:
    counts = [int(x) for x in sys.argv[1].split(",")]
    repeat = int(sys.argv[2])
    one_run(1)  # warm imports and caches, as our side is warm too
    print(json.dumps({str(n): statistics.median(one_run(n) for _ in range(repeat)) for n in counts}))


if __name__ == "__main__":
    main()
