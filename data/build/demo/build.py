#!/usr/bin/env python3
"""Deterministic build of the demo scenarios (data/clawarena-team/scenarios/s_demo_*).

One module per scenario, ``sc_*.py`` in this folder, found by ``kit.discover.spec_modules`` in the
order of their ``RUN_ORDER`` (the order of tests-demo.json and of the merged index). A scenario
module holds the whole scenario (see ``Scenario``); ``Demo`` declares the domain to the one build
driver (kit/driver.py), and the build writes:
  * the module's files (workspace texts and tools, updates, logger exports, media, office files,
    truth/ entries, the seal key), manifest.json and questions.json,
  * checks/<round>.json (specs of the one check engine; the engine copy and its stamp are written
    by sync_checks.py, needs.json by derive_needs.py),
  * solution/trajectory.json (the honest reference manager) and workspace/_sandbox_hint.md (the
    asset map, generated from the manifest and the module's ``ASSETS`` rows),
  * tests-demo.json, the demo subset (merge_index.py lists it first in tests.json).

Usage:
    .venv/bin/python data/build/demo/build.py            # (re)generate in place
    .venv/bin/python data/build/demo/build.py --check    # build into a temp dir, compare byte for byte

(``data/build/build_demo.py``, the source the asset maps name, runs this script.)

Needs Pillow, openpyxl, python-docx (in the project venv), espeak-ng and sox on PATH. espeak-ng
1.51 + sox 14.4 give byte-identical WAVs across runs; if another espeak-ng version differs, --check
reports the WAV and compares its duration instead (documented fallback, see kit/rebuild.py).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Protocol, cast

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))  # the kit, after this folder

from common import HAVE_AUDIO_TOOLS, Writer  # noqa: E402
from kit.discover import spec_modules  # noqa: E402
from kit.driver import Domain  # noqa: E402
from kit.files import write, write_files  # noqa: E402
from kit.hint import GRANT_NOTE, PAGING_NOTE, Asset, sandbox_hint, workspace_stats  # noqa: E402
from kit.rounds.round import Round, assemble  # noqa: E402

SOURCE = "data/build/build_demo.py"
"""The build command each asset map names as its source (it runs this script)."""
SUBSET = "tests-demo.json"
"""The demo subset of the dataset: its scenarios in run order, listed in manifests.json."""


class Scenario(Protocol):
    """What a scenario module (``sc_*.py``) defines; paths are relative to its scenario folder."""

    SID: str
    """The scenario id: its folder under data/clawarena-team/scenarios/."""
    MANIFEST: dict[str, Any]
    """manifest.json."""
    ASSETS: str
    """The asset map's rows, a top folder a line: folder | shape | model key | trust | what it holds."""
    ROUNDS: list[Round]
    """The rounds in order: questions.json, the check specs and the reference turns (kit.rounds.round)."""

    def files(self) -> dict[str, str | Writer]:
        """Every other file of the scenario folder: its text, or the function that writes it at the
        path it is given (not what the driver writes: checks, trajectory, asset map)."""
        ...

    def self_test(self, sdir: str) -> list[str]:
        """Problems found when running the workspace tools on the built scenario folder ``sdir``."""
        ...


class Demo(Domain[Scenario]):
    folder = HERE

    def scenarios(self) -> list[Scenario]:
        """Every sc_*.py in this folder, in the order their RUN_ORDER says."""
        return [cast(Scenario, m) for m in spec_modules(HERE, "sc_")]

    def scenario_id(self, sc: Scenario) -> str:
        return sc.SID

    def build_scenario(self, sc: Scenario, sdir: str) -> list[str]:
        build_scenario(sdir, sc)
        return sc.self_test(sdir)

    def subset_files(self, ids: list[str]) -> dict[str, str]:
        """tests-demo.json alone: the demo's scenarios are listed in manifests.json."""
        return {SUBSET: subset(ids)}

    def kept(self, rel: str) -> bool:
        """Without espeak-ng and sox the committed WAV is kept (and the build says so)."""
        return rel.endswith(".wav") and not HAVE_AUDIO_TOOLS


def build_scenario(sdir: str, sc: Scenario) -> None:
    """Every file of one scenario folder (the asset map last: it counts the workspace's files)."""
    for rel, made in sc.files().items():
        if isinstance(made, str):
            write(os.path.join(sdir, rel), made)
        else:
            made(os.path.join(sdir, rel))
    files = assemble(sc.ROUNDS).files(sc.MANIFEST, ascii_questions=True)
    write_files(sdir, files)
    stats = workspace_stats(os.path.join(sdir, "workspace"))
    hint = sandbox_hint(sc.MANIFEST, assets_of(sc.ASSETS), stats, script=SOURCE, notes=HINT_NOTES)
    write(os.path.join(sdir, "workspace", "_sandbox_hint.md"), hint)


def subset(ids: list[str]) -> str:
    """tests-demo.json, the scenario ids on one line."""
    head = {
        "name": "clawarena-team-demo-subset",
        "desc": "The demo scenarios: a quick subset of tests.json (the whole dataset) for trying the arena and for play.",
        "manifests_ref": "manifests.json",
    }
    fields = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in {**head, "scenario_ids": ids}.items()]
    return "{\n" + ",\n".join(fields) + "\n}\n"


HINT_NOTES = [
    PAGING_NOTE,
    "- Media (PNG, WAV) cannot be perceived by a text-only agent; route them to the matching pool key.",
    "- Office files (docx, xlsx) are read as extracted text; the media column counts their bytes.",
    GRANT_NOTE,
]
"""The asset map's notes (``kit.hint.sandbox_hint``)."""


def assets_of(rows: str) -> dict[str, Asset]:
    """A scenario's ``ASSETS``, a row a line (``folder | shape | model key | trust | what``), by folder."""
    out = {}
    for row in rows.splitlines():
        top, shape, key, trust, what = row.split(" | ")
        out[top] = (shape, key, trust, what)
    return out


if __name__ == "__main__":
    sys.exit(Demo().main(__doc__))
