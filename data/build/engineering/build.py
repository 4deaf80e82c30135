#!/usr/bin/env python3
"""Deterministic build of the engineering scenarios (data/clawarena-team/scenarios/s_eng_*), version 2.

Generates, for every scenario spec_*.py in this folder: the slices and update files, tools, seal, media
(PNG >= 1280x720 with seeded grain, WAV 22050 Hz via espeak-ng + sox + seeded noise bed, MP4 1280x720 via
ffmpeg bitexact), office files
(docx/xlsx with fixed core times and zip stamps, hand-written PDF), truth/, manifest.json,
questions.json, checks/<round>.json (one spec per round for the check engine; data/build/sync_checks.py adds the engine),
solution/trajectory.json and workspace/_sandbox_hint.md (generated from the manifest), plus
data/clawarena-team/manifests-engineering.json and tests-engineering.json. The driver is kit/driver.py.

Usage:
    .venv/bin/python data/build/engineering/build.py            # (re)generate in place
    .venv/bin/python data/build/engineering/build.py --check    # rebuild into a temp dir, compare byte for byte
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder
sys.dont_write_bytecode = True

from assemble import Scenario, build_scenario  # noqa: E402
from framework import Spec, dump, spec_of, token, write  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.driver import Domain  # noqa: E402


class Engineering(Domain[Spec]):
    folder = HERE
    desc = (
        "Engineering domain of the ClawArena-Team arena: incident post-mortems, inspections, release "
        "readiness, CI triage, vibration analysis, change review, cloud cost and OEE audits."
    )

    def scenarios(self) -> list[Spec]:
        """Every spec_*.py in this folder, in the order their RUN_ORDER says."""
        return [spec_of(m) for m in spec_modules(HERE, "spec_")]

    def scenario_id(self, S: Spec) -> str:
        return str(S["id"])

    def build_scenario(self, S: Spec, sdir: str) -> list[str]:
        sc = build_scenario(S, sdir)
        with tempfile.TemporaryDirectory() as td:
            return tally_problems(S, sc, sdir, td) + seal_problems(S, sc, sdir, td)


def tally_problems(S: Spec, sc: Scenario, sdir: str, td: str) -> list[str]:
    """The generated tally tool reproduces the tallies the checks hard-code, at every stage of the updates."""
    F, problems = S["F"], []
    stages = [sc.files_at(0), sc.files_at(1)] + ([sc.files_at(2)] if S.get("u2_file") else [])
    for k, (files, want) in enumerate(zip(stages, sc.tallies(), strict=True)):
        paths = []
        for f in files:
            src = os.path.join(sdir, "workspace", F["slices"], f["name"])
            if f is S["u1_file"]:
                src = os.path.join(sdir, "updates", f"u1_{S['u1_id']}", f["name"])
            if S.get("u2_file") and f is S["u2_file"]:
                src = os.path.join(sdir, "updates", f"u2_{S['u2_id']}", f["name"])
            d = os.path.join(td, str(k))
            os.makedirs(d, exist_ok=True)
            shutil.copy(src, os.path.join(d, f["name"]))
            paths.append(os.path.join(d, f["name"]))
        out = subprocess.run(
            [sys.executable, os.path.join(sdir, "workspace", F["tools"], S["tool"]), *paths],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        ck, uk, kn = S["count_key"], S["unit_key"], S["key_name"]
        tot = f"TOTAL  {ck}={want['total_' + ck]}  peak_{uk}={want['peak_' + uk]:.1f}  top_{kn}={want['top_' + kn]}"
        if tot not in out:
            problems.append(f"{S['id']} stage {k}: tool says {out.splitlines()[-1]!r}, expected {tot!r}")
    return problems


def seal_problems(S: Spec, sc: Scenario, sdir: str, td: str) -> list[str]:
    """The generated sealing tool prints the token the build computes."""
    F, fs = S["F"], sc.final_summary()
    p = os.path.join(td, "s.json")
    write(p, dump(fs))
    got = subprocess.run(
        [
            sys.executable,
            os.path.join(sdir, "workspace", F["tools"], S["seal_tool"]),
            "--seal",
            os.path.join(sdir, "workspace", F["vault"], S["seal_file"]),
            p,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if got != f"{S['seal_prefix']}:{token(S['id'], fs)}":
        return [f"{S['id']}: seal tool token differs from the build's token"]
    return []


if __name__ == "__main__":
    sys.exit(Engineering().main(__doc__))
