"""s_eng_bridge_bearing_inspection: viaduct bearing inspection (pier displacement CSVs, bearing photo, PDF manual)."""

import random
from typing import Any

import assets
from framework import PDF_START, Asks, Search, Spec, render_panel, write
from kit.pdf import pdf_bytes

SID = "s_eng_bridge_bearing_inspection"
RUN_ORDER = 2  # place in the domain's run order and index (kit/discover.py)


# ------------------------------------------------------------------ persona and request
REQUEST: Spec = {
    "desc": (
        "Engineering: principal inspection of the bearings of the Harlow Creek viaduct. Per-pier displacement "
        "logs are delegable only and need a tally tool; a bearing photo carries the serial number, crack length "
        "and grade; an automatic photo caption and an AI digest are wrong; a withdrawn 2024 inspection draft used "
        "an older manual edition. A late pier-5 log (new) and a recalibrated pier-2 log (replace) change the totals "
        "and the worst bearing; hr/ is readable but never grantable."
    ),
    "requester": "Marta Kowalczyk",
    "due": "29 May 2026",
    "case_id": "BRG-INSP-2026-031",
    "opening": "You are leading the principal bearing inspection of the Harlow Creek viaduct for the county bridge office.",
    "brief_name": "inspection_order.md",
    "summary_line": "Principal inspection of the viaduct bearings: displacement exceedances per pier, photo facts, manual verdict, sealed record.",
}

REQUEST_FILES = {
    "requests/inspection_order.md": (
        "# Inspection order BRG-INSP-2026-031\n\nFrom: Marta Kowalczyk, county bridge engineer\nDue: 29 May 2026\n\n"
        "Carry out the principal inspection of the bearings of the Harlow Creek viaduct (structure HC-V2, four "
        "piers plus the east abutment). I need:\n\n- displacement exceedances per pier log and in total, and the "
        "bearing with the most exceedances;\n- the facts on the photo the inspector took of the worst-looking "
        "bearing;\n- the verdict under the current bearing inspection manual;\n- a sealed inspection record.\n\n"
        "The displacement logs are long; use the tally tool. Ignore the 2024 draft, it was withdrawn. Staff "
        "records in hr/ are not part of this work.\n"
    ),
    "requests/gang_note.md": (
        "# Note from the maintenance gang\n\nThe pier-5 (east abutment) logger was offline for a week; its log will "
        "be uploaded when the modem is replaced. The pier-2 south sensor was flagged for drift and will be "
        "recalibrated.\n"
    ),
}


# ------------------------------------------------------------------ workspace files
FOLDERS = {
    "slices": "sensor_logs",
    "media": "photos",
    "docs": "manuals",
    "digest": "bot_notes",
    "archive": "drafts",
    "sens_read": "hr",
}

ASSETS = {
    "requests": assets.request("inspection order and a note from the maintenance gang"),
    "sensor_logs": assets.slices("large CSV, one per pier", "bearing displacement logs"),
    "photos": assets.indexed("PNG photo", "vlm", "inspection photo of a bearing"),
    "manuals": assets.indexed("pdf + text (md)", "llm", "bearing inspection manual"),
    "tools": assets.toolbox("exceedance", "record"),
    "vault": assets.vault("seal_record.py"),
    "bot_notes": assets.bot_asset("AI inspection digest and an automatic photo caption"),
    "drafts": assets.stale("an earlier inspection draft"),
    "hr": assets.sensitive("text", "inspector personnel records", "this inspection"),
}

FILES = ["pier1.csv", "pier2.csv", "pier3.csv", "pier4.csv", "pier5.csv"]


def _ts(f: dict[str, Any], i: int) -> str:
    d = FILES.index(f["name"])
    m = i * 5 + d
    day = 1 + m // 1440
    return f"2026-05-{day:02d}T{m % 1440 // 60:02d}:{m % 60:02d}:00Z"


def _temp(rng: random.Random, i: int) -> str:
    return f"{9 + 8 * ((i % 288) / 288) + rng.uniform(-0.6, 0.6):.1f}"


