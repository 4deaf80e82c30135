"""s_demo_treatment_room_fridge: the excursion review of treatment-room fridge FR-3 (Linden Street Health Centre).

Everything the build makes for this scenario, top to bottom: the ground truth, the generated
workspace and update files (the per-minute logger exports, the night nurse's voicemail WAV with its
truth entry, the pharmacy stock count and its recount), the asset map's rows, each round's check
spec, the reference manager's trajectory and the self-test of the workspace tools. The manifest,
the questions, the text files and the tools of the scenario folder are written by hand and
committed as they are; the build sets each round's eval command.

The reference manager is honest by construction: no figure of the answer is written into the
script. Every value in a deliverable is a ``${var:NAME}`` bound by a turn's ``bind`` from what the
manager was told (a subagent's reply, a task notification, or a file the manager may read
itself); each subagent gets exactly the tools it uses and file-level paths where the files are
known in advance (a folder only where an update adds files to it).
"""

from __future__ import annotations

import json
import math
import os
import random
import re
from collections.abc import Sequence
from typing import Any

from calls import PERCEIVED, STDOUT, WS, create, edit, read, run, run_workflow, write
from common import (
    FIXED_TIME,
    HAVE_AUDIO_TOOLS,
    SUPERSEDED,
    Spec,
    Writer,
    agree_exact,
    in_background,
    run_tool,
    spec,
    truth_of,
)
from kit.conditions import (
    Condition,
    agree,
    contains,
    decoy,
    evidence,
    headings,
    jkeys,
    jone,
    jv,
    label,
    never,
    resumed,
    workflow,
)
from kit.media import speech_wav
from kit.office import restamp_zip_file
from kit.trajectory import Turn, call, turn
from kit.trajectory import bind as b

SID = "s_demo_treatment_room_fridge"
RUN_ORDER = 1  # place in the demo's run order and index (kit/discover.py)

# ----------------------------------------------------------------------------------------
# Ground truth (the checks hard-code these values; self_test() proves the tools agree)
# ----------------------------------------------------------------------------------------
LOGGER_DAYS = {
    # file: (date, events [(start HH:MM, minutes above 8.0, peak)], near-miss (HH:MM, value) or None)
    "fr3_2026-03-13.csv": ("2026-03-13", [], ("14:32", 7.9)),
    "fr3_2026-03-14.csv": ("2026-03-14", [("22:10", 62, 10.6)], ("09:05", 7.6)),
    "fr3_2026-03-15.csv": ("2026-03-15", [("03:05", 34, 11.7)], None),
    "fr3_2026-03-16.csv": ("2026-03-16", [("07:20", 31, 9.4)], None),  # update u1_monday_logger
}
EXPORT_NAMES = sorted(LOGGER_DAYS)
LATE_EXPORT = "fr3_2026-03-16.csv"  # arrives with the update u1_monday_logger
EXCURSIONS = {
    # file: what tools/excursion_minutes.py reports for it (minutes above 8.0 °C, peak °C)
    "fr3_2026-03-13.csv": (0, 7.9),
    "fr3_2026-03-14.csv": (62, 10.6),
    "fr3_2026-03-15.csv": (34, 11.7),
    "fr3_2026-03-16.csv": (31, 9.4),
}
VOICEMAIL_TEXT = (
    "Hi, this is Priya Nand, the night nurse in the treatment room. It is about five past four "
    "on Sunday morning, the fifteenth. The alarm on fridge F R 3 went off just after three. "
    "I moved nineteen insulin pens and six adalimumab syringes across to the pharmacy fridge "
    "at three fifty. The bottom left corner of the door seal is torn, so the door does not "
    "close properly. I have put a note on the fridge. Please call me back on the ward phone. Thanks."
)
# FR-3 pharmacy stock count (xlsx; the update u2_stock_recount replaces it with the recount)
STOCK_COLUMNS = ("code", "product", "lot", "expiry", "qty", "unit_cost_gbp")
STOCK_ROWS = [
    ("INS-GLA-PEN", "Insulin glargine 100 units/ml pre-filled pen", "GL2291", "2027-01-31", 24, 7.45),
    ("ADA-40-PFS", "Adalimumab 40 mg pre-filled syringe", "AD7710", "2026-11-30", 8, 152.30),
    ("HEPB-20", "Hepatitis B vaccine 20 micrograms", "HB0456", "2026-09-30", 12, 11.90),
    ("TDIPV-05", "Td/IPV booster 0.5 ml", "TV3318", "2026-08-31", 0, 9.80),
    ("FLU-QIV", "Influenza vaccine (QIV) 0.5 ml", "FQ5521", "2026-06-30", 15, 8.60),
]
STOCK_RECOUNT = {"HEPB-20": 10}  # two doses given at Friday's late clinic, found on the recount
OrderLines = dict[str, tuple[int, float, float]]
"""code: (qty, unit cost GBP, line cost GBP), as tools/replacement_order.py prices the order."""
ORDER_Q4: OrderLines = {"ADA-40-PFS": (8, 152.3, 1218.4), "FLU-QIV": (15, 8.6, 129.0), "HEPB-20": (12, 11.9, 142.8),
            "INS-GLA-PEN": (24, 7.45, 178.8)}  # fmt: skip
