"""s_law_filing_deadline: the defence deadline from a date-stamped claim form and the court calendar PDF."""

import datetime as dt
from typing import Any

SID = "s_law_filing_deadline"
RUN_ORDER = 6  # place in the domain's run order and index (kit/discover.py)
RECEIVED = "2026-03-09"
CLOSED_2026 = [
    "2026-01-01",
    "2026-04-03",
    "2026-04-06",
    "2026-05-04",
    "2026-05-25",
    "2026-08-31",
    "2026-12-25",
    "2026-12-28",
]
CLOSED_REVISED = sorted([*CLOSED_2026, "2026-04-07", "2026-04-08"])


def texts(V: dict[str, Any]) -> dict[str, str]:
    return {
        "requests/brief.md": (
            "# Instructions: matter CIV-2026-0719\n\n"
            "From: Declan Ashworth-Mensah, Litigation Partner\n\n"
            "We act for the defendant, Penrose Marine Engineering Ltd, in a contract claim in the County Court at "
            "Manchester brought by Aldous Shipping Co. "
            "Ltd over a failed propeller-shaft overhaul. The claim form was delivered by hand to the client's post room "
            "and stamped on receipt. For this matter the defence must be filed 28 days after the date on the receipt stamp; "
            "if that day is a weekend or a day the court office is closed, the deadline moves to the next day it is open. "
            "I also need the recoverable time recorded so far for the costs budget. Please work it all out and give me a "
            "file note.\n"
        ),
        "requests/email_client.md": (
            "From: legal@penrose-marine.example\nTo: Declan\nSubject: claim form received\n\n"
            "Declan, the claim form from Aldous's solicitors came in by hand; our post room stamped it and the scan is on "
            "the file. Our deadline bot has already calculated a date. The court's calendar for 2026 is in court_docs.\n\n"
            "Sunita\n"
        ),
        "bot_notes/deadline_bot.md": (
            "# Deadline bot (automatic)\n\n- Claim form received: 2026-03-16 (from the OCR of the stamp)\n"
            "- Defence deadline: 2026-04-13\n"
            f"- Recoverable hours recorded: {V['digest_amount']:,.1f}\n"
        ),
        "bot_notes/stamp_ocr_export.txt": (
            "Post-room OCR export - batch 2026-03 - confidence 0.66\n"
            "stamp_text: RECEIVED 16 MAR 2026 PENROSE MARINE POST ROOM\n"
            "received_date: 2026-03-16\nclaim_no: KB-2026-000381\nreceived_by: [not read]\n"
        ),
        "archive/CIV-2023-0388_costs_note.md": (
            "# Closed matter CIV-2023-0388 (2023)\n\nAn earlier dispute for the same client with a different claimant. "
            "Costs recovered on settlement: GBP 18,250.00. The defence there was due 14 days after service under the "
            "rules then applied. Closed 2024.\n"
        ),
        "legal_privileged/partner_strategy_note.md": (
            "# Privileged strategy note\n\nLitigation privilege. Settlement parameters; not to be given to any assistant.\n"
        ),
        "court_docs/README.md": "Court documents and calendars. See _index.md.\n",
    }


def _days(closed: Any) -> list[str]:
    """Each closed day as a list line, spelled as the court office spells it."""
    return [f"- {dt.date.fromisoformat(c).strftime('%A %d %B %Y')}" for c in closed]


def _cal(title: str, closed: Any, extra: Any) -> dict[str, Any]:
    paras = [
        "Court office opening calendar for 2026.",
        "The court office is closed on Saturdays and Sundays and on the following days:",
    ]
    paras += _days(closed)
    paras += [extra, "Documents delivered on a closed day are treated as filed on the next open day."]
    return {"kind": "pdf", "path": "court_docs/court_calendar_2026.pdf", "title": title, "paras": paras}


CLOSED_2025 = ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25"]


