#!/usr/bin/env python3
"""Derive every scenario's ``needs.json`` (the least privilege per round) from its reference trajectory.

For each worker the reference manager creates (``CreateSubagent`` or a workflow's
``defineAgent``), one need per round it works in (created there, or run there by
``RunSubagent``): the files and folders it was granted, the tool classes of its tools and the
modalities of the granted files. Judgement calls are declared, not fitted: a worker that runs a
tool (``run``) may or may not also read its inputs with Read, so both ways are declared. The
script fails when the reference routes a worker to a key other than the least costly one that
perceives its files (the reference would then not be honest about model choice).

Run after the per-domain builders (they rewrite the scenario folders) and sync_checks.py:

    .venv/bin/python data/build/derive_needs.py            # write scenarios/<id>/needs.json
    .venv/bin/python data/build/derive_needs.py --check    # exit 1 when any stored file is stale
    .venv/bin/python data/build/derive_needs.py s_law_lease_dispute   # only these scenarios
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATASET = HERE.parent / "clawarena-team"
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

from kit.files import dump  # noqa: E402

from arena_tui.dataset.stats import modality_of  # noqa: E402
from arena_tui.vocabulary import CLASS_OF_TOOL, best_key  # noqa: E402

CLASS_ORDER = ("read", "search", "run", "write")
MEDIA = ("image", "video", "audio")
_DEFINE = re.compile(
    r'defineAgent\(\{\s*name:\s*"([^"]+)",\s*model_key:\s*"(\w+)",\s*tools:\s*\[([^\]]*)\],\s*'
    r"accessible_paths:\s*\[([^\]]*)\]"
)
_NAMED = re.compile(r"\$\{(?:subagent|session):([^}]+)\}")


class DeriveError(Exception):
    pass


def _relative(path: str) -> str:
    return re.sub(r"^\$\{workspace\}/?", "", path).strip("/") or "."


def _workers(trajectory: dict[str, Any]) -> list[dict[str, Any]]:
    """Every worker of the reference, in creation order, with the rounds it works in."""
    workers: list[dict[str, Any]] = []
    by_name: dict[str, dict[str, Any]] = {}
    for rid, turns in trajectory.items():
        for turn in turns:
            for call in turn.get("tool_calls", []):
                name, args = call.get("name"), call.get("arguments", {})
                specs: list[dict[str, Any]] = []
                if name == "CreateSubagent":
                    specs = [args]
                elif name == "Workflow":
                    script = str(args.get("script", ""))
                    for m in _DEFINE.finditer(script):
                        specs.append(
                            {
                                "name": m[1],
                                "model_key": m[2],
                                "tools": json.loads(f"[{m[3]}]"),
                                "accessible_paths": json.loads(f"[{m[4]}]"),
                            }
                        )
                    if script.count("defineAgent(") != len(specs):
                        raise DeriveError(f"round {rid}: a defineAgent call is not in the form this script reads")
                elif name == "RunSubagent":
                    for ref in _NAMED.findall(json.dumps(args)):
                        if ref in by_name and rid not in by_name[ref]["rounds"]:
                            by_name[ref]["rounds"].append(rid)
                for spec in specs:
                    worker = {
                        "name": spec["name"],
                        "model_key": spec["model_key"],
                        "tools": list(spec["tools"]),
                        "paths": [_relative(p) for p in spec["accessible_paths"]],
                        "rounds": [rid],
                    }
                    workers.append(worker)
                    by_name[spec["name"]] = worker
    return workers


def _update_files(scenario_dir: Path, manifest: dict[str, Any]) -> list[str]:
    """Workspace-relative files the scenario's updates add (any round)."""
    out: list[str] = []
    for group in manifest.get("updates", {}).values():
        for f in group.get("files", []):
            src, dst = scenario_dir / f["src"], f["dst"].strip("/")
            if src.is_dir():
                out += [f"{dst}/{p.relative_to(src).as_posix()}" for p in sorted(src.rglob("*")) if p.is_file()]
            else:
                out.append(dst)
    return out


def _need(worker: dict[str, Any], workspace: Path, extra: list[str]) -> dict[str, Any]:
    files, folders, modalities = [], [], set()
    for path in worker["paths"]:
        under = [f for f in extra if f.startswith(path + "/")]
        if (workspace / path).is_dir() or under:
            folders.append(path)
            names = [p.relative_to(workspace).as_posix() for p in (workspace / path).rglob("*") if p.is_file()]
            modalities |= {modality_of(Path(n)) for n in [*names, *under]}
        else:
            files.append(path)
            modalities.add(modality_of(Path(path)))
    media = modalities & set(MEDIA)
    needed = sorted(media) if media else sorted(modalities or {"text"})
    if best_key(set(needed)) != worker["model_key"]:
        raise DeriveError(
            f"worker {worker['name']}: the reference routes it to {worker['model_key']} but its grant needs "
            f"{', '.join(needed)} (served best by {best_key(set(needed))})"
        )
    base = [c for c in CLASS_ORDER if c in {CLASS_OF_TOOL[t] for t in worker["tools"]}]
    ways = [base]
    if "run" in base:
        # A tool runner may read its inputs with Read or only through the tool: both are acceptable.
        for way in ([c for c in base if c != "read"], [c for c in CLASS_ORDER if c in {*base, "read"}]):
            if way and way not in ways:
                ways.append(way)
    return {"worker": worker["name"], "files": files, "folders": folders, "tools": ways, "modalities": needed}


def derive(scenario_dir: Path) -> str:
    """The needs.json text of one scenario."""
    manifest = json.loads((scenario_dir / "manifest.json").read_text(encoding="utf-8"))
    rounds = [r["id"] for r in json.loads((scenario_dir / manifest["rounds_ref"]).read_text(encoding="utf-8"))]
    trajectory = json.loads((scenario_dir / "solution" / "trajectory.json").read_text(encoding="utf-8"))
    workspace = scenario_dir / manifest["workspace_template"]
    extra = _update_files(scenario_dir, manifest)
    per_round: dict[str, list[dict[str, Any]]] = {}
    for worker in _workers(trajectory):
        need = _need(worker, workspace, extra)
        for rid in worker["rounds"]:
            per_round.setdefault(rid, []).append(need)
    body = {
        "format": 1,
        "derived_from": "solution/trajectory.json",
        "rounds": {rid: per_round[rid] for rid in rounds if rid in per_round},
    }
    return dump(body)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when a stored needs.json differs from a fresh one")
    ap.add_argument("--dataset", default=str(DATASET))
    ap.add_argument("scenarios", nargs="*", help="scenario ids (default: every scenario with a reference)")
    args = ap.parse_args(argv)
    root = Path(args.dataset) / "scenarios"
    ids = args.scenarios or sorted(p.name for p in root.iterdir() if (p / "solution" / "trajectory.json").is_file())
    problems: list[str] = []
    for sid in ids:
        target = root / sid / "needs.json"
        try:
            text = derive(root / sid)
        except (DeriveError, OSError, ValueError, KeyError) as exc:
            problems.append(f"{sid}: {exc}")
            continue
        if args.check:
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                problems.append(f"{sid}/needs.json: stale or missing (run data/build/derive_needs.py)")
        elif not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    for p in problems:
        print("ERROR:", p)
    verb = "checked" if args.check else "derived"
    print(f"{verb} needs for {len(ids)} scenario(s):", "FAILED" if problems else "OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