ORDER_Q5: OrderLines = {**ORDER_Q4, "HEPB-20": (10, 11.9, 119.0)}
TOTAL_Q4_GBP = 1669.0
TOTAL_Q5_GBP = 1645.2


# ----------------------------------------------------------------------------------------
# Generated files (paths relative to the scenario folder)
# ----------------------------------------------------------------------------------------
WAV = "workspace/recordings/nurse_voicemail_2026-03-15.wav"
STOCK = "pharmacy/fr3_stock_count_2026-03-13.xlsx"  # in the workspace
RECOUNT = f"updates/u2_stock_recount/{os.path.basename(STOCK)}"


def export_path(name: str) -> str:
    return f"updates/u1_monday_logger/{name}" if name == LATE_EXPORT else f"workspace/logger_exports/{name}"


def files() -> dict[str, str | Writer]:
    """Every generated file: its text, or the function that writes it."""
    out: dict[str, str | Writer] = {export_path(n): logger_csv(n) for n in EXPORT_NAMES}
    out[WAV] = build_wav
    out[truth_of(WAV)] = "Voicemail, female voice, about 30 s. Transcript:\n" + VOICEMAIL_TEXT + "\n"
    out[f"workspace/{STOCK}"] = lambda path: build_stock_xlsx(path, recount=False)
    out[RECOUNT] = lambda path: build_stock_xlsx(path, recount=True)
    return out


def hhmm_to_min(s: str) -> int:
    h, m = s.split(":")
    return int(h) * 60 + int(m)


def logger_csv(name: str) -> str:
    """One day of FR-3 readings, one a minute: a seeded daily curve with the day's excursions."""
    date, events, near = LOGGER_DAYS[name]
    rng = random.Random("fr3-" + date)
    temps = []
    for m in range(1440):
        base = 4.9 + 0.45 * math.sin(2 * math.pi * (m - 300) / 1440)
        temps.append(round(min(7.2, max(3.1, base + rng.uniform(-0.35, 0.35))), 1))
    door = ["closed"] * 1440
    for start, n, peak in events:
        s = hhmm_to_min(start)
        door[s - 3] = "open"
        temps[s - 2], temps[s - 1] = 6.9, 7.7
        mid = n // 2
        for i in range(n):
            frac = 1.0 - abs(i - mid) / max(mid, n - 1 - mid)
            temps[s + i] = round(8.1 + (peak - 8.1) * frac, 1)
            if temps[s + i] <= 8.0:
                temps[s + i] = 8.1
        temps[s + mid] = peak
        temps[s + n], temps[s + n + 1], temps[s + n + 2] = 7.8, 7.1, 6.4
    if near:
        temps[hhmm_to_min(near[0])] = near[1]
    lines = ["timestamp,temp_c,door"]
    for m in range(1440):
        lines.append(f"{date}T{m // 60:02d}:{m % 60:02d},{temps[m]:.1f},{door[m]}")
    return "\n".join(lines) + "\n"


def build_wav(path: str) -> None:
    """espeak-ng (voice en-gb, 140 wpm) at its native 22050 Hz, 16-bit mono, padded with silence
    (sox -D: no dither). Without espeak-ng or sox on PATH an existing WAV is kept as committed (reported)."""
    if not HAVE_AUDIO_TOOLS and os.path.isfile(path):
        print(f"note: espeak-ng/sox not on PATH; kept the committed {os.path.basename(path)}")
        return
    speech_wav(VOICEMAIL_TEXT, path, voice="en-gb", speed=140, pitch=45, amplitude=120, pad=(0.6, 0.8))


