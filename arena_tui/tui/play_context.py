"""What the play forms need beyond the drawn state (Textual-free)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class PlayContext:
    """Play-mode data the run screen reads from ``app.play_context`` (absent: the defaults).

    Args:
        grantable: Absolute paths the CreateSubagent form may grant (accessible ∪ delegable).
        tool_help: Tool name → parameter summary; extends the built-in summaries.
        workspace: The scenario's workspace (relative paths are completed inside it).
    """

    grantable: list[str] = field(default_factory=list)
    tool_help: dict[str, str] = field(default_factory=dict)
    workspace: str = ""
