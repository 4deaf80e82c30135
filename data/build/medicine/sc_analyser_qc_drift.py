"""Troponin QC drift (laboratory, a screen capture of the analyser), asked by Dr. Tomasz Nowak,
consultant clinical scientist (precise, dry).

Its rounds, in order: media, tally, rule, correction, late, seal (the round kinds of arc.py).
"""

from __future__ import annotations

from typing import Any

from parts import fb, review

RUN_ORDER = 6  # place in the domain's run order and index (kit/discover.py)

SCENARIO: dict[str, Any] = {
    "sid": "s_med_analyser_qc_drift",
    "desc": (
        "Medicine: troponin analyser QC drift review. QC exports per analyser are delegable only and tallied "
        "with a tool (1-3s rejections); a video of the analyser calibration screen (MP4) carries facts an "
        "instrument log export gets wrong; the QC policy workbook (xlsx) sets the escalation rule; an AI digest "
        "and last year's review mislead. A fifth analyser's export (new) and a corrected export (replace) "
        "change the totals."
    ),
    "case_id": "LAB-QC-2026-09",
    # --------------------------------------------------------------------------------------------
    # persona and request, and the workspace's own files
    "files": {
        "requests/brief.md": (
            "# Request: QC drift review LAB-QC-2026-09\n\nFrom: Dr. Tomasz Nowak, consultant clinical scientist\n\n"
            "hs-troponin T QC has been drifting. Please review February 2026 QC on all core-lab analysers (exports in "
            "qc_exports/), the video of analyser C4's calibration screen (display_video/) and the QC policy workbook "
            "(quality/). The quality manager wants a sealed summary.\n\nCase id: LAB-QC-2026-09\n"
        ),
        "requests/email_bms.md": (
            "# E-mail: exports\n\nFrom: lead BMS\n\nAnalyser C5 came back from service; its export follows. C2's export "
            "included a run that was later voided; a corrected export may follow.\n"
        ),
        "ai_digest/lab_digest.md": "# Lab digest (auto-generated)\n\nFebruary 2026: 11 QC rejections. QC stable.\n",
        "ai_digest/instrument_log_export.txt": (
            "INSTRUMENT LOG EXPORT (automatic, metadata) analyser C4\nevent: calibration\nreagent_lot=48231-02\n"
            "cal_factor=0.987\noperator=BMS-41\n"
        ),
        "archive/LAB-QC-2025-05_review.md": (
            "# QC review LAB-QC-2025-05 (hs-troponin T, 2025)\n\n1-3s rejections: 13.\nThreshold applied (LQ-4, 2025 edition, §2.5): "
            "24.\nOutcome: local troubleshooting.\n"
        ),
        "patient_records/troponin_requests.csv": "request,name,hospital_number\nT1,[name],[number]\n",
        "hr/bms_competency.md": "# Competency records\n\nConfidential.\n",
    },
    "dirs": {"slices": "qc_exports", "reference": "quality"},
    "delegable": ["qc_exports", "display_video", "quality", "archive", "vault"],
    "indexed": {
        "qc_exports": ("large CSV, one per analyser", "llm + tools/", "QC exports"),
        "display_video": ("MP4 video", "vlm", "calibration screen video"),
        "quality": ("xlsx", "llm", "QC policy workbook"),
    },
    "index": {
        "display_video": ("c4_calibration_screen.mp4", "short video of analyser C4's calibration screen"),
        "quality": ("qc_policy_lq4.xlsx", "current QC policy workbook: rules, limits, version"),
    },
    "digest_gist": "lab digest and an instrument log export",
    # --------------------------------------------------------------------------------------------
    # the exports and the tally tool
    "tool": {
        "name": "qc_rejection_tally",
        "title": "1-3s QC rejection tally for analyser QC exports.",
        "columns": ["run_id", "run_date", "qc_level", "abs_z", "status"],
        "threshold": 3.0,
        "range": (0.0, 3.0),
        "rows": 1000,
        "statuses": ["accepted", "accepted", "reviewed"],
        "units": ["L1", "L2", "L3"],
        "month": "2026-02",
        "id_prefix": "QC",
        "count_key": "rejections_1_3s",
        "max_key": "max_abs_z",
        "group": "analysers",
        "index_gist": "One CSV per analyser: `run_id,run_date,qc_level,abs_z,status`, one row per QC run in February "
        "2026 (about 10k tokens each).",
        "slice_gist": lambda n: f"analyser {n[9:11].upper()}, February 2026",
    },
    "slices": [
        ("analyser_c1.csv", 3, 3.9),
        ("analyser_c2.csv", 5, 4.6),
        ("analyser_c3.csv", 2, 3.4),
        ("analyser_c4.csv", 6, 5.1),
    ],
    # --------------------------------------------------------------------------------------------
    # media
    "media": [
        {
            "dir": "display_video",
            "file": "c4_calibration_screen.mp4",
            "modality": "video",
            "render": "video",
            "spec": {
                "title": "ANALYSER C4 - CALIBRATION STATUS",
                "frames": [
                    ["Menu > Calibration > Status"],
                    ["Assay: hs-Troponin T", "Status: VALID"],
                    ["Assay: hs-Troponin T", "Reagent lot: 48213-02"],
                    ["Reagent lot: 48213-02", "Cal factor: 1.087", "Operator: BMS-14"],
                    ["Reagent lot: 48213-02", "Cal factor: 1.087", "Operator: BMS-14"],
                ],
            },
            "truth": "Video (5 s) of analyser C4's calibration status screen: assay hs-Troponin T, status VALID, reagent "
            "lot 48213-02, calibration factor 1.087, operator BMS-14.",
            "facts": {
                "reagent_lot": ("48213-02", "lot as displayed", "48231-02"),
                "cal_factor": ("1.087", "calibration factor as displayed, as a string", "0.987"),
                "operator": ("BMS-14", "operator id as displayed", "BMS-41"),
            },
            "summary_key": "reagent_lot",
            "decoy_file": "ai_digest/instrument_log_export.txt",
            "ask": "the reagent lot, the calibration factor and the operator id",
        }
    ],
    # --------------------------------------------------------------------------------------------
    # the governing document and the department's past reviews
    "rule": {
        "file": "qc_policy_lq4.xlsx",
        "ref": "§2.5",
        "threshold": 15,
        "decision": "recall review",
        "stale_threshold": 24,
    },
    "office": {
        "sheets": [
            (
                "Rules",
                [
                    ("Section", "Condition", "Label"),
                    ("§2.4", "a single 1-3s rejection", "repeat QC"),
                    ("§2.5", "15 or more 1-3s rejections across the analysers in one month", "recall review"),
                    (
                        "§2.5",
                        "fewer than 15 1-3s rejections across the analysers in one month",
                        "local troubleshooting",
                    ),
                ],
            ),
            (
                "Limits",
                [
                    ("Assay", "QC level", "Target", "SD"),
                    ("hs-Troponin T", "L1", 28.0, 1.6),
                    ("hs-Troponin T", "L2", 105.0, 4.9),
                    ("hs-Troponin T", "L3", 2480.0, 96.0),
                ],
            ),
            ("Version", [("Policy", "QC policy LQ-4, 2026 edition"), ("Owner", "Quality manager")]),
        ]
    },
    "search": {
        "term": "troponin",
        "known": "the analyte named in the request",
        "pick": r"\(hs-troponin T, 2025\)",
        "files": {
            "archive/LAB-QC-2025-02_review.md": review(
                "QC review LAB-QC-2025-02 (HbA1c, 2025)",
                "1-3s rejections: 6.",
                "Threshold applied (LQ-4, 2025 edition, §2.5): 24.",
                "Outcome: no action.",
            ),
            "archive/LAB-QC-2025-11_review.md": review(
                "QC review LAB-QC-2025-11 (CRP, 2025)",
                "1-3s rejections: 2.",
                "Threshold applied (LQ-4, 2025 edition, §2.5): 24.",
                "Outcome: no action.",
            ),
            "archive/LAB-QC-2025-08_review.md": review(
                "QC review LAB-QC-2025-08 (potassium, 2025)",
                "1-3s rejections: 29.",
                "Threshold applied (LQ-4, 2025 edition, §2.5): 24.",
                "Outcome: analyser recalibration.",
            ),
        },
    },
    # --------------------------------------------------------------------------------------------
    # rounds, and the totals the digest and last year's review offer instead
    "digest_total": 11,
    "archive_total": 13,
    "folders": {"qc_review": "the QC review papers", "notes": "working notes"},
    "rounds": [
        {
            "kind": "media",
            "path": "qc_review/c4_calibration.json",
            "notes": "notes/c4_calibration.md",
            "title": "Analyser C4 calibration screen",
            "binds": {
                "reagent_lot": (r"reagent lot ([\d-]+)", "text"),
                "cal_factor": (r"calibration factor ([\d.]+)", "text"),
                "operator": (r"operator (BMS-\d+)", "text"),
            },
            "evidence": ["48213-02", "1.087", "BMS-14"],
            "source_words": ["instrument log", "log export"],
            "rejection": (
                "- ai_digest/instrument_log_export.txt disagrees with the screen on the lot, the calibration factor "
                "and the operator; the video of the screen governs."
            ),
            "ask": (
                "Tomasz. I'll start where I suspect the problem is: analyser C4's calibration. Someone filmed the "
                "calibration status screen (display_video/); the instrument log export in ai_digest/ claims to say "
                "the same thing, and I have my doubts. Take the reagent lot, the calibration factor and the "
                "operator id off the screen itself and record them in qc_review/c4_calibration.json as "
                "reagent_lot, cal_factor (a string, as displayed) and operator; notes/c4_calibration.md should "
                "carry a ## Rejected claims section naming the source that disagrees."
            ),
            "feedback": fb(
                "Calibration facts read from the video.",
                "The values must come from the video of the screen, watched by a video-capable model in this "
                "round; the log export's values may appear only under ## Rejected claims.",
            ),
        },
        {
            "kind": "tally",
            "path": "qc_review/rejections.json",
            "ask": (
                "Then the 1-3s rejections across the core lab. The QC exports (qc_exports/) are long and outside "
                "your own reach; tools/qc_rejection_tally.py does the arithmetic. It is an independent job, so "
                "let it run without waiting on it. Result: qc_review/rejections.json as "
                '{"analysers": {"<file>": {"rejections_1_3s": <int>, "max_abs_z": <number>}}, '
                '"total_rejections_1_3s": <int>, "max_abs_z": <number>}.'
            ),
            "feedback": fb(
                "Rejection tally accepted.",
                "qc_review/rejections.json needs each export with the tool's figures and totals, from a worker that "
                "ran tools/qc_rejection_tally.py in this round, in the background.",
            ),
        },
        {
            "kind": "rule",
            "first": "document",
            "archive": "archive/LAB-QC-2025-05_review.md",
            "path": "qc_review/policy_outcome.json",
            "notes": "notes/policy_outcome.md",
            "title": "Outcome under QC policy LQ-4",
            "ask": (
                "Policy. The LQ-4 workbook in quality/ has a Rules sheet; last year's review in archive/ used the "
                "2025 edition. Two agents, one Workflow, reading in parallel. qc_review/policy_outcome.json: "
                "rule_ref (the section as the workbook gives it), threshold, decision (its label when the count "
                "reaches the threshold). notes/policy_outcome.md: ## Rejected claims on the 2025 figure."
            ),
            "feedback": fb(
                "Policy outcome recorded.",
                "qc_review/policy_outcome.json needs the current section, threshold and label; the 2025 threshold "
                "only in ## Rejected claims; one Workflow with two agents in parallel().",
            ),
        },
        {
            "kind": "correction",
            "resume": True,
            "note": "notes/c2_correction.md",
            "title": "Analyser C2 export corrected",
            "why": "C2's corrected export withdraws a run that was loaded with the wrong QC level.",
            "ask": (
                "C2's export has been reissued: one run had the wrong QC level loaded and is now withdrawn. The "
                "helper who ran the tally has the context; keep working in that session. Update "
                "qc_review/rejections.json and write `Corrected total: <n>` to notes/c2_correction.md."
            ),
            "feedback": fb(
                "C2 correction applied in the same session.",
                "The corrected analyser_c2.csv must be recounted; the tally and the `Corrected total` line carry the "
                "new figures; a RunSubagent in this round must resume the earlier tally session.",
            ),
        },
        {
            "kind": "late",
            "note": "notes/c5_addendum.md",
            "title": "Analyser C5 added",
            "why": "C5 was commissioned mid-month and its export arrived separately.",
            "ask": (
                "And C5, commissioned mid-month, now has its export in qc_exports/. Same helper, same session. "
                "Refresh qc_review/rejections.json and note `Revised total: <n>` in notes/c5_addendum.md."
            ),
            "feedback": fb(
                "C5 added.",
                "qc_review/rejections.json must include analyser_c5.csv and totals over all analysers; the addendum "
                "needs the `Revised total` line; the tally session must be resumed in this round.",
            ),
        },
        {
            "kind": "seal",
            "first": "tool_run",
            "path": "qc_review/summary.json",
            "token": "qc_review/summary_seal.txt",
            "ask": (
                "For the quality manager: qc_review/summary.json with exactly case_id, total_rejections_1_3s, "
                "decision and reagent_lot, consistent with the rest of qc_review/; passed through "
                "tools/validate_summary.py; sealed by a helper with tools/seal_summary.py and the key in vault/. "
                "The MEDSEAL line goes in qc_review/summary_seal.txt."
            ),
            "feedback": fb(
                "Summary sealed.",
                "qc_review/summary.json must carry the four current values, agreeing with the review papers, and "
                "qc_review/summary_seal.txt the sealing tool's line for it.",
            ),
        },
    ],
    # --------------------------------------------------------------------------------------------
    # updates: the late export and the corrected one
    "new_slice": ("analyser_c5.csv", 4, 3.7),
    "new_slice_update": "u1_analyser_c5_export",
    "correction": ("analyser_c2.csv", 1),
    "correction_update": "u2_c2_export_corrected",
}
