"""The resident engine sandbox: the same verdicts as a cold check, the same walls, nothing carried over."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.dataset.loader import load_dataset
from arena_tui.dataset.schema import EvalSpec
from arena_tui.runner.checks import TIMEOUT_EXIT, CheckOutcome, run_check
from arena_tui.runner.engine_host import EngineHost, engine_argv, scenario_host
from arena_tui.sandbox.bwrap import sandbox_mode
from arena_tui.sandbox.limits import DEFAULT_LIMITS
from tests.runner.helpers import DEMO

pytestmark = pytest.mark.skipif(sandbox_mode() != "bwrap", reason="bubblewrap not usable here")
FORM = "python3 ${scripts}/_check.py ${workspace} ${scripts}/q1.json"
CLAIM = "s_demo_supplier_shortfall_claim"


class Setup:
    """A workspace and a checks folder holding a stand-in engine (or the real one)."""

    def __init__(self, root: Path) -> None:
        self.workspace = root / "ws"
        self.scripts = root / "checks"
        self.workspace.mkdir()
        self.scripts.mkdir()
        (self.scripts / "q1.json").write_text("{}", encoding="utf-8")
        self.placeholders = {"workspace": str(self.workspace), "scripts": str(self.scripts)}
        self.host = EngineHost(self.workspace, self.placeholders, DEFAULT_LIMITS)

    def engine(self, source: str) -> None:
        (self.scripts / "_check.py").write_text(source, encoding="utf-8")

    async def check(self, spec: EvalSpec | None = None, hosted: bool = True) -> CheckOutcome:
        spec = spec or EvalSpec(command=FORM, timeout=20)
        return await run_check(spec, self.placeholders, self.workspace, host=self.host if hosted else None)


@pytest.fixture
async def setup(tmp_path: Path) -> AsyncIterator[Setup]:
    made = Setup(tmp_path)
    yield made
    await made.host.close()


def test_only_the_exact_engine_form_is_served() -> None:
    ok = EvalSpec(command=FORM)
    assert engine_argv(ok, "python3 /c/_check.py /w /c/q1.json") == ["/c/_check.py", "/w", "/c/q1.json"]
    assert engine_argv(ok, "python3 '/c d/_check.py' /w '/c d/q1.json'") == ["/c d/_check.py", "/w", "/c d/q1.json"]
    for command in (FORM + "; cat /etc/passwd", FORM + " && echo PASS", "python3 ${scripts}/other.py ${workspace}"):
        assert engine_argv(EvalSpec(command=command), "python3 /c/_check.py /w /c/q1.json") is None
    assert engine_argv(ok, "python3 '/c/$(id)/_check.py' /w /c/q1.json") is None


async def test_demo_checks_give_the_cold_verdicts(tmp_path: Path) -> None:
    scenario = load_dataset(DEMO, "tests-demo.json", [CLAIM]).scenarios[0]
    workspace = tmp_path / "workspace"
    shutil.copytree(scenario.workspace_template, workspace, symlinks=True)
    (workspace / "output" / "claim_plan.md").write_text("## Scope\nPO-1\n", encoding="utf-8")
    placeholders = scenario.placeholder_values(workspace)
    host = EngineHost(workspace, placeholders, DEFAULT_LIMITS)
    try:
        for rnd in scenario.rounds:
            cold = await run_check(rnd.eval, placeholders, workspace)
            hot = await run_check(rnd.eval, placeholders, workspace, host=host)
            assert (hot.exit_code, hot.stdout, hot.stderr, hot.passed) == (
                cold.exit_code,
                cold.stdout,
                cold.stderr,
                cold.passed,
            )
            assert hot.command == cold.command
        assert host.served == len(scenario.rounds) and host.started == 1
    finally:
        await host.close()


async def test_the_engine_runs_as_a_script_would(setup: Setup) -> None:
    setup.engine(
        "import os, sys\n"
        "print(__name__, sys.argv[1:] == [os.getcwd(), sys.argv[2]], sys.path[0] == os.path.dirname(sys.argv[0]))\n"
        "print(sorted(os.environ.items()))\n"
        "sys.exit(3)\n"
    )
    hot, cold = await setup.check(hosted=True), await setup.check(hosted=False)
    assert setup.host.served == 1
    assert hot.exit_code == cold.exit_code == 3
    assert hot.stdout == cold.stdout
    assert hot.stdout.splitlines()[0] == "__main__ True True"


async def test_files_written_between_checks_are_seen_and_the_workspace_stays_read_only(setup: Setup) -> None:
    setup.engine(
        "import os, sys\n"
        "p = os.path.join(sys.argv[1], 'out.txt')\n"
        "print(open(p).read() if os.path.exists(p) else 'missing')\n"
        "try:\n    open(os.path.join(sys.argv[1], 'planted'), 'w')\nexcept OSError:\n    print('read-only')\n"
    )
    first = await setup.check()
    (setup.workspace / "out.txt").write_text("written later", encoding="utf-8")
    second = await setup.check()
    assert first.stdout.split() == ["missing", "read-only"]
    assert second.stdout.splitlines() == ["written later", "read-only"]
    assert not (setup.workspace / "planted").exists() and setup.host.served == 2


async def test_nothing_one_check_does_reaches_the_next(setup: Setup) -> None:
    setup.engine(
        "import builtins, json, sys\n"
        "print(getattr(builtins, 'left', 'clean'), getattr(json, 'left', 'clean'))\n"
        "builtins.left = json.left = 'dirty'\n"
    )
    outs = [(await setup.check()).stdout.strip() for _ in range(3)]
    assert outs == ["clean clean"] * 3


async def test_a_changed_engine_is_the_one_that_runs(setup: Setup) -> None:
    setup.engine("print('first')\n")
    assert (await setup.check()).stdout.strip() == "first"
    setup.engine("print('second')\n")
    assert (await setup.check()).stdout.strip() == "second"
    assert setup.host.started == 1


async def probe(setup: Setup, source: str, command: str = FORM) -> str:
    """Run ``source`` as another engine file in the host; it answers only after the warm-up is done.

    A host this starts warms up the engine ``command`` names (none unless it is the engine form)."""
    (setup.scripts / "probe.py").write_text(source, encoding="utf-8")
    argv = [str(setup.scripts / "probe.py"), str(setup.workspace), str(setup.scripts / "q1.json")]
    result = await setup.host.run(EvalSpec(command=command, timeout=20), argv, 20)
    assert result is not None
    return result.stdout.decode().strip()


@pytest.mark.parametrize("warmed", [True, False])
async def test_the_engine_is_compiled_and_its_imports_loaded_before_the_first_check(setup: Setup, warmed: bool) -> None:
    setup.engine("import wave\n")  # a module nothing else in the sandbox imports
    command = FORM if warmed else "python3 ${scripts}/probe.py ${workspace} ${scripts}/q1.json"
    assert await probe(setup, "import sys\nprint('wave' in sys.modules)\n", command) == str(warmed)
    assert setup.host.started == 1


async def test_an_engine_broken_at_warm_up_and_fixed_before_the_check_runs_fixed(setup: Setup) -> None:
    setup.engine("def (:\n")
    setup.host.prestart(EvalSpec(command=FORM, timeout=20))
    assert await probe(setup, "print('up')\n") == "up"  # the warm-up has met the broken engine
    setup.engine("print('fixed')\n")
    assert (await setup.check()).stdout.strip() == "fixed"
    setup.engine("def (:\n")
    assert "SyntaxError" in (await setup.check()).stderr


async def test_a_timeout_kills_the_sandbox_and_the_next_check_gets_a_fresh_one(setup: Setup) -> None:
    setup.engine("import os\nopen(os.path.join('/tmp', 'marker'), 'w').write('x')\nwhile True:\n    pass\n")
    outcome = await setup.check(EvalSpec(command=FORM, timeout=1.5))
    assert outcome.timed_out and outcome.exit_code == TIMEOUT_EXIT and not outcome.passed
    setup.engine("import os\nprint(os.path.exists('/tmp/marker'))\n")
    after = await setup.check()
    assert after.stdout.strip() == "False", "the private /tmp of the killed sandbox carried over"
    assert setup.host.started == 2


async def test_killed_by_a_signal_reports_as_the_shell_does(setup: Setup) -> None:
    setup.engine("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n")
    hot, cold = await setup.check(), await setup.check(hosted=False)
    assert hot.exit_code == cold.exit_code == 137


async def test_a_missing_or_broken_engine_fails_like_python3(setup: Setup) -> None:
    missing = await setup.check()
    assert missing.exit_code == 2 and "can't open file" in missing.stderr
    setup.engine("def (:\n")
    broken = await setup.check()
    assert broken.exit_code == 1 and "SyntaxError" in broken.stderr


async def test_output_is_capped(setup: Setup) -> None:
    setup.engine("import sys\nsys.stdout.write('x' * 300000)\nsys.stderr.write('y' * 300000)\n")
    outcome = await setup.check()
    assert "more bytes truncated" in outcome.stdout and len(outcome.stdout) < 70_000
    assert "more bytes truncated" in outcome.stderr


async def test_an_escaping_hard_link_takes_the_cold_path_which_masks_it(setup: Setup, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET", encoding="utf-8")
    setup.engine("import os, sys\nprint(open(os.path.join(sys.argv[1], 'link.txt')).read() or 'empty')\n")
    (setup.workspace / "link.txt").write_text("own file", encoding="utf-8")
    await setup.check()  # the host is running before the link appears
    (setup.workspace / "link.txt").unlink()
    os.link(secret, setup.workspace / "link.txt")
    outcome = await setup.check()
    assert "TOP-SECRET" not in outcome.stdout + outcome.stderr, outcome
    assert outcome.stdout.strip() == "empty" or "Permission denied" in outcome.stderr, outcome  # the mask
    assert setup.host.served == 1


async def test_the_harness_environment_never_reaches_the_engine(setup: Setup, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-should-not-leak")
    setup.engine("import os\nprint(json.dumps(dict(os.environ)))\n".replace("import os", "import json, os"))
    env = json.loads((await setup.check()).stdout)
    assert "OPENAI_API_KEY" not in env and "sk-should-not-leak" not in json.dumps(env)
    assert setup.host.served == 1


async def test_scratch_files_of_one_check_are_gone_for_the_next(setup: Setup) -> None:
    setup.engine(
        "import os\nprint(os.path.exists('/tmp/d'), sorted(os.listdir('/dev/shm')))\n"
        "os.makedirs('/tmp/d/e', exist_ok=True)\nopen('/tmp/d/e/f', 'w').close()\nopen('/dev/shm/g', 'w').close()\n"
    )
    outs = [(await setup.check()).stdout.strip() for _ in range(2)]
    assert outs == ["False []", "False []"] and setup.host.started == 1


async def test_the_resident_sandbox_starts_with_the_first_model_request(tmp_path: Path) -> None:
    scenario = load_dataset(DEMO, "tests-demo.json", [CLAIM]).scenarios[0]
    workspace = tmp_path / "workspace"
    shutil.copytree(scenario.workspace_template, workspace, symlinks=True)
    bus = ev.EventBus("run")
    host = scenario_host(scenario, workspace, bus)
    try:
        bus.emit(
            ev.ModelRequest(run_id="run", scenario_id="another", request_id="r0", model_key="main", model_name="m")
        )
        await asyncio.sleep(0.2)
        assert host.started == 0
        bus.emit(ev.ModelRequest(run_id="run", scenario_id=CLAIM, request_id="r1", model_key="main", model_name="m"))
        for _ in range(200):
            if host.started:
                break
            await asyncio.sleep(0.05)
        assert host.started == 1
        outcome = await run_check(scenario.rounds[0].eval, scenario.placeholder_values(workspace), workspace, host=host)
        assert host.served == 1 and host.started == 1 and outcome.exit_code == 1
    finally:
        await host.close()


async def test_a_process_the_engine_leaves_behind_is_killed_and_does_not_hold_the_check(setup: Setup) -> None:
    marker = "27.1828"  # a sleep length no other process uses
    setup.engine(f"import subprocess\nsubprocess.Popen(['setsid', 'sleep', '{marker}'])\nprint('done')\n")
    outcome = await setup.check(EvalSpec(command=FORM, timeout=20))
    assert outcome.exit_code == 0 and outcome.stdout.strip() == "done" and not outcome.timed_out
    assert setup.host.served == 1
    assert _sleeping(marker) == [], "a process the check started outlived it"


def _sleeping(marker: str) -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker in cmdline and "sleep" in cmdline and state != "Z":
            found.append(cmdline.strip())
    return found


async def test_closing_the_host_closes_its_request_pipe_itself(setup: Setup, monkeypatch: pytest.MonkeyPatch) -> None:
    # Were the pipe left to close when the dead child's hang-up is read, a run stopped at once (a
    # full disk) could close the loop first; the transport is then closed by the garbage collector
    # and prints "Exception ignored ... RuntimeError: Event loop is closed" on the user's terminal.
    setup.engine("print('ok')\n")
    assert (await setup.check()).stdout.strip() == "ok"
    proc = setup.host._proc
    assert proc is not None and proc.stdin is not None
    killpg = os.killpg
    monkeypatch.setattr(os, "killpg", lambda pid, sig: None)  # no hang-up to read: only closing it closes it
    try:
        await setup.host.close()
        assert proc.stdin.transport.is_closing()
    finally:
        with contextlib.suppress(ProcessLookupError):
            killpg(proc.pid, signal.SIGKILL)
        await proc.wait()
