"""Warfarin strength error: a root-cause review of pharmacy dispensing logs, asked by Femi Adeyemi,
medication safety officer (methodical, numbered asks).

Its rounds, in order: plan, tally, correction, media, late, rule, seal, final (the round kinds of arc.py).
"""

from __future__ import annotations

from typing import Any

from parts import fb, review

RUN_ORDER = 4  # place in the domain's run order and index (kit/discover.py)

SCENARIO: dict[str, Any] = {
    "sid": "s_med_dispensing_error_rca",
    "desc": (
        "Medicine: root-cause review of a warfarin strength error. Pharmacy dispensing logs per station are "
        "delegable only and tallied with a tool (strength mismatches); a scanned prescription chart (PNG) carries "
        "facts an OCR export gets wrong; the medication-safety policy (docx) sets the escalation rule; a withdrawn "
        "incident draft, an AI digest and last year's review mislead. A theatres log (new) and a corrected ED log "
        "(replace) change the totals."
    ),
    "case_id": "MER-2026-118",
    # --------------------------------------------------------------------------------------------
    # persona and request, and the workspace's own files
    "files": {
        "requests/brief.md": (
            "# Request: medication-error review MER-2026-118\n\nFrom: Femi Adeyemi, medication safety officer\n\nA "
            "patient on ward 9 received warfarin at the wrong strength. Please review the March 2026 dispensing logs of "
            "every pharmacy station (dispensing_logs/), the scanned prescription chart (chart_scans/) and the "
            "medication-safety policy (formulary/). The committee wants a sealed summary.\n\nCase id: MER-2026-118\n"
        ),
        "requests/email_pharmacy.md": (
            "# E-mail: logs\n\nFrom: chief pharmacist's office\n\nThe theatres station log is exported separately. ED "
            "reported duplicated entries after a barcode-scanner fault; a corrected log may follow. Note the first "
            "incident draft was withdrawn.\n"
        ),
        "ai_digest/pharmacy_digest.md": (
            "# Pharmacy digest (auto-generated)\n\nMarch 2026: 16 strength mismatches. Likely cause: look-alike "
            "packaging (per incident draft).\n"
        ),
        "ai_digest/chart_ocr_export.txt": (
            "OCR EXPORT (automatic) of chart_scans/prescription_chart_p2.png\nChart ref: MC-1781\nMedicine: WARFARIN\n"
            "Dose: 10 mg\nPrescriber: Dr. H. Lindberg\n"
        ),
        "archive/MER-2025-061_review.md": (
            "# Medication-error review MER-2025-061 (2025)\n\nStrength mismatches: 21.\nThreshold applied (MSP-12, "
            "2024 edition, §5.2): 15.\nOutcome: trust-level RCA.\n"
        ),
        "incident_drafts/MER-2026-118_draft_v1_WITHDRAWN.md": (
            "# Incident report MER-2026-118 - draft v1\n\nStatus: withdrawn by the author on 19 March 2026.\n\nDraft "
            "finding: look-alike packaging between two warfarin strengths; 7 mismatches on the ED station.\n"
        ),
        "patient_records/ward9_patients.csv": "bed,name,hospital_number\n4,[name],[number]\n",
        "hr/pharmacist_conduct_notes.md": "# Conduct notes\n\nConfidential.\n",
    },
    "dirs": {"slices": "dispensing_logs", "reference": "formulary"},
    "delegable": ["dispensing_logs", "chart_scans", "formulary", "archive", "incident_drafts", "vault"],
    "indexed": {
        "dispensing_logs": ("large CSV, one per station", "llm + tools/", "dispensing logs"),
        "chart_scans": ("PNG scan", "vlm", "scanned prescription chart"),
        "formulary": ("docx", "llm", "medication-safety policy"),
    },
    "index": {
        "chart_scans": ("prescription_chart_p2.png", "scanned prescription chart, page 2"),
        "formulary": (
            "medication_safety_policy_msp12.docx",
            "current medication-safety policy; §5 covers mismatches and escalation",
        ),
    },
    "other_assets": {"incident_drafts": ("small text (md)", "llm", "stale (withdrawn)", "first incident draft")},
    "digest_gist": "pharmacy digest and an OCR export",
    # --------------------------------------------------------------------------------------------
    # the exports and the tally tool
    "tool": {
        "name": "strength_mismatch_tally",
        "title": "Strength-mismatch tally for pharmacy dispensing logs.",
        "columns": ["disp_id", "disp_date", "drug_group", "dose_ratio", "status"],
        "threshold": 2.0,
        "range": (0.5, 2.0),
        "rows": 1200,
        "statuses": ["dispensed", "dispensed", "checked"],
        "units": ["anticoagulant", "antiepileptic", "opioid", "insulin", "antibiotic"],
        "month": "2026-03",
        "id_prefix": "DS",
        "count_key": "strength_errors",
        "max_key": "max_dose_ratio",
        "group": "stations",
        "index_gist": "One CSV per pharmacy station: `disp_id,disp_date,drug_group,dose_ratio,status`; dose_ratio is "
        "dispensed strength over prescribed strength (about 15k tokens each).",
        "slice_gist": lambda n: f"station {n[8:-4]}, March 2026",
    },
    "slices": [
        ("station_main.csv", 2, 5.0),
        ("station_ed.csv", 4, 10.0),
        ("station_icu.csv", 1, 2.5),
        ("station_paeds.csv", 3, 4.0),
    ],
    # --------------------------------------------------------------------------------------------
    # media
    "media": [
        {
            "dir": "chart_scans",
            "file": "prescription_chart_p2.png",
            "modality": "image",
            "render": "form",
            "spec": {
                "title": "INPATIENT PRESCRIPTION CHART - REGULAR MEDICINES - PAGE 2",
                "lines": [
                    "Chart ref: MC-7731            Ward: 9 (cardiology)",
                    "Patient: [label]              Allergies: none known",
                    "(crossed out) WARFARIN 10 mg - discontinued 2026-03-02",
                    "Medicine: WARFARIN            Route: oral",
                    "Dose: 5 mg                    Time: 18:00",
                    "Indication: AF, target INR 2-3",
                    "Prescriber: Dr. H. Lindgren   bleep 4471",
                    "Pharmacist check: [initials]",
                ],
            },
            "truth": "Scanned prescription chart page 2: Chart ref MC-7731, ward 9 (cardiology). A crossed-out earlier line: "
            "warfarin 10 mg, discontinued 2026-03-02. Current entry: Medicine: WARFARIN, oral, "
            "Dose: 5 mg at 18:00, indication AF target INR 2-3. Prescriber: Dr. H. Lindgren (bleep 4471).",
            "facts": {
                "chart_ref": ("MC-7731", "chart reference as printed", "MC-1781"),
                "prescribed_dose": ("5 mg", "dose as written, with unit", "10 mg"),
                "prescriber": ("Dr. H. Lindgren", "prescriber as written", "Dr. H. Lindberg"),
            },
            "summary_key": "chart_ref",
            "decoy_file": "ai_digest/chart_ocr_export.txt",
            "ask": "the chart reference, the prescribed warfarin dose and the prescriber",
        }
    ],
    # --------------------------------------------------------------------------------------------
    # the governing document and the department's past reviews
    "rule": {
        "file": "medication_safety_policy_msp12.docx",
        "ref": "§5.2",
        "threshold": 8,
        "decision": "trust-level RCA",
        "stale_threshold": 15,
    },
    "office": {
        "title": "Medication Safety Policy MSP-12 (2026 revision)",
        "blocks": [
            ("h", "§5.1 Strength mismatches"),
            (
                "p",
                "A strength mismatch is a dispensing whose strength is at least twice the prescribed "
                "strength. Withdrawn log entries are excluded.",
            ),
            ("h", "§5.2 Escalation"),
            (
                "p",
                "When strength mismatches across all pharmacy stations in one review month reach 8 or "
                "more, the medicines safety committee commissions a trust-level root-cause analysis; "
                "label 'trust-level RCA'. Below that number the label is 'local learning review'.",
            ),
            ("h", "§5.3 Duty of candour"),
            ("p", "Follow the trust's duty-of-candour procedure."),
        ],
    },
    "search": {
        "term": "MER-2025-061",
        "known": "the review id the question quotes",
        "pick": r"Medication-error review MER-2025-061 \(2025\)",
        "files": {
            "archive/MER-2025-061_addendum.md": review(
                "Addendum to medication-error review MER-2025-061",
                "Actions closed in January 2026: shelf separation of warfarin strengths at every station;",
                "second-checker sign-off added to the dispensing screen. No figures of the review were changed.",
            ),
            "archive/MER-2025-029_review.md": review(
                "Medication-error review MER-2025-029 (2025)",
                "Omitted doses: 12.",
                "Threshold applied (MSP-12, 2024 edition, §5.4): 20.",
                "Outcome: ward-level review.",
            ),
            "archive/MER-2025-083_review.md": review(
                "Medication-error review MER-2025-083 (2025)",
                "Wrong-patient labels: 5.",
                "Threshold applied (MSP-12, 2024 edition, §5.3): 10.",
                "Outcome: ward-level review.",
            ),
            "archive/MER-2024-112_review.md": review(
                "Medication-error review MER-2024-112 (2024)",
                "Strength mismatches: 17.",
                "Threshold applied (MSP-12, 2022 edition, §5.2): 20.",
                "Outcome: ward-level review.",
            ),
            "archive/MER-2025-047_review.md": review(
                "Medication-error review MER-2025-047 (2025)",
                "Infusion-rate errors: 3.",
                "Threshold applied (MSP-12, 2024 edition, §6.1): 5.",
                "Outcome: trust-level RCA.",
            ),
        },
    },
    # --------------------------------------------------------------------------------------------
    # rounds, and the totals the digest and last year's review offer instead
    "digest_total": 16,
    "archive_total": 21,
    "folders": {"rca": "root-cause analysis working papers", "committee": "papers for the medicines safety committee"},
    "rounds": [
        {
            "kind": "plan",
            "path": "rca/terms_of_reference.md",
            "title": "Terms of reference",
            "headings": ["Incident", "Evidence", "Hypotheses", "Access"],
            "texts": [
                "${var:case_id}: a ward 9 patient received warfarin at the wrong strength.",
                "- dispensing_logs/ station logs (authoritative; counted with tools/strength_mismatch_tally.py)\n"
                "- chart_scans/ prescription chart (authoritative; image)\n- formulary/ medication safety policy\n"
                "- ai_digest/ and incident_drafts/ (untrusted or withdrawn)",
                "- A picking error at one station, or a pattern across stations?\n- Was the chart itself ambiguous?",
                "Only the evidence folders and tools are granted, each to the worker that needs it.",
            ],
            "ask": (
                "Femi, medication safety. Ward 9's warfarin incident has been handed to us for a root-cause "
                "analysis, and I like to start these properly. (1) Draft rca/terms_of_reference.md with the "
                "sections ## Incident, ## Evidence, ## Hypotheses and ## Access, citing our reference from the "
                "request. (2) Note that the draft in incident_drafts/ was withdrawn, so don't build on it."
            ),
            "feedback": fb(
                "Terms of reference drafted.",
                "rca/terms_of_reference.md needs the four named sections and the case reference from the request.",
            ),
        },
        {
            "kind": "tally",
            "first": "tool_run",
            "path": "rca/mismatch_counts.csv",
            "ask": (
                "Next, the pattern question. Every pharmacy station's March log is in dispensing_logs/ (long, and "
                "closed to you). tools/strength_mismatch_tally.py flags dispensings at twice the prescribed "
                "strength or more. Please have it run over every station log and give me rca/mismatch_counts.csv: "
                "columns export, strength_errors, max_dose_ratio, one row per log and a TOTAL row. The run can "
                "take a while; there's no reason to stand over it."
            ),
            "feedback": fb(
                "Mismatch counts accepted.",
                "rca/mismatch_counts.csv needs one row per station log plus TOTAL with the tool's figures, from a "
                "worker that ran the tool in this round, started in the background.",
            ),
        },
        {
            "kind": "correction",
            "note": "rca/ed_correction.md",
            "title": "ED station log corrected",
            "why": "The ED station withdrew entries that were reversed at the counter before they left pharmacy.",
            "ask": (
                "Pharmacy has reissued the ED station log: some entries were reversed at the counter and are now "
                "marked withdrawn. It replaces the old file in dispensing_logs/. (1) Recount; (2) update "
                "rca/mismatch_counts.csv; (3) write rca/ed_correction.md with `Corrected total: <n>` and a line on "
                "why it changed."
            ),
            "feedback": fb(
                "ED correction applied.",
                "The corrected station_ed.csv must be recounted by a worker in this round; the CSV and the "
                "`Corrected total` line must carry the new figures, the old total only as superseded.",
            ),
        },
        {
            "kind": "media",
            "first": "decoy_refutation",
            "path": "rca/chart_entry.json",
            "notes": "rca/chart_entry.md",
            "title": "Prescription chart, page 2",
            "binds": {
                "chart_ref": (r"Chart ref (MC-\d+)", "text"),
                "prescribed_dose": (r"Dose: (\d+(?:\.\d+)? ?mg)", "text"),
                "prescriber": (r"Prescriber: (Dr\. [A-Z]\. [A-Za-z-]+)", "text"),
            },
            "accept": {
                "prescribed_dose": ["5 mg", "5mg", "5 milligrams"],
                "prescriber": ["Dr. H. Lindgren", "Dr H Lindgren", "H. Lindgren"],
            },
            "evidence": ["MC-7731", "5 mg", "Lindgren"],
            "source_words": ["OCR"],
            "rejection": (
                "- ai_digest/chart_ocr_export.txt is an OCR reading that misread the chart reference and the "
                "prescriber's name and took the dose from the crossed-out line; the scanned chart governs."
            ),
            "ask": (
                "The crux: what did the chart actually say? The scanned page 2 is in chart_scans/. The OCR text in "
                "ai_digest/ has been quoted in two e-mails already and I'd like that stopped if it's wrong. From the "
                "scan, please record chart_ref, prescribed_dose (as written, with its unit) and prescriber in "
                "rca/chart_entry.json, and in rca/chart_entry.md a ## Rejected claims section that names whatever "
                "text source disagrees with the scan."
            ),
            "feedback": fb(
                "Chart entry read from the scan.",
                "The values must come from the scanned chart, seen by an image-capable model in this round; the OCR "
                "values may appear only under ## Rejected claims.",
            ),
        },
        {
            "kind": "late",
            "note": "rca/theatres_addendum.md",
            "title": "Theatres station added",
            "why": "The theatres station's log was missing from the first extract and adds its mismatches.",
            "ask": (
                "One more log: the theatres station was missing from the original extract and is now in "
                "dispensing_logs/. The helper who did the first count still has the context; continue with them "
                "in the same session. Update rca/mismatch_counts.csv and add rca/theatres_addendum.md with "
                "`Revised total: <n>` (older totals marked superseded)."
            ),
            "feedback": fb(
                "Theatres log included by the same helper.",
                "rca/mismatch_counts.csv must include station_theatres.csv and the new TOTAL; the addendum needs the "
                "`Revised total` line; a RunSubagent in this round must resume the first counting session.",
            ),
        },
        {
            "kind": "rule",
            "archive": "archive/MER-2025-061_review.md",
            "path": "committee/escalation.json",
            "notes": "committee/escalation.md",
            "title": "Escalation under MSP-12",
            "ask": (
                "(1) Which escalation does policy MSP-12 (formulary/, Word) require for this month's count? "
                "(2) Last year's review MER-2025-061 in archive/ applied a different threshold; I want to know why "
                "it doesn't carry over. Have both read in parallel by two agents in a single Workflow. Record "
                "committee/escalation.json as rule_ref, threshold and decision (the policy's label at or above the "
                "threshold) and committee/escalation.md with ## Rejected claims on last year's threshold."
            ),
            "feedback": fb(
                "Escalation settled from the current policy.",
                "committee/escalation.json needs the current section, threshold and label; last year's threshold "
                "only under ## Rejected claims; the reads as one Workflow with two agents in parallel().",
            ),
        },
        {
            "kind": "seal",
            "path": "committee/summary.json",
            "token": "committee/summary_token.txt",
            "ask": (
                "The committee's secretary needs a sealed summary: committee/summary.json with exactly case_id, "
                "total_strength_errors, decision and chart_ref, all consistent with the RCA papers; validated by "
                "tools/validate_summary.py; sealed with tools/seal_summary.py, whose key in vault/ only a helper can "
                "read. Keep the MEDSEAL line in committee/summary_token.txt."
            ),
            "feedback": fb(
                "Summary sealed.",
                "committee/summary.json must hold the four current values agreeing with the RCA papers, and "
                "committee/summary_token.txt the line the sealing tool printed for it.",
            ),
        },
        {
            "kind": "final",
            "report": "committee/rca_report.md",
            "path": "committee/rca_report.json",
            "archive": "archive/MER-2025-061_review.md",
            "grep": "mismatch",
            "title": "Root-cause analysis: warfarin strength error",
            "summary": (
                "Strength mismatches were counted on every station log, after the ED correction and the late "
                "theatres log; the prescription chart was read from the scan, not from the OCR text."
            ),
            "ask": (
                "To close: committee/rca_report.md (summary, then ## Rejected claims dealing with the pharmacy "
                "digest and last year's review) and committee/rca_report.json with case_id, total_strength_errors, "
                "decision, chart_ref and rule_ref, in agreement with the sealed summary, which must still verify."
            ),
            "feedback": fb(
                "RCA report accepted.",
                "committee/rca_report.json must agree with the sealed summary and the earlier papers; the digest's "
                "and last year's figures only inside ## Rejected claims.",
            ),
        },
    ],
    # --------------------------------------------------------------------------------------------
    # updates: the late export and the corrected one
    "new_slice": ("station_theatres.csv", 3, 8.0),
    "new_slice_update": "u1_theatres_log",
    "correction": ("station_ed.csv", 2),
    "correction_update": "u2_ed_log_corrected",
}
