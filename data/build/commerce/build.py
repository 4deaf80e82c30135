#!/usr/bin/env python3
"""Deterministic build of the commerce scenarios (data/clawarena-team/scenarios/s_com_*), v2.

Every file of every s_com_* scenario folder is generated here: workspace incl. media and office
files, updates, manifest, questions, the round specs checks/<round>.json for the one check engine
(with the engine copy checks/_check.py and its stamp, identical to what data/build/sync_checks.py
writes), truth/, the reference manager solution/trajectory.json and the _sandbox_hint.md asset map,
plus data/build/commerce/testdata/<id>.json (answer values the trajectory must never write itself,
and decoys the tests plant) and the manifests-commerce.json / tests-commerce.json subset files.

Usage:
    .venv/bin/python data/build/commerce/build.py            # (re)generate in place
    .venv/bin/python data/build/commerce/build.py --check    # rebuild into a temp dir, compare byte for byte

Needs Pillow, openpyxl, python-docx (project venv), espeak-ng, sox and ffmpeg on PATH. WAV files:
on a byte mismatch (another espeak-ng/sox build) --check accepts an equal duration and says so.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder
sys.dont_write_bytecode = True

import lib  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.files import dump, write  # noqa: E402
from kit.rebuild import differs, report  # noqa: E402

DATASET = os.path.normpath(os.path.join(HERE, "..", "..", "clawarena-team"))


def scenarios() -> list[dict[str, Any]]:
    """Every sc_*.py in this folder, in the order their RUN_ORDER says."""
    return [m.scenario() for m in spec_modules(HERE, "sc_")]


def build(root: str, testdata: str) -> list[str]:
    scs = scenarios()
    problems = []
    for sc in scs:
        lib.write_scenario(root, sc, testdata)
        problems += lib.value_leaks(root, sc)
    ids = [sc["sid"] for sc in scs]
    write(
        os.path.join(root, "manifests-commerce.json"),
        dump({"scenarios": {i: f"scenarios/{i}/manifest.json" for i in ids}}),
    )
    write(
        os.path.join(root, "tests-commerce.json"),
        dump(
            {
                "name": "commerce",
                "desc": "Commerce domain: online-shop and retail scenarios (price tests, disputes, audits).",
                "manifests_ref": "manifests-commerce.json",
                "scenario_ids": ids,
            }
        ),
    )
    problems += self_test(root, scs)
    return problems


def self_test(root: str, scs: list[dict[str, Any]]) -> list[str]:
    """Tools in the workspace must reproduce the values the checks hard-code (where a scenario says how)."""
    probs = []
    for sc in scs:
        for argv, must in sc.get("tool_tests", []):
            d = os.path.join(root, "scenarios", sc["sid"])
            cmd = [sys.executable] + [a.replace("{dir}", d) for a in argv]
            out = subprocess.run(cmd, capture_output=True, text=True).stdout
            for m in must:
                if m not in out:
                    probs.append(f"{sc['sid']}: {' '.join(argv)} output lacks {m!r}")
    return probs


def tree(root: str, ids: list[str]) -> list[str]:
    out = []
    for i in ids:
        base = os.path.join(root, "scenarios", i)
        for r, _, names in os.walk(base):
            for n in names:
                out.append(os.path.relpath(os.path.join(r, n), root))
    return sorted(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="rebuild into a temp dir and compare byte for byte")
    args = ap.parse_args()
    testdata = os.path.join(HERE, "testdata")
    if not args.check:
        probs = build(DATASET, testdata)
        for p in probs:
            print("ERROR:", p)
        print("built", len(spec_modules(HERE, "sc_")), "commerce scenarios under", DATASET)
        return 1 if probs else 0
    with open(os.path.join(DATASET, "tests-commerce.json"), encoding="utf-8") as fh:
        ids = json.load(fh)["scenario_ids"]
    with tempfile.TemporaryDirectory() as td:
        probs = build(td, os.path.join(td, "testdata"))
        a, b = tree(DATASET, ids), tree(td, ids)
        # needs.json comes from data/build/derive_needs.py
        a = [p for p in a if p != os.path.join(*p.split(os.sep)[:2], "needs.json")]
        extra = sorted(set(a) - set(b))
        missing = sorted(set(b) - set(a))
        probs += [f"{p}: in the dataset but not generated" for p in extra if "__pycache__" not in p]
        probs += [f"{p}: generated but missing in the dataset (run the build)" for p in missing]
        extras = ["manifests-commerce.json", "tests-commerce.json"]
        for rel in sorted(set(a) & set(b)) + extras:
            problem = differs(rel, os.path.join(DATASET, rel), os.path.join(td, rel))
            probs += [problem] if problem else []
        for n in sorted(os.listdir(os.path.join(td, "testdata"))):
            x, y = os.path.join(testdata, n), os.path.join(td, "testdata", n)
            same = os.path.isfile(x)
            if same:
                with open(x, "rb") as fx, open(y, "rb") as fy:
                    same = fx.read() == fy.read()
            if not same:
                probs.append(f"data/build/commerce/testdata/{n}: differs from a fresh build")
    return report(probs)


if __name__ == "__main__":
    sys.exit(main())
