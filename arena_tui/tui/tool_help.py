"""Parameter summaries of the main agent's tools (docs/architecture.md), shown by ``?`` in the play console."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

TOOL_HELP: dict[str, str] = {
    "Read": "file_path (absolute), offset (0-based line, default 0), limit (default 2000)",
    "Write": "file_path, content — overwriting needs an earlier Read of the unchanged file",
    "Edit": "file_path, old_string, new_string, replace_all=false — read the file first",
    "Bash": "command, description, timeout (ms, default 120000, max 600000), run_in_background=false",
    "Grep": "pattern, path, glob, type, output_mode (files_with_matches|content|count), -i, -n, -A, -B, -C, "
    "head_limit, offset, multiline",
    "Glob": "pattern, path — newest first, at most 1000 paths",
    "CreateSubagent": "name, system_prompt, model_key (llm|vlm|omni), tools[] ⊆ Read/Write/Edit/Bash/Grep/Glob, "
    "accessible_paths[] (absolute) — F2 opens a form",
    "RunSubagent": "subagent_id, description, prompt, session_id? (absent → new session), run_in_background=false "
    "— F3 opens a form",
    "ListSubagents": "no parameters",
    "InspectSubagent": "session_id",
    "Workflow": 'script or scriptPath, name="workflow", args — F4 opens a form',
    "EndRound": "text (the round's final answer) — or type: end <summary>, or press ctrl+e",
}
"""Tool name → parameter summary."""


def tool_help_for(tools: Iterable[str], overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """Summaries for the offered tools (all known ones when ``tools`` is empty).

    Args:
        tools: Tool names the console offers.
        overrides: Summaries that replace or extend :data:`TOOL_HELP`.

    Returns:
        Tool name → summary, in the order of ``tools``.
    """
    known = {**TOOL_HELP, **(overrides or {})}
    names = list(tools) or list(known)
    return {name: known.get(name, "no parameter summary for this tool") for name in names}