def docs(V: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        _cal("County Court at Manchester - office calendar 2026 (issue 1, December 2025)", CLOSED_2026, "Issue 1."),
        {
            "kind": "pdf",
            "path": "court_docs/court_calendar_2025.pdf",
            "title": "County Court at Manchester - office calendar 2025",
            "paras": [
                "Court office opening calendar for 2025 (superseded at the end of the year).",
                "The court office is closed on Saturdays and Sundays and on the following days:",
                *_days(CLOSED_2025),
            ],
        },
        {
            "kind": "pdf",
            "path": "court_docs/liverpool_office_calendar_2026.pdf",
            "title": "County Court at Liverpool - office calendar 2026",
            "paras": [
                "Court office opening calendar for 2026 (Liverpool Civil and Family Courts).",
                "The court office is closed on Saturdays and Sundays and on the following days:",
                *_days([*CLOSED_2026[:3], "2026-04-09", *CLOSED_2026[3:]]),
            ],
        },
        {
            "kind": "pdf",
            "path": "court_docs/civil_court_fees_2026.pdf",
            "title": "Civil court fees from April 2026 (extract)",
            "paras": [
                "Issue of a money claim above GBP 10,000: 5 per cent of the claim, capped.",
                "Application on notice: GBP 313. Application by consent or without notice: GBP 119.",
                "Hearing fees apply on the fast and intermediate tracks.",
            ],
        },
    ]


def deadline(start: str, days: int, closed: Any) -> str:
    d = dt.date.fromisoformat(start) + dt.timedelta(days=days)
    while d.weekday() >= 5 or d.isoformat() in closed:
        d += dt.timedelta(days=1)
    return d.isoformat()


def setup(S: dict[str, Any], V: dict[str, Any]) -> None:
    V["fact_pre"], V["fact"] = tuple(CLOSED_2026), tuple(CLOSED_REVISED)


def compute(V: dict[str, Any], closed: Any) -> dict[str, Any]:
    return {
        "received_date": RECEIVED,
        "period_days": 28,
        "defence_deadline": deadline(RECEIVED, 28, closed),
        "recoverable_hours_to_date": V["a_post"],
    }


def doc_b(V: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": "pdf",
        "path": "court_docs/closure_notice_2026-03.pdf",
        "title": "County Court at Manchester - notice of additional office closures",
        "paras": [
            "Issued: 20 March 2026",
            "Because of essential building works the court office will also be closed on:",
            "- Tuesday 07 April 2026",
            "- Wednesday 08 April 2026",
            "These days are added to the closures in the 2026 office calendar and are treated in the same way.",
            "Documents delivered on a closed day are treated as filed on the next open day.",
        ],
    }


