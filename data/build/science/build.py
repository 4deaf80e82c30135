#!/usr/bin/env python3
"""Deterministic build of the science scenarios (data/clawarena-team/scenarios/s_sci_*), version 1.

Everything under each s_sci_* folder is generated from the configs in scenarios.py by engine.py:
workspace files (slices, tools, seal, media, office files, indexes, briefs), updates/, truth/,
checks/<round>.json (specs of the one check engine; data/build/sync_checks.py adds the engine copy),
questions.json, manifest.json, solution/trajectory.json and workspace/_sandbox_hint.md (generated
from the manifest). Also manifests-science.json, tests-science.json and data/build/science/decoys.json
(the decoy deliverables tests/dataset/test_science_scenarios.py plants).

Usage:
    .venv/bin/python data/build/science/build.py            # (re)generate in place
    .venv/bin/python data/build/science/build.py --check    # regenerate in memory, compare byte for byte

Needs Pillow, matplotlib, python-docx, openpyxl, espeak-ng, sox and ffmpeg (libx264). Office files
are written with fixed zip times and core properties; if their bytes still differ, --check compares the
extracted text. WAVs that differ in bytes are accepted when their duration matches (other espeak builds).
"""

from __future__ import annotations

import argparse
import json
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

import convert  # noqa: E402
import engine  # noqa: E402
import scenarios  # noqa: E402
from kit.rebuild import differs, report  # noqa: E402

SYNCED = ("_check.py", "_check.sha256")  # the engine copy and its stamp, written by data/build/sync_checks.py
DATASET = os.path.normpath(os.path.join(HERE, "..", "..", "clawarena-team"))


def generate() -> tuple[dict[str, str | bytes], dict[str, Any]]:
    """Dataset-relative path -> content, and the decoy table."""
    out: dict[str, str | bytes] = {}
    decoys = {}
    ids = []
    for cfg in scenarios.ALL:
        res = convert.SpecBuilder(cfg).build()
        for rel, data in res["files"].items():
            out[f"scenarios/{cfg['id']}/{rel}"] = data
        decoys[cfg["id"]] = res["decoys"]
        ids.append(cfg["id"])
    out["manifests-science.json"] = engine.dump({"scenarios": {i: f"scenarios/{i}/manifest.json" for i in ids}})
    out["tests-science.json"] = engine.dump(
        {
            "name": "science",
            "desc": "Science domain: field ecology, lab reproducibility, seismology, observatory, plate assays, climate "
            "homogenisation, grant reporting, detector calibration and soil chemistry scenarios.",
            "manifests_ref": "manifests-science.json",
            "scenario_ids": ids,
        }
    )
    return out, decoys


def self_test(files: dict[str, Any]) -> list[str]:
    """Tools in the generated workspaces reproduce the ground truth the checks hard-code."""
    problems = []
    with tempfile.TemporaryDirectory() as td:
        for cfg in scenarios.ALL:
            b = engine.Builder(cfg)
            t = b.t
            sl = cfg["slice"]
            base = f"scenarios/{cfg['id']}/"
            for rel, data in files.items():
                if rel.startswith(base) and ("/workspace/" in rel or "/updates/" in rel):
                    engine.write(os.path.join(td, rel), data)
            tool = os.path.join(td, base, "workspace", cfg["dirs"]["tools"], cfg["tool"])
            paths = [os.path.join(td, base, "workspace", sl["dir"], f) for f in sorted(t["stages"][0])]
            nf = sl["new"][0]
            paths.append(os.path.join(td, base, "updates", cfg["u_new"], nf))
            got = json.loads(
                subprocess.run(
                    [sys.executable, tool, *paths, "--json"], capture_output=True, text=True, check=True
                ).stdout
            )
            want = engine.tally_json(cfg, t["stages"][1])
            if got != want:
                problems.append(f"{cfg['id']}: tool output {got} != {want}")
            seal_tool = os.path.join(td, base, "workspace", cfg["dirs"]["tools"], cfg["seal_tool"])
            summ = b.summary()
            sj = os.path.join(td, "summ.json")
            engine.write(sj, engine.dump(summ))
            sealf = os.path.join(td, base, "workspace", cfg["dirs"]["vault"], cfg["seal_file"])
            line = subprocess.run(
                [sys.executable, seal_tool, "--seal", sealf, sj], capture_output=True, text=True, check=True
            ).stdout.strip()
            if line != f"{cfg['seal_prefix']}:{engine.seal_hex(cfg['seal'], summ)}":
                problems.append(f"{cfg['id']}: seal tool output differs")
    return problems


