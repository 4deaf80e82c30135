#!/usr/bin/env python3
"""Before the tests: every external program the suite runs is installed or guarded.

Scans the package, the tests and the dataset builders for programs they start
(``subprocess.run(["prog", ...])`` and the other subprocess calls, ``shutil.which("prog")``,
``create_subprocess_exec("prog", ...)``). Each one must be
  * installed by scripts/install-system-deps.sh (a ``command -v prog`` line there), or
  * part of every machine the suite runs on (BASE below: the Python and shell the suite needs), or
  * guarded where it is used: the tests or builder file also asks ``shutil.which("prog")``
    (the test skips with the reason when it is missing).
Anything else fails CI with one line per program naming the files, so a fresh machine that ran
only the install script passes the suite. Programs started through a variable are not seen;
keep them in a literal or add them here.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("arena_tui", "tests", "data/build", "benchmarks")
BASE = {
    "python3": "the interpreter the suite runs on",
    "python": "the interpreter the suite runs on",
    "bash": "the shell the Bash tool and scripts run in",
    "sh": "POSIX shell",
    "env": "coreutils",
    "true": "coreutils",
    "false": "coreutils",
    "sleep": "coreutils",
    "cat": "coreutils",
    "echo": "coreutils",
    "ls": "coreutils",
    "timeout": "coreutils",
    "kill": "procps/util-linux, always present",
    "mount": "util-linux, essential on Debian/Ubuntu (the tmpfs test skips where mounting is refused)",
    "umount": "util-linux, essential on Debian/Ubuntu",
    "setsid": "util-linux, essential on Debian/Ubuntu",
}
_CALL = re.compile(
    r"(?:subprocess\.(?:run|Popen|check_output|check_call|call)|create_subprocess_exec)\(\s*\[?\s*"
    r"[\"']([A-Za-z0-9_.+-]+)[\"']"
)
_WHICH = re.compile(r"which\(\s*[\"']([A-Za-z0-9_.+-]+)[\"']")
_INSTALLED = re.compile(r"command -v ([A-Za-z0-9_.+-]+)")
_TUPLE_GUARD = re.compile(r"MEDIA_TOOLS\s*=\s*\(([^)]*)\)")


def installed(root: Path) -> set[str]:
    text = (root / "scripts" / "install-system-deps.sh").read_text(encoding="utf-8")
    return set(_INSTALLED.findall(text))


def main(root: Path = ROOT) -> int:
    have = installed(root)
    uses: dict[str, set[str]] = {}
    guarded: dict[str, set[str]] = {}
    for top in SCANNED:
        for path in sorted((root / top).rglob("*.py")):
            if ".venv" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            rel = path.relative_to(root).as_posix()
            names = set(_CALL.findall(text))
            which = set(_WHICH.findall(text))
            for found in _TUPLE_GUARD.findall(text):  # the rebuild helper's list of guarded tools
                which |= set(re.findall(r"[\"']([A-Za-z0-9_.+-]+)[\"']", found))
            for name in names | which:
                uses.setdefault(name, set()).add(rel)
            for name in which:
                guarded.setdefault(name, set()).add(rel)
    problems = []
    for name, files in sorted(uses.items()):
        if name in have or name in BASE:
            continue
        unguarded = sorted(f for f in files if f not in guarded.get(name, set()))
        if unguarded:
            problems.append(
                f"{name}: run by {', '.join(unguarded)} but neither installed by scripts/install-system-deps.sh "
                f"nor guarded there by shutil.which (add it to the install script, or skip without it)"
            )
    for line in problems:
        print(f"check-test-tools: {line}", file=sys.stderr)
    print(
        f"check-test-tools: {len(uses)} programs used; installed by the script: {', '.join(sorted(have & set(uses)))}; "
        f"{'all installed, base or guarded' if not problems else f'{len(problems)} not covered'}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT))