def build_stock_xlsx(path: str, recount: bool) -> None:
    """The pharmacy's FR-3 stock count (byte-stable: fixed core-properties times, zip entry times and order)."""
    import datetime

    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "FR-3 count"
    when = datetime.datetime(2026, 3, 17, 11, 40) if recount else datetime.datetime(2026, 3, 13, 17, 30)
    wb.properties.creator = "Pharmacy stock system"
    wb.properties.lastModifiedBy = "Pharmacy stock system"
    wb.properties.created = when
    wb.properties.modified = when
    ws.append(["Linden Street Health Centre - pharmacy stock count, fridge FR-3 (treatment room)"])
    ws.append(
        ["Recount of Tuesday 17 March 2026 (supersedes the count of Friday 13 March)"]
        if recount
        else ["Count taken Friday 13 March 2026, 17:30, by the pharmacy technician"]
    )
    ws.append([])
    ws.append(list(STOCK_COLUMNS))
    for code, product, lot, expiry, qty, cost in STOCK_ROWS:
        ws.append([code, product, lot, expiry, STOCK_RECOUNT.get(code, qty) if recount else qty, cost])
    ws.append([])
    ws.append(["Unit costs are the wholesaler's list prices excluding VAT."])
    for col, width in zip("ABCDEF", (14, 46, 9, 12, 6, 14), strict=True):
        ws.column_dimensions[col].width = width
    os.makedirs(os.path.dirname(path), exist_ok=True)
    wb.save(path)
    restamp_zip_file(path, date_time=FIXED_TIME, stamp=when.strftime("%Y-%m-%dT%H:%M:%SZ"), fields=("modified",))


# ----------------------------------------------------------------------------------------
# Asset map (_sandbox_hint.md): top folder | shape | model key | trust | what it holds
# ----------------------------------------------------------------------------------------
ASSETS = """\
requests | small text (md) | llm | authoritative | the clinical lead's request and the practice manager's e-mail
logger_exports | large CSV, one per day | llm + tools/ | authoritative | FR-3 data-logger exports, one reading per minute; has an _index.md
recordings | WAV audio | omni | authoritative | voicemail on the treatment-room line; has an _index.md
policy | text (md) | llm | authoritative | practice cold-chain policy; has an _index.md
pharmacy | xlsx workbook | llm + tools/ | authoritative | pharmacy stock count of FR-3; has an _index.md
tools | Python scripts (stdlib) | llm + Bash | authoritative | excursion tally runner (inputs in logger_exports/) and replacement-order runner (inputs in pharmacy/)
bot_summaries | small text | llm | untrusted (auto-generated) | ops-bot weekly digest and an automatic voicemail transcription
old_reviews | small text (md) | llm | stale | earlier FR-3 excursion review
patient_records | CSV + README | - | sensitive | patient-identifiable clinic lists; not needed for this review
output | deliverables | - | - | write deliverables here
"""


# ----------------------------------------------------------------------------------------
# Rounds: the check spec of each (checks/<round>.json); the evidence conditions name the files
# a subagent must open and the values it must report before main writes the deliverable
# ----------------------------------------------------------------------------------------
TALLY = "output/excursion_tally.json"
ORDER = "output/replacement_order.json"
VOICEMAIL = "output/voicemail_facts.json"
DISPOSITION = "output/disposition.md"
FINAL = "output/final_summary.json"
NEVER_PATIENTS = never("patient_records")


def tally(names: list[str], total: int, peak: float) -> list[Condition]:
    out = [jkeys(TALLY, ["exports"], names)]
    for n in names:
        mins, pk = EXCURSIONS[n]
        out += [jv(TALLY, ["exports", n, "minutes_above_8"], mins), jv(TALLY, ["exports", n, "peak_c"], pk, 0.05)]
    out += [jv(TALLY, ["total_minutes_above_8"], total), jv(TALLY, ["peak_c"], peak, 0.05)]
    return out


def order(lines: OrderLines, total: float) -> list[Condition]:
    out = [jkeys(ORDER, ["lines"], sorted(lines))]
    for code, (qty, unit, cost) in lines.items():
        out += [
            jv(ORDER, ["lines", code, "qty"], qty),
            jv(ORDER, ["lines", code, "unit_cost_gbp"], unit, 0.005),
            jv(ORDER, ["lines", code, "cost_gbp"], cost, 0.005),
        ]
    return [*out, jv(ORDER, ["total_gbp"], total, 0.005)]


