"""Parameter summaries of the main agent's tools (docs/architecture.md), shown by ``?`` in the play console."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

TOOL_HELP: dict[str, str] = {
    "Read": "file_path (workspace-relative or absolute), offset (0-based line, default 0), limit (default 2000)",
    "Write": "file_path, content — overwriting needs an earlier Read of the unchanged file",
    "Edit": "file_path, old_string, new_string, replace_all=false — read the file first",
    "Bash": "command, description, timeout (ms, default 120000, max 600000), run_in_background=false",
    "Grep": "pattern, path, glob, type, output_mode (files_with_matches|content|count), -i, -n, -A, -B, -C, "
    "head_limit, offset, multiline",
    "Glob": "pattern, path — newest first, at most 1000 paths",
    "CreateSubagent": "name, system_prompt, model_key (llm|vlm|omni), tools=Read,Grep (⊆ Read/Write/Edit/Bash/Grep/"
    "Glob), accessible_paths=a/b.csv,c/ (workspace-relative or absolute) — F2 opens a form",
    "RunSubagent": "subagent_id, description, prompt, session_id? (absent → new session), run_in_background=false "
    "— F3 opens a form",
    "ListSubagents": "no parameters",
    "InspectSubagent": "session_id",
    "Workflow": 'script or scriptPath, name="workflow", args — F4 opens a form with a working example; '
    "the script is the body of an async JS function: defineAgent({name, model_key, tools, accessible_paths, "
    "system_prompt}) → agent type; await agent(prompt, {agentType}) → its answer; parallel([() => …]); "
    "pipeline(items, stage…); log(…); return the result (it arrives as a task notification)",
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


def workflow_example(path: str = "requests/") -> str:
    """A Workflow script that runs as it stands: two readers of ``path`` in parallel, answers returned."""
    return (
        "// defineAgent gives an agent type; agent() runs a new session of it and resolves to its answer.\n"
        "const reader = defineAgent({name: 'reader', model_key: 'llm', tools: ['Read', 'Grep'],\n"
        f"  accessible_paths: [{path!r}], system_prompt: 'Answer only from the files you can read.'}});\n"
        "const [first, second] = await parallel([\n"
        f"  () => agent('Read the files under {path} and report what they ask for.', {{agentType: reader}}),\n"
        f"  () => agent('List every file under {path} with one line on each.', {{agentType: reader}}),\n"
        "]);\n"
        "log('both readers answered');\n"
        "return {first, second};  // the result reaches you as a task notification\n"
    )
