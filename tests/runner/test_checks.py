"""The exec check: placeholders, exit-code and stdout judging, timeouts that kill the process group."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena_tui.dataset.schema import EvalSpec
from arena_tui.runner.checks import TIMEOUT_EXIT, run_check
from arena_tui.sandbox import bwrap
from arena_tui.sandbox.bwrap import sandbox_mode


async def test_passes_on_exit_code_and_stdout(tmp_path: Path) -> None:
    (tmp_path / "a b").mkdir()
    spec = EvalSpec(command="ls ${workspace} && echo total=42", expect_stdout=r"total=\d+", expect_stdout_regex=True)
    outcome = await run_check(spec, {"workspace": str(tmp_path)}, tmp_path)
    assert outcome.passed and outcome.exit_code == 0 and "a b" in outcome.stdout


async def test_wrong_exit_or_stdout_fails(tmp_path: Path) -> None:
    assert not (await run_check(EvalSpec(command="exit 3"), {}, tmp_path)).passed
    assert (await run_check(EvalSpec(command="exit 3", expect_exit=3), {}, tmp_path)).passed
    assert not (await run_check(EvalSpec(command="echo no", expect_stdout="yes"), {}, tmp_path)).passed


async def test_timeout_kills_the_group(tmp_path: Path) -> None:
    marker = "31.4159"  # a sleep length no other process uses, to find the check's children
    command = f"sleep {marker} & sleep {marker}; echo late"
    outcome = await run_check(EvalSpec(command=command, timeout=0.3), {}, tmp_path)
    assert outcome.timed_out and outcome.exit_code == TIMEOUT_EXIT and not outcome.passed
    assert "late" not in outcome.stdout
    assert _processes_with(marker) == [], "the check's background child outlived the timeout"


async def test_output_is_capped(tmp_path: Path) -> None:
    outcome = await run_check(EvalSpec(command="head -c 200000 /dev/zero | tr '\\0' x"), {}, tmp_path)
    assert outcome.passed and "more bytes truncated" in outcome.stdout and len(outcome.stdout) < 70_000


# --- the check sandbox: an agent's deliverables cannot trick or outlive the check ----------

FAKE_KEY = "sk-fake-harness-key-9d81aa02"
needs_bwrap = pytest.mark.skipif(sandbox_mode() != "bwrap", reason="bubblewrap not usable here")


def _alive(marker: str) -> list[str]:
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmdline:
                found.append(pid)
    return found


@pytest.mark.parametrize("unsafe", [False, True])
async def test_setsid_child_holding_stdout_is_not_a_timeout_and_dies(
    tmp_path: Path, unsafe: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if unsafe:
        monkeypatch.setattr(bwrap, "bwrap_path", lambda: None)
    elif sandbox_mode() != "bwrap":
        pytest.skip("bubblewrap not usable here")
    marker = "913.5" if unsafe else "917.5"
    spec = EvalSpec(command=f"setsid sleep {marker} & echo ok; exit 0", expect_stdout="ok", timeout=20)
    outcome = await run_check(spec, {}, tmp_path, unsafe=unsafe)
    assert outcome.passed and not outcome.timed_out and outcome.exit_code == 0, outcome
    assert _alive(f"sleep\0{marker}") == []


@needs_bwrap
async def test_check_sees_workspace_read_only_and_no_dataset(tmp_path: Path) -> None:
    ws, scen = tmp_path / "ws", tmp_path / "scenario"
    (ws / "output").mkdir(parents=True)
    (scen / "checks").mkdir(parents=True)
    (scen / "truth").mkdir()
    (scen / "truth" / "answer.txt").write_text("TRUTH")
    check = scen / "checks" / "check.py"
    check.write_text("import sys; sys.exit(1)\n")
    values = {"workspace": str(ws), "scripts": str(scen / "checks"), "scenario_dir": str(scen)}
    cmd = (
        "echo x > ${workspace}/output/forged.txt; echo 'exit(0)' > ${scripts}/check.py; "
        + f"cat {scen}/truth/answer.txt; python3 ${{scripts}}/check.py"
    )
    outcome = await run_check(EvalSpec(command=cmd), values, ws)
    assert not outcome.passed and "TRUTH" not in outcome.stdout
    assert "Read-only file system" in outcome.stderr
    assert not (ws / "output" / "forged.txt").exists()
    assert check.read_text() == "import sys; sys.exit(1)\n"


@needs_bwrap
@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
async def test_linked_deliverable_does_not_reach_outside(tmp_path: Path, kind: str) -> None:
    ws, outside = tmp_path / "ws", tmp_path / "outside"
    (ws / "output").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.txt").write_text("TOP-SECRET-77\n")
    answer = ws / "output" / "answer.txt"
    if kind == "symlink":
        answer.symlink_to(outside / "secret.txt")
    else:
        os.link(outside / "secret.txt", answer)
    spec = EvalSpec(command="cat ${workspace}/output/answer.txt", expect_stdout="TOP-SECRET")
    outcome = await run_check(spec, {"workspace": str(ws)}, ws)
    assert not outcome.passed and "TOP-SECRET" not in outcome.stdout + outcome.stderr


@pytest.mark.parametrize("unsafe", [False, True])
async def test_check_environment_is_minimal(tmp_path: Path, unsafe: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    if unsafe:
        monkeypatch.setattr(bwrap, "bwrap_path", lambda: None)
    elif sandbox_mode() != "bwrap":
        pytest.skip("bubblewrap not usable here")
    cmd = "env; P=$(printf '\\057proc'); cat $P/1/environ $P/self/environ 2>/dev/null | tr '\\0' '\\n'"
    outcome = await run_check(EvalSpec(command=cmd), {}, tmp_path, unsafe=unsafe)
    assert "PATH=" in outcome.stdout
    assert FAKE_KEY not in outcome.stdout + outcome.stderr


@needs_bwrap
async def test_placeholders_reached_through_harness_links_still_resolve(tmp_path: Path) -> None:
    real_ds = tmp_path / "real" / "checks"
    real_ds.mkdir(parents=True)
    (real_ds / "c.py").write_text("import sys; print(open(sys.argv[1] + '/a.txt').read())\n")
    (tmp_path / "ds").symlink_to(tmp_path / "real", target_is_directory=True)
    ws = tmp_path / "ws-real"
    ws.mkdir()
    (ws / "a.txt").write_text("answer-42")
    (tmp_path / "ws").symlink_to(ws, target_is_directory=True)
    values = {"workspace": str(tmp_path / "ws"), "scripts": str(tmp_path / "ds" / "checks")}
    spec = EvalSpec(command="python3 ${scripts}/c.py ${workspace}", expect_stdout="answer-42")
    outcome = await run_check(spec, values, tmp_path / "ws")
    assert outcome.passed, outcome


def _processes_with(marker: str) -> list[str]:
    """Command lines of live processes that mention ``marker``."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in cmdline and "sleep" in cmdline and state != "Z":
            found.append(cmdline.strip())
    return found


async def test_run_check_timeout_applies_only_where_the_check_names_none(tmp_path: Path) -> None:
    unnamed = EvalSpec.model_validate({"command": "sleep 5; echo late"})
    outcome = await run_check(unnamed, {}, tmp_path, default_timeout_s=0.3)
    assert outcome.timed_out and "late" not in outcome.stdout
    named = EvalSpec.model_validate({"command": "sleep 0.5; echo in time", "timeout": 30})
    outcome = await run_check(named, {}, tmp_path, default_timeout_s=0.1)
    assert not outcome.timed_out and "in time" in outcome.stdout


def test_output_dir_setting_places_runs_without_o(tmp_path: Path) -> None:
    from arena_tui.commands.run import default_output
    from arena_tui.settings import Settings

    assert default_output(Settings(output_dir=str(tmp_path)), "demo") == tmp_path / "demo"
    assert default_output(Settings(), "demo") == Path("runs") / "demo"