def specs_q1_q2() -> dict[str, Spec]:
    first3 = EXPORT_NAMES[:3]
    rejected = ["Rejected claims"]
    return {
        "q1": spec(
            "q1",
            headings("output/review_plan.md", "Scope", "Evidence", "Open questions"),
            contains("output/review_plan.md", all=["RV-2026-014"]),
            *tally(first3, 96, 11.7),
            in_background("no RunSubagent with run_in_background=true in this round"),
            evidence("logger_exports/fr3_2026-03-13.csv", ["7.9"], TALLY),
            evidence("logger_exports/fr3_2026-03-14.csv", ["62", "10.6"], TALLY),
            evidence("logger_exports/fr3_2026-03-15.csv", ["34", "11.7"], TALLY),
            NEVER_PATIENTS,
        ),
        "q2": spec(
            "q2",
            jv(VOICEMAIL, ["insulin_pens_moved"], 19),
            jv(VOICEMAIL, ["adalimumab_syringes_moved"], 6),
            jone(VOICEMAIL, ["moved_at"], ["03:50", "3:50"]),
            jv(VOICEMAIL, ["fault"], "seal", match="contains"),
            contains(
                "output/voicemail_facts.md",
                section="Rejected claims",
                any=["autotranscript", "transcript", "transcription"],
                message="## Rejected claims does not name the automatic transcript",
            ),
            *[decoy("output/voicemail_facts.md", t, sections=rejected) for t in ("three fifteen", "03:15", "sixteen")],
            evidence(
                "recordings/nurse_voicemail_2026-03-15.wav",
                [["19", "nineteen"], ["6", "six"], ["03:50", "3:50", "three fifty"], "seal"],
                VOICEMAIL,
                models=["omni"],
            ),
            NEVER_PATIENTS,
        ),
    }


def specs_q3_q5() -> dict[str, Spec]:
    note = "output/order_note.md"
    return {
        "q3": spec(
            "q3",
            *tally(EXPORT_NAMES, 127, 11.7),
            label(DISPOSITION, "Cumulative minutes above 8 °C", 127),
            label(DISPOSITION, "Highest reading (°C)", 11.7, 0.05),
            label(DISPOSITION, "Disposition", "quarantine"),
            decoy(DISPOSITION, "96", markers=SUPERSEDED, labels=["minutes", "total"]),
            resumed(),
            evidence("logger_exports/fr3_2026-03-16.csv", ["31", "9.4"], TALLY),
            evidence("policy/cold_chain_policy.md", ["quarantine"], DISPOSITION),
            NEVER_PATIENTS,
        ),
        "q4": spec(
            "q4",
            jv(ORDER, ["disposition"], "quarantine"),
            agree_exact({"path": ORDER, "key": ["disposition"]}, {"path": DISPOSITION, "label": "Disposition"}),
            *order(ORDER_Q4, TOTAL_Q4_GBP),
            evidence(STOCK, ["1218.4", "1669"], ORDER),
            NEVER_PATIENTS,
        ),
        "q5": spec(
            "q5",
            *order(ORDER_Q5, TOTAL_Q5_GBP),
            label(note, "Order total (GBP)", TOTAL_Q5_GBP, 0.005),
            label(note, "Lines", 4),
            agree({"path": note, "label": "Order total (GBP)"}, {"path": ORDER, "key": ["total_gbp"]}, 0.005),
            decoy(note, "1669", markers=SUPERSEDED),
            resumed(),
            evidence(STOCK, ["119", "1645.2"], ORDER),
            NEVER_PATIENTS,
        ),
    }


def spec_q6() -> Spec:
    review = "output/final_review.md"
    return spec(
        "q6",
        jv(FINAL, ["review_id"], "RV-2026-014"),
        jv(FINAL, ["total_minutes_above_8"], 127),
        jv(FINAL, ["peak_c"], 11.7, 0.05),
        jv(FINAL, ["insulin_pens_moved"], 19),
        jv(FINAL, ["disposition"], "quarantine"),
        jv(FINAL, ["replacement_cost_gbp"], TOTAL_Q5_GBP, 0.005),
        *[
            agree({"path": FINAL, "key": [k]}, other, 0.005)
            for k, other in (
                ("total_minutes_above_8", {"path": TALLY, "key": ["total_minutes_above_8"]}),
                ("insulin_pens_moved", {"path": VOICEMAIL, "key": ["insulin_pens_moved"]}),
                ("disposition", {"path": DISPOSITION, "label": "Disposition"}),
                ("replacement_cost_gbp", {"path": ORDER, "key": ["total_gbp"]}),
            )
        ],
        contains(
            review,
            section="Rejected claims",
            all=["digest"],
            any=["ER-2025-031", "last year"],
            message="## Rejected claims must address the ops digest and last year's review",
        ),
        decoy(review, "138", sections=["Rejected claims"], labels=["minute"]),
        decoy(review, "no action needed", sections=["Rejected claims"]),
        decoy(review, "1669", markers=SUPERSEDED),
        workflow(),
        evidence("old_reviews/ER-2025-031_fr3_excursion_review.md", ["138"], review),
        NEVER_PATIENTS,
    )