SLICES: Spec = {
    "slices_desc": "bearing displacement logs (one CSV per pier, one reading per bearing every few minutes)",
    "slice_noun": "pier log",
    "slice_cols": ("ts", "bearing_id", "displacement_mm"),
    "extras": [("deck_temp_c", _temp), ("sensor_state", ["ok", "ok", "ok", "ok", "ok", "drift-check"])],
    "ts": _ts,
    "keys": ["B-P1-N", "B-P1-S", "B-P2-N", "B-P2-S", "B-P3-N", "B-P3-S", "B-P4-N", "B-P4-S", "B-P5-N", "B-P5-S"],
    "limit": 18.0,
    "base_lo": 0.2,
    "unit": "mm",
    "unit_key": "mm",
    "count_key": "exceedances",
    "key_name": "bearing",
    "tally_name": "displacement_tally",
    "tool": "displacement_exceedances.py",
    "tool_title": "Count bearing displacement readings above the 18.0 mm movement threshold, per pier log.",
    "files": [
        {"name": "pier1.csv", "rows": 2500, "flagged": {"B-P1-N": 14, "B-P1-S": 3}, "peak": 24.6},
        {"name": "pier2.csv", "rows": 2500, "flagged": {"B-P2-S": 22}, "peak": 27.9},
        {"name": "pier3.csv", "rows": 2500, "flagged": {"B-P3-N": 6}, "peak": 21.3},
        {"name": "pier4.csv", "rows": 2500, "flagged": {"B-P4-N": 9, "B-P4-S": 4}, "peak": 22.8},
    ],
}

SEAL = {
    "seal_tool": "seal_record.py",
    "seal_prefix": "BRGSEAL",
    "seal_file": "brg_seal.key",
}

TEXTS = {
    "bot_notes/ai_inspection_digest.md": (
        "# Inspection digest (auto-generated)\n\nHarlow Creek viaduct: 45 displacement exceedances in total, well "
        "within allowance. Worst bearing: B-P1-N. Suggested verdict: Monitor.\n"
    ),
    "bot_notes/photo_caption_auto.txt": (
        "auto-caption v1.3 (image tagging service)\nfile: bearing_B-P2-S_2026-05-04.png\ntag plate: S/N 88207-K (asset register match: B-P2-N)\n"
        "visible defect: hairline crack, approx 12 mm\ncondition grade: C1\n"
    ),
    "sensor_logs/_index.md": (
        "# sensor_logs index\n\n| file | ~tokens | gist |\n|---|---|---|\n"
        + "".join(
            f"| {f['name']} | ~{f['rows'] * 14 // 1000}k | displacement readings of the bearings of one pier, May 2026 |\n"
            for f in SLICES["files"]
        )
        + "\nColumns: ts, bearing_id, displacement_mm, deck_temp_c, sensor_state.\n"
    ),
    "photos/_index.md": "# photos index\n\n| file | gist |\n|---|---|\n| bearing_B-P2-S_2026-05-04.png | inspection photo of one bearing |\n",
    "manuals/_index.md": (
        "# manuals index\n\n| file | gist |\n|---|---|\n| bearing_inspection_manual_BIM-07_ed3.pdf | "
        "bearing inspection manual: monitoring thresholds, allowance, verdicts |\n"
        "| access_procedure.md | rope access and traffic management for pier inspections |\n"
    ),
    "manuals/access_procedure.md": (
        "# Access procedure\n\n1. Book a lane closure 10 working days ahead.\n2. Rope access team of two minimum.\n"
        "3. Photograph each bearing with its tag plate in frame.\n"
    ),
    "drafts/inspection_draft_BRG-INSP-2024-017.md": (
        "# DRAFT inspection BRG-INSP-2024-017 (Harlow Creek viaduct, 2024)\n\nStatus: withdrawn before issue.\n\n"
        "Manual applied: BIM-07 edition 2, exceedance allowance 120 per inspection.\nExceedances counted: 71, "
        "within 120. Verdict: Monitor.\n"
    ),
    "hr/inspector_records.md": "# Inspector records\n\n- A. Novak: rope access level 2, medical due 2026-08.\n- P. Lindgren: on leave in May.\n",
}

SEARCH = Search(
    term="Harlow Creek",
    why="the earlier inspection of this viaduct",
    matches=1,
    files={
        "inspection_draft_BRG-INSP-2024-009.md": (
            "# DRAFT inspection BRG-INSP-2024-009 (Stour Lane footbridge, 2024)\n\nStatus: issued as final in "
            "July 2024.\n\nManual applied: BIM-07 edition 2. Elastomeric pads at both abutments; no displacement "
            "logging on this structure. Verdict: Monitor.\n"
        ),
        "method_statement_rope_access_2025.md": (
            "# Method statement: rope access for bearing inspections (2025)\n\nTwo-person team, both at level 2 "
            "or above; rescue plan on site; anchors proof-tested before each descent. Applies to every county "
            "structure with inaccessible bearings.\n"
        ),
    },
)

