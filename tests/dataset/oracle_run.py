"""One reference-manager run per test process over the converted scenarios (shared by the tests).

A scenario is *converted* when its checks folder carries the engine stamp ``_check.sha256``
(written by data/build/sync_checks.py); converted domains join the tests below automatically.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from arena_tui.config import load_model_config
from arena_tui.dataset.loader import load_dataset
from arena_tui.runner.orchestrator import RunPlan, execute_run
from arena_tui.scoring.fold import RunScores
from arena_tui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DATASET = ROOT / "data" / "clawarena-team"
ENGINE = ROOT / "data" / "build" / "_check.py"


def converted() -> list[str]:
    """Ids of the scenarios whose checks are specs of the one engine."""
    return sorted(p.parent.parent.name for p in (DATASET / "scenarios").glob("*/checks/_check.sha256"))


def specs(sid: str) -> dict[str, dict[str, Any]]:
    """{round id: spec} of a converted scenario, in question order."""
    sdir = DATASET / "scenarios" / sid
    rounds = json.loads((sdir / "questions.json").read_text(encoding="utf-8"))
    return {r["id"]: json.loads((sdir / "checks" / f"{r['id']}.json").read_text(encoding="utf-8")) for r in rounds}


@functools.lru_cache(maxsize=4)
def oracle_run(sids: tuple[str, ...]) -> tuple[RunScores, Path]:
    """Run the reference manager over ``sids``; (scores, output folder). Kept until the process exits."""
    out = Path(tempfile.mkdtemp(prefix="cateam-oracle-"))
    atexit.register(shutil.rmtree, out, True)
    plan = RunPlan(load_dataset(DATASET, None, list(sids)), load_model_config("oracle"), Settings(), out / "run")
    return asyncio.run(execute_run(plan)).scores, out / "run"


def final_workspace(sid: str, tmp: Path) -> Path:
    """A private copy of the scenario's workspace as the reference manager left it."""
    _scores, out = oracle_run(tuple(converted()))
    src, dst = out / sid / "workspace", tmp / f"ws_{sid}"
    shutil.copytree(src, dst, symlinks=True)
    for p in (dst / "sessions").glob("*.jsonl"):  # the transcripts name the workspace by its absolute path
        p.write_text(p.read_text(encoding="utf-8").replace(str(src), str(dst)), encoding="utf-8")
    return dst


def empty_subagent_transcripts(ws: Path) -> None:
    """A do-nothing pool: every subagent transcript in ``ws/sessions`` keeps only its header line."""
    for p in (ws / "sessions").glob("*.jsonl"):
        first = p.read_text(encoding="utf-8").splitlines()[0]
        if '"main"' not in first:
            p.write_text(first + "\n", encoding="utf-8")


def record_media_readers_as_text_models(ws: Path) -> None:
    """Forge the record so every vlm/omni subagent reads as llm: main's creation notes and each
    session's first line, where the engine reads the model the harness bound."""
    for p in (ws / "sessions").glob("*.jsonl"):
        text = p.read_text(encoding="utf-8")
        p.write_text(re.sub(r'("model_key":\s*)"(vlm|omni)"', r'\1"llm"', text), encoding="utf-8")


def record_sensitive_grant(ws: Path, segment: str) -> None:
    """Forge the record so the first subagent main created was bound to ``segment`` as well: what
    a grant spelled ``./x/../<segment>/`` (or a link, or a built string) resolves to."""
    main = ws / "sessions" / "main.jsonl"
    lines = main.read_text(encoding="utf-8").splitlines()
    for i, raw in enumerate(lines):
        line = json.loads(raw)
        made = (line.get("facts") or {}).get("subagent_created") if line.get("role") == "note" else None
        if made:
            made["grant"] = [*made["grant"], segment]
            lines[i] = json.dumps(line, ensure_ascii=False)
            break
    else:
        raise AssertionError(f"{main}: no subagent creation recorded")
    main.write_text("\n".join(lines) + "\n", encoding="utf-8")
