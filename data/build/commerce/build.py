#!/usr/bin/env python3
"""Deterministic build of the commerce scenarios (data/clawarena-team/scenarios/s_com_*), v2.

Every file of every s_com_* scenario folder is generated here but the engine copy with its stamp
(data/build/sync_checks.py) and needs.json (data/build/derive_needs.py): workspace incl. media and
office files, updates, manifest, questions, the round specs checks/<round>.json for the one check
engine, truth/, the reference manager solution/trajectory.json and the _sandbox_hint.md asset map,
plus data/build/commerce/testdata/<id>.json (answer values the trajectory must never write itself,
and decoys the tests plant) and the manifests-commerce.json / tests-commerce.json subset files.
The driver is kit/driver.py.

Usage:
    .venv/bin/python data/build/commerce/build.py            # (re)generate in place
    .venv/bin/python data/build/commerce/build.py --check    # rebuild into a temp dir, compare byte for byte

Needs Pillow, openpyxl, python-docx (project venv), espeak-ng, sox and ffmpeg on PATH. WAV files:
on a byte mismatch (another espeak-ng/sox build) --check accepts an equal duration and says so.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder
sys.dont_write_bytecode = True

import lib  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.driver import Domain  # noqa: E402
from kit.files import dump  # noqa: E402

Scenario = dict[str, Any]


class Commerce(Domain[Scenario]):
    folder = HERE
    desc = "Commerce domain: online-shop and retail scenarios (price tests, disputes, audits)."

    def scenarios(self) -> list[Scenario]:
        """Every sc_*.py in this folder, in the order their RUN_ORDER says."""
        return [m.scenario() for m in spec_modules(HERE, "sc_")]

    def scenario_id(self, sc: Scenario) -> str:
        return str(sc["sid"])

    def build_scenario(self, sc: Scenario, sdir: str) -> list[str]:
        lib.write_scenario(sdir, sc)
        return lib.value_leaks(sdir, sc) + tool_problems(sdir, sc)

    def own_files(self, scs: Sequence[Scenario]) -> dict[str, str]:
        """testdata/<id>.json: the scenario's secrets and the decoys the tests plant."""
        return {
            f"testdata/{sc['sid']}.json": dump(
                {"scenario_id": sc["sid"], "secrets": sc.get("secrets", []), "decoys": sc.get("decoys", {})}
            )
            for sc in scs
        }


def tool_problems(sdir: str, sc: Scenario) -> list[str]:
    """Tools in the workspace must reproduce the values the checks hard-code (where a scenario says how)."""
    probs = []
    for argv, must in sc.get("tool_tests", []):
        cmd = [sys.executable] + [a.replace("{dir}", sdir) for a in argv]
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        for m in must:
            if m not in out:
                probs.append(f"{sc['sid']}: {' '.join(argv)} output lacks {m!r}")
    return probs


if __name__ == "__main__":
    sys.exit(Commerce().main(__doc__))
