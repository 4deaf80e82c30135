"""One scenario's resident check interpreter: the standard engine check without a cold start per round.

Nearly every round's check is ``python3 ${scripts}/_check.py ${workspace} ${scripts}/<round>.json``.
Run cold, each one starts bubblewrap, an interpreter with its site imports, compiles the
engine and imports its standard-library modules: tens of milliseconds of CPU, all at the
round boundary where every scenario checks at once. An :class:`EngineHost` starts one
sandbox per scenario, built exactly like a check's (:func:`~arena_tui.runner.check_sandbox.check_launch`:
workspace and checks folder read-only, minimal environment, caps, same uid, no network),
running ``python3 -I -S -B`` with :mod:`arena_tui.runner.engine_zygote`, which forks a
fresh child per check from a state where the engine is compiled and its imports loaded.

What stays per check, as before: the ownership walk, the scan for escaping hard links
(any found sends the check down the cold path, whose sandbox masks them), the timeout
(the whole sandbox is killed and the next check starts a new one), the output cap. Any
command that is not exactly the engine form, and any failure of the resident sandbox
itself, runs the cold path: the result never depends on whether the host was used.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shlex
import signal
from collections.abc import Callable
from pathlib import Path

from arena_tui import events as ev
from arena_tui.dataset.model import Scenario
from arena_tui.dataset.placeholders import substitute
from arena_tui.dataset.schema import EvalSpec
from arena_tui.runner.check_sandbox import check_launch
from arena_tui.sandbox.bwrap import sandbox_mode
from arena_tui.sandbox.hardlinks import escaping_hardlinks
from arena_tui.sandbox.limits import DEFAULT_LIMITS, SandboxLimits, drops_privileges, sandbox_uid
from arena_tui.sandbox.ownership import settle
from arena_tui.sandbox.process import OUTPUT_CAP, ProcessResult, release

ENGINE_FORM = re.compile(r"python3 \$\{scripts\}/_check\.py \$\{workspace\} \$\{scripts\}/[\w.-]+\.json")
_SOURCE = (Path(__file__).with_name("engine_zygote.py")).read_text(encoding="utf-8")
_SAFE_WORD = re.compile(r"[^\x00-\x1f$`\\\"*?\[\]{}~;&|<>()!#]+")


def engine_argv(spec: EvalSpec, command: str) -> list[str] | None:
    """The three-word argv of a standard engine check (after substitution), or None for any other command."""
    if ENGINE_FORM.fullmatch(spec.command.strip()) is None:
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if len(words) != 4 or words[0] != "python3" or not all(_SAFE_WORD.fullmatch(w) for w in words[1:]):
        return None
    return words[1:]


def zygote_command(cap: int = OUTPUT_CAP, warm: str = "") -> str:
    """The shell line the resident sandbox runs (``python3`` found on the sandbox PATH, as a check's is);
    ``warm`` names the engine it compiles before its first request."""
    line = f"exec python3 -I -S -B -c {shlex.quote(_SOURCE)} {cap}"
    return f"{line} {shlex.quote(warm)}" if warm else line


class EngineHost:
    """The resident engine sandbox of one scenario's workspace; started on first use, closed at the end."""

    def __init__(self, workspace: Path, placeholders: dict[str, str], limits: SandboxLimits) -> None:
        self.workspace = os.path.realpath(workspace)
        self.placeholders = placeholders
        self.limits = limits
        self._proc: asyncio.subprocess.Process | None = None
        self._lock = asyncio.Lock()
        self._warming: asyncio.Task[None] | None = None
        self._watch: tuple[ev.EventBus, Callable[[ev.Event], None]] | None = None
        self.started = 0
        """How many resident sandboxes this host started (a timeout or a failure costs a new one)."""
        self.served = 0
        self.child_cpu_s = 0.0
        """CPU time of the checks' own processes so far (the forked children, as their parent measured it)."""

    async def run(self, spec: EvalSpec, argv: list[str], timeout_s: float) -> ProcessResult | None:
        """Run one engine check; None when it must take the cold path (masks needed, host unusable)."""
        async with self._lock:
            try:
                if await asyncio.to_thread(self._needs_masks):
                    return None
            except OverflowError:  # too large to walk: the cold path refuses it with the reason
                return None
            proc = self._proc if self._proc is not None and self._proc.returncode is None else None
            if proc is None:
                proc = await self._start(spec)
                if proc is None:
                    return None
            try:
                async with asyncio.timeout(timeout_s):
                    result = await self._ask(proc, argv)
            except TimeoutError:
                await self._kill()
                return ProcessResult(-9, b"", b"", timed_out=True)
            except (OSError, EOFError, ValueError, asyncio.IncompleteReadError):
                await self._kill()  # the resident sandbox died (memory cap): the cold path decides
                return None
            except asyncio.CancelledError:
                await self._kill()
                raise
            self.served += 1
            return result

    def prestart(self, spec: EvalSpec) -> None:
        """Start the resident sandbox in the background (the first check then waits only for what is left)."""
        if self._warming is None:
            self._warming = asyncio.create_task(self._warm(spec), name="engine-host-start")

    def start_on_first_request(self, bus: ev.EventBus, scenario_id: str, spec: EvalSpec) -> None:
        """:meth:`prestart` when the scenario's first model request is emitted (a bus subscriber until closed)."""

        def watch(event: ev.Event) -> None:
            if self._warming is None and isinstance(event, ev.ModelRequest) and event.scenario_id == scenario_id:
                self.prestart(spec)

        self._watch = (bus, watch)
        bus.subscribe(watch)

    async def _warm(self, spec: EvalSpec) -> None:
        async with self._lock:
            if self._proc is None:
                await self._start(spec)

    def _needs_masks(self) -> bool:
        uid = sandbox_uid(self.workspace)
        settle(self.workspace, uid if drops_privileges() else None)
        return bool(escaping_hardlinks([self.workspace]))

    async def _start(self, spec: EvalSpec) -> asyncio.subprocess.Process | None:
        argv = engine_argv(spec, substitute(spec.command, self.placeholders))
        command = zygote_command(warm=argv[0] if argv else "")
        try:
            launch = await asyncio.to_thread(
                check_launch, spec, command, self.placeholders, self.workspace, self.limits
            )
        except (OSError, OverflowError):
            return None
        try:
            self._proc = await asyncio.create_subprocess_exec(
                *launch.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                start_new_session=True,
                env=launch.env,
                pass_fds=tuple(launch.fds),
            )
        except OSError:
            return None
        finally:
            launch.close()
        self.started += 1
        return self._proc

    async def _ask(self, proc: asyncio.subprocess.Process, argv: list[str]) -> ProcessResult:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write((json.dumps(argv) + "\n").encode())
        await proc.stdin.drain()
        header = await proc.stdout.readline()
        if not header:
            raise EOFError("the resident check sandbox ended")
        rc, n_out, n_err, out_drop, err_drop, cpu_us = (int(x) for x in header.split())
        self.child_cpu_s += cpu_us / 1e6
        out = await proc.stdout.readexactly(n_out)
        err = await proc.stdout.readexactly(n_err)
        return ProcessResult(rc, out, err, out_drop, err_drop)

    async def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)  # bwrap dies; its PID namespace and every child with it
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(proc.wait(), 5)
        release(proc)  # its pipes closed now, not by the garbage collector after the loop has closed

    async def close(self) -> None:
        if self._watch is not None:
            self._watch[0].unsubscribe(self._watch[1])
            self._watch = None
        if self._warming is not None:
            self._warming.cancel()
            await asyncio.gather(self._warming, return_exceptions=True)
            self._warming = None
        await self._kill()


def scenario_host(
    scenario: Scenario, workspace: Path, bus: ev.EventBus, limits: SandboxLimits = DEFAULT_LIMITS
) -> EngineHost:
    """The engine host of one scenario run; its sandbox starts once the first model request is on its way.

    Started then, its start-up (a sandbox, an interpreter, the engine's imports) overlaps the
    wait for the model instead of competing with the scenario's set-up and first request.
    """
    host = EngineHost(workspace, scenario.placeholder_values(workspace), limits)
    first = next((r.eval for r in scenario.rounds if ENGINE_FORM.fullmatch(r.eval.command.strip())), None)
    if first is not None and sandbox_mode(False) == "bwrap":
        host.start_on_first_request(bus, scenario.id, first)
    return host
