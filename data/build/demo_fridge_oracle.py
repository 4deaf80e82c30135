"""The reference manager of s_demo_treatment_room_fridge (solution/trajectory.json).

Honest by construction: no figure of the answer is written into the script. Every value
in a deliverable is a ``${var:NAME}`` bound by a turn's ``bind`` from what the manager was
told (a subagent's reply, a task notification, or a file the manager may read itself);
each subagent gets exactly the tools it uses and file-level paths where the files are
known in advance (a folder only where an update adds files to it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from demo_trajectory import PERCEIVED, STDOUT, WS, call, create, edit, read, run, turn, workflow, write
from demo_trajectory import bind as b
from kit.trajectory import Turn

__all__ = ["fridge_solution"]

TOOL_TALLY = f"{WS}/tools/excursion_minutes.py"
TOOL_ORDER = f"{WS}/tools/replacement_order.py"
STOCK = f"{WS}/pharmacy/fr3_stock_count_2026-03-13.xlsx"
EXPORTS = ("fr3_2026-03-13.csv", "fr3_2026-03-14.csv", "fr3_2026-03-15.csv", "fr3_2026-03-16.csv")
FIRST3 = EXPORTS[:3]
ORDER_CMD = f"python3 {TOOL_ORDER} --stock {STOCK} --json"
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


WORKFLOW = """const archive = defineAgent({name: "archive_reader", model_key: "llm", tools: ["Read"],
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


PLAN = (
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
DISPOSITION = (
    "# Disposition of FR-3 stock (${var:review_id})\n\n"
    "Cumulative minutes above 8 °C: ${var:total_all}\n"
    "Highest reading (°C): ${var:peak_all}\n"
    "Disposition: ${var:disposition}\n\n"
    "The late export adds ${var:m16} excursion minutes; the earlier total of ${var:total_first} minutes is "
    "superseded. Policy §5.3 gives `${var:disposition}` above ${var:limit} cumulative minutes.\n"
)
ORDER_JSON = '{\n  "disposition": "${var:disposition}",\n  ${var:order_body}\n}\n'
ORDER_NOTE = (
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


def q1() -> list[Turn]:
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
            write("output/review_plan.md", PLAN),
            bind={"exports": b(r"\| (fr3_[\d-]+\.csv) \|", "list", fmt=WS + "/logger_exports/{}")},
        ),
        turn(
            "Writing the tally from the tool output.",
            write("output/excursion_tally.json", tally_json(FIRST3, "_first")),
            bind=tally_binds(FIRST3, "_first"),
        ),
        turn("Plan and tally written to output/."),
    ]


def q2() -> list[Turn]:
    wav = "recordings/nurse_voicemail_2026-03-15.wav"
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


def q3() -> list[Turn]:
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
            bind=tally_binds(EXPORTS, "_all"),
        ),
        turn(
            "Updating the tally and writing the disposition.",
            write("output/excursion_tally.json", tally_json(EXPORTS, "_all")),
            write("output/disposition.md", DISPOSITION),
            bind={
                "limit": b(r"cumulative excursion minutes > (\d+)", "int"),
                "disposition": b(r"cumulative excursion minutes > \d+[^|\n]*\|\s*`([a-z-]+)`"),
            },
        ),
        turn("Tally revised and disposition written."),
    ]


def q4() -> list[Turn]:
    return [
        turn(
            "Creating an order runner limited to the stock count and the order tool.",
            read("output/disposition.md"),
            create(
                "stock_orderer",
                "llm",
                ["Read", "Bash"],
                ["pharmacy/fr3_stock_count_2026-03-13.xlsx", "tools/replacement_order.py"],
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


def q5() -> list[Turn]:
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
        turn("Writing the order note.", write("output/order_note.md", ORDER_NOTE)),
        turn("Order revised for the recount."),
    ]


def q6() -> list[Turn]:
    return [
        turn(
            "Checking the digest claims; cross-checking the old review and policy in parallel.",
            call("Grep", pattern="minutes", path=f"{WS}/bot_summaries", output_mode="content"),
            call("ListSubagents"),
            call("InspectSubagent", session_id="${session:voicemail_listener}"),
            workflow("stale_and_policy_crosscheck", WORKFLOW),
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


def fridge_solution() -> dict[str, list[Turn]]:
    return {"q1": q1(), "q2": q2(), "q3": q3(), "q4": q4(), "q5": q5(), "q6": q6()}
