"""Discharge coding audit (an xlsx tariff), asked by Priya Raman, clinical coding manager (friendly,
finance-minded).

Its rounds, in order: plan, media, tally, late, rule, final, seal (the round kinds of arc.py).
"""

from __future__ import annotations

from typing import Any

from parts import fb, review

RUN_ORDER = 7  # place in the domain's run order and index (kit/discover.py)

SCENARIO: dict[str, Any] = {
    "sid": "s_med_discharge_coding_audit",
    "desc": (
        "Medicine: discharge-summary coding audit. Coded-episode extracts per specialty are delegable only and "
        "tallied with a tool (material tariff variances); a scanned discharge summary (PNG) carries facts an OCR "
        "export gets wrong; the coding audit standard with its tariff table (xlsx) sets the escalation rule; an "
        "AI digest and last year's audit mislead. A late specialty extract (new) overturns the decision."
    ),
    "case_id": "CA-2026-Q1-04",
    # --------------------------------------------------------------------------------------------
    # persona and request, and the workspace's own files
    "files": {
        "requests/brief.md": (
            "# Request: coding audit CA-2026-Q1-04\n\nFrom: Priya Raman, clinical coding manager\n\nPlease audit the "
            "coded inpatient episodes discharged in January 2026 (extracts per specialty in coded_episodes/), the "
            "scanned discharge summary of the index episode (scanned_summaries/) and apply the coding audit standard "
            "in coding_rules/. The assurance group wants a sealed summary.\n\nCase id: CA-2026-Q1-04\n"
        ),
        "requests/email_finance.md": "# E-mail: extracts\n\nFrom: finance\n\nThe gastroenterology extract is delayed; it will follow.\n",
        "ai_digest/coding_digest.md": "# Coding digest (auto-generated)\n\nJanuary 2026: 14 material variances. Internal feedback only.\n",
        "ai_digest/summary_ocr_export.txt": (
            "OCR EXPORT (automatic) of scanned_summaries/discharge_summary_index.png\nEpisode ref: EP-44871\n"
            "Length of stay: 11 days\nPrimary diagnosis: J44.1\n"
        ),
        "archive/CA-2025-Q1-02_audit.md": (
            "# Coding audit CA-2025-Q1-02 (inpatient, 2025)\n\nMaterial variances: 26.\nThreshold applied (CAS-3, 2025 edition, "
            "§4.1): 30.\nOutcome: internal feedback.\n"
        ),
        "patient_records/episode_patients.csv": "episode,name,nhs_number\nE1,[name],[number]\n",
        "hr/coder_performance.md": "# Coder performance\n\nConfidential.\n",
    },
    "dirs": {"slices": "coded_episodes", "reference": "coding_rules"},
    "delegable": ["coded_episodes", "scanned_summaries", "coding_rules", "archive", "vault"],
    "indexed": {
        "coded_episodes": ("large CSV, one per specialty", "llm + tools/", "coded-episode extracts"),
        "scanned_summaries": ("PNG scan", "vlm", "scanned discharge summary"),
        "coding_rules": ("xlsx", "llm", "coding audit standard and tariffs"),
    },
    "index": {
        "scanned_summaries": ("discharge_summary_index.png", "scanned discharge summary of the index episode"),
        "coding_rules": ("coding_audit_standard_cas3.xlsx", "current audit standard: rules, tariffs, version"),
    },
    "digest_gist": "coding digest and an OCR export",
    # --------------------------------------------------------------------------------------------
    # the exports and the tally tool
    "tool": {
        "name": "tariff_variance_tally",
        "title": "Material tariff-variance tally for coded-episode extracts.",
        "columns": ["episode_id", "discharge_date", "hrg_chapter", "tariff_delta_k", "status"],
        "threshold": 1.0,
        "range": (0.0, 1.0),
        "rows": 1100,
        "statuses": ["audited", "audited", "re-coded"],
        "units": ["EB", "FD", "HN", "DZ", "GC"],
        "month": "2026-01",
        "id_prefix": "CE",
        "count_key": "material_variances",
        "max_key": "max_delta_k",
        "group": "specialties",
        "index_gist": "One CSV per specialty: `episode_id,discharge_date,hrg_chapter,tariff_delta_k,status`; "
        "tariff_delta_k is the audited minus coded tariff in GBP thousands (about 13k tokens each).",
        "slice_gist": lambda n: f"{n[5:-4].replace('_', ' ')}, January 2026",
    },
    "slices": [
        ("spec_cardiology.csv", 4, 3.2),
        ("spec_orthopaedics.csv", 6, 5.8),
        ("spec_respiratory.csv", 3, 2.4),
        ("spec_general_surgery.csv", 5, 4.1),
    ],
    # --------------------------------------------------------------------------------------------
    # media
    "media": [
        {
            "dir": "scanned_summaries",
            "file": "discharge_summary_index.png",
            "modality": "image",
            "render": "form",
            "spec": {
                "title": "DISCHARGE SUMMARY (scanned) - RESPIRATORY MEDICINE",
                "lines": [
                    "Episode ref: EP-44817           Consultant: Dr. K. Achebe",
                    "Admitted: see PAS              Discharged: see PAS",
                    "Length of stay: 6 days",
                    "Primary diagnosis: J18.1 (lobar pneumonia)",
                    "Secondary: J44.1, I48.9",
                    "Previous admission: Nov 2025, stay 11 days",
                    "Discharge destination: usual residence",
                    "Signed: Dr. K. Achebe",
                ],
            },
            "truth": "Scanned discharge summary (respiratory medicine): Episode ref EP-44817, consultant Dr. K. Achebe; "
            "length of stay 6 days; primary diagnosis J18.1 (lobar pneumonia); secondary J44.1, I48.9; previous "
            "admission November 2025 (stay 11 days); discharged to usual residence.",
            "facts": {
                "episode_ref": ("EP-44817", "episode reference as printed", "EP-44871"),
                "primary_diagnosis": ("J18.1", "ICD-10 code as written", "J44.1"),
                "length_of_stay_days": (6, "", 11),
            },
            "summary_key": "episode_ref",
            "decoy_file": "ai_digest/summary_ocr_export.txt",
            "ask": "the episode reference, the primary diagnosis code and the length of stay in days",
        }
    ],
    # --------------------------------------------------------------------------------------------
    # the governing document and the department's past reviews
    "rule": {
        "file": "coding_audit_standard_cas3.xlsx",
        "ref": "§4.1",
        "threshold": 20,
        "decision": "external re-audit",
        "stale_threshold": 30,
    },
    "office": {
        "sheets": [
            (
                "Rules",
                [
                    ("Section", "Condition", "Label"),
                    (
                        "§4.1",
                        "20 or more material variances (1.0k GBP or above) in one monthly sample",
                        "external re-audit",
                    ),
                    ("§4.1", "fewer than 20 material variances in one monthly sample", "internal feedback"),
                ],
            ),
            (
                "Tariffs",
                [
                    ("HRG", "Description", "Tariff GBP"),
                    ("DZ11", "Lobar, atypical or viral pneumonia", 3120),
                    ("EB14", "Arrhythmia or conduction disorders", 1870),
                    ("HN12", "Hip procedures", 6450),
                ],
            ),
            ("Version", [("Standard", "Coding audit standard CAS-3, 2026 edition"), ("Owner", "Coding assurance")]),
        ]
    },
    "search": {
        "term": "inpatient",
        "known": "the episode type named in the request",
        "pick": r"\(inpatient, 2025\)",
        "files": {
            "archive/CA-2024-Q1-05_audit.md": review(
                "Coding audit CA-2024-Q1-05 (inpatient, 2024)",
                "Material variances: 34.",
                "Threshold applied (CAS-2, §4.1): 40.",
                "Outcome: internal feedback.",
            ),
            "archive/CA-2025-OP-03_audit.md": review(
                "Coding audit CA-2025-OP-03 (outpatient procedures, 2025)",
                "Material variances: 8.",
                "Threshold applied (CAS-3, 2025 edition, §5.2): 15.",
                "Outcome: no action.",
            ),
            "archive/CA-2025-ED-01_audit.md": review(
                "Coding audit CA-2025-ED-01 (emergency department, 2025)",
                "Material variances: 15.",
                "Threshold applied (CAS-3, 2025 edition, §6.1): 20.",
                "Outcome: internal feedback.",
            ),
        },
    },
    # --------------------------------------------------------------------------------------------
    # rounds, and the totals the digest and last year's review offer instead
    "digest_total": 14,
    "archive_total": 26,
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
    # --------------------------------------------------------------------------------------------
    # updates: the late export
    "new_slice": ("spec_gastroenterology.csv", 3, 2.7),
    "new_slice_update": "u1_gastro_extract",
}
