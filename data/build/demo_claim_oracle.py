"""The reference manager of s_demo_supplier_shortfall_claim (solution/trajectory.json).

As for the fridge scenario: every answer value is a ``${var:NAME}`` bound from what the
manager was told (subagent replies, task notifications, files it may read itself), never
a stored figure; each subagent gets exactly the tools it uses and the files it needs.
"""

from __future__ import annotations

from demo_fridge_oracle import b, call, turn

WS = "${workspace}"
SKUS = ("KP-TP-350", "KP-TP-420", "KP-FX-12", "KP-HB-08")
PERCEIVED = r"\(perceived\):.*?"
STDOUT = r"--- stdout ---\s*"

WORKFLOW = """const terms = defineAgent({name: "terms_reader", model_key: "llm", tools: ["Read"],
  accessible_paths: ["purchasing/supply_terms_kestrel.docx"], system_prompt: "Quote contract clauses verbatim with their numbers."});
const po = defineAgent({name: "po_reader", model_key: "llm", tools: ["Read"],
  accessible_paths: ["purchasing/po_PO-55812.csv"], system_prompt: "Report purchase-order lines exactly as written."});
phase("terms and order");
const results = await parallel([
  () => agent("Read ${workspace}/purchasing/supply_terms_kestrel.docx and quote §4 verbatim.", {agentType: terms}),
  () => agent("Read ${workspace}/purchasing/po_PO-55812.csv and list every line with its ordered quantity.", {agentType: po}),
]);
log(results);
return results;
"""


