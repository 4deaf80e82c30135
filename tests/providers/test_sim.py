"""The simulated worker's policy: read what the prompt names, run only spelled-out commands, perceive via truth/."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_tui.events import ToolCallSpec
from arena_tui.providers.messages import Attachment, Message
from arena_tui.providers.model import Model
from arena_tui.providers.sim import SimWorker


@pytest.fixture
def grant(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "ev").mkdir(parents=True)
    (ws / "ev" / "a.csv").write_text("id,n\n1,4\n")
    (ws / "ev" / "scan.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "truth" / "ev").mkdir(parents=True)
    (tmp_path / "truth" / "ev" / "scan.png.txt").write_text("the scan says 42")
    return ws


def _worker(ws: Path, tools: list[str]) -> Model:
    return Model(SimWorker(grant=[str(ws / "ev")], tools=tools, workspace=str(ws), truth_dir=ws.parent / "truth"))


async def test_reads_the_files_the_prompt_names(grant: Path) -> None:
    reply = await _worker(grant, ["Read", "Glob"]).complete([Message("user", f"Look at {grant}/ev/a.csv please.")])
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("Read", {"file_path": f"{grant}/ev/a.csv"})]


async def test_lists_its_grant_when_nothing_is_named(grant: Path) -> None:
    reply = await _worker(grant, ["Read", "Glob"]).complete([Message("user", "Summarise the evidence.")])
    assert [c.name for c in reply.tool_calls] == ["Glob"]


@pytest.mark.parametrize(
    ("prompt", "runs"),
    [
        ("Run python3 {ws}/tools/tally.py {ws}/ev/a.csv and report the output.", True),
        ("Run python3 tools/tally.py on the slices and report the output.", False),
    ],
)
async def test_runs_only_commands_with_an_absolute_script(grant: Path, prompt: str, runs: bool) -> None:
    reply = await _worker(grant, ["Read", "Bash"]).complete([Message("user", prompt.format(ws=grant))])
    assert any(c.name == "Bash" for c in reply.tool_calls) is runs


async def test_media_is_answered_from_truth(grant: Path) -> None:
    call = ToolCallSpec(id="c1", name="Read", arguments={"file_path": f"{grant}/ev/scan.png"})
    history = [
        Message("user", "Read the scan."),
        Message("assistant", tool_calls=(call,)),
        Message(
            "tool", "[image]", attachments=(Attachment("image", "image/png", "AA==", "ev/scan.png"),), tool_call_id="c1"
        ),
        Message("assistant", ""),
    ]
    reply = await _worker(grant, ["Read"]).complete(history)
    assert not reply.tool_calls and "the scan says 42" in reply.content and "simulated" in reply.content


async def test_searches_its_folder_for_a_quoted_term_and_reads_the_matches(grant: Path) -> None:
    (grant / "ev" / "b.txt").write_text("Invoice INV-7 (paid)\n")
    (grant / "ev" / "c.txt").write_text("nothing here\n")
    worker = _worker(grant, ["Read", "Grep"])
    first = await worker.complete([Message("user", 'Search the evidence folder for "inv-7 (paid)" and report it.')])
    assert [(c.name, c.arguments) for c in first.tool_calls] == [
        ("Grep", {"pattern": r"inv-7 \(paid\)", "path": str(grant / "ev"), "-i": True})
    ]
    # Without Grep it falls back to listing; a named file is still read directly.
    listing = await _worker(grant, ["Read", "Glob"]).complete([Message("user", 'Find "INV-7" in the folder.')])
    assert [c.name for c in listing.tool_calls] == ["Glob"]
    named = await worker.complete([Message("user", f'Find "INV-7" in {grant}/ev/c.txt.')])
    assert [c.name for c in named.tool_calls] == ["Read"]


async def test_reads_the_files_a_search_returned(grant: Path) -> None:
    call = ToolCallSpec(id="g1", name="Grep", arguments={"pattern": "INV-7", "path": str(grant / "ev")})
    history = [
        Message("user", 'Search for "INV-7".'),
        Message("assistant", tool_calls=(call,)),
        Message("tool", f"{grant}/ev/a.csv", tool_call_id="g1"),
    ]
    reply = await _worker(grant, ["Read", "Grep"]).complete(history)
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("Read", {"file_path": f"{grant}/ev/a.csv"})]