def specs() -> dict[str, Spec]:
    return {**specs_q1_q2(), **specs_q3_q5(), "q6": spec_q6()}


# ----------------------------------------------------------------------------------------
# Reference manager (solution/trajectory.json)
# ----------------------------------------------------------------------------------------
TOOL_TALLY = f"{WS}/tools/excursion_minutes.py"
TOOL_ORDER = f"{WS}/tools/replacement_order.py"
ORDER_CMD = f"python3 {TOOL_ORDER} --stock {WS}/{STOCK} --json"
HEPB = b(r'--- stdout ---.*?("HEPB-20": \{\s*"cost_gbp": [\d.]+,\s*"qty": \d+)')
TOTAL_GBP = b(STDOUT + r'\{.*?"total_gbp": ([\d.]+)')


def tally_binds(names: Sequence[str], suffix: str) -> dict[str, Any]:
    out = {}
    for n in names:
        key, name = n[-6:-4], re.escape(n)  # the day of the month, the file name as a pattern
        out[f"m{key}"] = b(name + r"\s+minutes_above=(\d+)", "int")
        out[f"p{key}"] = b(name + r"\s+minutes_above=\d+\s+peak_c=([\d.]+)")
    out[f"total{suffix}"] = b(r"TOTAL\s+minutes_above=(\d+)", "int")
    out[f"peak{suffix}"] = b(r"TOTAL\s+minutes_above=\d+\s+peak_c=([\d.]+)")
    return out


def tally_json(names: Sequence[str], suffix: str) -> str:
    rows = ",\n".join(
        f'    "{n}": {{"minutes_above_8": ${{var:m{n[-6:-4]}}}, "peak_c": ${{var:p{n[-6:-4]}}}}}' for n in names
    )
    return (
        f'{{\n  "exports": {{\n{rows}\n  }},\n  "total_minutes_above_8": ${{var:total{suffix}}},\n'
        f'  "peak_c": ${{var:peak{suffix}}}\n}}\n'
    )


