#!/usr/bin/env python3
"""Deterministic build of the medicine-domain scenarios (data/clawarena-team/scenarios/s_med_*). v1

Everything under a s_med_* scenario folder but the engine copy with its stamp (data/build/sync_checks.py)
and needs.json (data/build/derive_needs.py) is generated from its spec module data/build/medicine/sc_<name>.py
(found by kit.discover, in RUN_ORDER) by assemble.py: workspace text files, CSV slices, media, office
files, truth/ entries, _sandbox_hint.md, manifest.json, questions.json, checks/<round>.json and
solution/trajectory.json. Also writes data/clawarena-team/manifests-medicine.json and tests-medicine.json.
The driver is kit/driver.py; this module declares the domain and its self-test (tool totals, decoy
figures, leaks, the seal).

Usage:
    .venv/bin/python data/build/medicine/build.py           # (re)generate in place
    .venv/bin/python data/build/medicine/build.py --check   # rebuild into a temp dir, compare byte for byte

Needs Pillow, python-docx, openpyxl (project venv), espeak-ng, sox and ffmpeg on PATH. On this machine every
file rebuilds byte-identically; with another espeak-ng/sox build --check accepts a WAV of equal duration, and
with another ffmpeg/x264 build it only notes a differing MP4 (its frames are byte-stable PNGs).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # never leave __pycache__ next to the build script
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder
import assemble  # noqa: E402
from assemble import numbers, summary_obj  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.driver import Domain  # noqa: E402
from kit.files import dump, write  # noqa: E402
from kit.seal import seal_hex, seal_key  # noqa: E402
from kit.selftest import run_tool, standalone, text_files  # noqa: E402

Scenario = dict[str, Any]


class Medicine(Domain[Scenario]):
    folder = HERE
    desc = (
        "Medicine-domain scenarios (clinical trials, radiology, wards, pharmacy, "
        "infection control, laboratory, coding)."
    )
    mp4_tolerant = True

    def scenarios(self) -> list[Scenario]:
        """Every scenario's spec (``SCENARIO`` of its sc_*.py module), in run order."""
        return [m.SCENARIO for m in spec_modules(HERE, "sc_")]

    def scenario_id(self, c: Scenario) -> str:
        return str(c["sid"])

    def build_scenario(self, c: Scenario, sdir: str) -> list[str]:
        assemble.build_scenario(c, sdir)
        ws = os.path.join(sdir, "workspace")
        n = numbers(c)
        real = {n["A"], n["B"], n.get("C"), c["rule"]["threshold"], *(x[1] for x in c["slices"]), c["new_slice"][1]}
        return (
            tool_problems(c, sdir, ws, n)
            + decoy_problems(c, ws, real)
            + leak_problems(c, sdir, ws, n)
            + seal_problems(c, ws)
        )


def tool_problems(c: Scenario, sdir: str, ws: str, n: dict[str, Any]) -> list[str]:
    """The tally tool reproduces the totals before the update, after the late export and after the correction."""
    t, problems = c["tool"], []
    tool = os.path.join(ws, "tools", f"{t['name']}.py")
    files = [os.path.join(ws, c["dirs"]["slices"], s[0]) for s in c["slices"]]
    stages = [("A", files, n["peak_a"])]
    files = [*files, os.path.join(sdir, "updates", c["new_slice_update"], c["new_slice"][0])]
    stages.append(("B", files, n["peak_b"]))
    if c.get("correction"):
        fname = c["correction"][0]
        fixed = os.path.join(sdir, "updates", c["correction_update"], fname)
        stages.append(("C", [fixed if os.path.basename(f) == fname else f for f in files], None))
    for key, paths, peak in stages:
        out = run_tool(tool, *paths)
        want = f"TOTAL  {t['count_key']}={n[key]}" + (f"  {t['max_key']}={peak:.1f}" if peak is not None else "")
        if want not in out:
            problems.append(f"{c['sid']}: tool total {key} mismatch: {out.splitlines()[-1]}")
    return problems


def decoy_problems(c: dict[str, Any], ws: str, real: set[Any]) -> list[str]:
    """Decoy figures are distinct two-digit numbers no honest deliverable needs; archive/ picks one review."""
    problems = []
    for name in ("digest_total", "archive_total"):
        if c[name] in real or c[name] < 10:
            problems.append(f"{c['sid']}: {name} {c[name]} collides with a real figure or is a single digit")
    if c["rule"]["stale_threshold"] in real:
        problems.append(f"{c['sid']}: stale_threshold collides with a real figure")
    srch = c.get("search")
    if srch:
        for rel, text in srch["files"].items():
            figs = {int(x) for x in re.findall(r"(?<![\w.§-])(\d+)(?![\w.-])", text)}
            if figs & real:
                problems.append(f"{c['sid']}: {rel} repeats a figure of the case: {sorted(figs & real)}")
            if re.search(srch["pick"], text, re.I):
                problems.append(f"{c['sid']}: {rel} matches the pick for last year's review")
        picked = [
            nm
            for nm in sorted(os.listdir(os.path.join(ws, "archive")))
            if re.search(srch["pick"], _read(ws, "archive", nm), re.I)
        ]
        if len(picked) != 1:
            problems.append(f"{c['sid']}: archive/ reviews matching the pick: {picked} (want exactly one)")
    return problems


def _read(*parts: str) -> str:
    with open(os.path.join(*parts), encoding="utf-8", errors="replace") as fh:
        return fh.read()


def leak_problems(c: dict[str, Any], sdir: str, ws: str, n: dict[str, Any]) -> list[str]:
    """Media-only facts stay out of every workspace text file; values to find stay out of the questions and hint."""
    problems = []
    facts = [v[0] for m in c["media"] for v in m["facts"].values()]
    texts = text_files(ws)
    for needle in (str(f) for f in facts if len(str(f)) >= 4):
        leaks = [os.path.basename(rel) for rel, text in texts.items() if needle in text]
        problems += [f"{c['sid']}: media fact {needle!r} leaks into {nm}" for nm in leaks]
    qtext, hint = _read(sdir, "questions.json"), texts["_sandbox_hint.md"]
    for val in [n["A"], n["B"], n.get("C"), c["rule"]["threshold"], *facts]:
        sv = str(val)
        if val is None or len(sv) < 2:
            continue
        if standalone(sv).search(qtext):
            problems.append(f"{c['sid']}: value {sv!r} appears in questions.json")
        if standalone(sv).search(hint):
            problems.append(f"{c['sid']}: value {sv!r} appears in the hint")
    return problems


def seal_problems(c: dict[str, Any], ws: str) -> list[str]:
    """The workspace's sealing tool prints the token the build computes."""
    summ = summary_obj(c)
    with tempfile.TemporaryDirectory() as td:
        pth = os.path.join(td, "s.json")
        write(pth, dump(summ))
        tool, key = os.path.join(ws, "tools", "seal_summary.py"), os.path.join(ws, "vault", "seal.key")
        got = subprocess.run([sys.executable, tool, "--seal", key, pth], capture_output=True, text=True).stdout.strip()
    if got != "MEDSEAL:" + seal_hex(seal_key("medicine", c["sid"]), summ):
        return [f"{c['sid']}: seal tool disagrees with the build token"]
    return []


if __name__ == "__main__":
    sys.exit(Medicine().main(__doc__))
