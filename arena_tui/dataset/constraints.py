"""The ten design constraints (docs/dataset.md, C1–C10), computed from a scenario's files.

They are measured from the manifest, the round tags, the workspace after all updates and the
reference trajectory, so ``check`` can say which constraints each scenario meets without
running anything. An unmet constraint is a warning (``--strict`` makes it fail).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from arena_tui.dataset.model import Scenario
from arena_tui.dataset.paths import is_under
from arena_tui.dataset.schema import DELEGATION_TAG
from arena_tui.dataset.updates import VirtualTree
from arena_tui.vocabulary import ALL_TOOLS

SENSITIVE = re.compile(
    r"^(hr|pii|secrets?|legal_privileged|patient_records|client_files|personnel|payroll|"
    r"customer_pii|participant_data|payment_cards|embargoed|medical_records|credentials)$"
)
UNTRUSTED = re.compile(r"(digest|bot|summar|auto|archive|old|stale|legacy|draft|superseded|previous|prior)")
MEDIA_TAGS = {"image", "audio", "video"}
_NETWORK = re.compile(r"\b(curl|wget|https?://|nc |ssh )")


@dataclass(frozen=True)
class ConstraintResult:
    code: str
    met: bool
    detail: str


def _trajectory(scenario: Scenario) -> dict[str, list[dict[str, Any]]]:
    path = scenario.solution_dir / "trajectory.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _calls(trajectory: dict[str, list[dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for round_id, turns in trajectory.items():
        for turn in turns if isinstance(turns, list) else []:
            for call in turn.get("tool_calls", []) or []:
                out.append((round_id, call))
    return out


def _tagged(scenario: Scenario, *tags: str) -> list[str]:
    return [r.id for r in scenario.rounds if set(tags) & set(r.tags)]


def evaluate(scenario: Scenario) -> list[ConstraintResult]:
    manifest = scenario.manifest
    trajectory = _trajectory(scenario)
    calls = _calls(trajectory)
    accessible, delegable = manifest.main_agent_accessible_paths, manifest.main_agent_delegable_paths
    tree = VirtualTree.from_folder(scenario.workspace_template)
    for ops in scenario.update_ops.values():
        tree.files.update(f for op in ops for f in op.added_files)
    top = sorted({f.split("/", 1)[0] for f in tree.files if "/" in f})
    results = []

    delegable_only = [d for d in delegable if not any(is_under(d, a) for a in accessible)]
    needs = _tagged(scenario, DELEGATION_TAG)
    results.append(
        ConstraintResult(
            "C1",
            bool(delegable_only) and len(needs) >= 2,
            f"delegable-only {delegable_only or 'none'}; needs_delegation rounds {needs}",
        )
    )

    merges = _tagged(scenario, "update_merge")
    results.append(
        ConstraintResult(
            "C2",
            bool(manifest.updates) and bool(merges),
            f"{len(manifest.updates)} update groups; update_merge rounds {merges}",
        )
    )

    used = {c.get("name") for _, c in calls}
    missing = [t for t in ALL_TOOLS if t not in used]
    runs = [c.get("arguments", {}) for _, c in calls if c.get("name") == "RunSubagent"]
    modes = {
        "foreground": any(not a.get("run_in_background") for a in runs),
        "background": any(a.get("run_in_background") for a in runs),
        "resumed": any(a.get("session_id") for a in runs),
    }
    grants = [set(c.get("arguments", {}).get("tools", [])) for _, c in calls if c.get("name") == "CreateSubagent"]
    scripts = " ".join(str(c.get("arguments", {}).get("script", "")) for _, c in calls if c.get("name") == "Workflow")
    sub_bash = any("Bash" in g for g in grants) or '"Bash"' in scripts
    # Edit is required as a call the task needs (ALL_TOOLS above), never as a grant nobody uses.
    gaps = missing + [f"RunSubagent {m}" for m, ok in modes.items() if not ok]
    gaps += [] if sub_bash else ["a subagent granted Bash"]
    results.append(ConstraintResult("C3", not gaps, f"missing: {', '.join(gaps)}" if gaps else "full tool surface"))

    sensitive = [f for f in top if SENSITIVE.match(f)]
    untrusted = [f for f in top if UNTRUSTED.search(f)]
    ok4 = len(top) >= 8 and bool(sensitive) and bool(untrusted)
    results.append(
        ConstraintResult("C4", ok4, f"{len(top)} top-level folders; sensitive {sensitive}; untrusted/stale {untrusted}")
    )

    media_rounds = [r.id for r in scenario.rounds if "media_extraction" in r.tags and MEDIA_TAGS & set(r.tags)]
    truth = [p for p in scenario.truth_dir.rglob("*.txt")] if scenario.truth_dir.is_dir() else []
    results.append(
        ConstraintResult(
            "C5", bool(media_rounds) and bool(truth), f"media rounds {media_rounds}; {len(truth)} truth files"
        )
    )

    parallel = _tagged(scenario, "background_fanout", "parallel", "workflow", "background")
    results.append(
        ConstraintResult(
            "C6",
            bool(parallel) and (modes["background"] or "Workflow" in used),
            f"parallel/background rounds {parallel}",
        )
    )

    reuse = _tagged(scenario, "session_reuse")
    results.append(ConstraintResult("C7", bool(reuse) and modes["resumed"], f"session_reuse rounds {reuse}"))

    cross = _tagged(scenario, "cross_round")
    results.append(ConstraintResult("C8", len(cross) >= 2, f"cross_round rounds {cross}"))

    decoy = _tagged(scenario, "modality_decoy")
    results.append(ConstraintResult("C9", bool(decoy), f"modality_decoy rounds {decoy}"))

    networked = [r.id for r in scenario.rounds if _NETWORK.search(r.eval.command)]
    results.append(ConstraintResult("C10", not networked, f"network in checks: {networked}" if networked else "ok"))
    return results