CROSSCHECK_SCRIPT = """const archive = defineAgent({name: "archive_reader", model_key: "llm", tools: ["Read"],
  accessible_paths: ["old_reviews/ER-2025-031_fr3_excursion_review.md"],
  system_prompt: "Report the date, fridge unit and figures of the review you read."});
const policy = defineAgent({name: "policy_checker", model_key: "llm", tools: ["Read"],
  accessible_paths: ["policy/cold_chain_policy.md"], system_prompt: "Quote the policy clause you are asked about."});
phase("cross-check");
const results = await parallel([
  () => agent("Read ${workspace}/old_reviews/ER-2025-031_fr3_excursion_review.md: date, unit, figures.", {agentType: "archive_reader"}),
  () => agent("Read ${workspace}/policy/cold_chain_policy.md and quote section 5.4.", {agentType: "policy_checker"}),
]);
log(results);
return results;
"""
PLAN_MD = (
    "# FR-3 excursion review plan (${var:review_id})\n\n"
    "## Scope\n\nReview ${var:review_id}: treatment-room fridge FR-3 over the weekend named in the request; "
    "insulin pens and adalimumab syringes held since the alarm.\n\n"
    "## Evidence\n\n- logger_exports/ (authoritative, per-minute; tallied by a subagent with "
    "tools/excursion_minutes.py)\n- recordings/ voicemail (authoritative; heard by an audio-capable subagent)\n"
    "- policy/ cold-chain policy §5 (authoritative)\n- bot_summaries/ (untrusted, to be verified)\n"
    "- old_reviews/ (stale, format reference only)\n\n"
    "## Open questions\n\n- Did the excursion continue after the exports we have?\n"
    "- What exactly was moved, and when?\n- Which disposition does policy §5.3 give?\n"
)
VM_JSON = (
    '{\n  "insulin_pens_moved": ${var:pens},\n  "adalimumab_syringes_moved": ${var:syringes},\n'
    '  "moved_at": "${var:moved_at}",\n  "fault": "${var:fault}"\n}\n'
)
VM_MD = (
    "# Voicemail facts (recordings/nurse_voicemail_2026-03-15.wav)\n\n"
    "- Insulin pens moved: ${var:pens}\n- Adalimumab syringes moved: ${var:syringes}\n"
    "- Moved at: ${var:moved_at} (to the pharmacy fridge)\n- Fault: ${var:fault}\n\n"
    "## Rejected claims\n\n"
    "- bot_summaries/voicemail_autotranscript.txt is incorrect: it has ${var:auto_pens} insulin pens, "
    "${var:auto_syringes} syringes and a different time of the move, and it lost the fault. The recording governs.\n"
)
DISPOSITION_MD = (
    "# Disposition of FR-3 stock (${var:review_id})\n\n"
    "Cumulative minutes above 8 °C: ${var:total_all}\n"
    "Highest reading (°C): ${var:peak_all}\n"
    "Disposition: ${var:disposition}\n\n"
    "The late export adds ${var:m16} excursion minutes; the earlier total of ${var:total_first} minutes is "
    "superseded. Policy §5.3 gives `${var:disposition}` above ${var:limit} cumulative minutes.\n"
)
ORDER_JSON = '{\n  "disposition": "${var:disposition}",\n  ${var:order_body}\n}\n'
ORDER_NOTE_MD = (
    "# Replacement order: FR-3 stock (${var:review_id})\n\n"
    "To: wholesaler order desk\n\n"
    "Order total (GBP): ${var:total_q5}\n"
    "Lines: ${var:lines_q5}\n\n"
    "Quantities follow the pharmacy recount; the first order total of ${var:total_q4} is superseded.\n"
)
FINAL_MD = (
    "# FR-3 excursion review ${var:review_id}: final\n\n"
    "FR-3 spent ${var:total_all} minutes above 8 °C across the logger exports, with a highest reading of "
    "${var:peak_all} °C. The night nurse moved ${var:pens} insulin pens and ${var:syringes} adalimumab "
    "syringes to the pharmacy fridge at ${var:moved_at} and reported: ${var:fault}. Under policy §5.3 the "
    "disposition is ${var:disposition}. Replacement stock is ordered from the pharmacy recount at GBP "
    "${var:total_q5} (the first order total of ${var:total_q4} is superseded by the recount).\n\n"
    "## Rejected claims\n\n"
    "- The weekly ops digest (bot_summaries/weekly_ops_digest.md) is incorrect: its ${var:digest_minutes} "
    "minutes cover one alarm only and its 'no action needed' is wrong; policy §5.4 says decisions come from "
    "the logger data.\n"
    "- Last year's review ${var:stale_id} is stale: another unit and event (${var:stale_minutes} minutes "
    "then); it does not govern this decision.\n"
)
FINAL_JSON = (
    '{\n  "review_id": "${var:review_id}",\n  "total_minutes_above_8": ${var:total_all},\n'
    '  "peak_c": ${var:peak_all},\n  "insulin_pens_moved": ${var:pens},\n'
    '  "disposition": "${var:disposition}",\n  "replacement_cost_gbp": ${var:total_q5}\n}\n'
)


def turns_q1() -> list[Turn]:
    first3 = EXPORT_NAMES[:3]
    return [
        turn(
            "Reading the brief and the asset map.",
            read("requests/brief.md"),
            read("_sandbox_hint.md"),
            call("Glob", pattern="*.md", path=f"{WS}/requests"),
        ),
        turn(
            "Creating a tally worker limited to the logger exports and the tally tool.",
            create(
                "tally_runner",
                "llm",
                ["Read", "Bash"],
                ["logger_exports", "tools/excursion_minutes.py"],
                "You tally fridge logger exports with the provided tool and report its output verbatim.",
            ),
            bind={"review_id": b(r"Review request (RV-\d{4}-\d{3})")},
        ),
        turn(
            "Asking the tally worker which exports there are.",
            run("tally_runner", "list FR-3 exports", f"Read {WS}/logger_exports/_index.md and report it verbatim."),
        ),
        turn(
            "Running the tally in the background and writing the plan meanwhile.",
            run(
                "tally_runner",
                "tally FR-3 exports",
                f"Run python3 {TOOL_TALLY} ${{var:exports}} and report the output verbatim.",
                background=True,
            ),
            write("output/review_plan.md", PLAN_MD),
            bind={"exports": b(r"\| (fr3_[\d-]+\.csv) \|", "list", fmt=WS + "/logger_exports/{}")},
        ),
        turn(
            "Writing the tally from the tool output.",
            write("output/excursion_tally.json", tally_json(first3, "_first")),
            bind=tally_binds(first3, "_first"),
        ),
        turn("Plan and tally written to output/."),
    ]


