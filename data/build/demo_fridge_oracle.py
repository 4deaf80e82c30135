"""The reference manager of s_demo_treatment_room_fridge (solution/trajectory.json).

Honest by construction: no figure of the answer is written into the script. Every value
in a deliverable is a ``${var:NAME}`` bound by a turn's ``bind`` from what the manager was
told (a subagent's reply, a task notification, or a file the manager may read itself);
each subagent gets exactly the tools it uses and file-level paths where the files are
known in advance (a folder only where an update adds files to it).
"""

from __future__ import annotations

import re

from kit.trajectory import bind as b
from kit.trajectory import call, turn

__all__ = ["b", "call", "fridge_solution", "turn"]

WS = "${workspace}"
TOOL_TALLY = f"{WS}/tools/excursion_minutes.py"
TOOL_ORDER = f"{WS}/tools/replacement_order.py"
STOCK = f"{WS}/pharmacy/fr3_stock_count_2026-03-13.xlsx"
EXPORTS = ("fr3_2026-03-13.csv", "fr3_2026-03-14.csv", "fr3_2026-03-15.csv", "fr3_2026-03-16.csv")


def tally_binds(names, suffix: str) -> dict:
    out = {}
    for n in names:
        key, name = n[-6:-4], re.escape(n)  # the day of the month, the file name as a pattern
        out[f"m{key}"] = b(name + r"\s+minutes_above=(\d+)", "int")
        out[f"p{key}"] = b(name + r"\s+minutes_above=\d+\s+peak_c=([\d.]+)")
    out[f"total{suffix}"] = b(r"TOTAL\s+minutes_above=(\d+)", "int")
    out[f"peak{suffix}"] = b(r"TOTAL\s+minutes_above=\d+\s+peak_c=([\d.]+)")
    return out


def tally_json(names, suffix: str) -> str:
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