def claim_solution() -> dict:
    calc_cmd = (
        f"python3 {WS}/tools/shortfall_calc.py --invoice {WS}/purchasing/invoice_KP-90417.csv "
        f"--received {WS}/output/grn_fields.json --json"
    )
    seal_cmd = f"python3 {WS}/tools/seal_claim.py --seal {WS}/vault/claim_seal.key {WS}/output/claim.json"
    plan = (
        "# Shortfall claim plan\n\n"
        "## Scope\n\n${var:po} from ${var:supplier}, invoiced in full on invoice ${var:invoice}.\n\n"
        "## Evidence\n\n- scans/ signed GRN (authoritative; read by a vision subagent)\n"
        "- purchasing/ PO, invoice, supply terms (authoritative; delegated)\n"
        "- bot_notes/ account digest and OCR export (untrusted)\n"
        "- archive/ earlier claim (stale, another order)\n\n"
        "## Steps\n\n1. Read the GRN scan.\n2. Compute the claim with tools/shortfall_calc.py.\n"
        "3. Seal it with tools/seal_claim.py.\n4. Write the claim letter.\n\n"
        "## Risks\n\n- OCR misreads.\n- Invoice reissued before the payment run.\n"
    )
    rows = ",\n".join(f'    "{s}": ${{var:r_{s}}}' for s in SKUS)
    grn = (
        '{\n  "grn_id": "${var:grn_id}",\n  "received_by": "${var:received_by}",\n'
        f'  "received": {{\n{rows}\n  }}\n}}\n'
    )
    notes = (
        "# GRN notes\n\nRead from scans/grn_PO-55812_signed.png by a vision subagent.\n\n"
        "## Rejected claims\n\n"
        "- bot_notes/grn_ocr_export.txt (the OCR export) is incorrect: GRN number ${var:ocr_grn} (misread), "
        "KP-TP-350 received ${var:ocr_350} (the scan shows ${var:r_KP-TP-350}), KP-FX-12 received "
        "${var:ocr_fx} (the scan shows ${var:r_KP-FX-12}), received by '${var:ocr_by}' (misread signature).\n"
    )
    terms = (
        '{\n  "notice_working_days": ${var:notice},\n  "claim_deadline": "${var:deadline}",\n'
        '  "claims_contact": "${var:contact}",\n  "valuation_clause": "${var:clause}",\n'
        '  "po_units_ordered": ${var:units}\n}\n'
    )
    claim = '{\n  "po": "${var:po}",\n  "grn_id": "${var:grn_id}",\n  ${var:claim_body}\n}\n'
    letter = (
        "# Shortfall claim: ${var:po}\n\n"
        "To: ${var:supplier}, accounts\n\n"
        "Our signed goods-received note ${var:grn_id} shows fewer items than invoiced. Valued at the unit "
        "prices of the reissued invoice, we will short-pay by the amount below.\n\n"
        "Claim total (EUR): ${var:total_q5}\n"
        "Invoice: ${var:invoice_r}\n"
        "Amount to short-pay (EUR): ${var:total_q5}\n\n"
        "The earlier figure of ${var:total_q4} EUR, computed on the original invoice, is superseded.\n\n"
        "## Rejected claims\n\n"
        "- The account bot's digest is incorrect: its estimate of EUR ${var:digest_estimate} does not match "
        "the signed GRN or the invoice.\n"
    )
    summary = (
        '{\n  "po": "${var:po}",\n  "grn_id": "${var:grn_id}",\n  "invoice": "${var:invoice_r}",\n'
        '  "claim_total_eur": ${var:total_q5},\n  "credit_note": "${var:credit_note}",\n'
        '  "credited_eur": ${var:credited},\n  "net_short_pay_eur": ${var:net},\n'
        '  "claim_deadline": "${var:deadline}"\n}\n'
    )
    calc_grant = [
        "purchasing/invoice_KP-90417.csv",
        "tools/shortfall_calc.py",
        "tools/seal_claim.py",
        "vault/claim_seal.key",
        "output/grn_fields.json",
        "output/claim.json",
    ]
    return {
        "q1": [
            turn(
                "Reading the brief, finance notes and the asset map.",
                call("Read", file_path=f"{WS}/requests/brief.md"),
                call("Read", file_path=f"{WS}/requests/notes_from_finance.md"),
                call("Read", file_path=f"{WS}/_sandbox_hint.md"),
                call("Glob", pattern="*", path=f"{WS}/bot_notes"),
                call("Grep", pattern="PO-[0-9]+", path=f"{WS}/requests", output_mode="content", **{"-n": True}),
                call("Bash", command=f"wc -c {WS}/requests/*.md {WS}/bot_notes/*", description="size the inputs"),
            ),
            turn(
                "Writing the plan.",
                call("Write", file_path=f"{WS}/output/claim_plan.md", content=plan),
                bind={
                    "po": b(r"order \*\*(PO-\d+)\*\*"),
                    "supplier": b(r"from \*\*(Kestrel[^*]+?)\.?\*\*"),
                    "invoice": b(r"\(invoice (KP-\d+)\)"),
                },
            ),
            turn(
                "Re-reading the plan to add the payment deadline.", call("Read", file_path=f"{WS}/output/claim_plan.md")
            ),
            turn(
                "Adding the deadline risk.",
                call(
                    "Edit",
                    file_path=f"{WS}/output/claim_plan.md",
                    old_string="- Invoice reissued before the payment run.\n",
                    new_string="- Invoice reissued before the payment run.\n- Claim must be sealed before the payment run.\n",
                    replace_all=False,
                ),
            ),
            turn("Plan written."),
        ],
        "q2": [
            turn(
                "The GRN is a scan; creating a vision reader limited to that scan.",
                call(
                    "CreateSubagent",
                    name="grn_reader",
                    model_key="vlm",
                    tools=["Read"],
                    accessible_paths=["scans/grn_PO-55812_signed.png"],
                    system_prompt="You read scanned forms and transcribe fields exactly as printed or written.",
                ),
                call("Read", file_path=f"{WS}/bot_notes/grn_ocr_export.txt"),
            ),
            turn(
                "Reading the scan.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:grn_reader}",
                    description="read GRN scan",
                    prompt=f"Read {WS}/scans/grn_PO-55812_signed.png. Give the GRN number, who signed as "
                    "received by, and the received quantity for each SKU.",
                    run_in_background=False,
                ),
                bind={
                    "ocr_grn": b(r"No:\s+(GRN-[\d-]+)"),
                    "ocr_350": b(r"KP-TP-350\s+\d+\s+(\d+)"),
                    "ocr_fx": b(r"KP-FX-12\s+\d+\s+(\d+)"),
                    "ocr_by": b(r"Received by:\s+(.+?)\s{2,}"),
                },
            ),
            turn(
                "Writing the GRN deliverables from what the reader saw.",
                call("Write", file_path=f"{WS}/output/grn_fields.json", content=grn),
                call("Write", file_path=f"{WS}/output/grn_notes.md", content=notes),
                bind={
                    "grn_id": b(PERCEIVED + r"GRN No: (GRN-[\d-]+)"),
                    "received_by": b(PERCEIVED + r"Received by \(print \+ sign\): ([^(\n]+?) \("),
                    "delivered": b(PERCEIVED + r"Date received: (\d\d/\d\d/\d{4})", "date_dmy"),
                    **{f"r_{s}": b(PERCEIVED + rf"{s} \|[^|]*\| ordered \d+ \| received (\d+)", "int") for s in SKUS},
                },
            ),
            turn("GRN fields written."),
        ],
        "q3": [
            turn(
                "Reading the terms and the order in parallel with one workflow.",
                call("Workflow", name="terms_and_po", args={}, script=WORKFLOW),
            ),
            turn(
                "Writing the terms check once both readers are back.",
                call("Write", file_path=f"{WS}/output/terms_check.json", content=terms),
                bind={
                    "notice": b(r"\((\d+)\) working days", "int"),
                    "contact": b(r"(claims@[\w.-]+\w)"),
                    "clause": b(r"(\d+\.\d+) The shortfall is valued"),
                    "units": b(r"PO-\d+,KP-[\w-]+,[^,\n]+,(\d+),", "sum"),
                    "deadline": {"calc": "add_workdays", "args": ["delivered", "notice"]},
                },
            ),
            turn("Terms check written."),
        ],
        "q4": [
            turn(
                "Creating a claim calculator with Bash, limited to the files the two tools need.",
                call(
                    "CreateSubagent",
                    name="claim_calc",
                    model_key="llm",
                    tools=["Read", "Bash"],
                    accessible_paths=calc_grant,
                    system_prompt="You run the claim tools exactly as instructed and report their output verbatim.",
                ),
            ),
            turn(
                "Running the calculator.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:claim_calc}",
                    description="compute claim",
                    prompt=f"Run {calc_cmd} and report the output verbatim.",
                    run_in_background=False,
                ),
            ),
            turn(
                "Writing the claim from the calculator's JSON, then sealing it.",
                call("Write", file_path=f"{WS}/output/claim.json", content=claim),
                bind={
                    "claim_body": b(STDOUT + r'\{\s*("lines": \{.*?"total_eur": [\d.]+)\s*\}'),
                    "total_q4": b(STDOUT + r'\{.*?"total_eur": ([\d.]+)'),
                },
            ),
            turn(
                "Sealing.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:claim_calc}",
                    session_id="${session:claim_calc}",
                    description="seal claim",
                    prompt=f"Run {seal_cmd} and report the line verbatim.",
                    run_in_background=False,
                ),
            ),
            turn(
                "Recording the token.",
                call("Write", file_path=f"{WS}/output/claim_token.txt", content="${var:token_q4}\n"),
                bind={"token_q4": b(STDOUT + r"(CLAIM:[0-9a-f]{64})")},
            ),
            turn("Claim computed and sealed."),
        ],
        "q5": [
            turn(
                "Resuming the claim session for the reissued invoice; reading the account digest.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:claim_calc}",
                    session_id="${session:claim_calc}",
                    description="recompute claim",
                    prompt=f"Run {calc_cmd} and report the output verbatim (the invoice was reissued).",
                    run_in_background=False,
                ),
                call("Read", file_path=f"{WS}/output/claim.json"),
                call("Read", file_path=f"{WS}/bot_notes/account_digest.md"),
            ),
            turn(
                "Writing the revised claim.",
                call("Write", file_path=f"{WS}/output/claim.json", content=claim),
                bind={
                    "claim_body": b(STDOUT + r'\{\s*("lines": \{.*?"total_eur": [\d.]+)\s*\}'),
                    "total_q5": b(STDOUT + r'\{.*?"total_eur": ([\d.]+)'),
                    "invoice_r": b(r"\b(KP-\d+-R\d+)\b"),
                    "digest_estimate": b(r"Estimated shortfall claim: EUR (\d+(?:\.\d+)?)"),
                },
            ),
            turn(
                "Re-sealing.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:claim_calc}",
                    session_id="${session:claim_calc}",
                    description="re-seal claim",
                    prompt=f"Run {seal_cmd} and report the line verbatim.",
                    run_in_background=False,
                ),
            ),
            turn(
                "Writing the token and the letter.",
                call("Write", file_path=f"{WS}/output/claim_token.txt", content="${var:token_q5}\n"),
                call("Write", file_path=f"{WS}/output/claim_letter.md", content=letter),
                bind={"token_q5": b(STDOUT + r"(CLAIM:[0-9a-f]{64})")},
            ),
            turn("Revised claim, token and letter written."),
        ],
        "q6": [
            turn(
                "Creating a reader for the credit note only.",
                call(
                    "CreateSubagent",
                    name="credit_reader",
                    model_key="llm",
                    tools=["Read"],
                    accessible_paths=["purchasing/credit_note_KP-CN-2391.csv"],
                    system_prompt="You read credit notes and report every field exactly.",
                ),
            ),
            turn(
                "Reading the credit note in the background; meanwhile reviewing the subagents and the claim session.",
                call(
                    "RunSubagent",
                    subagent_id="${subagent:credit_reader}",
                    description="read credit note",
                    prompt=f"Read {WS}/purchasing/credit_note_KP-CN-2391.csv. Give the credit note number, the invoice "
                    "it refers to, each credited line and the credit total.",
                    run_in_background=True,
                ),
                call("ListSubagents"),
                call("InspectSubagent", session_id="${session:claim_calc}"),
                call("Read", file_path=f"{WS}/output/claim_letter.md"),
            ),
            turn(
                "Deducting the credit in the letter once the reader is back.",
                call(
                    "Edit",
                    file_path=f"{WS}/output/claim_letter.md",
                    old_string="Amount to short-pay (EUR): ${var:total_q5}\n",
                    new_string="Amount to short-pay (EUR): ${var:net}\n"
                    "Credit note deducted: ${var:credit_note} (EUR ${var:credited})\n",
                    replace_all=False,
                ),
                bind={
                    "credit_note": b(r"\n\d+\t(KP-CN-\d+),"),
                    "credited": b(r"\n\d+\tKP-CN-\d+,[^\n]*,([\d.]+)(?=\n|$)", "sum"),
                    "net": {"calc": "sub", "args": ["total_q5", "credited"]},
                },
            ),
            turn(
                "Writing the claim summary.",
                call("Write", file_path=f"{WS}/output/claim_summary.json", content=summary),
            ),
            turn("Claim summary written; the letter now deducts the credit note."),
        ],
    }
