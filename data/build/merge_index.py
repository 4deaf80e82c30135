"""Rebuild the dataset's full index from its per-domain subsets.

Each domain's build writes ``tests-<name>.json`` (with its own ``manifests-<name>.json``);
this writes ``manifests.json`` (every scenario) and ``tests.json`` (all subsets in a fixed
domain order). Run it after adding a scenario:

    python data/build/merge_index.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

DATASET = Path(__file__).resolve().parents[1] / "clawarena-team"
ORDER = ("demo", "law", "medicine", "engineering", "commerce", "science")


def _dump(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def build() -> dict[Path, str]:
    subsets: dict[str, list[str]] = {}
    for name in ORDER:
        path = DATASET / f"tests-{name}.json"
        subsets[name] = json.loads(path.read_text(encoding="utf-8"))["scenario_ids"]
    every = [sid for name in ORDER for sid in subsets[name]]
    if len(set(every)) != len(every):
        raise SystemExit("a scenario id is listed in two subsets")
    out: dict[Path, str] = {
        DATASET / "manifests.json": _dump({"scenarios": {sid: f"scenarios/{sid}/manifest.json" for sid in every}}),
        DATASET / "tests.json": _dump(
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