def fridge_solution() -> dict:
    first3 = EXPORTS[:3]
    plan = (
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
    vm_json = (
        '{\n  "insulin_pens_moved": ${var:pens},\n  "adalimumab_syringes_moved": ${var:syringes},\n'
        '  "moved_at": "${var:moved_at}",\n  "fault": "${var:fault}"\n}\n'
    )
    vm_md = (
        "# Voicemail facts (recordings/nurse_voicemail_2026-03-15.wav)\n\n"
        "- Insulin pens moved: ${var:pens}\n- Adalimumab syringes moved: ${var:syringes}\n"
        "- Moved at: ${var:moved_at} (to the pharmacy fridge)\n- Fault: ${var:fault}\n\n"
        "## Rejected claims\n\n"
        "- bot_summaries/voicemail_autotranscript.txt is incorrect: it has ${var:auto_pens} insulin pens, "
        "${var:auto_syringes} syringes and a different time of the move, and it lost the fault. The recording governs.\n"
    )
    disp = (
        "# Disposition of FR-3 stock (${var:review_id})\n\n"
        "Cumulative minutes above 8 °C: ${var:total_all}\n"
        "Highest reading (°C): ${var:peak_all}\n"
        "Disposition: ${var:disposition}\n\n"
        "The late export adds ${var:m16} excursion minutes; the earlier total of ${var:total_first} minutes is "
        "superseded. Policy §5.3 gives `${var:disposition}` above ${var:limit} cumulative minutes.\n"
    )
    order_json = '{\n  "disposition": "${var:disposition}",\n  ${var:order_body}\n}\n'
    order_note = (
        "# Replacement order: FR-3 stock (${var:review_id})\n\n"
        "To: wholesaler order desk\n\n"
        "Order total (GBP): ${var:total_q5}\n"
        "Lines: ${var:lines_q5}\n\n"
        "Quantities follow the pharmacy recount; the first order total of ${var:total_q4} is superseded.\n"
    )
    final_md = (
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
    final_json = (
        '{\n  "review_id": "${var:review_id}",\n  "total_minutes_above_8": ${var:total_all},\n'
        '  "peak_c": ${var:peak_all},\n  "insulin_pens_moved": ${var:pens},\n'
        '  "disposition": "${var:disposition}",\n  "replacement_cost_gbp": ${var:total_q5}\n}\n'
    )
    order_cmd = f"python3 {TOOL_ORDER} --stock {STOCK} --json"
    return {
        "q1": [
            turn(
                "Reading the brief and the asset map.",
                call("Read", file_path=f"{WS}/requests/brief.md"),
                call("Read", file_path=f"{WS}/_sandbox_hint.md"),
                call("Glob", pattern="*.md", path=f"{WS}/requests"),
            ),
            turn(
                "Creating a tally worker limited to the logger exports and the tally tool.",
                call(
                    "CreateSubagent",
                    name="tally_runner",
                    model_key="llm",
                    tools=["Read", "Bash"],
                    accessible_paths=["logger_exports", "tools/excursion_minutes.py"],
                    system_prompt="You tally fridge logger exports with the provided tool and report its output verbatim.",
                ),
                bind={"review_id": b(r"Review request (RV-\d{4}-\d{3})")},
            ),
            turn(
                "Asking the tally worker which exports there are.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:tally_runner}",
                    description="list FR-3 exports",
                    prompt=f"Read {WS}/logger_exports/_index.md and report it verbatim.",
                    run_in_background=False,
                ),
            ),
            turn(
                "Running the tally in the background and writing the plan meanwhile.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:tally_runner}",
                    description="tally FR-3 exports",
                    prompt=f"Run python3 {TOOL_TALLY} ${{var:exports}} and report the output verbatim.",
                    run_in_background=True,
                ),
                call("Write", file_path=f"{WS}/output/review_plan.md", content=plan),
                bind={"exports": {"re": r"\| (fr3_[\d-]+\.csv) \|", "as": "list", "fmt": WS + "/logger_exports/{}"}},
            ),
            turn(
                "Writing the tally from the tool output.",
                call("Write", file_path=f"{WS}/output/excursion_tally.json", content=tally_json(first3, "_first")),
                bind=tally_binds(first3, "_first"),
            ),
            turn("Plan and tally written to output/."),
        ],
        "q2": [
            turn(
                "The voicemail is audio; creating an audio-capable listener limited to that file.",
                call(
                    "CreateSubagent",
                    name="voicemail_listener",
                    model_key="omni",
                    tools=["Read"],
                    accessible_paths=["recordings/nurse_voicemail_2026-03-15.wav"],
                    system_prompt="You listen to audio files and report exactly what is said, with all numbers and times.",
                ),
                call("Read", file_path=f"{WS}/bot_summaries/voicemail_autotranscript.txt"),
            ),
            turn(
                "Asking for the facts from the recording.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:voicemail_listener}",
                    description="voicemail facts",
                    prompt=f"Listen to {WS}/recordings/nurse_voicemail_2026-03-15.wav. How many insulin pens and "
                    "adalimumab syringes were moved, at what time, and what fault was reported?",
                    run_in_background=False,
                ),
                bind={
                    "auto_pens": b(r"moved\s+(?:\d+\t)?(\w+)\s+(?:\d+\t)?insulin pens"),
                    "auto_syringes": b(r"insulin pens and\s+(?:\d+\t)?(\w+)\s+(?:\d+\t)?adalimumab"),
                },
            ),
            turn(
                "Writing the voicemail deliverables from what the listener heard.",
                call("Write", file_path=f"{WS}/output/voicemail_facts.json", content=vm_json),
                call("Write", file_path=f"{WS}/output/voicemail_facts.md", content=vm_md),
                bind={
                    "pens": b(r"\(perceived\):.*?moved\s+([\w-]+(?: [\w-]+)?)\s+insulin pens", "int"),
                    "syringes": b(r"\(perceived\):.*?insulin pens and\s+([\w-]+)\s+adalimumab", "int"),
                    "moved_at": b(r"\(perceived\):.*?pharmacy fridge at\s+([\w: ]+?)\.", "hhmm"),
                    "fault": b(r"\(perceived\):.*?\. ([^.]*door seal is torn)"),
                },
            ),
            turn("Voicemail facts written."),
        ],
        "q3": [
            turn(
                "Resuming the round-1 tally session for the new export and asking for policy §5.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:tally_runner}",
                    session_id="${session:tally_runner}",
                    description="tally late export",
                    prompt=f"Run python3 {TOOL_TALLY} ${{var:exports}} ${{var:new_exports}} and report the output "
                    "verbatim (a new export arrived).",
                    run_in_background=False,
                ),
                call(
                    "CreateSubagent",
                    name="policy_reader",
                    model_key="llm",
                    tools=["Read"],
                    accessible_paths=["policy/cold_chain_policy.md"],
                    system_prompt="You quote policy text exactly.",
                ),
                bind={"new_exports": {"re": r"(logger_exports/fr3_[\d-]+\.csv)", "as": "list", "fmt": WS + "/{}"}},
            ),
            turn(
                "Reading §5 of the policy through the policy reader.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:policy_reader}",
                    description="policy 5.3",
                    prompt=f"Quote §5.1-§5.3 of {WS}/policy/cold_chain_policy.md verbatim.",
                    run_in_background=False,
                ),
                call("Read", file_path=f"{WS}/output/excursion_tally.json"),
                bind=tally_binds(EXPORTS, "_all"),
            ),
            turn(
                "Updating the tally and writing the disposition.",
                call("Write", file_path=f"{WS}/output/excursion_tally.json", content=tally_json(EXPORTS, "_all")),
                call("Write", file_path=f"{WS}/output/disposition.md", content=disp),
                bind={
                    "limit": b(r"cumulative excursion minutes > (\d+)", "int"),
                    "disposition": b(r"cumulative excursion minutes > \d+[^|\n]*\|\s*`([a-z-]+)`"),
                },
            ),
            turn("Tally revised and disposition written."),
        ],
        "q4": [
            turn(
                "Creating an order runner limited to the stock count and the order tool.",
                call("Read", file_path=f"{WS}/output/disposition.md"),
                call(
                    "CreateSubagent",
                    name="stock_orderer",
                    model_key="llm",
                    tools=["Read", "Bash"],
                    accessible_paths=["pharmacy/fr3_stock_count_2026-03-13.xlsx", "tools/replacement_order.py"],
                    system_prompt="You run the pharmacy order tool exactly as instructed and report its output verbatim.",
                ),
            ),
            turn(
                "Running the order tool on the stock count.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:stock_orderer}",
                    description="replacement order",
                    prompt=f"Run {order_cmd} and report the output verbatim.",
                    run_in_background=False,
                ),
            ),
            turn(
                "Writing the order from the tool's JSON.",
                call("Write", file_path=f"{WS}/output/replacement_order.json", content=order_json),
                bind={
                    "order_body": b(r'--- stdout ---\s*\{\s*("lines": \{.*?"total_gbp": [\d.]+)\s*\}'),
                    "total_q4": b(r'--- stdout ---\s*\{.*?"total_gbp": ([\d.]+)'),
                    "hepb_q4": b(r'--- stdout ---.*?("HEPB-20": \{\s*"cost_gbp": [\d.]+,\s*"qty": \d+)'),
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
        ],
        "q5": [
            turn(
                "Resuming the order session for the recount.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:stock_orderer}",
                    session_id="${session:stock_orderer}",
                    description="re-run order on recount",
                    prompt=f"Run {order_cmd} and report the output verbatim (the stock count was replaced by a recount).",
                    run_in_background=False,
                ),
                call("Read", file_path=f"{WS}/output/replacement_order.json"),
            ),
            turn(
                "Correcting the hepatitis B line from the recount.",
                call(
                    "Edit",
                    file_path=f"{WS}/output/replacement_order.json",
                    old_string="${var:hepb_q4}",
                    new_string="${var:hepb_q5}",
                    replace_all=False,
                ),
                bind={
                    "hepb_q5": b(r'--- stdout ---.*?("HEPB-20": \{\s*"cost_gbp": [\d.]+,\s*"qty": \d+)'),
                    "total_q5": b(r'--- stdout ---\s*\{.*?"total_gbp": ([\d.]+)'),
                    "lines_q5": b(r'\n\s*"[A-Z][A-Z0-9-]+": \{\n', "count"),
                },
            ),
            turn(
                "Correcting the total.",
                call(
                    "Edit",
                    file_path=f"{WS}/output/replacement_order.json",
                    old_string='"total_gbp": ${var:total_q4}',
                    new_string='"total_gbp": ${var:total_q5}',
                    replace_all=False,
                ),
            ),
            turn("Writing the order note.", call("Write", file_path=f"{WS}/output/order_note.md", content=order_note)),
            turn("Order revised for the recount."),
        ],
        "q6": [
            turn(
                "Checking the digest claims; cross-checking the old review and policy in parallel.",
                call("Grep", pattern="minutes", path=f"{WS}/bot_summaries", output_mode="content"),
                call("ListSubagents"),
                call("InspectSubagent", session_id="${session:voicemail_listener}"),
                call("Workflow", name="stale_and_policy_crosscheck", args={}, script=WORKFLOW),
            ),
            turn(
                "Writing the final review once the cross-check is back.",
                call("Write", file_path=f"{WS}/output/final_review.md", content=final_md),
                call("Write", file_path=f"{WS}/output/final_summary.json", content=final_json),
                bind={
                    "digest_minutes": b(r"time above 8 °C this week: \*\*(\d+) minutes"),
                    "stale_id": b(r"Excursion review (ER-\d{4}-\d{3})"),
                    "stale_minutes": b(r"Cumulative time above 8\.0 °C: (\d+) minutes"),
                },
            ),
            turn("Final review written."),
        ],
    }
