"""What a domain's self-test runs on a fresh build: the workspace's tools, and searches of its
text files for values that must not be written there (a fact only a media file shows, a figure
the agent has to find)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from kit.hint import BINARY_EXT


def run_tool(path: str, *args: str) -> str:
    """The stdout of the workspace tool at ``path`` run with ``args`` by this Python (it must exit 0)."""
    return subprocess.run([sys.executable, path, *args], capture_output=True, text=True, check=True).stdout


def standalone(value: str, flags: int = 0) -> re.Pattern[str]:
    """``value`` where it stands on its own, not inside a longer word or number: ``12`` is not
    found in ``212``, ``x12`` or ``12.5``, but is in ``12.`` at a sentence's end."""
    return re.compile(r"(?<![\w.])" + re.escape(value) + r"(?![\w]|\.\d)", flags)


def text_files(root: str, *folders: str) -> dict[str, str]:
    """The text of every file below the ``folders`` of ``root`` (all of ``root`` when none is
    named) but media and office files, by path relative to ``root``, in walk order."""
    texts = {}
    for folder in folders or ("",):
        for top, _, names in os.walk(os.path.join(root, folder)):
            for name in names:
                if not name.lower().endswith(BINARY_EXT):
                    path = os.path.join(top, name)
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        texts[os.path.relpath(path, root)] = fh.read()
    return texts