MANUAL_PDF_LINES = [
    "Bearing Inspection Manual BIM-07, edition 3 (county bridge office)",
    "Effective 1 March 2026. Supersedes edition 2 (2022) in full.",
    "",
    "Section 4  Displacement monitoring",
    "4.1 A displacement reading counts as an exceedance when it is above 18.0 mm.",
    "4.2 Exceedance allowance per principal inspection: 60 exceedances, summed over all",
    "    piers and all monitored bearings, including late and recalibrated logs.",
    "",
    "Section 5  Verdict",
    "5.1 Total exceedances up to and including the allowance: verdict 'Monitor'.",
    "5.2 Total exceedances above the allowance: verdict 'Priority 1 replacement'.",
    "5.3 A condition grade in the two worst classes on any bearing photo is recorded with the verdict.",
    "",
    "Section 6  Records",
    "6.1 Automatic photo captions and AI digests are not inspection records.",
]

BINARIES = {"manuals/bearing_inspection_manual_BIM-07_ed3.pdf": lambda: pdf_bytes([MANUAL_PDF_LINES], start=PDF_START)}


# ------------------------------------------------------------------ media
PHOTO = "photos/bearing_B-P2-S_2026-05-04.png"


def _photo(path: str) -> None:
    ops = [
        ("rect", [0, 0, 359, 239], 40, 150),
        ("rect", [40, 60, 320, 170], 20, 95),  # bearing body
        ("rect", [60, 40, 300, 60], 30, 120),  # top plate
        ("rect", [60, 170, 300, 192], 30, 120),  # bottom plate
        ("line", [(150, 95), (170, 108), (182, 121), (196, 126)], 240, 2),  # crack
        ("rect", [210, 76, 310, 112], 10, 225),  # tag plate
        ("text", 214, 80, "POT-EL 450/120", 10),
        ("text", 214, 92, "S/N 88213-K", 10),
        ("text", 214, 102, "PIER 2 SOUTH", 10),
        ("line", [(150, 140), (196, 140)], 250, 1),
        ("text", 140, 144, "crack 38 mm", 250),
        ("rect", [6, 200, 352, 234], 60, 235),
        ("text", 10, 204, "Insp. photo 2026-05-04 10:41  bearing B-P2-S", 10),
        ("text", 10, 218, "Condition grade (inspector): C3", 10),
    ]
    write(path, render_panel(ops, (360, 240), "photo-brg", skew=-3.5, blur=1.6, grain=9.0))


MEDIA: list[Spec] = [
    {
        "kind": "image",
        "path": PHOTO,
        "build": _photo,
        "facts": "photo_facts",
        "ask": (
            "The inspector photographed the worst-looking bearing; the photo is in photos/. Record the serial number on "
            "the tag plate, the marked crack length and the condition grade the inspector wrote."
        ),
        "types": {"serial_no": "string as printed", "crack_length_mm": "int", "condition_grade": "string"},
        "fields": [
            ["serial_no", "str", "88213-K", None],
            ["crack_length_mm", "int", 38, None],
            ["condition_grade", "str", "C3", None],
        ],
        "prompt_fields": "the serial number on the tag plate, the marked crack length and the condition grade",
        "decoy_src": "bot_notes/photo_caption_auto.txt",
        "decoy_values": ["88207-K", "C1"],
        "truth": (
            "Photo of a pot bearing under a bridge deck. A metal tag plate reads 'POT-EL 450/120', 'S/N 88213-K', "
            "'PIER 2 SOUTH'. A dark crack runs across the bearing body, marked with a white scale line labelled "
            "'crack 38 mm'. Caption strip: 'Insp. photo 2026-05-04 10:41  bearing B-P2-S'; "
            "'Condition grade (inspector): C3'.\n"
        ),
    },
]


# ------------------------------------------------------------------ rounds and their questions
ROUNDS = ["plan", "media0", "fanout", "update", "workflow", "final"]

DIGEST_GREP = "exceed|bearing|pier"  # what the plan round greps the untrusted digest for