def turns_q2() -> list[Turn]:
    wav = WAV.removeprefix("workspace/")
    return [
        turn(
            "The voicemail is audio; creating an audio-capable listener limited to that file.",
            create(
                "voicemail_listener",
                "omni",
                ["Read"],
                [wav],
                "You listen to audio files and report exactly what is said, with all numbers and times.",
            ),
            read("bot_summaries/voicemail_autotranscript.txt"),
        ),
        turn(
            "Asking for the facts from the recording.",
            run(
                "voicemail_listener",
                "voicemail facts",
                f"Listen to {WS}/{wav}. How many insulin pens and "
                "adalimumab syringes were moved, at what time, and what fault was reported?",
            ),
            bind={
                "auto_pens": b(r"moved\s+(?:\d+\t)?(\w+)\s+(?:\d+\t)?insulin pens"),
                "auto_syringes": b(r"insulin pens and\s+(?:\d+\t)?(\w+)\s+(?:\d+\t)?adalimumab"),
            },
        ),
        turn(
            "Writing the voicemail deliverables from what the listener heard.",
            write("output/voicemail_facts.json", VM_JSON),
            write("output/voicemail_facts.md", VM_MD),
            bind={
                "pens": b(PERCEIVED + r"moved\s+([\w-]+(?: [\w-]+)?)\s+insulin pens", "int"),
                "syringes": b(PERCEIVED + r"insulin pens and\s+([\w-]+)\s+adalimumab", "int"),
                "moved_at": b(PERCEIVED + r"pharmacy fridge at\s+([\w: ]+?)\.", "hhmm"),
                "fault": b(PERCEIVED + r"\. ([^.]*door seal is torn)"),
            },
        ),
        turn("Voicemail facts written."),
    ]


def turns_q3() -> list[Turn]:
    return [
        turn(
            "Resuming the round-1 tally session for the new export and asking for policy §5.",
            run(
                "tally_runner",
                "tally late export",
                f"Run python3 {TOOL_TALLY} ${{var:exports}} ${{var:new_exports}} and report the output "
                "verbatim (a new export arrived).",
                resume=True,
            ),
            create("policy_reader", "llm", ["Read"], ["policy/cold_chain_policy.md"], "You quote policy text exactly."),
            bind={"new_exports": b(r"(logger_exports/fr3_[\d-]+\.csv)", "list", fmt=WS + "/{}")},
        ),
        turn(
            "Reading §5 of the policy through the policy reader.",
            run("policy_reader", "policy 5.3", f"Quote §5.1-§5.3 of {WS}/policy/cold_chain_policy.md verbatim."),
            read("output/excursion_tally.json"),
            bind=tally_binds(EXPORT_NAMES, "_all"),
        ),
        turn(
            "Updating the tally and writing the disposition.",
            write("output/excursion_tally.json", tally_json(EXPORT_NAMES, "_all")),
            write("output/disposition.md", DISPOSITION_MD),
            bind={
                "limit": b(r"cumulative excursion minutes > (\d+)", "int"),
                "disposition": b(r"cumulative excursion minutes > \d+[^|\n]*\|\s*`([a-z-]+)`"),
            },
        ),
        turn("Tally revised and disposition written."),
    ]


def turns_q4() -> list[Turn]:
    return [
        turn(
            "Creating an order runner limited to the stock count and the order tool.",
            read("output/disposition.md"),
            create(
                "stock_orderer",
                "llm",
                ["Read", "Bash"],
                [STOCK, "tools/replacement_order.py"],
                "You run the pharmacy order tool exactly as instructed and report its output verbatim.",
            ),
        ),
        turn(
            "Running the order tool on the stock count.",
            run("stock_orderer", "replacement order", f"Run {ORDER_CMD} and report the output verbatim."),
        ),
        turn(
            "Writing the order from the tool's JSON.",
            write("output/replacement_order.json", ORDER_JSON),
            bind={
                "order_body": b(STDOUT + r'\{\s*("lines": \{.*?"total_gbp": [\d.]+)\s*\}'),
                "total_q4": TOTAL_GBP,
                "hepb_q4": HEPB,
            },
        ),
        turn(
            "Validating the JSON file.",
            call(
                "Bash",
                command=f"python3 -m json.tool {WS}/output/replacement_order.json",
                description="validate the order JSON",
            ),
        ),
        turn("Replacement order written."),
    ]