def leak_scan(files: dict[str, Any]) -> list[str]:
    """Values a round must find may not appear in the hint, tools, indexes or questions/feedback up to it."""
    problems = []
    for cfg in scenarios.ALL:
        base = f"scenarios/{cfg['id']}/"
        qs = json.loads(files[base + "questions.json"])
        public = files[base + "workspace/_sandbox_hint.md"]
        public += "".join(
            v
            for k, v in files.items()
            if k.startswith(base + "workspace/") and k.endswith(("_index.md", ".py")) and isinstance(v, str)
        )
        secrets = [str(v) for v in cfg["media"]["fields"].values() if len(str(v)) >= 3 and not isinstance(v, bool)]
        secrets += [engine.fmt(v) for v in cfg["doc"]["facts"].values() if len(engine.fmt(v)) >= 3]
        secrets += cfg.get("leak_extra", [])
        text = public + "".join(q["question"] + q["feedback"]["incorrect"] + q["feedback"]["correct"] for q in qs)
        for s in secrets:
            if s.lower() in text.lower():
                problems.append(f"{cfg['id']}: value {s!r} leaks into the hint/tools/questions")
        # media-only facts must not appear in workspace text except in the declared decoy file
        for k, v in cfg["media"]["fields"].items():
            if len(str(v)) < 3 or isinstance(v, bool):
                continue
            for rel, data in files.items():
                if (
                    rel.startswith(base + "workspace/")
                    and isinstance(data, str)
                    and str(v).lower() in data.lower()
                    and not rel.endswith(cfg["media"]["decoy_file"])
                ):
                    problems.append(f"{cfg['id']}: media fact {k}={v!r} appears in text file {rel}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="regenerate in memory and compare byte for byte")
    ap.add_argument("--out", default=DATASET)
    args = ap.parse_args()
    files, decoys = generate()
    files_decoys = engine.dump(decoys)
    problems = self_test(files) + leak_scan(files)
    if not args.check:
        for cfg in scenarios.ALL:
            d = os.path.join(args.out, "scenarios", cfg["id"])
            if os.path.isdir(d):
                shutil.rmtree(d)
        for rel, data in files.items():
            engine.write(os.path.join(args.out, rel), data)
        engine.write(os.path.join(HERE, "decoys.json"), files_decoys)
        for p in problems:
            print("ERROR:", p)
        print(f"built {len(files)} files for {len(scenarios.ALL)} scenarios under {args.out}")
        return 1 if problems else 0
    on_disk = set()
    for cfg in scenarios.ALL:
        d = os.path.join(args.out, "scenarios", cfg["id"])
        for root, _, names in os.walk(d):
            for n in names:
                if n not in SYNCED and os.path.join(root, n) != os.path.join(d, "needs.json"):  # derive_needs.py
                    on_disk.add(os.path.relpath(os.path.join(root, n), args.out))
    for rel in sorted(on_disk - set(files)):
        problems.append(f"{rel}: on disk but not generated (stale file?)")
    for rel, data in sorted(files.items()):
        p = os.path.join(args.out, rel)
        want = data if isinstance(data, bytes) else data.encode()
        if not os.path.exists(p):
            problems.append(f"{rel}: missing (run the build)")
            continue
        with open(p, "rb") as fh:
            have = fh.read()
        if (
            have != want
            and rel.endswith((".docx", ".xlsx"))
            and engine.office_text(rel, have) == engine.office_text(rel, want)
        ):
            print(f"note: {rel}: zip bytes differ but the extracted text matches")
            continue
        problem = differs(rel, have, want)
        problems += [problem] if problem else []
    with open(os.path.join(HERE, "decoys.json"), encoding="utf-8") as fh:
        if fh.read() != files_decoys:
            problems.append("data/build/science/decoys.json differs from a fresh build")
    return report(problems, f"{len(files)} generated files identical")


if __name__ == "__main__":
    sys.exit(main())