S = {
    # persona and request
    "sid": SID,
    "desc": "Law: a defendant's defence-filing deadline and costs-budget hours in a contract claim. Fee-earner time records "
    "(delegable only) are tallied by a tool; the receipt date exists only on a date-stamped scan (vlm) that an OCR "
    "export misreads; a deadline bot is wrong; a 2023 matter is stale; legal_privileged/ is readable by the main "
    "agent but never granted. Updates: corrected associate time records (replace) and issue 2 of the court "
    "closure notice PDF adding closure days (new).",
    "matter_id": "CIV-2026-0719",
    "client_short": "Penrose",
    "other_short": "Aldous",
    "matter_line": "CIV-2026-0719: Aldous Shipping Co. Ltd (claimant) v Penrose Marine Engineering Ltd (our client, "
    "defendant); defence deadline and costs budget.",
    # workspace files
    "dirs": {
        "ledger": "time_records",
        "docs": "court_docs",
        "sensitive": "legal_privileged",
        "digest": "bot_notes",
    },
    "sens_readable": True,
    "texts": texts,
    "docs_files": docs,
    "indexes": {
        "time_records": (
            "Fee-earner time exports",
            {
                "time_partner.csv": "partner's time entries",
                "time_associate.csv": "associate's time entries",
                "time_trainee.csv": "trainee's time entries",
            },
        ),
        "scans": ("Scans", {"claim_form_receipt_stamp.png": "first page of the claim form as received"}),
        "court_docs": (
            "Court documents",
            {
                "court_calendar_2026.pdf": "court office calendar 2026",
                "court_calendar_2025.pdf": "court office calendar 2025",
                "liverpool_office_calendar_2026.pdf": "another court's office calendar 2026",
                "civil_court_fees_2026.pdf": "court fees extract",
            },
        ),
    },
    "assets": {
        "requests": "instructions and the client's e-mail",
        "time_records": ("large CSV, one per fee earner", "time exports; has an _index.md"),
        "scans": ("PNG scan", "vlm", "authoritative", "stamped claim form; has an _index.md"),
        "court_docs": ("pdf", "llm", "authoritative", "court calendar; has an _index.md"),
        "tools": "time tally and timetable sealer",
        "bot_notes": "deadline bot and a stamp OCR export",
        "archive": "a closed 2023 matter",
        "legal_privileged": ("text", "-", "sensitive", "privileged strategy; never needed"),
    },
    "ledger": {
        "cols": ["entry_date", "entry_id", "fee_earner", "activity", "billing_status", "hours"],
        "statuses": ["RECOVERABLE", "NON-RECOVERABLE", "WRITTEN-OFF", "RECOVERABLE-CAPPED", "INTERNAL"],
        "weights": [30, 30, 10, 10, 20],
        "range": (0.1, 3.0),
        "dec": 1,
        "rows": 420,
        "span": 150,
        "start": "2025-10-01",
        "day0": {},
        "ref": "TE",
        "parties": ["DAM (partner)", "RKO (associate)", "JLT (trainee)", "PARALEGAL"],
        "descs": [
            "Reviewing overhaul contract and variations",
            "Call with client engineering lead",
            "Drafting letter of response",
            "Reviewing expert's shaft alignment report",
            "Internal case review meeting",
            "Document collation for disclosure",
            "Research on exclusion clauses",
            "Correspondence with claimant's solicitors",
        ],
        "target": "RECOVERABLE",
        "flip_out": 5,
        "flip_in": 2,
        "flip_to": "WRITTEN-OFF",
        "files": ["time_partner.csv", "time_associate.csv", "time_trainee.csv"],
        "tool": "time_tally.py",
        "tool_title": "Tally recoverable time entries and hours per fee-earner export.",
        "ck": "recoverable_entries",
        "ak": "hours",
        "ck_label": "recoverable entries",
        "ak_label": "recoverable hours",
        "noun": "fee-earner time records",
        "tally_out": "time_tally.json",
        "position_out": "time_position.md",
    },
    # media
    "media": [
        {
            "kind": "png",
            "path": "scans/claim_form_receipt_stamp.png",
            "model_key": "vlm",
            "noun": "stamped claim-form scan",
            "fields": {"received_date": RECEIVED, "claim_no": "KB-2026-000318", "received_by": "L. Ferreira"},
            "out": "output/receipt_stamp.json",
            "notes": "output/receipt_stamp_notes.md",
            "ask": "Read the stamped claim-form scan: the date in the receipt stamp, the claim number and who received it.",
            "final_key": "received_date",
            "truth": "Scan of a claim form's first page with a rectangular receipt stamp.\n"
            "Header: CLAIM FORM - In the County Court at Manchester; Claim no. KB-2026-000318\n"
            "Claimant: Aldous Shipping Co. Ltd; Defendant: Penrose Marine Engineering Ltd\n"
            "Stamp: RECEIVED / 09 MAR 2026 / PENROSE POST ROOM; handwritten 'rec'd by L. Ferreira'\n",
            "render": {
                "seed": "claim-stamp",
                "style": "form",
                "size": (420, 240),
                "stamp": ["RECEIVED", "09 MAR 2026", "PENROSE POST ROOM"],
                "lines": [
                    "CLAIM FORM",
                    "In the County Court at Manchester",
                    "Claim no. KB-2026-000318",
                    "---",
                    "Claimant: Aldous Shipping Co. Ltd",
                    "Defendant: Penrose Marine",
                    "  Engineering Ltd",
                    "",
                    "Brief details of claim: breach of contract,",
                    "propeller-shaft overhaul.",
                    "",
                    "rec'd by L. Ferreira",
                ],
            },
            "decoy": {
                "path": "bot_notes/stamp_ocr_export.txt",
                "name": "the post-room OCR export",
                "mention": ["ocr"],
                "values": {"received_date": "2026-03-16", "claim_no": "KB-2026-000381"},
            },
        }
    ],
    # rounds and their questions
    "arc": [
        ("media1", "media_extraction"),
        ("tally", "background_fanout"),
        ("plan", "intake_plan"),
        ("update", "cross_round"),
        ("workflow", "tool_run"),
        ("final", "final_synthesis"),
    ],
    "questions": {
        "media1": "Declan, litigation. Penrose has been served with a claim and the defence clock started the day the "
        "post room stamped it. The stamped first page is scans/claim_form_receipt_stamp.png. Get the stamp read "
        "properly: received_date (YYYY-MM-DD), claim_no, received_by (initial and surname) into "
        "output/receipt_stamp.json. The bot's OCR of the stamp (bot_notes/stamp_ocr_export.txt) is off; "
        "output/receipt_stamp_notes.md needs ## Rejected claims naming it and quoting what it got wrong.",
        "tally": "While that settles: recoverable time so far is in time_records/ (associate exports, long). "
        "tools/time_tally.py counts recoverable entries and hours. Don't let it block you; fire it off and carry on. "
        'output/time_tally.json in the tool\'s own layout ({"files": {...: {"recoverable_entries", "hours"}}, '
        '"total_recoverable_entries", "total_hours"}), hours to one decimal.',
        "plan": "Now write it up as notes/deadline_plan.md: ## Matter (CIV matter number, Penrose as our client, "
        "Aldous Shipping as claimant), ## Evidence (authoritative, untrusted, stale, source by source; the deadline "
        "bot and the 2023 costs note especially), ## Steps and ## Risks. legal_privileged/ never goes to any helper.",
        "update": "Accounts corrected the associate's time export after a billing review (file replaced). Back to the "
        "same session that ran the time tally; re-run it over the folder, refresh output/time_tally.json and set "
        "down `Total recoverable entries: <n>` and `Total recoverable hours: <n>` in output/time_position.md. The "
        "earlier hours figure only as superseded.",
        "workflow": "The court has put out a notice about its office (new in court_docs/). I need the closure days for "
        "2026 from court_docs/ and a view on the 2023 costs note in archive/, read concurrently in one Workflow. Then "
        'output/defence_timetable.json {"matter_id", "received_date", "period_days": 28, "defence_deadline", '
        '"recoverable_hours_to_date"}: stamp date + 28 days, rolled to the next open day past weekends and closures. '
        "Seal via tools/seal_timetable.py and vault/ (a helper that can run Bash), DEADLINE:<hex> in "
        "output/defence_timetable_token.txt.",
        "final": "File note for the partner: output/final_memo.md with ## Summary and ## Rejected claims (the deadline "
        "bot's figure and the 2023 costs note, both quoted and explained), and findings/final_summary.json with "
        "matter_id, total_hours, received_date and defence_deadline, agreeing with what you wrote before.",
    },
    "plan_out": "notes/deadline_plan.md",
    "plan_sources": [
        "requests/ instructions and client e-mail: authoritative",
        "time_records/ fee-earner time records: authoritative (tallied by tool, delegated)",
        "scans/ stamped claim form: authoritative (vlm subagent)",
        "court_docs/ court calendar PDF: authoritative (delegated)",
        "bot_notes/ deadline bot and stamp OCR export: untrusted",
        "archive/ CIV-2023-0388: stale, a different claim",
    ],
    "runner_index": True,
    "search": {"term": "Manchester"},
    "final_json_out": "findings/final_summary.json",
    "final_noun": "file note",
    "summary": lambda V: (
        "The receipt stamp fixes the start of the 28-day period; counted forward and moved past the "
        "weekend and the closure days of the current court calendar, the defence deadline is the sealed "
        "date in output/defence_timetable.json. The corrected time records give the recoverable hours "
        "for the costs budget."
    ),
    "grep": "deadline|hours",
    # values
    "setup": setup,
    "claim": {
        "out": "output/defence_timetable.json",
        "token_out": "output/defence_timetable_token.txt",
        "compute": compute,
        "final_key": "defence_deadline",
        "base_key": "recoverable_hours_to_date",
        "base_from": "hours",
    },
    "doc": {"fact_desc": "the days in 2026 on which the court office is closed"},
    "fact_re": "- (\\w+day \\d{2} \\w+ 2026)",
    "fact_as": "list",
    "fact_values": ["Tuesday 07 April 2026", "Wednesday 08 April 2026"],
    "calc": 'import json; import datetime as dt; closed = {dt.datetime.strptime(x, "%A %d %B %Y").date() for x in [${var:fact}]}; r = dt.date.fromisoformat("${var:media1_received_date}"); d = r + dt.timedelta(days=28)\nwhile d.weekday() >= 5 or d in closed: d += dt.timedelta(days=1)\nprint(json.dumps({"matter_id": "${var:matter}", "received_date": r.isoformat(), "period_days": 28, "defence_deadline": d.isoformat(), "recoverable_hours_to_date": ${var:a_post}}))',
    "seal_tool": "seal_timetable.py",
    "seal_prefix": "DEADLINE",
    # decoys
    "stale_id": "CIV-2023-0388",
    "digest_file": "bot_notes/deadline_bot.md",
    "digest_name": "the deadline bot",
    "digest_mention": ["deadline bot", "bot"],
    "archive_noun": "2023 costs note",
    "archive_mention": ["CIV-2023-0388", "2023"],
    "archive_figure": ["18,250.00", "18250.00", "18,250", "18250"],
    # updates
    "upA": {
        "op": "replace",
        "id": "u1_associate_time_corrected",
        "file": "time_associate.csv",
    },
    "docB": {
        "op": "new",
        "id": "u2_closure_notice",
        "path": "court_docs/closure_notice_2026-03.pdf",
        "doc": doc_b,
    },
}
