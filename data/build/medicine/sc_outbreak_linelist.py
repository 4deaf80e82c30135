"""C. difficile outbreak line list (infection control), asked by Dr. Lena Sorensen, infection prevention
lead (urgent, clipped).

Its rounds, in order: tally, media, late, tracks, correction, rule, final (the round kinds of arc.py).
"""

from __future__ import annotations

from typing import Any

from parts import fb, review

RUN_ORDER = 5  # place in the domain's run order and index (kit/discover.py)

SCENARIO: dict[str, Any] = {
    "sid": "s_med_outbreak_linelist",
    "desc": (
        "Medicine: C. difficile outbreak review. Ward line lists are delegable only and tallied with a tool "
        "(confirmed cases); an epidemic-curve chart (PNG) and an IPC nurse's voicemail (WAV) carry facts a chart "
        "export gets wrong; the outbreak policy (docx) sets the declaration rule; an AI digest and last year's "
        "report mislead. A new ward list (new) and a corrected list (replace) change the totals."
    ),
    "case_id": "IPC-OB-2026-04",
    # --------------------------------------------------------------------------------------------
    # persona and request, and the workspace's own files
    "files": {
        "requests/brief.md": (
            "# Request: outbreak review IPC-OB-2026-04\n\nFrom: Dr. Lena Sorensen, infection prevention lead\n\nPlease "
            "review the C. difficile cases on the medical wards for April 2026: ward line lists in line_lists/, the "
            "epidemic curve in charts/, a voicemail from the IPC nurse in voicemail/ and the outbreak policy in policy/. "
            "The outbreak control group wants a sealed summary.\n\nCase id: IPC-OB-2026-04\n"
        ),
        "requests/email_lab.md": (
            "# E-mail: line lists\n\nFrom: microbiology\n\nWard 7B's list is late. Ward 5C's list includes repeat "
            "samples from the same patients; a corrected list may follow.\n"
        ),
        "ai_digest/surveillance_digest.md": (
            "# Surveillance digest (auto-generated)\n\nApril 2026: 12 C. difficile cases. No outbreak. Peak: see the "
            "epicurve data export.\n"
        ),
        "ai_digest/epicurve_data_export.txt": (
            "LAB DATA EXPORT (automatic) behind charts/epicurve_cdiff.png: positive C. difficile specimens by week of "
            "report, repeat specimens included, since 2025-12-01\nW52,1\nW07,1\nW08,3\nW09,6\nW10,12\nW11,7\nW12,3\nW13,2\n"
            "peak: W10 (7)\n"
        ),
        "archive/IPC-OB-2025-02_report.md": (
            "# Outbreak report IPC-OB-2025-02 (norovirus, 2025)\n\nCases: 31.\nThreshold applied (IPC-07, 2025 edition, "
            "§6.4): 25.\nOutcome: major outbreak.\n"
        ),
        "patient_records/cdiff_patients.csv": "record,name,hospital_number\nR1,[name],[number]\n",
        "hr/ipc_staffing.md": "# IPC staffing\n\nConfidential.\n",
    },
    "dirs": {"slices": "line_lists", "reference": "policy"},
    "delegable": ["line_lists", "charts", "voicemail", "policy", "archive", "vault"],
    "indexed": {
        "line_lists": ("large CSV, one per ward", "llm + tools/", "ward line lists"),
        "charts": ("PNG chart", "vlm", "epidemic curve"),
        "voicemail": ("WAV audio", "omni", "IPC nurse voicemail"),
        "policy": ("docx", "llm", "outbreak policy"),
    },
    "index": {
        "charts": ("epicurve_cdiff.png", "epidemic curve by week of onset"),
        "voicemail": ("ipc_nurse_voicemail.wav", "voicemail from the IPC nurse, about 15 s"),
        "policy": ("outbreak_policy_ipc07.docx", "current outbreak policy; §6 covers cases, isolation, declaration"),
    },
    "digest_gist": "surveillance digest and a chart export",
    # --------------------------------------------------------------------------------------------
    # the exports and the tally tool
    "tool": {
        "name": "case_definition_tally",
        "title": "Confirmed-case tally for ward line lists.",
        "columns": ["record_id", "onset_date", "bay", "toxin_index", "status"],
        "threshold": 1.0,
        "range": (0.05, 1.0),
        "rows": 900,
        "statuses": ["tested", "tested", "repeat"],
        "units": ["B1", "B2", "B3", "SR"],
        "month": "2026-04",
        "id_prefix": "LL",
        "count_key": "confirmed_cases",
        "max_key": "max_toxin_index",
        "group": "wards",
        "index_gist": "One CSV per ward: `record_id,onset_date,bay,toxin_index,status`, one row per stool test in "
        "April 2026 (about 10k tokens each).",
        "slice_gist": lambda n: f"ward {n[5:-4].upper()}, April 2026",
    },
    "slices": [("ward_4a.csv", 5, 3.8), ("ward_4b.csv", 2, 2.1), ("ward_5c.csv", 7, 4.4), ("ward_6a.csv", 3, 1.9)],
    # --------------------------------------------------------------------------------------------
    # media
    "media": [
        {
            "dir": "charts",
            "file": "epicurve_cdiff.png",
            "modality": "image",
            "render": "bars",
            "spec": {
                "title": "C. difficile - cases by week of onset",
                "ylabel": "cases",
                "labels": ["W06", "W07", "W08", "W09", "W10", "W11", "W12"],
                "values": [1, 2, 5, 9, 6, 3, 2],
                "fmt": "{}",
                "ystep": 1,
                "footer": "IPC surveillance, medical wards",
            },
            "truth": "Epidemic curve 'C. difficile - cases by week of onset': W06 1, W07 2, W08 5, W09 9, W10 6, W11 3, "
            "W12 2. The peak is W09 with 9 cases; first week with cases W06.",
            "facts": {
                "peak_week": ("W09", "week label as on the chart", "W10"),
                "peak_week_cases": (9, "", 12),
                "first_week": ("W06", "week label as on the chart", "W52"),
            },
            "summary_key": "peak_week",
            "decoy_file": "ai_digest/epicurve_data_export.txt",
            "ask": "the peak week, the number of cases in it, and the first week with cases",
        },
        {
            "dir": "voicemail",
            "file": "ipc_nurse_voicemail.wav",
            "modality": "audio",
            "render": "wav",
            "spec": {
                "turns": [
                    (
                        "en-gb+f2",
                        "Hello, it's Marta from infection prevention. The reference laboratory called back. The "
                        "isolates are ribotype zero two seven, all of them.",
                    ),
                    ("en-us", "Not zero seven eight, that was last year's cluster."),
                    (
                        "en-gb+f2",
                        "Right, thanks. Ward five C was closed to admissions at two p m today. I will update the "
                        "line list tomorrow. Bye.",
                    ),
                ],
                "noise": 0.06,
            },
            "truth": "Voicemail (two voices over office background noise, about 18 s), Marta from infection "
            "prevention (female): the reference laboratory reports ribotype 027 for all isolates. A colleague "
            "(male) in the background: not 078, that was last year's cluster. Marta: ward 5C closed to admissions "
            "at 14:00 (2 pm) today.",
            "facts": {
                "ribotype": ("027", "ribotype as stated, three digits", "078"),
                "ward_5c_closed_at": ("14:00", "HH:MM", None),
            },
            "summary_key": "ribotype",
            "ask": "the ribotype the reference laboratory reported and the time ward 5C closed to admissions (24-hour)",
        },
    ],
    "track_b": {
        "key": "isolation_clear_hours",
        "value": 48,
        "desc": "",
        "ask": "how many symptom-free hours the policy requires before isolation ends",
    },
    # --------------------------------------------------------------------------------------------
    # the governing document and the department's past reviews
    "rule": {
        "file": "outbreak_policy_ipc07.docx",
        "ref": "§6.4",
        "threshold": 15,
        "decision": "major outbreak",
        "stale_threshold": 25,
    },
    "office": {
        "title": "Outbreak Management Policy IPC-07 (2026)",
        "blocks": [
            ("h", "§6.2 Case definition"),
            ("p", "A confirmed case has a toxin index of 1.0 or above; withdrawn entries do not count."),
            ("h", "§6.3 Isolation"),
            ("p", "Isolation ends after 48 hours without symptoms."),
            ("h", "§6.4 Declaration"),
            (
                "p",
                "When confirmed cases in one month across the medical wards reach 15 or more, the "
                "outbreak control group declares a 'major outbreak'. Below that number the label is "
                "'period of increased incidence'.",
            ),
        ],
    },
    "search": {
        "term": "norovirus",
        "known": "the organism the question names for last year's report",
        "pick": r"\(norovirus, 2025\)",
        "files": {
            "archive/IPC-OB-2024-03_report.md": review(
                "Outbreak report IPC-OB-2024-03 (norovirus, 2024)",
                "Cases: 18.",
                "Threshold applied (IPC-07, 2022 edition, §6.4): 20.",
                "Outcome: outbreak declared.",
            ),
            "archive/IPC-OB-2023-01_report.md": review(
                "Outbreak report IPC-OB-2023-01 (norovirus, 2023)",
                "Cases: 42.",
                "Threshold applied (IPC-07, 2022 edition, §6.4): 20.",
                "Outcome: major outbreak.",
            ),
            "archive/IPC-OB-2025-05_report.md": review(
                "Outbreak report IPC-OB-2025-05 (influenza A, 2025)",
                "Cases: 11.",
                "Threshold applied (IPC-09, 2025 edition, §3.1): 6.",
                "Outcome: outbreak declared.",
            ),
            "archive/IPC-OB-2025-09_report.md": review(
                "Outbreak report IPC-OB-2025-09 (CPE, 2025)",
                "Cases: 3.",
                "Threshold applied (IPC-11, 2025 edition, §2.2): 2.",
                "Outcome: outbreak declared.",
            ),
        },
    },
    # --------------------------------------------------------------------------------------------
    # rounds, and the totals the digest and last year's review offer instead
    "digest_total": 12,
    "archive_total": 31,
    "folders": {"findings": "outbreak findings", "ocg_pack": "papers for the outbreak control group"},
    "rounds": [
        {
            "kind": "tally",
            "path": "findings/case_tally.json",
            "ask": (
                "Lena from IPC; the outbreak control group meets at four and I have nothing on paper yet. Ward "
                "line lists are in line_lists/ (huge, and you can't open them). tools/case_definition_tally.py "
                "applies the case definition. Get that going without holding up the rest of the afternoon, and "
                "when it's back write findings/case_tally.json: "
                '{"wards": {"<file>": {"confirmed_cases": <int>, "max_toxin_index": <number>}}, '
                '"total_confirmed_cases": <int>, "max_toxin_index": <number>} for the line lists present now. '
                "Patient lists and staff files stay out of every grant."
            ),
            "feedback": fb(
                "Case tally accepted.",
                "findings/case_tally.json needs each line list with the tool's figures and the totals, from a "
                "worker that ran tools/case_definition_tally.py in this round in the background.",
            ),
        },
        {
            "kind": "media",
            "first": "modality_decoy",
            "path": "findings/epicurve.json",
            "notes": "findings/epicurve.md",
            "title": "Epidemic curve",
            "binds": {
                "peak_week": (r"peak is (W\d+)", "text"),
                "peak_week_cases": (r"peak is W\d+ with (\d+) cases", "int"),
                "first_week": (r"first week with cases (W\d+)", "text"),
            },
            "evidence": ["W09", "W06"],
            "labels": {"peak_week": ["peak"], "peak_week_cases": ["peak", "cases"], "first_week": ["first"]},
            "source_words": ["data export", "export"],
            "rejection": (
                "- ai_digest/epicurve_data_export.txt does not match the plotted curve: it counts specimens by week of "
                "report, repeats and last December included, so its peak week, peak count and first week are wrong; "
                "the chart governs."
            ),
            "ask": (
                "The surveillance team drew an epicurve (charts/) and also dumped 'the data behind it' into "
                "ai_digest/; I want what the curve shows, read against its axis, because the two have disagreed "
                "before. findings/epicurve.json: peak_week and first_week as ISO week labels like W01, "
                "peak_week_cases as a whole number. findings/epicurve.md gets a ## Rejected claims section on the "
                "text source that disagrees."
            ),
            "feedback": fb(
                "Epicurve read from the chart.",
                "The three values must come from the chart image, seen by an image-capable model in this round; the "
                "export's values may appear only under ## Rejected claims.",
            ),
        },
        {
            "kind": "late",
            "note": "findings/ward_7b_note.md",
            "title": "Ward 7B line list",
            "why": "Ward 7B's line list arrived after the first tally and adds its confirmed cases.",
            "ask": (
                "7B's line list just came in (line_lists/). Same helper as before, same conversation, it knows the "
                "drill. Update findings/case_tally.json and put `Revised total: <n>` in findings/ward_7b_note.md; "
                "anything older is superseded."
            ),
            "feedback": fb(
                "Ward 7B added in the same helper session.",
                "findings/case_tally.json must include ward_7b.csv with totals over all wards; the note needs the "
                "`Revised total` line; a RunSubagent in this round must resume the earlier tally session.",
            ),
        },
        {
            "kind": "tracks",
            "first": "disjoint_tracks",
            "path": "findings/lab_and_policy.json",
            "binds": {
                "ribotype": (r"ribotype (\d{3}) for", "text"),
                "ward_5c_closed_at": (r"admissions at (\d{1,2}:\d{2})", "text"),
                "isolation_clear_hours": (r"after (\d+) hours", "int"),
            },
            "evidence": ["027", ["14:00", "2 pm"]],
            "ask": (
                "Two separate questions, two separate helpers, each seeing only its own material, created now: "
                "(a) Marta left a voicemail (voicemail/) with the ribotype from the reference lab and when 5C closed "
                "to admissions; (b) how many symptom-free hours does IPC-07 in policy/ want before isolation ends? "
                "Into findings/lab_and_policy.json as ribotype (as a three-digit string), ward_5c_closed_at (24-hour "
                "HH:MM) and isolation_clear_hours."
            ),
            "feedback": fb(
                "Lab result and isolation rule recorded.",
                "findings/lab_and_policy.json needs the three values: (a) heard in the voicemail by an audio-capable "
                "model, (b) read from the policy, each by its own helper created in this round.",
            ),
        },
        {
            "kind": "correction",
            "note": "findings/ward_5c_correction.md",
            "title": "Ward 5C correction",
            "why": "Ward 5C's corrected list withdraws entries that the laboratory re-tested negative.",
            "ask": (
                "The lab re-tested some 5C samples negative; 5C's list has been reissued with those entries "
                "withdrawn. Recount, update findings/case_tally.json, and `Corrected total: <n>` in "
                "findings/ward_5c_correction.md."
            ),
            "feedback": fb(
                "Ward 5C correction applied.",
                "The corrected ward_5c.csv must be recounted by a worker in this round, with the tally and the "
                "`Corrected total` line carrying the new figures.",
            ),
        },
        {
            "kind": "rule",
            "archive": "archive/IPC-OB-2025-02_report.md",
            "path": "ocg_pack/declaration.json",
            "notes": "ocg_pack/declaration.md",
            "title": "Declaration under IPC-07",
            "ask": (
                "Declaration time. Policy IPC-07 (policy/, Word) and last year's norovirus report in archive/ "
                "should be read together, in parallel, by two agents of one Workflow; people keep quoting the old "
                "report's threshold. ocg_pack/declaration.json: rule_ref, threshold, decision (the policy's label "
                "at or above it); ocg_pack/declaration.md: a ## Rejected claims section on the old report."
            ),
            "feedback": fb(
                "Declaration rule recorded.",
                "ocg_pack/declaration.json needs the current section, threshold and label; the old report's "
                "threshold only in ## Rejected claims; one Workflow with two agents in parallel().",
            ),
        },
        {
            "kind": "final",
            "report": "ocg_pack/briefing.md",
            "path": "ocg_pack/briefing.md",
            "archive": "archive/IPC-OB-2025-02_report.md",
            "grep": "cases",
            "title": "Outbreak control group briefing",
            "summary": (
                "Confirmed C. difficile cases were counted on every ward line list, including the late 7B list "
                "and the corrected 5C list; the epicurve and the voicemail were taken from the media."
            ),
            "ask": (
                "Right, the briefing itself: ocg_pack/briefing.md, short summary, ## Rejected claims covering the "
                "surveillance digest and last year's report, and a closing ```json block with case_id, "
                "total_confirmed_cases, decision, peak_week, rule_ref and ribotype, all matching the findings."
            ),
            "feedback": fb(
                "Briefing accepted.",
                "The ```json block of ocg_pack/briefing.md must agree with the findings; the digest's and last "
                "year's figures only inside ## Rejected claims.",
            ),
        },
    ],
    # --------------------------------------------------------------------------------------------
    # updates: the late export and the corrected one
    "new_slice": ("ward_7b.csv", 4, 2.9),
    "new_slice_update": "u1_ward7b_list",
    "correction": ("ward_5c.csv", 3),
    "correction_update": "u2_ward5c_corrected",
}
