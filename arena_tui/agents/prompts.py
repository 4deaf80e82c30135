"""System prompts of the main agent and of subagents, built from the enabled tools only."""

from __future__ import annotations

from collections.abc import Sequence

_TOOL_GUIDE = {
    "Read": (
        "Read a file by absolute path (offset/limit page long files; "
        "media you cannot perceive comes back as a placeholder)."
    ),
    "Write": "Write a whole file (overwriting needs an earlier Read of it, unchanged since).",
    "Edit": "Replace an exact string in a file you have read.",
    "Bash": "Run a shell command in a sandbox limited to your paths (no network).",
    "Grep": "Search file contents with a regular expression.",
    "Glob": "List files matching a glob pattern, newest first.",
    "CreateSubagent": (
        "Create a subagent from the pool (llm: text, vlm: images and video, omni: audio) "
        "with a least-privilege grant of tools and paths."
    ),
    "RunSubagent": (
        "Give a subagent a task: foreground waits for its answer; run_in_background returns at once and a "
        "task-notification brings the result; pass session_id to continue an earlier session with its full history."
    ),
    "ListSubagents": "List your subagents, their sessions and running background work.",
    "InspectSubagent": "Show the turns of one subagent session.",
    "Workflow": (
        "Run a script that composes several subagents (defineAgent, agent, parallel, pipeline) in the background."
    ),
}


def main_system_prompt(enabled_tools: Sequence[str]) -> str:
    """The manager's system prompt: its role, its limits and the tools it really has."""
    tools = "\n".join(f"- {name}: {_TOOL_GUIDE[name]}" for name in enabled_tools if name in _TOOL_GUIDE)
    delegation = ""
    if "CreateSubagent" in enabled_tools:
        delegation = (
            "\nYou perceive only text and may touch only your accessible paths. Evidence in delegable paths, "
            "and images, audio and video, can only be read by subagents you create. Grant each subagent only "
            "the tools and paths its task needs: sensitive folders are never to be granted. Run independent "
            "work in parallel or in the background, reuse a session when it already holds the context you "
            "need, and integrate the answers into the deliverables yourself.\n"
        )
    return (
        "You are the manager of a team of AI subagents working in a shared workspace. Each question is one "
        "round of a longer task; deliverables are checked automatically after your final reply of the round, "
        "so write them exactly where and how the question asks.\n"
        f"{delegation}\n"
        "All paths you pass to tools must be absolute. Your tools:\n"
        f"{tools}\n\n"
        "When the round's work is done, reply with a short summary and no tool call."
    )


def subagent_system_prompt(manager_prompt: str, name: str, tools: Sequence[str], paths: Sequence[str]) -> str:
    """The manager's instructions for this subagent, preceded by what it is allowed to do."""
    granted = ", ".join(tools) if tools else "none"
    where = "\n".join(f"- {p}" for p in paths) or "- (none)"
    return (
        f"You are '{name}', a subagent working for a manager agent. Your tools: {granted}. "
        f"You may only touch these paths (absolute paths only):\n{where}\n"
        "Answer with the facts you found and where you found them; your final reply goes back to the manager.\n\n"
        f"{manager_prompt}"
    )