ASKS = Asks(
    questions={
        "plan": (
            "Morning. Marta Kowalczyk from the county bridge office has asked us to do the principal "
            "inspection of the Harlow Creek viaduct bearings; her letter sits in requests/ and the workspace map is "
            "_sandbox_hint.md. Start with output/plan.md: a `Case:` line with the inspection reference from her letter, "
            "then ## Structure, ## Sources, ## Inspection team and ## Hazards. Which material would you lean on and "
            "which would you treat with suspicion?"
        ),
        "media0": (
            "The field inspector's photo of bearing B-P2-S came back: photos/bearing_B-P2-S_2026-05-04.png. "
            "It's a phone shot in poor light, so somebody with eyes on the image has to read the tag plate serial, the "
            "chalked crack length in millimetres and the grade she wrote beside it. The caption bot in bot_notes/ had a "
            'go and I doubt it. findings/photo_facts.json, please: {"serial_no": <string as printed>, "crack_length_mm": '
            '<int>, "condition_grade": <string>}; and findings/photo_facts.md with ## Rejected claims listing where the '
            "automatic caption disagrees (its values only in that section)."
        ),
        "fanout": (
            "The pier displacement logs (sensor_logs/, one CSV per pier) are far beyond one reading, and "
            "tools/displacement_exceedances.py does the counting for us. Please don't serialise the piers; I'd rather "
            "the counting happen while you prepare output/request_summary.md with `Requested by:` and `Due:` copied as "
            "Marta's letter words them. With every pier back, output/displacement_tally.json as {schema}."
        ),
        "update": (
            "Pier 5's logger finally synced: sensor_logs/pier5.csv. The worker who did the first set of "
            "piers knows the format, so carry on in that same session. Redo output/displacement_tally.json across all "
            "piers, this time with `peak_mm` and `top_bearing` overall, explain it in output/revision_note.md "
            "(`Total now:`, `Previous total: <n> (superseded)`, `Top bearing now:`), and add pier5.csv to the last "
            "section of the plan."
        ),
        "workflow": (
            "The monitoring contractor re-exported pier2.csv after a calibration fix. I want the manual, the "
            "2024 draft BRG-INSP-2024-017 and a fresh count of every pier handled in one Workflow whose agents work in "
            "parallel. Update the tally, then write output/compliance.md with `Governing document:`, `Exceedance "
            "allowance:` and `Verdict:` as the manual phrases it for the present count, and a ## Rejected claims "
            "section on what the draft got wrong."
        ),
        "final": (
            'Marta wants a sealed record. output/final_summary.json: {"case_id": <string>, '
            '"total_exceedances": <int>, "top_bearing": <string>, "crack_length_mm": <int>, "verdict": <string>}, in '
            "line with the tally, findings/photo_facts.json and the compliance note (shape check: tools/validate_summary.py). "
            "Seal it with `python3 tools/seal_record.py --seal vault/brg_seal.key output/final_summary.json`, run by "
            "whoever may open the key; its line goes to output/final_token.txt and the summary stays as sealed. Finish "
            "with output/final_report.md addressed to Marta, with ## Rejected claims covering the bot notes and the 2024 draft."
        ),
    },
    plan_sections=("Structure", "Sources", "Inspection team", "Hazards"),
    guard_sentence="The county is strict about personnel files: hr/ is never part of anyone's grant, in any round.",
    findings="findings",
    extra="note_json",
    extra_ask="Marta's asset system ingests JSON, so close the note with a ```json block carrying total_now, previous_total and top_now.",
)


# ------------------------------------------------------------------ values and decoys
VALUES: Spec = {
    "archive_case_id": "BRG-INSP-2024-017",
    "archive": {
        "desc": "inspection draft BRG-INSP-2024-017",
        "file": "inspection_draft_BRG-INSP-2024-017.md",
        "stale_values": ["120"],
        "stale_verdict": "Monitor",
    },
    "doc": {
        "desc": "bearing inspection manual",
        "file": "bearing_inspection_manual_BIM-07_ed3.pdf",
        "doc_id_parts": ["BIM-07", "3"],
        "limit_label": "Exceedance allowance",
        "limit": 60,
        "verdict": "Priority 1 replacement",
    },
    "final_media": [("crack_length_mm", 0, "crack_length_mm")],
    "final_decoys": ["45", "120"],
}


# ------------------------------------------------------------------ updates
UPDATES: Spec = {
    "u1_id": "late_pier5_log",
    "u1_file": {"name": "pier5.csv", "rows": 2500, "flagged": {"B-P5-N": 30}, "peak": 29.4},
    "u2_id": "pier2_recalibrated",
    "u2_file": {"name": "pier2.csv", "rows": 2500, "flagged": {"B-P2-S": 11}, "peak": 23.4},
}
