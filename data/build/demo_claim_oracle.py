"""The reference manager of s_demo_supplier_shortfall_claim (solution/trajectory.json).

As for the fridge scenario: every answer value is a ``${var:NAME}`` bound from what the
manager was told (subagent replies, task notifications, files it may read itself), never
a stored figure; each subagent gets exactly the tools it uses and the files it needs.
"""

from __future__ import annotations

from demo_trajectory import PERCEIVED, STDOUT, WS, call, create, edit, read, run, turn, workflow, write
from demo_trajectory import bind as b
from kit.trajectory import Call, Turn

__all__ = ["claim_solution"]

SKUS = ("KP-TP-350", "KP-TP-420", "KP-FX-12", "KP-HB-08")
CLAIM_BODY = b(STDOUT + r'\{\s*("lines": \{.*?"total_eur": [\d.]+)\s*\}')
TOTAL_EUR = b(STDOUT + r'\{.*?"total_eur": ([\d.]+)')
TOKEN = STDOUT + r"(CLAIM:[0-9a-f]{64})"

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


CALC_CMD = (
    f"python3 {WS}/tools/shortfall_calc.py --invoice {WS}/purchasing/invoice_KP-90417.csv "
    f"--received {WS}/output/grn_fields.json --json"
)
SEAL_CMD = f"python3 {WS}/tools/seal_claim.py --seal {WS}/vault/claim_seal.key {WS}/output/claim.json"
PLAN = (
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
ROWS = ",\n".join(f'    "{s}": ${{var:r_{s}}}' for s in SKUS)
GRN = (
    '{\n  "grn_id": "${var:grn_id}",\n  "received_by": "${var:received_by}",\n'
    f'  "received": {{\n{ROWS}\n  }}\n}}\n'
)
NOTES = (
    "# GRN notes\n\nRead from scans/grn_PO-55812_signed.png by a vision subagent.\n\n"
    "## Rejected claims\n\n"
    "- bot_notes/grn_ocr_export.txt (the OCR export) is incorrect: GRN number ${var:ocr_grn} (misread), "
    "KP-TP-350 received ${var:ocr_350} (the scan shows ${var:r_KP-TP-350}), KP-FX-12 received "
    "${var:ocr_fx} (the scan shows ${var:r_KP-FX-12}), received by '${var:ocr_by}' (misread signature).\n"
)
TERMS = (
    '{\n  "notice_working_days": ${var:notice},\n  "claim_deadline": "${var:deadline}",\n'
    '  "claims_contact": "${var:contact}",\n  "valuation_clause": "${var:clause}",\n'
    '  "po_units_ordered": ${var:units}\n}\n'
)
CLAIM = '{\n  "po": "${var:po}",\n  "grn_id": "${var:grn_id}",\n  ${var:claim_body}\n}\n'
LETTER = (
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
SUMMARY = (
    '{\n  "po": "${var:po}",\n  "grn_id": "${var:grn_id}",\n  "invoice": "${var:invoice_r}",\n'
    '  "claim_total_eur": ${var:total_q5},\n  "credit_note": "${var:credit_note}",\n'
    '  "credited_eur": ${var:credited},\n  "net_short_pay_eur": ${var:net},\n'
    '  "claim_deadline": "${var:deadline}"\n}\n'
)
CALC_GRANT = [
    "purchasing/invoice_KP-90417.csv",
    "tools/shortfall_calc.py",
    "tools/seal_claim.py",
    "vault/claim_seal.key",
    "output/grn_fields.json",
    "output/claim.json",
]


def q1() -> list[Turn]:
    return [
        turn(
            "Reading the brief, finance notes and the asset map.",
            read("requests/brief.md"),
            read("requests/notes_from_finance.md"),
            read("_sandbox_hint.md"),
            call("Glob", pattern="*", path=f"{WS}/bot_notes"),
            call("Grep", pattern="PO-[0-9]+", path=f"{WS}/requests", output_mode="content", **{"-n": True}),
            call("Bash", command=f"wc -c {WS}/requests/*.md {WS}/bot_notes/*", description="size the inputs"),
        ),
        turn(
            "Writing the plan.",
            write("output/claim_plan.md", PLAN),
            bind={
                "po": b(r"order \*\*(PO-\d+)\*\*"),
                "supplier": b(r"from \*\*(Kestrel[^*]+?)\.?\*\*"),
                "invoice": b(r"\(invoice (KP-\d+)\)"),
            },
        ),
        turn("Re-reading the plan to add the payment deadline.", read("output/claim_plan.md")),
        turn(
            "Adding the deadline risk.",
            edit(
                "output/claim_plan.md",
                "- Invoice reissued before the payment run.\n",
                "- Invoice reissued before the payment run.\n- Claim must be sealed before the payment run.\n",
            ),
        ),
        turn("Plan written."),
    ]


def q2() -> list[Turn]:
    return [
        turn(
            "The GRN is a scan; creating a vision reader limited to that scan.",
            create(
                "grn_reader",
                "vlm",
                ["Read"],
                ["scans/grn_PO-55812_signed.png"],
                "You read scanned forms and transcribe fields exactly as printed or written.",
            ),
            read("bot_notes/grn_ocr_export.txt"),
        ),
        turn(
            "Reading the scan.",
            run(
                "grn_reader",
                "read GRN scan",
                f"Read {WS}/scans/grn_PO-55812_signed.png. Give the GRN number, who signed as "
                "received by, and the received quantity for each SKU.",
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
            write("output/grn_fields.json", GRN),
            write("output/grn_notes.md", NOTES),
            bind={
                "grn_id": b(PERCEIVED + r"GRN No: (GRN-[\d-]+)"),
                "received_by": b(PERCEIVED + r"Received by \(print \+ sign\): ([^(\n]+?) \("),
                "delivered": b(PERCEIVED + r"Date received: (\d\d/\d\d/\d{4})", "date_dmy"),
                **{f"r_{s}": b(PERCEIVED + rf"{s} \|[^|]*\| ordered \d+ \| received (\d+)", "int") for s in SKUS},
            },
        ),
        turn("GRN fields written."),
    ]


def q3() -> list[Turn]:
    return [
        turn(
            "Reading the terms and the order in parallel with one workflow.",
            workflow("terms_and_po", WORKFLOW),
        ),
        turn(
            "Writing the terms check once both readers are back.",
            write("output/terms_check.json", TERMS),
            bind={
                "notice": b(r"\((\d+)\) working days", "int"),
                "contact": b(r"(claims@[\w.-]+\w)"),
                "clause": b(r"(\d+\.\d+) The shortfall is valued"),
                "units": b(r"PO-\d+,KP-[\w-]+,[^,\n]+,(\d+),", "sum"),
                "deadline": {"calc": "add_workdays", "args": ["delivered", "notice"]},
            },
        ),
        turn("Terms check written."),
    ]


def seal_turns(says: tuple[str, str], description: str, n: str, *also: Call) -> list[Turn]:
    """Seal the claim in the calculator's session, then record the token as ``token_<n>`` (with the
    further calls ``also``); ``says`` is what the manager says in the two turns."""
    return [
        turn(says[0], run("claim_calc", description, f"Run {SEAL_CMD} and report the line verbatim.", resume=True)),
        turn(
            says[1],
            write("output/claim_token.txt", f"${{var:token_{n}}}\n"),
            *also,
            bind={f"token_{n}": b(TOKEN)},
        ),
    ]


def q4() -> list[Turn]:
    return [
        turn(
            "Creating a claim calculator with Bash, limited to the files the two tools need.",
            create(
                "claim_calc",
                "llm",
                ["Read", "Bash"],
                CALC_GRANT,
                "You run the claim tools exactly as instructed and report their output verbatim.",
            ),
        ),
        turn(
            "Running the calculator.",
            run("claim_calc", "compute claim", f"Run {CALC_CMD} and report the output verbatim."),
        ),
        turn(
            "Writing the claim from the calculator's JSON, then sealing it.",
            write("output/claim.json", CLAIM),
            bind={"claim_body": CLAIM_BODY, "total_q4": TOTAL_EUR},
        ),
        *seal_turns(("Sealing.", "Recording the token."), "seal claim", "q4"),
        turn("Claim computed and sealed."),
    ]


def q5() -> list[Turn]:
    return [
        turn(
            "Resuming the claim session for the reissued invoice; reading the account digest.",
            run(
                "claim_calc",
                "recompute claim",
                f"Run {CALC_CMD} and report the output verbatim (the invoice was reissued).",
                resume=True,
            ),
            read("output/claim.json"),
            read("bot_notes/account_digest.md"),
        ),
        turn(
            "Writing the revised claim.",
            write("output/claim.json", CLAIM),
            bind={
                "claim_body": CLAIM_BODY,
                "total_q5": TOTAL_EUR,
                "invoice_r": b(r"\b(KP-\d+-R\d+)\b"),
                "digest_estimate": b(r"Estimated shortfall claim: EUR (\d+(?:\.\d+)?)"),
            },
        ),
        *seal_turns(
            ("Re-sealing.", "Writing the token and the letter."),
            "re-seal claim",
            "q5",
            write("output/claim_letter.md", LETTER),
        ),
        turn("Revised claim, token and letter written."),
    ]


def q6() -> list[Turn]:
    return [
        turn(
            "Creating a reader for the credit note only.",
            create(
                "credit_reader",
                "llm",
                ["Read"],
                ["purchasing/credit_note_KP-CN-2391.csv"],
                "You read credit notes and report every field exactly.",
            ),
        ),
        turn(
            "Reading the credit note in the background; meanwhile reviewing the subagents and the claim session.",
            run(
                "credit_reader",
                "read credit note",
                f"Read {WS}/purchasing/credit_note_KP-CN-2391.csv. Give the credit note number, the invoice "
                "it refers to, each credited line and the credit total.",
                background=True,
            ),
            call("ListSubagents"),
            call("InspectSubagent", session_id="${session:claim_calc}"),
            read("output/claim_letter.md"),
        ),
        turn(
            "Deducting the credit in the letter once the reader is back.",
            edit(
                "output/claim_letter.md",
                "Amount to short-pay (EUR): ${var:total_q5}\n",
                "Amount to short-pay (EUR): ${var:net}\nCredit note deducted: ${var:credit_note} (EUR ${var:credited})\n",
            ),
            bind={
                "credit_note": b(r"\n\d+\t(KP-CN-\d+),"),
                "credited": b(r"\n\d+\tKP-CN-\d+,[^\n]*,([\d.]+)(?=\n|$)", "sum"),
                "net": {"calc": "sub", "args": ["total_q5", "credited"]},
            },
        ),
        turn("Writing the claim summary.", write("output/claim_summary.json", SUMMARY)),
        turn("Claim summary written; the letter now deducts the credit note."),
    ]


def claim_solution() -> dict[str, list[Turn]]:
    return {"q1": q1(), "q2": q2(), "q3": q3(), "q4": q4(), "q5": q5(), "q6": q6()}
