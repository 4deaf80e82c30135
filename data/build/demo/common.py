"""What both demo scenarios share besides the kit: spec helpers and build constants.

Conditions are the kit's constructors; where a condition in checks/<round>.json has its fields
in another order than a kit constructor writes them (or leaves out one it always writes),
``condition`` builds it with the fields in that order (``agree_exact``; a background run is
``kit.rounds.tally.in_background``).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

from kit.conditions import Condition, condition
from kit.scenario import truth_path

Spec = dict[str, Any]
"""One round's check spec: ``{"round": id, "conditions": [...]}`` (checks/<round>.json)."""
Writer = Callable[[str], None]
"""Writes one generated file at the absolute path it is given (media and office files)."""
HAVE_AUDIO_TOOLS = bool(shutil.which("espeak-ng") and shutil.which("sox"))
TOOL_ENTRY = '\n\nif __name__ == "__main__":\n    sys.exit(main(sys.argv[1:]))\n'
"""The end of every workspace tool's source: run ``main`` on the command-line arguments."""


def spec(round_id: str, *conditions: Condition) -> Spec:
    return {"round": round_id, "conditions": list(conditions)}


def agree_exact(a: dict[str, Any], b: dict[str, Any]) -> Condition:
    """Two deliverables' values agree exactly (the spec writes no ``tol``)."""
    return condition("agree", a=a, b=b)


def truth_of(media: str) -> str:
    """The truth/ entry describing a workspace media file (paths relative to the scenario folder)."""
    return truth_path(media.removeprefix("workspace/"))
