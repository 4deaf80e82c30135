"""Bash: a shell command inside bubblewrap, with a counted pre-check of its paths.

Two layers: the pre-check refuses (and counts) commands that name paths outside the
scope, and bubblewrap makes whatever the pre-check cannot see (paths built at run
time) simply not exist. Before every call the granted roots are re-verified against
their pins (a swapped root is refused and counted) and the workspace is walked once:
harness-made files are handed to the sandbox's unprivileged uid and its growth is
measured against the cap. Hitting a resource limit is an ordinary error the agent
reads. Without bwrap the tool refuses unless the operator opted in.
"""

from __future__ import annotations

import asyncio
from typing import Any

from arena_tui.sandbox.bwrap import Launch, bash_launch, python_prefix, sandbox_mode, unsafe_launch
from arena_tui.sandbox.limits import MIB, SandboxLimits, drops_privileges, sandbox_uid
from arena_tui.sandbox.ownership import growth, settle
from arena_tui.sandbox.pathtokens import outside_words
from arena_tui.sandbox.process import ProcessResult, run_launch
from arena_tui.sandbox.scope import ForbiddenError, Refusal
from arena_tui.tools.base import TaskResult, Tool, ToolContext, ToolError, ToolOutput, schema
from arena_tui.tools.bash_files import bash_touches

DEFAULT_TIMEOUT_MS = 120_000
MAX_TIMEOUT_MS = 600_000

UNAVAILABLE = (
    "Bash is unavailable: bubblewrap (bwrap) is not installed or cannot create namespaces "
    "on this machine, and commands are never run unsandboxed unless the operator passes "
    "--unsafe-bash."
)


def _section(name: str, data: bytes, dropped: int) -> str:
    text = data.decode("utf-8", errors="replace")
    note = f"\n[{name} truncated: {dropped} more bytes not shown]" if dropped else ""
    return f"--- {name} ---\n{text}{note}"


def limit_note(result: ProcessResult, limits: SandboxLimits, file_mb: int) -> str:
    """A plain line naming the resource limit a command ran into, or ``""``."""
    err = (result.stderr + result.stdout[-4096:]).decode("utf-8", errors="replace")
    if result.returncode == 128 + 25 or "File size limit exceeded" in err:
        return f"[resource limit: a file may not exceed {file_mb} MiB here]"
    if "fork: retry" in err or "fork: Resource temporarily unavailable" in err:
        return f"[resource limit: at most {limits.processes} processes per sandbox]"
    if "MemoryError" in err or "Cannot allocate memory" in err or "memory exhausted" in err:
        return f"[resource limit: at most {limits.memory_mb} MiB of memory per process]"
    if "No space left on device" in err:
        return f"[resource limit: /tmp holds at most {limits.tmp_mb} MiB]"
    return ""


def _prepare(command: str, ctx: ToolContext, bwrap: bool) -> tuple[Launch | None, str, int]:
    """Verify, settle the workspace and build the launch; or a refusal text."""
    limits = ctx.limits
    uid = sandbox_uid(ctx.workspace)
    used = settle(ctx.workspace, uid if drops_privileges() else None)
    grown = growth(ctx.workspace, used)
    room_mb = limits.workspace_growth_mb - grown // MIB
    if ctx.can_write and room_mb <= 0:
        text = (
            f"Bash refused: resource limit: the workspace has grown by {grown // MIB} MiB, "
            f"over the limit of {limits.workspace_growth_mb} MiB; delete files to continue"
        )
        return None, text, 0
    file_mb = max(1, min(limits.file_size_mb, room_mb))
    if bwrap:
        return bash_launch(ctx.scope, ctx.cwd, ctx.can_write, command, limits, uid, file_mb), "", file_mb
    return unsafe_launch(command, ctx.cwd, limits, uid, file_mb), "", file_mb


async def run_command(command: str, timeout_ms: int, ctx: ToolContext) -> tuple[ToolOutput, int]:
    """Run ``command`` in the agent's sandbox; returns the formatted output and exit code."""
    bwrap = sandbox_mode(ctx.unsafe_bash) == "bwrap"
    try:
        launch, refusal, file_mb = await asyncio.to_thread(_prepare, command, ctx, bwrap)
    except OverflowError as exc:
        return ToolOutput(f"Bash refused: {exc}", is_error=True), -1
    except ForbiddenError as exc:
        return ToolOutput(exc.text, is_error=True, forbidden=True), -1
    if launch is None:
        return ToolOutput(refusal, is_error=True), -1
    try:
        result = await run_launch(launch, timeout_ms / 1000.0)
    except OSError as exc:
        return ToolOutput(f"Bash could not start: {exc}", is_error=True), -1
    head = f"exit={result.returncode}"
    if result.timed_out:
        head += f"\n[timed out after {timeout_ms} ms; the process group was killed]"
    note = limit_note(result, ctx.limits, file_mb)
    parts = [head, _section("stdout", result.stdout, result.stdout_dropped)]
    parts.append(_section("stderr", result.stderr, result.stderr_dropped))
    if note:
        parts.append(note)
    return ToolOutput("\n".join(parts), is_error=result.timed_out or bool(note)), result.returncode


class BashTool(Tool):
    name = "Bash"
    description = (
        "Run a bash command in a sandbox that contains only your accessible paths (no "
        "network, private /tmp). Output: exit=<code>, then stdout and stderr (64 KiB each). "
        "timeout in ms (default 120000, max 600000). run_in_background (main agent only) "
        "returns a task id at once and notifies you when the command ends."
    )
    parameters = schema(
        ["command"],
        command={"type": "string", "description": "The command line."},
        description={"type": "string", "description": "What it does, in a few words."},
        timeout={"type": "integer", "description": "Timeout in milliseconds (max 600000)."},
        run_in_background={"type": "boolean", "description": "Run in the background."},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        command: str = args["command"]
        timeout = args.get("timeout")
        timeout_ms = DEFAULT_TIMEOUT_MS if timeout is None else timeout
        if not 1 <= timeout_ms <= MAX_TIMEOUT_MS:
            raise ToolError(f"timeout must be between 1 and {MAX_TIMEOUT_MS} ms")
        if not command.strip():
            raise ToolError("command must not be empty")
        prefix = python_prefix()
        extra = (prefix,) if prefix else ()
        outside = outside_words(command, ctx.scope, ctx.cwd, extra)
        if outside:
            raise ForbiddenError([Refusal(w, "bash_path_outside_scope") for w in outside])
        if sandbox_mode(ctx.unsafe_bash) == "unavailable":
            raise ToolError(UNAVAILABLE)
        # A root swapped since the grant is refused and counted before anything runs.
        ctx.scope.verify()
        if args.get("run_in_background"):
            if not ctx.is_main:
                raise ToolError("run_in_background is only available to the main agent")
            if ctx.background is None:
                raise ToolError("background commands are not available in this context")
            description = args.get("description") or ""
            task_id = ctx.background.start(
                "bash", description or command[:80], f"command: {command}", _background(command, timeout_ms, ctx)
            )
            return ToolOutput(
                f"started in background: task_id={task_id}\nYou will get a task-notification when it finishes."
            )
        touched = await asyncio.to_thread(bash_touches, command, ctx.scope, ctx.cwd)
        output, _ = await run_command(command, timeout_ms, ctx)
        output.files.extend(touched)
        return output


async def _background(command: str, timeout_ms: int, ctx: ToolContext) -> TaskResult:
    """One background command; it succeeded when it exited 0."""
    output, rc = await run_command(command, timeout_ms, ctx)
    return ("completed" if rc == 0 and not output.is_error else "failed"), output.text
