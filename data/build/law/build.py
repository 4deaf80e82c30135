#!/usr/bin/env python3
"""Deterministic build of the law-domain scenarios of data/clawarena-team/ (version 1).

Every file of each s_law_* scenario folder is generated here: workspace texts, ledger CSV slices,
tools, seal key, media (PNG scans as A4 pages at 150 dpi, certificates/photos >= 1240 px wide, DejaVu
fonts shipped with matplotlib plus seeded paper/sensor grain; WAV via espeak-ng + sox at espeak-ng's native
22050 Hz 16-bit mono; MP4 via ffmpeg/libx264 at 1280x720, 1 fps, from generated frames, bit-exact flags), office files (docx/xlsx with fixed
core-properties times and zip entry dates; hand-written PDF), truth/ entries, _index.md files,
_sandbox_hint.md (generated from each manifest), manifest.json, questions.json, checks/ (the engine
data/build/_check.py with its stamp, as data/build/sync_checks.py writes them, and one spec
<round>.json per round) and solution/trajectory.json. Also writes manifests-law.json and tests-law.json.

Usage:
    .venv/bin/python data/build/law/build.py            # (re)generate in place
    .venv/bin/python data/build/law/build.py --check    # rebuild into a temp dir and compare byte for byte
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder
sys.dont_write_bytecode = True

import engine  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.files import dump, write  # noqa: E402
from kit.rebuild import differs, report  # noqa: E402
from rounds import Scenario, Values  # noqa: E402

DATASET = os.path.normpath(os.path.join(HERE, "..", "..", "clawarena-team"))


def scenarios() -> list[Scenario]:
    """The dict ``S`` of every scen_*.py in this folder, in the order their RUN_ORDER says."""
    return [m.S for m in spec_modules(HERE, "scen_")]


def build(root: str) -> list[str]:
    with open(os.path.join(HERE, "..", "_check.py"), "rb") as fh:
        engine_src = fh.read()
    problems = []
    for S in scenarios():
        problems += self_test(S, engine.build_scenario(S, root, engine_src), root)
    ids = [S["sid"] for S in scenarios()]
    write(
        os.path.join(root, "manifests-law.json"),
        dump({"scenarios": {i: f"scenarios/{i}/manifest.json" for i in ids}}),
    )
    write(
        os.path.join(root, "tests-law.json"),
        dump(
            {
                "name": "law",
                "desc": "Law domain: litigation, data-protection, contract, employment, IP, procedure, construction "
                "and insurance matters (data/build/law/build.py).",
                "manifests_ref": "manifests-law.json",
                "scenario_ids": ids,
            }
        ),
    )
    return problems


def self_test(S: Scenario, V: Values, root: str) -> list[str]:
    """The generated tools must reproduce the reference values the checks hard-code."""
    L, d = S["ledger"], S["dirs"]
    sd = os.path.join(root, "scenarios", S["sid"])
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


def compare(a_root: str, b_root: str, rels: list[str]) -> list[str]:
    problems = []
    for rel in rels:
        a, b = os.path.join(a_root, rel), os.path.join(b_root, rel)
        cmp = filecmp.dircmp(a, b)
        stack = [(cmp, rel)]
        while stack:
            c, base = stack.pop()
            for n in c.left_only + c.right_only:
                if n == "needs.json" and base.count("/") == 1:
                    continue  # needs.json comes from data/build/derive_needs.py
                problems.append(f"{base}/{n}: only in one tree")
            for n in c.diff_files:
                problem = differs(f"{base}/{n}", os.path.join(c.left, n), os.path.join(c.right, n))
                problems += [problem] if problem else []
            for n, sub in c.subdirs.items():
                stack.append((sub, f"{base}/{n}"))
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="rebuild into a temp dir and compare byte for byte")
    args = ap.parse_args()
    if not args.check:
        problems = build(DATASET)
        for p in problems:
            print("ERROR:", p)
        print(f"built {len(scenarios())} law scenarios under {DATASET}")
        return 1 if problems else 0
    with tempfile.TemporaryDirectory() as td:
        problems = build(td)
        rels = [f"scenarios/{S['sid']}" for S in scenarios()]
        problems += compare(DATASET, td, rels)
        for f in ("manifests-law.json", "tests-law.json"):
            if not filecmp.cmp(os.path.join(DATASET, f), os.path.join(td, f), shallow=False):
                problems.append(f"{f}: differs from a fresh build")
    return report(problems)


if __name__ == "__main__":
    sys.exit(main())
