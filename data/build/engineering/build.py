#!/usr/bin/env python3
"""Deterministic build of the engineering scenarios (data/clawarena-team/scenarios/s_eng_*), version 2.

Generates, for every scenario spec_*.py in this folder: the slices and update files, tools, seal, media
(PNG >= 1280x720 with seeded grain, WAV 22050 Hz via espeak-ng + sox + seeded noise bed, MP4 1280x720 via
ffmpeg bitexact), office files
(docx/xlsx with fixed core times and zip stamps, hand-written PDF), truth/, manifest.json,
questions.json, checks/<round>.json (one spec per round for the check engine; data/build/sync_checks.py adds the engine),
solution/trajectory.json and workspace/_sandbox_hint.md (generated from the manifest), plus
data/clawarena-team/manifests-engineering.json and tests-engineering.json.

Usage:
    .venv/bin/python data/build/engineering/build.py            # (re)generate in place
    .venv/bin/python data/build/engineering/build.py --check    # rebuild into a temp dir, compare byte for byte
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder
sys.dont_write_bytecode = True
DATASET = os.path.normpath(os.path.join(HERE, "..", "..", "clawarena-team"))

from assemble import build_scenario  # noqa: E402
from framework import dump, spec_of, write  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.rebuild import differs, report  # noqa: E402


def load_specs() -> list[dict[str, Any]]:
    """Every spec_*.py in this folder, in the order their RUN_ORDER says."""
    return [spec_of(m) for m in spec_modules(HERE, "spec_")]


def build(root: str) -> list[str]:
    written, ids = [], []
    for S in load_specs():
        w, _sc = build_scenario(S, root)
        written += [f"scenarios/{S['id']}/{p}" for p in w]
        ids.append(S["id"])
    write(
        os.path.join(root, "manifests-engineering.json"),
        dump({"scenarios": {i: f"scenarios/{i}/manifest.json" for i in ids}}),
    )
    write(
        os.path.join(root, "tests-engineering.json"),
        dump(
            {
                "name": "engineering",
                "desc": "Engineering domain of the ClawArena-Team arena: incident post-mortems, inspections, release "
                "readiness, CI triage, vibration analysis, change review, cloud cost and OEE audits.",
                "manifests_ref": "manifests-engineering.json",
                "scenario_ids": ids,
            }
        ),
    )
    return [*written, "manifests-engineering.json", "tests-engineering.json"]


def self_test(root: str) -> list[str]:
    """The generated tools must reproduce the tallies the checks hard-code; the seal tool the token."""
    from assemble import Scenario
    from framework import token

    problems = []
    for S in load_specs():
        sc = Scenario(S)
        sdir = os.path.join(root, "scenarios", S["id"])
        F = S["F"]
        with tempfile.TemporaryDirectory() as td:
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
            fs = sc.final_summary()
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
                problems.append(f"{S['id']}: seal tool token differs from the build's token")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if not args.check:
        for S in load_specs():
            d = os.path.join(DATASET, "scenarios", S["id"])
            if os.path.isdir(d):
                shutil.rmtree(d)
        written = build(DATASET)
        problems = self_test(DATASET)
        for p in problems:
            print("ERROR:", p)
        print(f"built {len(written)} files under {DATASET}")
        return 1 if problems else 0
    problems = []
    with tempfile.TemporaryDirectory() as td:
        written = build(td)
        problems += self_test(td)
        for rel in written:
            a, b = os.path.join(DATASET, rel), os.path.join(td, rel)
            if not os.path.exists(a):
                problems.append(f"{rel}: missing in the dataset (run the build)")
                continue
            problem = differs(rel, a, b)
            problems += [problem] if problem else []
        # files in the dataset's engineering scenarios that the build does not produce
        wset = set(written)
        for S in load_specs():
            base = os.path.join(DATASET, "scenarios", S["id"])
            for r, _, names in os.walk(base):
                for n in names:
                    rel = os.path.relpath(os.path.join(r, n), DATASET)
                    if rel.endswith(("checks/_check.py", "checks/_check.sha256")):
                        continue  # the engine copy and its stamp come from data/build/sync_checks.py
                    if rel == os.path.join("scenarios", S["id"], "needs.json"):
                        continue  # needs.json comes from data/build/derive_needs.py
                    if rel not in wset:
                        problems.append(f"{rel}: not produced by the build (stray file)")
    return report(problems)


if __name__ == "__main__":
    sys.exit(main())
