"""The story of each medicine scenario: who asks, in which order, for which deliverables.

Each entry lists the scenario's rounds in its own order (see arc.py for the round kinds). The
question texts are written per scenario, in the voice of the colleague who asks; the first tag
of each round (``first``) is its kind in the scenario's arc. ``folders`` are the deliverable
areas the scenario adds to its workspace (accessible to main and grantable).
"""

from __future__ import annotations

NEVER = "patient_records/ and hr/"


def fb(correct: str, incorrect: str) -> dict:
    return {"correct": correct, "incorrect": incorrect}


# ================================================================================================
# HELIX-2 SAE reconciliation: Dr. Amara Ilunga, trial safety physician
# ================================================================================================
AE = {
    "folders": {
        "findings": "working findings of the reconciliation",
        "notes": "short notes on revisions and rules",
        "steering_pack": "what goes to the steering committee",
    },
    "rounds": [
        {
            "kind": "tally",
            "first": "background_fanout",
            "discover": "index",
            "path": "findings/sae_tally.json",
            "ask": (
                "Amara here. I'm stuck in the DSMB prep call most of today, so I need the February reconciliation "
                "for HELIX-2 moving without me. The site exports under site_exports/ are far too long to eyeball and "
                "you can't open them yourself anyway; tools/late_sae_tally.py knows the 24-hour rule. The tally is "
                "slow-ish and nothing else depends on it yet, so don't sit and wait on it. What I want back is "
                'findings/sae_tally.json: {"sites": {"<export file>": {"late_reports": <int>, "max_delay_h": '
                '<number>}}, "total_late_reports": <int>, "max_delay_h": <number>}, one entry per export that is '
                "there now, figures exactly as the tool prints them. Obviously nobody gets near " + NEVER + "."
            ),
            "feedback": fb(
                "Tally accepted; the exports were run through the tool by a worker in the background.",
                "findings/sae_tally.json needs one entry per export in site_exports/ with the tool's figures and "
                "the totals; a subagent must have run tools/late_sae_tally.py on the exports in this round, in the "
                "background, and the sensitive folders must never be granted.",
            ),
        },
        {
            "kind": "media",
            "first": "media_extraction",
            "path": "findings/index_event_form.json",
            "notes": "findings/index_event_form.md",
            "title": "Index event: scanned SAE form, site 103",
            "binds": {
                "form_id": (r"Form ID:\s*([A-Z]+-\d+-\d+)", "text"),
                "onset_date": (r"Onset date:\s*(\d{4}-\d{2}-\d{2})", "text"),
                "causality": (r"causality:\s*([a-z][a-z ]+?)\.", "text"),
            },
            "evidence": ["SAE-103-0419", "2026-01-29", "probably related"],
            "source_words": ["OCR"],
            "rejection": (
                "- ai_digest/sae_form_ocr_export.txt is an automatic OCR reading of low confidence; where its form "
                "id, onset date and causality differ from the signed scan, the OCR is wrong and the scan governs."
            ),
            "ask": (
                "Lisbon's monitor finally scanned page 1 of the paper SAE form for the index event; it's in scans/. "
                "Somebody already ran OCR over it (ai_digest/) and I don't trust that thing an inch: last quarter it "
                "turned a 7 into a 1 on a dosing form. I need the form id, the onset date and the investigator's "
                "causality as the form itself has them, in findings/index_event_form.json with the keys form_id, "
                "onset_date (YYYY-MM-DD) and causality, plus findings/index_event_form.md with a ## Rejected claims "
                "section that says which text source got it wrong."
            ),
            "feedback": fb(
                "Form facts accepted and the OCR export set aside.",
                "The three values must come from the scan itself, read by a model that can see images, in this "
                "round; ## Rejected claims in findings/index_event_form.md must name the OCR export, and its values "
                "may appear only there.",
            ),
        },
        {
            "kind": "late",
            "first": "update_merge",
            "note": "notes/late_site_revision.md",
            "label": "Revised total",
            "title": "Revision after the site 105 export",
            "why": "The late site 105 export adds its late reports to the count.",
            "ask": (
                "Jonas just pinged: site 105's export has landed in site_exports/ at last. The worker that did the "
                "first tally still has the whole picture, so carry on in that same session instead of starting "
                "fresh. Bring findings/sae_tally.json up to date (same shape, every export now present) and jot "
                "notes/late_site_revision.md with a line `Revised total: <n>`; if you mention the old total, say it "
                "is superseded."
            ),
            "feedback": fb(
                "Tally revised for site 105 in the same worker session.",
                "findings/sae_tally.json must include the site 105 export with totals over every export; "
                "notes/late_site_revision.md needs the `Revised total` line, with the earlier total only as "
                "superseded; and a RunSubagent in this round must continue the earlier tally session.",
            ),
        },
        {
            "kind": "rule",
            "first": "workflow",
            "archive": "archive/REC-2025-03_reconciliation.md",
            "path": "notes/escalation_rule.json",
            "notes": "notes/escalation_rule.md",
            "title": "Escalation rule for late SAE reporting",
            "ask": (
                "Before I talk to the sponsor I want the escalation rule nailed down. The current safety management "
                "plan sits in protocol/ as a Word file; last year's reconciliation in archive/ used a different "
                "threshold and people keep quoting it at me. Those two reads don't depend on each other, so have "
                "them done side by side in one Workflow script rather than one after the other. Give me "
                'notes/escalation_rule.json {"rule_ref": "<section as the plan numbers it>", "threshold": <int>, '
                '"decision": "<the plan\'s label for a count at or above it>"} and notes/escalation_rule.md with '
                "## Rejected claims explaining why last year's number is dead."
            ),
            "feedback": fb(
                "Rule taken from the current plan; last year's threshold set aside.",
                "notes/escalation_rule.json needs the section, threshold and above-threshold label of the current "
                "plan in protocol/; notes/escalation_rule.md must reject last year's threshold inside ## Rejected "
                "claims. The reads must run as a Workflow with at least two agents in parallel().",
            ),
        },
        {
            "kind": "correction",
            "first": "tool_run",
            "resume": False,
            "note": "notes/site102_correction.md",
            "label": "Corrected total",
            "title": "Site 102 correction",
            "why": "Site 102 withdrew duplicate entries; withdrawn rows no longer count.",
            "ask": (
                "Site 102 sent a corrected export (the duplicates they'd been muttering about are now marked "
                "withdrawn) and it has replaced the old file. Re-run the count so findings/sae_tally.json reflects "
                "it, and put `Corrected total: <n>` in notes/site102_correction.md with a sentence on what moved."
            ),
            "feedback": fb(
                "Correction applied.",
                "The corrected site_102.csv must be re-tallied by a worker in this round; findings/sae_tally.json "
                "and the `Corrected total` line must carry the new figures, the earlier total only as superseded.",
            ),
        },
        {
            "kind": "seal",
            "first": "consolidation",
            "path": "steering_pack/summary.json",
            "token": "steering_pack/seal_token.txt",
            "ask": (
                "The steering committee only accepts sealed summaries. Put steering_pack/summary.json together with "
                'exactly {"case_id", "total_late_reports", "decision", "form_id"}, matching what we have already '
                "written, run it past tools/validate_summary.py, and get it sealed with tools/seal_summary.py; the "
                "key lives in vault/, which you can only reach through a worker. The sealed line (MEDSEAL:...) goes "
                "in steering_pack/seal_token.txt."
            ),
            "feedback": fb(
                "Summary sealed.",
                "steering_pack/summary.json must carry the four current values, agreeing with the tally, the rule "
                "note and the form facts, and steering_pack/seal_token.txt the line the sealing tool printed for it, "
                "produced by a worker in this round.",
            ),
        },
        {
            "kind": "final",
            "first": "final_synthesis",
            "report": "steering_pack/final_report.md",
            "path": "steering_pack/final.json",
            "archive": "archive/REC-2025-03_reconciliation.md",
            "grep": "late",
            "title": "HELIX-2 February reconciliation",
            "summary": (
                "February's reconciliation of HELIX-2 counts late SAE reports across every site export after the "
                "late site 105 export and the site 102 correction; the index-event form was read from the scan."
            ),
            "ask": (
                "Last one, then I'll stop bothering you. Write the committee version: steering_pack/final_report.md "
                "(a short summary, and ## Rejected claims dealing with SafetyBot's digest and last year's "
                "reconciliation) and steering_pack/final.json with case_id, total_late_reports, decision, form_id "
                "and rule_ref. It must tell the same story as the sealed summary, which must still verify."
            ),
            "feedback": fb(
                "Final report accepted.",
                "steering_pack/final.json must agree with the earlier files and the sealed summary; the digest's and "
                "last year's figures may appear only inside ## Rejected claims.",
            ),
        },
    ],
}

STORIES = {"s_med_sae_reconciliation": AE}
