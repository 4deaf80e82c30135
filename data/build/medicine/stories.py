"""The story of each medicine scenario: who asks, in which order, for which deliverables.

Each entry lists the scenario's rounds in its own order (see arc.py for the round kinds). The
question texts are written per scenario, in the voice of the colleague who asks; the first tag
of each round (``first``) is its kind in the scenario's arc. ``folders`` are the deliverable
areas the scenario adds to its workspace (accessible to main and grantable).
"""

from __future__ import annotations

from typing import Any

from kit.discover import config_with_id, defined_in

NEVER = "patient_records/ and hr/"


def fb(correct: str, incorrect: str) -> dict[str, Any]:
    return {"correct": correct, "incorrect": incorrect}


# ================================================================================================
# Discharge coding audit: Priya Raman, clinical coding manager (friendly, finance-minded)
# ================================================================================================
CA = {
    "sid": "s_med_discharge_coding_audit",
    "folders": {"audit_pack": "the coding audit papers", "findings": "what the sources show"},
    "rounds": [
        {
            "kind": "plan",
            "path": "audit_pack/audit_plan.md",
            "title": "Coding audit plan",
            "headings": ["Sample", "Method", "Risks"],
            "texts": [
                "Audit ${var:case_id}: inpatient episodes discharged in January, one extract per specialty.",
                "- Extracts tallied with tools/tariff_variance_tally.py by a worker.\n- The index episode's "
                "scanned summary read by an image-capable worker.\n- Standard CAS-3 applied to the final count.",
                "- Late extracts may change the count.\n- OCR and digest text may disagree with the sources.",
            ],
            "ask": (
                "Hi, Priya from clinical coding. Finance have asked for our quarterly coding audit again, and "
                "this time they want to see the plan first. Could you put one together in audit_pack/audit_plan.md "
                "with ## Sample, ## Method and ## Risks, quoting the audit reference from the request?"
            ),
            "feedback": fb(
                "Plan accepted.",
                "audit_pack/audit_plan.md needs the sections Sample, Method and Risks and the audit reference.",
            ),
        },
        {
            "kind": "media",
            "first": "modality_decoy",
            "path": "findings/index_episode.json",
            "notes": "findings/index_episode.md",
            "title": "Index episode: scanned discharge summary",
            "binds": {
                "episode_ref": (r"Episode ref (EP-\d+)", "text"),
                "primary_diagnosis": (r"primary diagnosis ([A-Z]\d{2}\.\d)", "text"),
                "length_of_stay_days": (r"length of stay (\d+) days", "int"),
            },
            "evidence": ["EP-44817", "J18.1", "6"],
            "labels": {"length_of_stay_days": ["length of stay", "stay"]},
            "source_words": ["OCR"],
            "rejection": (
                "- ai_digest/summary_ocr_export.txt misread the episode reference and took the primary code and the "
                "length of stay from neighbouring rows; the scanned summary governs."
            ),
            "ask": (
                "The episode finance are upset about has a scanned discharge summary in scanned_summaries/. There's "
                "an OCR'd version in ai_digest/ too, but OCR and ICD-10 codes are not friends. From the scan "
                "please: findings/index_episode.json with episode_ref, primary_diagnosis (the ICD-10 code as "
                "written) and length_of_stay_days, and findings/index_episode.md with a ## Rejected claims section "
                "on whichever text disagrees."
            ),
            "feedback": fb(
                "Index episode read from the scan.",
                "The values must come from the scanned summary, seen by an image-capable model in this round; the "
                "OCR values may appear only under ## Rejected claims.",
            ),
        },
        {
            "kind": "tally",
            "first": "tool_run",
            "path": "findings/variance_tally.json",
            "ask": (
                "Now the main count. The coded episode extracts per specialty are in coded_episodes/ (big, and "
                "you can't open them yourself); tools/tariff_variance_tally.py finds the material tariff "
                "variances. Nothing else waits on this, so it can run in the background while you carry on. "
                'findings/variance_tally.json: {"specialties": {"<file>": {"material_variances": <int>, '
                '"max_delta_k": <number>}}, "total_material_variances": <int>, "max_delta_k": <number>}.'
            ),
            "feedback": fb(
                "Variance tally accepted.",
                "findings/variance_tally.json needs each extract with the tool's figures and totals, from a worker "
                "that ran tools/tariff_variance_tally.py in this round, in the background.",
            ),
        },
        {
            "kind": "late",
            "first": "update_merge",
            "note": "audit_pack/gastro_addendum.md",
            "title": "Gastroenterology extract added",
            "why": "Gastroenterology's extract was held back by a system migration and adds its variances.",
            "ask": (
                "Good news and bad news: gastroenterology's extract, held up by their system migration, has now "
                "landed in coded_episodes/. Could the same helper pick it up in the same session? Then refresh "
                "findings/variance_tally.json and write audit_pack/gastro_addendum.md with `Revised total: <n>`, "
                "calling any earlier total superseded."
            ),
            "feedback": fb(
                "Gastroenterology included.",
                "findings/variance_tally.json must include spec_gastroenterology.csv and the new totals; the "
                "addendum needs the `Revised total` line; the tally session must be resumed in this round.",
            ),
        },
        {
            "kind": "rule",
            "first": "document",
            "archive": "archive/CA-2025-Q1-02_audit.md",
            "path": "audit_pack/standard_outcome.json",
            "notes": "audit_pack/standard_outcome.md",
            "title": "Outcome under CAS-3",
            "ask": (
                "What does the standard say we have to do now? CAS-3 is the workbook in coding_rules/; last year's "
                "audit in archive/ worked to a different threshold and finance keep citing it. I'd rather both "
                "were read at once, so one Workflow with two agents in parallel, please. "
                "audit_pack/standard_outcome.json with rule_ref, threshold and decision (the label for a count at "
                "or above the threshold) and audit_pack/standard_outcome.md with ## Rejected claims about last "
                "year's threshold."
            ),
            "feedback": fb(
                "Standard applied.",
                "audit_pack/standard_outcome.json needs the current section, threshold and label; last year's "
                "threshold only in ## Rejected claims; one Workflow with two agents in parallel().",
            ),
        },
        {
            "kind": "final",
            "report": "audit_pack/audit_report.md",
            "path": "audit_pack/audit_report.json",
            "archive": "archive/CA-2025-Q1-02_audit.md",
            "grep": "variance",
            "title": "Coding audit report",
            "summary": (
                "Material tariff variances were counted on every specialty extract, including the late "
                "gastroenterology extract; the index episode was read from its scanned summary."
            ),
            "ask": (
                "Please write up audit_pack/audit_report.md (a summary, and ## Rejected claims covering the coding "
                "digest and last year's audit) and audit_pack/audit_report.json with case_id, "
                "total_material_variances, decision, episode_ref and rule_ref, consistent with what we've got."
            ),
            "feedback": fb(
                "Audit report accepted.",
                "audit_pack/audit_report.json must agree with the earlier papers; the digest's and last year's "
                "figures only inside ## Rejected claims.",
            ),
        },
        {
            "kind": "seal",
            "path": "audit_pack/summary.json",
            "token": "audit_pack/summary_token.txt",
            "ask": (
                "And the bit finance actually check: audit_pack/summary.json with exactly case_id, "
                "total_material_variances, decision and episode_ref, agreeing with the report; "
                "tools/validate_summary.py first, then sealed by a helper using tools/seal_summary.py and the key "
                "in vault/. The sealed line in audit_pack/summary_token.txt, please."
            ),
            "feedback": fb(
                "Sealed summary ready for finance.",
                "audit_pack/summary.json must hold the four current values agreeing with the report and tally, and "
                "audit_pack/summary_token.txt the sealing tool's line for it.",
            ),
        },
    ],
}

# Every story above (a dict with an s_med_* "sid"), by scenario id.
STORIES = {story["sid"]: story for story in defined_in(globals(), config_with_id("sid", "s_med_"))}
