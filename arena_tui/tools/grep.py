"""Grep: ripgrep over the agent's scope, as an async subprocess.

ripgrep's JSON output is parsed rather than its text, so every result path can be
re-checked against the scope before it is shown, and the three output modes plus
paging (offset, head_limit) are applied uniformly.
"""

from __future__ import annotations

import json
import shutil
from typing import Any

from arena_tui.sandbox.limits import minimal_env
from arena_tui.sandbox.process import run_capped
from arena_tui.tools.base import Tool, ToolContext, ToolError, ToolOutput, schema
from arena_tui.tools.scoped_paths import mtime, search_roots, visible

GREP_TIMEOUT_S = 60.0
GREP_OUTPUT_CAP = 32 * 1024 * 1024
MODES = ("files_with_matches", "content", "count")


def _rg_argv(args: dict[str, Any], roots: list[str], content: bool) -> list[str]:
    exe = shutil.which("rg")
    if exe is None:
        raise ToolError("Grep is unavailable: ripgrep (rg) is not installed")
    # --sort path: files in a fixed order, so offset/head_limit pages of content and count
    # results never overlap or skip (ripgrep's parallel walk otherwise varies it run to run).
    argv = [exe, "--json", "--no-config", "--hidden", "--no-ignore", "--color", "never", "--sort", "path"]
    if args.get("-i"):
        argv.append("-i")
    if args.get("multiline"):
        argv += ["-U", "--multiline-dotall"]
    if args.get("glob"):
        argv += ["--glob", args["glob"]]
    if args.get("type"):
        argv += ["--type", args["type"]]
    if content:
        for flag in ("-A", "-B", "-C"):
            if args.get(flag) is not None:
                if args[flag] < 0:
                    raise ToolError(f"{flag} must be >= 0")
                argv += [flag, str(args[flag])]
    return [*argv, "-e", args["pattern"], "--", *roots]


def _entries(stdout: bytes, args: dict[str, Any], ctx: ToolContext) -> list[str]:
    mode = args.get("output_mode") or "files_with_matches"
    numbers = args.get("-n", True) is not False
    counts: dict[str, int] = {}
    lines: list[str] = []
    allowed: dict[str, bool] = {}
    for raw in stdout.splitlines():
        try:
            msg = json.loads(raw)
        except ValueError:
            continue
        kind = msg.get("type")
        if kind not in ("match", "context"):
            continue
        data = msg["data"]
        path = data.get("path", {}).get("text")
        if path is None:
            continue
        if path not in allowed:
            allowed[path] = visible(ctx, path)
        if not allowed[path]:
            continue
        if kind == "match":
            counts[path] = counts.get(path, 0) + 1
        text = (data.get("lines", {}).get("text") or "").rstrip("\n")
        sep = ":" if kind == "match" else "-"
        number = f"{data.get('line_number')}{sep}" if numbers else ""
        lines.append(f"{path}{sep}{number}{text}")
    if mode == "content":
        return lines
    if mode == "count":
        return [f"{p}:{n}" for p, n in counts.items()]
    return sorted(counts, key=lambda p: (-mtime(p), p))


class GrepTool(Tool):
    name = "Grep"
    description = (
        "Search file contents with a regular expression (ripgrep) inside your scope. "
        "output_mode: files_with_matches (default), content, count. Optional path "
        "(absolute), glob, type, -i, -n, -A/-B/-C (content mode), multiline, "
        "offset and head_limit to page the results."
    )
    parameters = schema(
        ["pattern"],
        pattern={"type": "string", "description": "Regular expression (ripgrep syntax)."},
        path={"type": "string", "description": "Absolute file or folder (default: scope)."},
        glob={"type": "string", "description": "Only files matching this glob."},
        type={"type": "string", "description": "Only files of this ripgrep type (py, md...)."},
        output_mode={"type": "string", "enum": list(MODES), "description": "Result shape."},
        **{
            "-i": {"type": "boolean", "description": "Case-insensitive."},
            "-n": {"type": "boolean", "description": "Line numbers in content mode."},
            "-A": {"type": "integer", "description": "Lines after each match."},
            "-B": {"type": "integer", "description": "Lines before each match."},
            "-C": {"type": "integer", "description": "Lines around each match."},
        },
        head_limit={"type": "integer", "description": "Show at most this many results."},
        offset={"type": "integer", "description": "Skip this many results first."},
        multiline={"type": "boolean", "description": "Let . and patterns span lines."},
    )

    async def run(self, args: dict[str, Any], ctx: ToolContext) -> ToolOutput:
        mode = args.get("output_mode") or "files_with_matches"
        if mode not in MODES:
            raise ToolError(f"output_mode must be one of {', '.join(MODES)}")
        offset = args.get("offset") or 0
        head = args.get("head_limit")
        if offset < 0 or (head is not None and head < 0):
            raise ToolError("offset and head_limit must be >= 0")
        roots = search_roots(ctx, args.get("path"))
        if not roots:
            return ToolOutput("No matches found")
        argv = _rg_argv(args, roots, mode == "content")
        env = minimal_env("/usr/local/bin:/usr/bin:/bin", ctx.cwd)  # nothing of the harness's environment
        result = await run_capped(argv, GREP_TIMEOUT_S, cap=GREP_OUTPUT_CAP, cwd=ctx.cwd, env=env)
        if result.returncode == 2 and not result.stdout.strip():
            err = result.stderr.decode("utf-8", errors="replace").strip()
            raise ToolError(f"Grep failed: {err or 'ripgrep error'}")
        entries = _entries(result.stdout, args, ctx)
        total = len(entries)
        entries = entries[offset:]
        if head:
            entries = entries[:head]
        if not entries:
            return ToolOutput("No matches found")
        shown = "\n".join(entries)
        if offset + len(entries) < total:
            shown += f"\n[{total - offset - len(entries)} more results; raise offset to see them]"
        return ToolOutput(shown)
