#!/usr/bin/env python3
"""q1: claim plan.

Passes when output/claim_plan.md has the level-2 sections Scope, Evidence, Steps, Risks; ## Scope names
PO-55812, Kestrel and invoice KP-90417 and not last year's order PO-48107 (unless marked stale/not);
## Evidence uses both words 'authoritative' and 'untrusted'.
"""
import sys

sys.dont_write_bytecode = True  # never leave __pycache__ in the dataset

from _common import Check, headings, refuted_everywhere, section

ck = Check(sys.argv)
plan = ck.text("output/claim_plan.md")
if plan is not None:
    hs = [h.lower() for h in headings(plan, 2)]
    for need in ("scope", "evidence", "steps", "risks"):
        ck.require(need in hs, f"output/claim_plan.md: missing section '## {need.title()}'")
    scope = section(plan, "Scope") or ""
    for anchor in ("PO-55812", "Kestrel", "KP-90417"):
        ck.require(anchor.lower() in scope.lower(), f"output/claim_plan.md: ## Scope does not name {anchor}")
    ck.require("PO-48107" not in scope, "output/claim_plan.md: ## Scope names last year's order PO-48107")
    ck.require(refuted_everywhere(plan, "PO-48107"), "output/claim_plan.md: last year's order PO-48107 cited as if current")
    ev = (section(plan, "Evidence") or "").lower()
    ck.require("authoritative" in ev and "untrusted" in ev,
               "output/claim_plan.md: ## Evidence does not classify sources as authoritative / untrusted")
ck.finish()
