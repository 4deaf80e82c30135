#!/usr/bin/env python3
"""Deterministic build of the law-domain scenarios of data/clawarena-team/ (version 1).

Every file of each s_law_* scenario folder is generated here: workspace texts, ledger CSV slices,
tools, seal key, media (PNG scans as A4 pages at 150 dpi, certificates/photos >= 1240 px wide, DejaVu
fonts shipped with matplotlib plus seeded paper/sensor grain; WAV via espeak-ng + sox at espeak-ng's native
22050 Hz 16-bit mono; MP4 via ffmpeg/libx264 at 1280x720, 1 fps, from generated frames, bit-exact flags), office files (docx/xlsx with fixed
core-properties times and zip entry dates; hand-written PDF), truth/ entries, _index.md files,
_sandbox_hint.md (generated from each manifest), manifest.json, questions.json, checks/<round>.json
(one spec per round for the engine data/build/_check.py; data/build/sync_checks.py adds the engine
copy and its stamp) and solution/trajectory.json. Also writes manifests-law.json and tests-law.json.
The driver is kit/driver.py.

Usage:
    .venv/bin/python data/build/law/build.py            # (re)generate in place
    .venv/bin/python data/build/law/build.py --check    # rebuild into a temp dir and compare byte for byte
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder
sys.dont_write_bytecode = True

import engine  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.driver import Domain  # noqa: E402
from rounds import Scenario  # noqa: E402


class Law(Domain[Scenario]):
    folder = HERE
    desc = (
        "Law domain: litigation, data-protection, contract, employment, IP, procedure, construction "
        "and insurance matters (data/build/law/build.py)."
    )

    def scenarios(self) -> list[Scenario]:
        """The dict ``S`` of every scen_*.py in this folder, in the order their RUN_ORDER says."""
        return [m.S for m in spec_modules(HERE, "scen_")]

    def scenario_id(self, S: Scenario) -> str:
        return str(S["sid"])

    def build_scenario(self, S: Scenario, sd: str) -> list[str]:
        """The scenario's files; the generated tally tool must reproduce the reference values the checks hard-code."""
        V = engine.build_scenario(S, sd)
        L, d = S["ledger"], S["dirs"]
        files = [os.path.join(sd, "workspace", d["ledger"], f) for f in L["files"]]
        files.append(os.path.join(sd, "updates", S["upA"]["id"], S["upA"]["file"]))
        if S["upA"]["op"] == "replace":
            files = [f for f in files if not (f.endswith("/" + S["upA"]["file"]) and "/workspace/" in f)]
        out = subprocess.run(
            [sys.executable, os.path.join(sd, "workspace", "tools", L["tool"]), *files, "--json"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        got = json.loads(out)
        want = engine.ledger_tally_json(S, V["post"])
        return [] if got == want else [f"{S['sid']}: tally tool output {got} != {want}"]


if __name__ == "__main__":
    sys.exit(Law().main(__doc__))
