"""Where workflow scripts live on disk: the scenario's ``workflows/`` folder.

Every script that runs is saved (so a run can be audited and a script re-run by
``scriptPath``), and a ``scriptPath`` argument may only name a file inside that folder -
it must not become a way to read arbitrary files or escape the scenario.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

_NAME = re.compile(r"^workflow_(\d{3,})\.js$")


def save_script(workflows_dir: Path, script: str) -> Path:
    """Write ``script`` as ``workflow_NNN.js`` with the next free number (001, 002, ...).

    The file is created with ``O_EXCL``, so two workflows started at the same moment
    never overwrite each other: the loser simply takes the next number.
    """
    workflows_dir.mkdir(parents=True, exist_ok=True)
    used = [int(m.group(1)) for p in workflows_dir.iterdir() if (m := _NAME.match(p.name))]
    number = max(used, default=0) + 1
    while True:
        path = workflows_dir / f"workflow_{number:03d}.js"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            number += 1
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(script)
        return path


def resolve_script_path(workflows_dir: Path, script_path: str | Path) -> Path:
    """Resolve ``scriptPath`` (relative to the workflows folder, or absolute) to a real
    file inside that folder; anything else raises ``ValueError`` with a clear message.

    Symlinks are resolved before the check, so a link pointing outside is refused too.
    """
    if not str(script_path).strip():
        raise ValueError("scriptPath is empty: give the name of a saved script, e.g. workflow_001.js")
    root = Path(os.path.realpath(workflows_dir))
    candidate = Path(script_path)
    if not candidate.is_absolute():
        candidate = root / candidate
    resolved = Path(os.path.realpath(candidate))
    if resolved != root and root not in resolved.parents:
        raise ValueError(
            f"scriptPath {str(script_path)!r} is outside the workflows folder {root}; use a file inside it"
        )
    if not resolved.is_file():
        raise ValueError(f"scriptPath {str(script_path)!r} does not name a file in the workflows folder {root}")
    return resolved
