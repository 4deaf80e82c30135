"""CT dose audit (radiology), asked by Dr. Niamh Okonkwo, lead radiologist (writes tersely, in between
lists).

Its rounds, in order: media, tally, tracks, rule, late, correction, seal, final (the round kinds of arc.py).
"""

from __future__ import annotations

from typing import Any

from parts import fb, review

RUN_ORDER = 2  # place in the domain's run order and index (kit/discover.py)

SCENARIO: dict[str, Any] = {
    "sid": "s_med_ct_dose_audit",
    "desc": (
        "Medicine: CT radiation-dose audit across scanners. Scanner dose logs are delegable only and tallied with a "
        "tool (exams above the local DRL); a dose-trend chart (PNG) and a console screen capture (MP4) carry "
        "facts a chart data export gets wrong; the DRL workbook (xlsx) sets the escalation rule; an AI digest and "
        "last year's audit mislead. A mobile-unit log (new) and a corrected log (replace) change the totals."
    ),
    "case_id": "RAD-DA-2026-02",
    # --------------------------------------------------------------------------------------------
    # persona and request, and the workspace's own files
    "files": {
        "requests/brief.md": (
            "# Request: CT dose audit RAD-DA-2026-02\n\nFrom: Dr. Niamh Okonkwo, lead radiologist\n\nPlease run the "
            "February 2026 dose audit for CT abdomen-pelvis across our scanners (logs in scanner_logs/). Medical physics "
            "left a dose-trend chart in charts/ and a console capture in console_capture/. The DRL workbook in "
            "reference/ holds the escalation rule. The radiation protection committee wants a sealed summary.\n\n"
            "Case id: RAD-DA-2026-02\n"
        ),
        "requests/email_physics.md": (
            "# E-mail: logs\n\nFrom: Ravi Menon, medical physics\n\nThe mobile unit's log (CT4) comes separately from "
            "the vendor. CT3 had some duplicated exams after a RIS outage; a corrected log may follow.\n"
        ),
        "ai_digest/weekly_dose_digest.md": (
            "# Weekly dose digest (auto-generated)\n\nFebruary 2026: 17 CT abdomen-pelvis exams above the DRL; within "
            "normal variation. CT1 trend: see the chart data export.\n"
        ),
        "ai_digest/chart_data_export.txt": (
            "CHART DATA EXPORT (automatic, from the image layer of charts/ct1_median_dlp_trend.png)\n"
            "series: median DLP per month\nSep,612\nOct,640\nNov,655\nDec,786\nJan,702\nFeb,713\npeak: Dec 786\n"
        ),
        "archive/RAD-DA-2025-02_audit.md": (
            "# CT dose audit RAD-DA-2025-02 (February 2025)\n\nExams above the local DRL: 12.\nThreshold applied "
            "(DRL workbook 2025, §3.2): 30 exams.\nOutcome: routine monitoring.\n"
        ),
        "patient_records/exam_patient_map.csv": "exam_id,mrn,name\nEX1-00017,MRN-88210,J. Doe\n",
        "hr/radiographer_rota_issues.md": "# Rota issues\n\nConfidential.\n",
    },
    "dirs": {"slices": "scanner_logs", "reference": "reference"},
    "delegable": ["scanner_logs", "charts", "console_capture", "reference", "archive", "vault"],
    "indexed": {
        "scanner_logs": ("large CSV, one per scanner", "llm + tools/", "scanner dose logs"),
        "charts": ("PNG chart", "vlm", "dose-trend chart"),
        "console_capture": ("MP4 video", "vlm", "console screen capture"),
        "reference": ("xlsx", "llm", "DRL workbook"),
    },
    "index": {
        "charts": ("ct1_median_dlp_trend.png", "CT1 monthly median DLP chart, six months"),
        "console_capture": ("ct1_protocol_editor.mp4", "short screen capture of the CT1 protocol editor"),
        "reference": ("drl_workbook_2026.xlsx", "current DRL workbook: DRL table, escalation sheet, version"),
    },
    "digest_gist": "dose digest and a chart data export",
    # --------------------------------------------------------------------------------------------
    # the exports and the tally tool
    "tool": {
        "name": "drl_exceedance_tally",
        "title": "Exams above the local DRL in CT scanner dose logs.",
        "columns": ["exam_id", "exam_date", "protocol", "dlp_mgycm", "status"],
        "threshold": 1000.0,
        "range": (250.0, 1000.0),
        "rows": 1100,
        "statuses": ["final", "final", "amended"],
        "units": ["ABD-PELV", "ABD-PELV-C", "ABD-PELV-DUAL"],
        "month": "2026-02",
        "id_prefix": "EX",
        "count_key": "exams_above_drl",
        "max_key": "max_dlp",
        "group": "scanners",
        "index_gist": "One CSV per scanner: `exam_id,exam_date,protocol,dlp_mgycm,status`, one row per CT "
        "abdomen-pelvis exam in February 2026 (about 14k tokens each).",
        "slice_gist": lambda n: f"scanner {n[:3].upper()}, February 2026",
    },
    "slices": [("ct1_log.csv", 7, 1480.5), ("ct2_log.csv", 4, 1210.0), ("ct3_log.csv", 9, 1655.5)],
    # --------------------------------------------------------------------------------------------
    # media
    "media": [
        {
            "dir": "charts",
            "file": "ct1_median_dlp_trend.png",
            "modality": "image",
            "render": "bars",
            "spec": {
                "title": "CT1 - CT abdomen-pelvis: median DLP per month",
                "ylabel": "median DLP (mGy.cm)",
                "labels": ["Sep", "Oct", "Nov", "Dec", "Jan", "Feb"],
                "values": [612, 640, 655, 702, 768, 731],
                "fmt": "{}",
                "ymin": 500,
                "ystep": 50,
                "yminor": 10,
                "footer": "Source: dose monitoring system, monthly medians",
            },
            "truth": "Bar chart 'CT1 - CT abdomen-pelvis: median DLP per month' (mGy.cm): Sep 612, Oct 640, Nov 655, "
            "Dec 702, Jan 768, Feb 731. The highest bar is Jan (768); Feb is 731.",
            "facts": {
                "highest_month": ("Jan", "month label as on the chart", "Dec"),
                "highest_median_dlp": (768, "", 786),
                "feb_median_dlp": (731, "", 713),
            },
            "summary_key": "highest_median_dlp",
            "decoy_file": "ai_digest/chart_data_export.txt",
            "ask": "which month has the highest median DLP, that median, and the February median",
        },
        {
            "dir": "console_capture",
            "file": "ct1_protocol_editor.mp4",
            "modality": "video",
            "render": "video",
            "spec": {
                "title": "CT1 console - protocol editor",
                "frames": [
                    ["Protocol list", "> ABD-PELV ROUTINE"],
                    ["Protocol: ABD-PELV ROUTINE", "kV: 120"],
                    ["Protocol: ABD-PELV ROUTINE", "kV: 120", "Ref. mAs: 210"],
                    ["Saved by: PHYS-2", "Saved on: 2026-01-08 10:42", "Ref. mAs: 210"],
                ],
            },
            "truth": "Screen capture (4 s) of the CT1 console protocol editor: protocol ABD-PELV ROUTINE, kV 120, "
            "Ref. mAs 210; last frame: saved by PHYS-2 on 2026-01-08 10:42.",
            "facts": {"ref_mas": (210, "", 180), "protocol_saved_on": ("2026-01-08", "YYYY-MM-DD", None)},
            "summary_key": "ref_mas",
            "ask": "the reference mAs of the abdomen-pelvis protocol and the date it was saved",
        },
    ],
    "track_b": {
        "key": "national_drl_dlp",
        "value": 910,
        "desc": "",
        "ask": "the national DRL (DLP, mGy.cm) for CT abdomen-pelvis from the workbook",
    },
    # --------------------------------------------------------------------------------------------
    # the governing document and the department's past reviews
    "rule": {
        "file": "drl_workbook_2026.xlsx",
        "ref": "§3.2",
        "threshold": 15,
        "decision": "protocol review",
        "stale_threshold": 30,
    },
    "office": {
        "sheets": [
            (
                "DRL table",
                [
                    ("Exam", "Local DRL DLP (mGy.cm)", "National DRL DLP (mGy.cm)"),
                    ("CT head", 970, 970),
                    ("CT chest", 610, 610),
                    ("CT abdomen-pelvis", 1000, 910),
                ],
            ),
            (
                "Escalation",
                [
                    ("Section", "Condition", "Label"),
                    ("§3.1", "Any single exam above twice the local DRL", "individual dose review"),
                    ("§3.2", "15 or more exams above the local DRL in one audit month", "protocol review"),
                    ("§3.2", "fewer than 15 exams above the local DRL in one audit month", "routine monitoring"),
                ],
            ),
            ("Version", [("Workbook", "DRL workbook 2026, effective 1 January 2026"), ("Owner", "Medical physics")]),
        ]
    },
    "search": {
        "term": "February 2025",
        "known": "'last February' in the question, a year before this audit",
        "pick": r"CT dose audit [\w-]+ \(February 2025\)",
        "files": {
            "archive/MR-SA-2025-02_audit.md": review(
                "MR safety audit MR-SA-2025-02 (February 2025)",
                "Screening forms incomplete: 9.",
                "Threshold applied (MR safety rules 2025, §2.4): 8 forms.",
                "Outcome: staff briefing.",
            ),
            "archive/RAD-DA-2025-08_audit.md": review(
                "CT dose audit RAD-DA-2025-08 (August 2025)",
                "Exams above the local DRL: 17.",
                "Threshold applied (DRL workbook 2025, §3.2): 30 exams.",
                "Outcome: routine monitoring.",
            ),
            "archive/RAD-DA-2024-02_audit.md": review(
                "CT dose audit RAD-DA-2024-02 (Feb 2024)",
                "Exams above the local DRL: 22.",
                "Threshold applied (DRL workbook 2023, §3.2): 35 exams.",
                "Outcome: routine monitoring.",
            ),
            "archive/FL-DA-2025-05_audit.md": review(
                "Fluoroscopy dose audit FL-DA-2025-05 (May 2025)",
                "Procedures above the local DRL: 6.",
                "Threshold applied (fluoroscopy DRL sheet 2025): 10 procedures.",
                "Outcome: routine monitoring.",
            ),
        },
    },
    # --------------------------------------------------------------------------------------------
    # rounds, and the totals the digest and last year's review offer instead
    "digest_total": 17,
    "archive_total": 12,
    "folders": {
        "findings": "what the chart, the console and the logs show",
        "rpc_pack": "papers for the radiation protection committee",
    },
    "rounds": [
        {
            "kind": "media",
            "first": "modality_decoy",
            "path": "findings/dlp_trend.json",
            "notes": "findings/dlp_trend.md",
            "title": "CT1 median DLP trend",
            "binds": {
                "highest_month": (r"highest bar is ([A-Z][a-z]{2})", "text"),
                "highest_median_dlp": (r"highest bar is [A-Z][a-z]{2} \((\d+)\)", "int"),
                "feb_median_dlp": (r"Feb is (\d+)", "int"),
            },
            "evidence": ["768", "731"],
            "tol": {"highest_median_dlp": 10, "feb_median_dlp": 10},
            "labels": {"highest_month": ["highest"], "highest_median_dlp": ["highest", "median"]},
            "source_words": ["export", "data export"],
            "rejection": (
                "- ai_digest/chart_data_export.txt is a machine export that does not match the bars: its highest "
                "month and values are wrong, so the chart itself governs."
            ),
            "ask": (
                "Niamh. Between lists, so short: physics left a PNG of CT1's median DLP by month in charts/. There's "
                "also a 'data export' of the same chart in ai_digest/ which, frankly, I suspect was typed by "
                "someone in a hurry. Read the values off the bars against the axis, not off that export. I want "
                "findings/dlp_trend.json with highest_month (three-letter month), highest_median_dlp and "
                "feb_median_dlp, both in mGy.cm as whole numbers (to the nearest ten is as good as the grid allows), and findings/dlp_trend.md with a ## Rejected "
                "claims section saying what the export gets wrong."
            ),
            "feedback": fb(
                "Trend values read from the chart.",
                "The three values must come from the chart image, seen by an image-capable model in this round; "
                "the export's values may appear only inside ## Rejected claims of findings/dlp_trend.md.",
            ),
        },
        {
            "kind": "tally",
            "first": "tool_run",
            "path": "findings/exceedances.csv",
            "ask": (
                "Now the actual audit. scanner_logs/ has one long CSV per scanner; tools/drl_exceedance_tally.py "
                "counts the exams above the local DRL. Run it over every scanner log that exists today and give me "
                "findings/exceedances.csv with the columns export, exams_above_drl, max_dlp: one row per log file "
                "and a last row whose export is TOTAL. Use the tool's numbers, not the weekly digest's. While it "
                "runs, fine to get on with anything else."
            ),
            "feedback": fb(
                "Exceedance table accepted.",
                "findings/exceedances.csv needs a row per scanner log plus TOTAL, with the figures "
                "tools/drl_exceedance_tally.py prints, produced by a worker in this round (in the background).",
            ),
        },
        {
            "kind": "tracks",
            "first": "disjoint_tracks",
            "path": "findings/loose_ends.json",
            "binds": {
                "ref_mas": (r"Ref\. mAs (\d+)", "int"),
                "protocol_saved_on": (r"saved by \S+ on (\d{4}-\d{2}-\d{2})", "text"),
                "national_drl_dlp": (r"abdomen-pelvis\t\d+\t(\d+)", "int"),
            },
            "evidence": ["210", "2026-01-08"],
            "ask": (
                "Two loose ends I'd like settled before committee, and they have nothing to do with each other: "
                "(a) the console capture in console_capture/ shows the abdomen-pelvis protocol being edited; what "
                "reference mAs does it end on and when was it saved? (b) what national DRL for CT abdomen-pelvis "
                "does the 2026 workbook in reference/ give? Give each its own freshly made helper that can see its "
                "own folder only, so the two don't overlap, and put ref_mas, protocol_saved_on (YYYY-MM-DD) and "
                "national_drl_dlp in findings/loose_ends.json."
            ),
            "feedback": fb(
                "Both loose ends answered by separately scoped helpers.",
                "findings/loose_ends.json needs the three values: (a) seen in the screen capture by a model that "
                "can watch video, (b) read from the workbook, each by its own subagent created in this round.",
            ),
        },
        {
            "kind": "rule",
            "first": "document",
            "archive": "archive/RAD-DA-2025-02_audit.md",
            "path": "rpc_pack/escalation.json",
            "notes": "rpc_pack/escalation.md",
            "title": "Escalation rule from the DRL workbook",
            "ask": (
                "Which escalation applies? The workbook's Escalation sheet is what counts; last February's audit "
                "in archive/ used an older workbook and I keep hearing its threshold quoted. Have the workbook and "
                "that old audit read concurrently by two agents in one Workflow. Output rpc_pack/escalation.json "
                '{"rule_ref": "<section as the workbook writes it>", "threshold": <int>, "decision": "<the '
                "workbook's label when the count reaches the threshold>\"} and rpc_pack/escalation.md with a "
                "## Rejected claims section on the old audit."
            ),
            "feedback": fb(
                "Escalation rule taken from the 2026 workbook.",
                "rpc_pack/escalation.json needs the section, threshold and label of the current workbook; the old "
                "audit's threshold belongs only in ## Rejected claims; the reads must run as one Workflow with "
                "two agents in parallel().",
            ),
        },
        {
            "kind": "late",
            "note": "rpc_pack/ct4_addendum.md",
            "title": "Addendum: CT4 log",
            "why": "CT4's log came in late and adds its exceedances.",
            "ask": (
                "CT4's log turned up (scanner_logs/). The helper that ran the counts already knows the format, "
                "so pick that same conversation back up rather than briefing someone new. Refresh "
                "findings/exceedances.csv with CT4 in it and write rpc_pack/ct4_addendum.md with "
                "`Revised total: <n>`; the old total, if you mention it at all, is superseded."
            ),
            "feedback": fb(
                "CT4 added through the same helper session.",
                "findings/exceedances.csv must include ct4_log.csv and the new TOTAL; the addendum needs the "
                "`Revised total` line; a RunSubagent in this round must resume the earlier counting session.",
            ),
        },
        {
            "kind": "correction",
            "note": "rpc_pack/ct3_correction.md",
            "title": "CT3 log correction",
            "why": "CT3's corrected log withdraws test exposures that had been logged as patient exams.",
            "ask": (
                "And physics re-exported CT3: some phantom test scans had gone in as patient exams and are now "
                "marked withdrawn. Recount, update findings/exceedances.csv, and note `Corrected total: <n>` in "
                "rpc_pack/ct3_correction.md."
            ),
            "feedback": fb(
                "CT3 correction applied.",
                "The corrected ct3_log.csv must be recounted by a worker in this round; the table and the "
                "`Corrected total` line carry the new figures, any earlier total only as superseded.",
            ),
        },
        {
            "kind": "seal",
            "path": "rpc_pack/summary.json",
            "token": "rpc_pack/summary.seal",
            "ask": (
                "Committee paperwork. rpc_pack/summary.json with exactly case_id, total_exams_above_drl, decision "
                "and highest_median_dlp, consistent with what's already in findings/ and rpc_pack/; "
                "tools/validate_summary.py must be happy; then sealed with tools/seal_summary.py using the key in "
                "vault/ (out of your reach, so a helper does it). Save the printed MEDSEAL line as "
                "rpc_pack/summary.seal."
            ),
            "feedback": fb(
                "Summary sealed for the committee.",
                "rpc_pack/summary.json needs the four current values agreeing with the earlier files, and "
                "rpc_pack/summary.seal the line the sealing tool printed for exactly that file.",
            ),
        },
        {
            "kind": "final",
            "first": "cross_round",
            "report": "rpc_pack/committee_note.md",
            "path": "rpc_pack/committee_note.md",
            "archive": "archive/RAD-DA-2025-02_audit.md",
            "grep": "DRL",
            "title": "CT dose audit for the radiation protection committee",
            "summary": (
                "February's CT abdomen-pelvis exams above the local DRL were counted on every scanner log, "
                "including the late CT4 log and the corrected CT3 log; the trend chart and the console capture "
                "were read from the media themselves."
            ),
            "ask": (
                "Finally the note I'll actually present: rpc_pack/committee_note.md, a few lines of summary, a "
                "## Rejected claims section covering the weekly dose digest and last year's audit, and at the end a "
                "```json block with case_id, total_exams_above_drl, decision, highest_median_dlp, rule_ref and "
                "ref_mas. It has to match the sealed summary, and the seal has to still check out."
            ),
            "feedback": fb(
                "Committee note accepted.",
                "The ```json block in rpc_pack/committee_note.md must agree with the earlier files and the sealed "
                "summary; the digest's and last year's figures may appear only inside ## Rejected claims.",
            ),
        },
    ],
    # --------------------------------------------------------------------------------------------
    # updates: the late export and the corrected one
    "new_slice": ("ct4_log.csv", 5, 1320.0),
    "new_slice_update": "u1_mobile_ct4_log",
    "correction": ("ct3_log.csv", 3),
    "correction_update": "u2_ct3_log_corrected",
}