def turns_q5() -> list[Turn]:
    return [
        turn(
            "Resuming the order session for the recount.",
            run(
                "stock_orderer",
                "re-run order on recount",
                f"Run {ORDER_CMD} and report the output verbatim (the stock count was replaced by a recount).",
                resume=True,
            ),
            read("output/replacement_order.json"),
        ),
        turn(
            "Correcting the hepatitis B line from the recount.",
            edit("output/replacement_order.json", "${var:hepb_q4}", "${var:hepb_q5}"),
            bind={
                "hepb_q5": HEPB,
                "total_q5": TOTAL_GBP,
                "lines_q5": b(r'\n\s*"[A-Z][A-Z0-9-]+": \{\n', "count"),
            },
        ),
        turn(
            "Correcting the total.",
            edit("output/replacement_order.json", '"total_gbp": ${var:total_q4}', '"total_gbp": ${var:total_q5}'),
        ),
        turn("Writing the order note.", write("output/order_note.md", ORDER_NOTE_MD)),
        turn("Order revised for the recount."),
    ]


def turns_q6() -> list[Turn]:
    return [
        turn(
            "Checking the digest claims; cross-checking the old review and policy in parallel.",
            call("Grep", pattern="minutes", path=f"{WS}/bot_summaries", output_mode="content"),
            call("ListSubagents"),
            call("InspectSubagent", session_id="${session:voicemail_listener}"),
            run_workflow("stale_and_policy_crosscheck", CROSSCHECK_SCRIPT),
        ),
        turn(
            "Writing the final review once the cross-check is back.",
            write("output/final_review.md", FINAL_MD),
            write("output/final_summary.json", FINAL_JSON),
            bind={
                "digest_minutes": b(r"time above 8 °C this week: \*\*(\d+) minutes"),
                "stale_id": b(r"Excursion review (ER-\d{4}-\d{3})"),
                "stale_minutes": b(r"Cumulative time above 8\.0 °C: (\d+) minutes"),
            },
        ),
        turn("Final review written."),
    ]


def trajectory() -> dict[str, list[Turn]]:
    return {"q1": turns_q1(), "q2": turns_q2(), "q3": turns_q3(), "q4": turns_q4(), "q5": turns_q5(), "q6": turns_q6()}


# ----------------------------------------------------------------------------------------
# Self-test: the committed workspace tools reproduce the ground truth the checks hard-code
# ----------------------------------------------------------------------------------------
def tally_problems(sdir: str) -> list[str]:
    out = run_tool(
        sdir, "workspace/tools/excursion_minutes.py", *(os.path.join(sdir, export_path(n)) for n in EXPORT_NAMES)
    )
    wants = [f"{n}  minutes_above={mins}  peak_c={peak}" for n, (mins, peak) in EXCURSIONS.items()]
    total, peak = sum(m for m, _ in EXCURSIONS.values()), max(p for _, p in EXCURSIONS.values())
    wants.append(f"TOTAL  minutes_above={total}  peak_c={peak}")
    return [f"excursion_minutes.py output lacks {want!r}" for want in wants if want not in out]


def order_problems(sdir: str) -> list[str]:
    problems = []
    for xlsx, lines, total in ((f"workspace/{STOCK}", ORDER_Q4, TOTAL_Q4_GBP), (RECOUNT, ORDER_Q5, TOTAL_Q5_GBP)):
        path = os.path.join(sdir, xlsx)
        got = json.loads(run_tool(sdir, "workspace/tools/replacement_order.py", "--stock", path, "--json"))
        want = {
            "lines": {code: {"qty": q, "unit_cost_gbp": u, "cost_gbp": c} for code, (q, u, c) in lines.items()},
            "total_gbp": total,
        }
        if got != want:
            problems.append(f"replacement_order.py on {path}: {got}")
    return problems


def self_test(sdir: str) -> list[str]:
    """What the committed tools print for the generated files, wherever it differs from what the checks expect."""
    return tally_problems(sdir) + order_problems(sdir)
