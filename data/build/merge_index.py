"""Rebuild the dataset's full index from its per-domain subsets.

Each domain's build writes ``tests-<name>.json`` (with its own ``manifests-<name>.json``);
this writes ``manifests.json`` (every scenario) and ``tests.json`` (all subsets in a fixed
domain order). The domains are the folders of ``data/build`` with a ``build.py`` (the demo's is
``data/build/demo/build.py``); nothing else lists them. Run it after adding a scenario:

    python data/build/merge_index.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

BUILD = Path(__file__).resolve().parent
sys.path.insert(0, str(BUILD))
from kit.files import dump  # noqa: E402

DATASET = BUILD.parent / "clawarena-team"
PLACED = ("demo", "law", "medicine", "engineering", "commerce", "science")
"""The domains the merged index lists first, in this order: the order the dataset grew in, which
``tests.json`` keeps (sorted names would reorder its scenario ids). A domain folder added later
needs no entry here: it comes after these, by name."""


def domains() -> list[str]:
    """Every ``data/build/<domain>/`` with a ``build.py``, in the index's order."""
    found = sorted(p.name for p in BUILD.iterdir() if (p / "build.py").is_file())
    gone = [name for name in PLACED if name not in found]
    if gone:
        raise SystemExit(f"merge_index.py: PLACED names {gone}, which no data/build/<domain>/build.py builds")
    return [*PLACED, *(name for name in found if name not in PLACED)]


def build() -> dict[Path, str]:
    order = domains()
    subsets: dict[str, list[str]] = {}
    for name in order:
        path = DATASET / f"tests-{name}.json"
        subsets[name] = json.loads(path.read_text(encoding="utf-8"))["scenario_ids"]
    every = [sid for name in order for sid in subsets[name]]
    if len(set(every)) != len(every):
        raise SystemExit("a scenario id is listed in two subsets")
    out: dict[Path, str] = {
        DATASET / "manifests.json": dump({"scenarios": {sid: f"scenarios/{sid}/manifest.json" for sid in every}}),
        DATASET / "tests.json": dump(
            {
                "name": "clawarena-team",
                "desc": "ClawArena-Team arena: manage a pool of subagent models through multi-round, multimodal "
                "workspace tasks in law, medicine, engineering, commerce and science.",
                "manifests_ref": "manifests.json",
                "scenario_ids": every,
            }
        ),
    }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    files = build()
    stale = [p for p, text in files.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(DATASET)}")
        sys.exit(1 if stale else 0)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    print(
        f"wrote {len(files)} index files; {json.loads(files[DATASET / 'tests.json'])['scenario_ids'].__len__()} scenarios"
    )


if __name__ == "__main__":
    main()
