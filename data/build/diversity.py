"""Diversity of the dataset: how different its scenarios really are.

Measures, per domain and across domains:

- question similarity: for each pair of scenarios, difflib's ratio (no junk heuristic) between
  their round questions as one sequence of lowercased word tokens (names and numbers
  included); the mean over pairs within a domain, and over pairs from different domains;
- round arcs: a scenario's sequence of round kinds (each round's first tag); arcs that two
  non-demo scenarios share are listed;
- deliverable kinds: file extensions of the paths that checks name as deliverables (from the
  check specs of converted scenarios, else from the questions);
- distinct oracle score tuples (TPP, ROC, WPP, MCA) per domain, when a report.json of an
  oracle run is given with ``--report``.

``python data/build/diversity.py [DATASET] [--report OUT/report.json] [--write docs/data-stats]``
prints the figures as Markdown (and writes ``diversity.md`` / ``diversity.json`` with ``--write``).
"""

from __future__ import annotations

import argparse
import difflib
import itertools
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATASET = ROOT / "data" / "clawarena-team"
_WORD = re.compile(r"[a-z0-9]+(?:['.][a-z0-9]+)*")
_DELIVERABLE = re.compile(r"\b((?:[\w.-]+/)+[\w.-]+\.(?:json|md|csv|txt|xlsx|docx|png|pdf|yaml|yml|html|tsv))\b")
DOMAINS = {"com": "commerce", "eng": "engineering", "law": "law", "med": "medicine", "sci": "science", "demo": "demo"}


def domain_of(scenario_id: str) -> str:
    parts = scenario_id.split("_")
    return DOMAINS.get(parts[1], parts[1]) if len(parts) > 1 else scenario_id


def tokens(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def load(dataset: Path) -> dict[str, dict[str, Any]]:
    """Scenario id -> {questions, arc, deliverables} for every scenario the index names."""
    index = json.loads((dataset / "tests.json").read_text(encoding="utf-8"))
    manifests = json.loads((dataset / "manifests.json").read_text(encoding="utf-8"))["scenarios"]
    out: dict[str, dict[str, Any]] = {}
    for sid in index["scenario_ids"]:
        manifest_path = dataset / manifests[sid]
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        rounds = json.loads((manifest_path.parent / manifest["rounds_ref"]).read_text(encoding="utf-8"))
        checks = manifest_path.parent / manifest.get("scripts", "checks")
        out[sid] = {
            "questions": [r["question"] for r in rounds],
            "arc": tuple((r.get("tags") or ["untagged"])[0] for r in rounds),
            "deliverables": _deliverables(rounds, checks),
        }
    return out


DELIVERABLE_CONDITIONS = {"file", "headings", "contains", "json", "label", "decoy", "seal", "table", "image"}


def _deliverables(rounds: list[dict[str, Any]], checks: Path) -> set[str]:
    """File kinds the scenario asks for: the paths its check specs' deliverable conditions read
    (evidence files are inputs, not deliverables), else the paths its questions name."""
    paths: set[str] = set()
    for spec in sorted(checks.glob("*.json")) if checks.is_dir() else []:
        try:
            conditions = json.loads(spec.read_text(encoding="utf-8")).get("conditions", [])
        except (ValueError, AttributeError):
            continue
        for c in conditions if isinstance(conditions, list) else []:
            if not isinstance(c, dict):
                continue
            if c.get("kind") in DELIVERABLE_CONDITIONS and isinstance(c.get("path"), str):
                paths.add(c["path"])
            if c.get("kind") == "agree":
                paths |= {ref["path"] for ref in (c.get("a"), c.get("b")) if isinstance(ref, dict) and "path" in ref}
    if not paths:
        for r in rounds:
            paths |= set(_DELIVERABLE.findall(r["question"]))
    return {Path(x).suffix.lstrip(".").lower() for x in paths if Path(x).suffix}


def similarity(a: list[str], b: list[str]) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def mean_similarity(pairs: list[tuple[list[str], list[str]]]) -> float:
    return sum(similarity(a, b) for a, b in pairs) / len(pairs) if pairs else 0.0


def measure(dataset: Path, report: Path | None = None) -> dict[str, Any]:
    data = load(dataset)
    text = {sid: tokens(" ".join(d["questions"])) for sid, d in data.items()}
    pairs = list(itertools.combinations(sorted(text), 2))
    per_domain = {
        dom: round(mean_similarity([(text[a], text[b]) for a, b in pairs if domain_of(a) == domain_of(b) == dom]), 4)
        for dom in sorted({domain_of(s) for s in text})
    }
    across = mean_similarity([(text[a], text[b]) for a, b in pairs if domain_of(a) != domain_of(b)])
    arcs: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for sid, d in data.items():
        if domain_of(sid) != "demo":
            arcs[d["arc"]].append(sid)
    kinds = sorted({k for d in data.values() for k in d["deliverables"]})
    result: dict[str, Any] = {
        "question_similarity": {"per_domain": per_domain, "across_domains": round(across, 4)},
        "shared_arcs": [sorted(sids) for sids in arcs.values() if len(sids) > 1],
        "deliverable_kinds": kinds,
        "scenarios": len(data),
        "rounds": sum(len(d["questions"]) for d in data.values()),
    }
    if report is not None:
        rep = json.loads(report.read_text(encoding="utf-8"))
        result["distinct_oracle_score_tuples"] = distinct_score_tuples(rep.get("per_scenario", []))
    return result


def distinct_score_tuples(rows: list[dict[str, Any]]) -> dict[str, int]:
    """{domain: number of distinct (TPP, ROC, WPP, MCA) tuples, to 3 decimals} over report rows."""
    tuples: dict[str, set[tuple[float, ...]]] = defaultdict(set)
    for row in rows:
        key = tuple(round(float(row[k]), 3) for k in ("TPP", "ROC", "WPP", "MCA"))
        tuples[domain_of(row["scenario_id"])].add(key)
    return {dom: len(t) for dom, t in sorted(tuples.items())}


def markdown(result: dict[str, Any]) -> str:
    sim = result["question_similarity"]
    lines = [
        "# Dataset diversity",
        "",
        f"{result['scenarios']} scenarios, {result['rounds']} rounds. Generated by `data/build/diversity.py`.",
        "",
        "| domain | mean pairwise question similarity |",
        "|---|--:|",
        *[f"| {dom} | {value:.3f} |" for dom, value in sim["per_domain"].items()],
        f"| across domains | {sim['across_domains']:.3f} |",
        "",
        f"Deliverable kinds: {', '.join(result['deliverable_kinds'])}.",
        "",
        "Round arcs shared by non-demo scenarios: "
        + ("; ".join(" = ".join(g) for g in result["shared_arcs"]) if result["shared_arcs"] else "none."),
    ]
    if "distinct_oracle_score_tuples" in result:
        lines += ["", "| domain | distinct oracle score tuples (TPP, ROC, WPP, MCA) |", "|---|--:|"]
        lines += [f"| {d} | {n} |" for d, n in result["distinct_oracle_score_tuples"].items()]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset", nargs="?", type=Path, default=DEFAULT_DATASET)
    parser.add_argument("--report", type=Path, help="report.json of an oracle run (adds score tuples)")
    parser.add_argument("--write", type=Path, help="folder to write diversity.md and diversity.json into")
    args = parser.parse_args(argv)
    result = measure(args.dataset, args.report)
    text = markdown(result)
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        (args.write / "diversity.md").write_text(text, encoding="utf-8")
        (args.write / "diversity.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
