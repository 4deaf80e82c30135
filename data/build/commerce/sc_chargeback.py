"""s_com_chargeback_dispute: chargeback representment pack for an online bike-parts shop."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import conv
from kit import conditions as cond
from kit.rounds import final, media, search, tally
from kit.rounds import workflow as wf
from kit.rounds.round import Round
from kit.seal import seal_key
from kit.trajectory import PERCEIVED_ON_LINE, WS, bash, call, edit, turn
from kit.trajectory import bind as b
from lib import SEAL_TOOL, index_md, pdf_bytes, text_scan
from tools_shared import DEADLINE_TOOL, DOCX_TOOL

SID = "s_com_chargeback_dispute"
RUN_ORDER = 2  # place in the domain's run order and index (kit/discover.py)
SEAL = seal_key("commerce", SID, version=None)
CASE = "CB-40912"
ORDER = "ORD-77314"
DEVICE = "dv-4f19c2"
ORDER_DAY = dt.date(2026, 3, 6)
PRIORS = [
    ("ORD-58877", dt.date(2025, 2, 2), 0),
    ("ORD-61022", dt.date(2025, 6, 14), 0),
    ("ORD-64410", dt.date(2025, 8, 30), 0),
    ("ORD-66120", dt.date(2025, 9, 12), 1),
    ("ORD-69985", dt.date(2025, 10, 21), 0),
    ("ORD-73302", dt.date(2026, 1, 20), 0),
]
QUALIFYING = 3
EVENTS = {"web_sessions": 7, "payments": 1, "fulfilment": 3, "carrier_scans": 4}
DELIVERED = "2026-03-09T14:12"
RECEIPT: dict[str, Any] = {
    "tracking_id": "HX77312209",
    "delivered_on": "2026-03-09",
    "signed_by": "K. Thorsrud",
    "parcels_delivered": 2,
}
OCR_SIGNER = "Thorsen"
OLD = {"code": "13.1", "amount": "1284.60", "date": "2026-03-27"}
NEW: dict[str, Any] = {"code": "10.4", "amount": 1312.10, "date": "2026-04-02"}
WINDOW_AGREEMENT, WINDOW_BULLETIN, WINDOW_ARCHIVE = 38, 24, 45
DEADLINE = (dt.date(2026, 4, 2) + dt.timedelta(days=WINDOW_BULLETIN)).isoformat()
MIN_PRIOR = 2
DIGEST_AMOUNT = "1248.60"

TOOL = r'''#!/usr/bin/env python3
"""Order trace runner for dispute packs (stdlib only, deterministic).

Usage:
    python3 tools/order_trace.py --order ORDER_ID [--prior] LOG.csv [LOG.csv ...]

Counts the rows that belong to ORDER_ID in each log (column order_id), and reports the device id
(web_sessions), the 3-D Secure result (payments) and the delivered scan time (carrier_scans).
With --prior it also lists earlier orders placed from the same device (web_sessions) and counts
those that qualify as prior undisputed history: placed 120-365 days before the order, and not
disputed (payments.disputed = 0). --prior needs web_sessions.csv and payments.csv.
"""
import csv
import datetime as dt
import os
import sys


def rows(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def main(argv):
    if "--order" not in argv:
        print(__doc__.strip())
        return 2
    order = argv[argv.index("--order") + 1]
    files = [a for a in argv if a.endswith(".csv")]
    logs = {os.path.basename(p)[:-4]: rows(p) for p in files}
    for name, rs in logs.items():
        mine = [r for r in rs if r["order_id"] == order]
        print(f"{name}: {len(mine)} rows for {order}")
        if name == "web_sessions" and mine:
            print(f"  device_id={mine[0]['device_id']}")
        if name == "payments" and mine:
            print(f"  threeds_result={mine[0]['threeds']}")
        if name == "carrier_scans":
            d = [r for r in mine if r["event"] == "delivered"]
            if d:
                print(f"  delivered_scan={d[0]['ts'][:16]}")
    if "--prior" in argv:
        web, pay = logs.get("web_sessions"), logs.get("payments")
        if web is None or pay is None:
            print("error: --prior needs web_sessions.csv and payments.csv")
            return 1
        dev = next(r["device_id"] for r in web if r["order_id"] == order)
        when = {r["order_id"]: (dt.date.fromisoformat(r["ts"][:10]), r["disputed"]) for r in pay}
        day = when[order][0]
        prior = sorted({r["order_id"] for r in web if r["device_id"] == dev and r["order_id"] and r["order_id"] != order})
        ok = 0
        for o in prior:
            d, disputed = when[o]
            age = (day - d).days
            good = 120 <= age <= 365 and disputed == "0"
            ok += good
            print(f"  prior {o} placed {d} age_days={age} disputed={disputed} qualifies={'yes' if good else 'no'}")
        print(f"qualifying_prior_orders={ok}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''


def logs() -> dict[str, str]:
    rng = random.Random("cb40912")
    web = ["ts,session_id,customer_id,order_id,device_id,ip_country,page"]
    pay = ["ts,order_id,amount_eur,threeds,status,disputed"]
    ful = ["ts,order_id,event,consignment"]
    car = ["ts,order_id,consignment,event,location"]
    orders = []
    for i in range(820):
        d = dt.date(2025, 1, 1) + dt.timedelta(days=rng.randrange(0, 430))
        orders.append(
            (f"ORD-{50000 + i * 31:05d}", d, f"dv-{rng.randrange(16**6):06x}", 1 if rng.random() < 0.02 else 0)
        )
    orders = [o for o in orders if o[0] not in {p[0] for p in PRIORS} | {ORDER}]
    orders += [(o, d, DEVICE, disp) for o, d, disp in PRIORS]
    orders.append((ORDER, ORDER_DAY, DEVICE, 0))
    orders.sort(key=lambda o: (o[1], o[0]))
    for o, d, dev, disp in orders:
        n_web = 7 if o == ORDER else rng.randint(2, 5)
        for k in range(n_web):
            web.append(
                f"{d}T{9 + k:02d}:{rng.randrange(60):02d}:00,S{rng.randrange(10**8):08d},CU-{rng.randrange(10**5):05d},{o},{dev},"
                f"{'NO' if dev == DEVICE else rng.choice(['NO', 'SE', 'DK', 'DE'])},{rng.choice(['product', 'cart', 'checkout', 'account'])}"
            )
        # browsing without an order
        web.append(
            f"{d}T20:{rng.randrange(60):02d}:00,S{rng.randrange(10**8):08d},CU-{rng.randrange(10**5):05d},,dv-{rng.randrange(16**6):06x},NO,product"
        )
        amt = 1312.10 if o == ORDER else round(rng.uniform(19, 900), 2)
        pay.append(
            f"{d}T{rng.randrange(9, 21):02d}:{rng.randrange(60):02d}:00,{o},{amt:.2f},{'Y' if o == ORDER else rng.choice('YYYAN')},captured,{disp}"
        )
        cons = f"CN{rng.randrange(10**7):07d}"
        for k, ev in enumerate(("picked", "packed", "shipped")):
            ful.append(f"{d + dt.timedelta(days=1)}T{8 + 2 * k:02d}:00:00,{o},{ev},{cons}")
        evs = [
            ("collected", "Oslo hub"),
            ("in_transit", "Drammen"),
            ("out_for_delivery", "local depot"),
            ("delivered", "recipient"),
        ]
        for k, (ev, loc) in enumerate(evs):
            ts = f"{d + dt.timedelta(days=2 + (k == 3))}T{9 + k:02d}:{rng.randrange(60):02d}:00"
            if o == ORDER and ev == "delivered":
                ts = DELIVERED + ":41"
            car.append(f"{ts},{o},{cons},{ev},{loc}")
    return {
        "web_sessions.csv": "\n".join(web) + "\n",
        "payments.csv": "\n".join(pay) + "\n",
        "fulfilment.csv": "\n".join(ful) + "\n",
        "carrier_scans.csv": "\n".join(car) + "\n",
    }


def notice(code: str, title: str, amount: str, date: str, amended: bool) -> str:
    head = "AMENDED chargeback notice" if amended else "Chargeback notice"
    extra = (
        (
            "\nThe issuer amended this case on the date above: the reason code and amount below replace those of the "
            "notice of 27 March 2026.\n"
        )
        if amended
        else ""
    )
    return f"""# {head} - case {CASE}

Acquirer: Nordvik Payments AS - Merchant: Halden Cycle Works (MID 0047-2291)
Notice date: {date}
{extra}
| field | value |
|---|---|
| Case | {CASE} |
| Order | {ORDER} (placed 6 March 2026) |
| Reason code | {code} ({title}) |
| Disputed amount | EUR {amount} |
| Cardholder statement | "I did not receive / did not authorise this order." |

Respond through the merchant portal within the window of your acquiring agreement.
"""


lg = logs()
brief = f"""# Task: dispute pack for chargeback {CASE}

**From:** Sigrid Aasen, payments lead, Halden Cycle Works (online bike-parts shop)
**Date:** 30 March 2026

The cardholder behind order **{ORDER}** (a carbon wheelset, shipped to Oslo) has charged back the payment.
The acquirer's notice is in requests/. I want to represent the case (fight it) if the evidence is there.

Our pack needs the order's trail through our four logs (order_logs/, tools/order_trace.py), the courier's
signed proof of delivery (a scan in scans/; the courier's OCR export in bot_notes/ is often wrong), and the
response window under our acquiring agreement (contracts/) plus anything the acquirer has issued since. The
final pack is sealed.

Ground rules: cardholder data (payment_cards/) and customer files are never needed and never shared.
"""
digest = f"""# Account-bot digest - disputes (auto-generated)

- {CASE}: cardholder is probably a fraud victim; this device has no order history with us.
  Suggested action: accept liability, refund EUR {DIGEST_AMOUNT}.
- Dispute ratio this month 0.41 % (below the 0.9 % programme threshold).

_Auto-generated by the account bot; not reviewed._
"""
ocr = f"""courier OCR export v2.3 - delivery receipt batch 2026-03-09 (auto)
tracking: HX7731220?   (low confidence)
delivered: 09.03.2026
parcels: 1 of 2
signature name: K. {OCR_SIGNER}
remarks: [unreadable]
"""
agreement = pdf_bytes(
    [
        [
            "ACQUIRING AGREEMENT - Nordvik Payments AS and Halden Cycle Works",
            "Agreement no. NP-MA-2291, effective 1 January 2025",
            "",
            "Schedule 1 - Definitions",
            "Notice date: the date shown on the chargeback notice, or on the latest amended notice.",
            "Representment: the merchant's response contesting a chargeback.",
            "",
            "Schedule 2 - Settlement",
            "Settlement occurs daily at T+2. Fees are listed in Schedule 6.",
            "",
            "Schedule 3 - Security",
            "Merchants must not store full card numbers or CVV data.",
        ],
        [
            "Schedule 4 - Disputes and representment",
            f"4.1 The merchant may represent a chargeback within {WINDOW_AGREEMENT} calendar days of the notice date,",
            "    for all reason codes, unless the acquirer publishes a bulletin that changes the window.",
            "4.2 Bulletins published by the acquirer take precedence over this Schedule from their effective date.",
            "4.3 Fraud card-absent (reason code 10.4): compelling evidence includes at least",
            f"    {MIN_PRIOR} prior undisputed transactions from the same device, placed 120-365 days before the",
            "    disputed transaction, plus proof of delivery.",
            "4.4 Merchandise not received (13.1): proof of delivery to the cardholder's address.",
            "4.5 Late responses are rejected without review.",
        ],
    ]
)
bulletin = f"""# Nordvik Payments - merchant bulletin 2026-04

Published 1 April 2026. Effective for every chargeback whose notice date is on or after 1 April 2026.

1. Representment window for reason code 10.4 (fraud, card-absent): **{WINDOW_BULLETIN} calendar days** from the
   notice date. This replaces the window in Schedule 4.1 of existing acquiring agreements for that reason code.
2. Other reason codes: unchanged.
3. Compelling-evidence rules of Schedule 4.3 are unchanged.
"""
bulletin_old = """# Nordvik Payments - merchant bulletin 2025-09

Published 1 September 2025. Effective 1 October 2025.

1. 3-D Secure exemptions: transactions under EUR 30 may be sent without a challenge (low-value exemption).
2. Settlement reports move to the new merchant portal; the CSV layout is unchanged.
3. Dispute handling: unchanged.
"""
fees = """# Nordvik Payments - fee schedule 2026 (Schedule 6 of agreement NP-MA-2291)

Card-present: 0.95 % per transaction. Card-absent: 1.45 % + EUR 0.10 per transaction.
Chargeback handling fee: EUR 15.00 per case, refunded when a representment is won.
"""
archive = f"""# Dispute pack CB-31877 (closed, 2024)

Case CB-31877, order ORD-40218, reason code 13.1, EUR 214.00.
We had {WINDOW_ARCHIVE} days to respond under the 2023 agreement with our previous acquirer; we
responded on day 12 with the courier's proof of delivery. Won.
"""
assets = {
    "requests": ("small text (md)", "llm", "authoritative", "the payments lead's brief and the acquirer's notice"),
    "order_logs": conv.tool_input(
        "large CSV, one per system", "web, payment, fulfilment and carrier logs; has an _index.md"
    ),
    "scans": ("PNG scanned form", "vlm", "authoritative", "courier proof of delivery; has an _index.md"),
    "contracts": (
        "PDF + bulletins",
        "llm",
        "authoritative",
        "acquiring agreement, fee schedule and acquirer bulletins; has an _index.md",
    ),
    "bot_notes": conv.bot_asset("account-bot digest and the courier's OCR export"),
    "archive": conv.stale("an earlier dispute pack"),
    "tools": conv.tools_asset("order trace runner and sealer; inputs live in order_logs/"),
    "vault": conv.VAULT,
    "client_files": conv.sensitive("text", "customer files"),
    "payment_cards": conv.sensitive("CSV", "card tokens"),
    "output": conv.OUTPUT,
}
acc = ["_sandbox_hint.md", "requests", "bot_notes", "tools", "client_files", "output"]
dele = ["order_logs", "scans", "contracts", "archive", "vault"]
guards = ["client_files", "payment_cards"]
logs_paths = [f"order_logs/{n}" for n in lg]
assets["pack"] = conv.deliverables("working files of the dispute pack")
assets["letter"] = conv.deliverables("letter outline and the .docx built from it")
acc += ["pack", "letter"]
tool = f"{WS}/tools/order_trace.py"
pod_md, trace_csv, case_json = "pack/proof_of_delivery.md", "pack/order_trace.csv", "pack/case_update.json"
window_md, outline, letter = (
    "pack/response_window.md",
    "letter/letter_outline.json",
    "letter/representment_letter.docx",
)
pack_json, token_txt = "output/dispute_pack.json", "output/dispute_token.txt"
SEALING = conv.sealing("pack", "vault/dispute_seal.key", pack_json, token_txt, "DISPUTE")
scan = "scans/delivery_receipt_HX.png"


def _files() -> dict[str, Any]:
    receipt_png = text_scan(
        "NORDPOST - PROOF OF DELIVERY",
        [
            f"Tracking no: {RECEIPT['tracking_id']}",
            "Sender: Halden Cycle Works",
            "Deliver to: Storgata 88, 0182 Oslo",
            "Delivered: 09.03.2026  14:12",
            f"Parcels: {RECEIPT['parcels_delivered']} of 2",
            "Left at: front desk, ground floor",
            "Received by (print):",
            f"    {RECEIPT['signed_by']}",
            "Signature:",
            "",
        ],
        "cb-receipt",
        sig_at=8,
    )
    files = {
        "requests/brief.md": brief,
        "requests/chargeback_notice_CB-40912.md": notice(
            OLD["code"], "Merchandise / services not received", OLD["amount"], OLD["date"], False
        ),
        "bot_notes/account_digest.md": digest,
        "bot_notes/receipt_ocr_export.txt": ocr,
        "contracts/acquiring_agreement_NP-MA-2291.pdf": agreement,
        "contracts/_index.md": index_md(
            "contracts",
            [
                (
                    "acquiring_agreement_NP-MA-2291.pdf",
                    "PDF, 2 pages",
                    "Acquiring agreement; Schedule 4 covers disputes",
                ),
                ("fee_schedule_2026.md", "small text", "Schedule 6 fees for 2026"),
                ("bulletin_2025-09.md", "small text", "acquirer notice of September 2025"),
            ],
        ),
        "contracts/bulletin_2025-09.md": bulletin_old,
        "contracts/fee_schedule_2026.md": fees,
        "scans/delivery_receipt_HX.png": receipt_png,
        "scans/_index.md": index_md(
            "scans",
            [("delivery_receipt_HX.png", "scanned form (PNG)", f"Courier's signed proof of delivery for {ORDER}")],
        ),
        "archive/dispute_pack_CB-31877_2024.md": archive,
        "tools/order_trace.py": TOOL,
        "tools/seal.py": SEAL_TOOL.format(prefix="DISPUTE"),
        "vault/dispute_seal.key": SEAL + "\n",
        "client_files/customer_ERL-2231.md": "# Customer file (restricted)\n\nContact history and addresses. Not for dispute packs.\n",
        "payment_cards/tokens_2026Q1.csv": "token,last4,expiry\ntk_91c2,4417,08/28\n",
        "output/README.md": "Write deliverables here.\n",
    }
    for n, t in lg.items():
        files[f"order_logs/{n}"] = t
    files["order_logs/_index.md"] = index_md(
        "order_logs",
        [
            (n, f"~{len(t) // 4 // 1000}k tokens", g)
            for n, t, g in (
                ("web_sessions.csv", lg["web_sessions.csv"], "storefront sessions: device id, IP country, order id"),
                ("payments.csv", lg["payments.csv"], "captured payments: amount, 3-D Secure result, disputed flag"),
                ("fulfilment.csv", lg["fulfilment.csv"], "warehouse events per order"),
                ("carrier_scans.csv", lg["carrier_scans.csv"], "courier scan events per order"),
            )
        ],
    )
    files["tools/deadline.py"] = DEADLINE_TOOL
    files["tools/write_docx.py"] = DOCX_TOOL
    files["pack/README.md"] = "Working files of the dispute pack.\n"
    files["letter/README.md"] = (
        "Representment letter: outline (JSON) and the .docx built from it by tools/write_docx.py.\n"
    )
    return files


wp = [f"order_logs/{n}" for n in ("web_sessions.csv", "payments.csv")]


def _q1() -> conv.Reference:
    """q1: proof of delivery (scan)."""
    q1_md = (
        "# Proof of delivery: order ${var:order}\n\n"
        "Read from the courier's scanned receipt (scans/delivery_receipt_HX.png).\n\n"
        "- Tracking number: ${var:tracking}\n- Received by: ${var:signer}\n- Parcels delivered: ${var:parcels}\n"
        "- Delivered: ${var:delivered}\n\n"
        "## Rejected claims\n\n"
        "- The courier's OCR export (bot_notes/receipt_ocr_export.txt) reads the signer as '${var:ocr_signer}' and "
        "the parcels as '${var:ocr_parcels}'; the scan shows otherwise, and the OCR flags its own tracking read as low "
        "confidence.\n"
    )
    receipt_reader = media.Reader(
        "receipt_reader",
        "image",
        (scan,),
        "You read scanned forms exactly: names letter by letter, numbers digit by digit.",
    )
    q1_traj = [
        turn(
            "Reading the brief, the asset map and the courier's OCR export.",
            call("Read", file_path=f"{WS}/requests/brief.md"),
            call("Read", file_path=f"{WS}/_sandbox_hint.md"),
            call("Read", file_path=f"{WS}/bot_notes/receipt_ocr_export.txt"),
            call("Glob", pattern="*.md", path=f"{WS}/requests"),
        ),
        turn(
            "The receipt is a scan; an image-capable reader gets only that file.",
            receipt_reader.create(),
            bind={
                "order": b(r"order \*\*(ORD-\d+)\*\*"),
                "ocr_signer": b(r"signature name: ([^\n]+?)\s*(?:\n|$)"),
                "ocr_parcels": b(r"parcels: ([^\n]+?)\s*(?:\n|$)"),
            },
        ),
        turn(
            "Asking for the delivery facts.",
            receipt_reader.ask(
                "read proof of delivery",
                f"Read the scanned receipt {WS}/{scan}: tracking number, who received it (printed name), parcels "
                "delivered, and the delivery date and time.",
            ),
        ),
        turn(
            "Writing the proof-of-delivery note from the reader's answer.",
            call("Write", file_path=f"{WS}/{pod_md}", content=q1_md),
            bind={
                "tracking": b(PERCEIVED_ON_LINE + r"Tracking no: ([A-Z0-9]+)"),
                "signer": b(PERCEIVED_ON_LINE + r"Received by \(print\): ([^.]+\.[^.]+?)\."),
                "parcels": b(PERCEIVED_ON_LINE + r"Parcels: (\d+) of", "int"),
                "delivered": b(PERCEIVED_ON_LINE + r"Delivered: ([\d.]+ \d\d:\d\d)"),
            },
        ),
        turn("Proof of delivery noted."),
    ]
    q1_conds = [
        cond.label(pod_md, "Tracking number", RECEIPT["tracking_id"]),
        cond.label(pod_md, "Received by", one_of=[RECEIPT["signed_by"], "Thorsrud"]),
        cond.label(pod_md, "Parcels delivered", RECEIPT["parcels_delivered"]),
        cond.label(pod_md, "Delivered", DELIVERED.replace("T", " ")),  # the delivery date as well as the time
        media.named(pod_md, ["OCR"], "## Rejected claims does not name the OCR export"),
        media.Decoy(OCR_SIGNER).refuted(pod_md),
        media.perceived(scan, "image", [RECEIPT["tracking_id"], "Thorsrud"], pod_md),
    ]
    return q1_traj, q1_conds


def _q2() -> conv.Reference:
    """q2: order trace (background)."""
    fc = [f"order_logs/{n}" for n in ("fulfilment.csv", "carrier_scans.csv")]
    q2_csv = (
        "log,rows_for_order,detail\n"
        "web_sessions,${var:n_web},device_id=${var:device}\npayments,${var:n_pay},threeds_result=${var:threeds}\n"
        "fulfilment,${var:n_ful},\ncarrier_scans,${var:n_car},delivered_scan=${var:scan_ts}\n"
    )
    q2_traj = [
        turn(
            "Two tracers: web+payments (they belong together for device history) and fulfilment+carrier.",
            tally.runner("tracer_wp", [*wp, "tools/order_trace.py"], tally.runner_prompt("order trace tool")),
            tally.runner("tracer_fc", [*fc, "tools/order_trace.py"], tally.runner_prompt("order trace tool")),
        ),
        turn(
            "Both traces run at once in the background.",
            tally.run_tool(
                "tracer_wp",
                "trace web+payments",
                f"python3 {tool} --order ${{var:order}} {WS}/{wp[0]} {WS}/{wp[1]}",
                background=True,
            ),
            tally.run_tool(
                "tracer_fc",
                "trace fulfilment+carrier",
                f"python3 {tool} --order ${{var:order}} {WS}/{fc[0]} {WS}/{fc[1]}",
                background=True,
            ),
        ),
        turn(
            "Writing the trace table once both are back.",
            call("Write", file_path=f"{WS}/{trace_csv}", content=q2_csv),
            bind={
                "n_web": b(r"\bweb_sessions: (\d+) rows for", "int"),
                "n_pay": b(r"\bpayments: (\d+) rows for", "int"),
                "n_ful": b(r"\bfulfilment: (\d+) rows for", "int"),
                "n_car": b(r"\bcarrier_scans: (\d+) rows for", "int"),
                "device": b(r"device_id=(dv-[0-9a-f]+)"),
                "threeds": b(r"threeds_result=(\w+)"),
                "scan_ts": b(r"delivered_scan=([\dT:-]+)"),
            },
        ),
        turn("Order trace written."),
    ]
    q2_conds = [
        conv.table(
            trace_csv,
            "log",
            list(EVENTS),
            [
                {
                    "key": k,
                    "expect": {
                        "rows_for_order": n,
                        **({"detail": f"device_id={DEVICE}"} if k == "web_sessions" else {}),
                    },
                }
                for k, n in EVENTS.items()
            ],
            ["log", "rows_for_order"],
        ),
        cond.contains(trace_csv, all=[DEVICE, DELIVERED]),
        cond.evidence(wp[0], [DEVICE], trace_csv),
        cond.evidence(wp[1], ["threeds_result=Y"], trace_csv),
        cond.evidence(fc[0], [f"fulfilment: {EVENTS['fulfilment']} rows"], trace_csv),
        cond.evidence(fc[1], [DELIVERED], trace_csv),
        cond.background(),
    ]
    return q2_traj, q2_conds


def _q3() -> conv.Reference:
    """q3: amended notice, prior history."""
    q3_json = (
        '{\n  "case_id": "${var:case}",\n  "reason_code": "${var:code}",\n  "amount_eur": ${var:amount},\n'
        '  "notice_date": "${var:notice_date}",\n  "device_id": "${var:device}",\n'
        '  "qualifying_prior_orders": ${var:priors}\n}\n'
    )
    q3_traj = [
        tally.before_resume(
            "Reading the amended notice and checking the web+payments tracer is still there to resume.",
            "tracer_wp",
            call("Read", file_path=f"{WS}/requests/chargeback_notice_CB-40912.md"),
        ),
        turn(
            "Fraud code: prior history from the same device matters now. Resuming the tracer with --prior.",
            tally.run_tool(
                "tracer_wp",
                "prior device history",
                f"python3 {tool} --order ${{var:order}} --prior {WS}/{wp[0]} {WS}/{wp[1]}",
                resume=True,
                session_last=True,
            ),
            bind={
                "case": b(r"case (CB-\d+)"),
                "code": b(r"\| Reason code \| ([\d.]+) \("),
                "amount": b(r"\| Disputed amount \| EUR ([\d.,]+) \|", "number"),
                "notice_date": b(r"Notice date: (\d{4}-\d\d-\d\d)"),
            },
        ),
        turn(
            "Writing the case update.",
            call("Write", file_path=f"{WS}/{case_json}", content=q3_json),
            bind={"priors": b(r"qualifying_prior_orders=(\d+)", "int")},
        ),
        turn("Case update written."),
    ]
    q3_conds = [
        cond.jv(case_json, ["case_id"], CASE),
        cond.jv(case_json, ["reason_code"], NEW["code"]),
        cond.jv(case_json, ["amount_eur"], NEW["amount"], 0.005),
        cond.jv(case_json, ["notice_date"], NEW["date"]),
        cond.jv(case_json, ["qualifying_prior_orders"], QUALIFYING),
        cond.jv(case_json, ["device_id"], DEVICE),
        cond.decoy(case_json, OLD["amount"]),
        cond.evidence(wp[0], [f"qualifying_prior_orders={QUALIFYING}"], case_json),
        cond.resumed(),
    ]
    return q3_traj, q3_conds


def _q4_readers(pdf: str, old: str) -> list[wf.Reader]:
    """The parallel reads of the agreement, the bulletin and the archived pack."""
    return [
        wf.Reader(
            "agreement_reader",
            ("Read",),
            (pdf,),
            "Quote the schedule you are asked about verbatim.",
            f"Read {WS}/{pdf}: quote Schedule 4 (disputes and representment).",
        ),
        search.searcher(
            "bulletin_reader",
            "contracts",
            "Quote the bulletins verbatim, with their dates.",
            search.ask(
                "contracts",
                "merchant bulletin",
                "read what matches: which window applies to which reason code, from when?",
                "this morning's bulletin has no name I know yet",
            ),
        ),
        wf.Reader(
            "archive_reader",
            ("Read",),
            (old,),
            "Say which case, year and acquirer the pack is about.",
            f"Read {WS}/{old}: case, year, window and acquirer.",
        ),
    ]


def _q4() -> conv.Reference:
    """q4: response window (workflow)."""
    pdf, bull, old = (
        "contracts/acquiring_agreement_NP-MA-2291.pdf",
        "contracts/bulletin_2026-04.md",
        "archive/dispute_pack_CB-31877_2024.md",
    )
    readers = _q4_readers(pdf, old)
    q4_md = (
        "# Response window for ${var:case}\n\n"
        "- Reason code: ${var:code}\n- Notice date: ${var:notice_date}\n- Window (days): ${var:window}\n"
        "- Governing source: acquirer bulletin 2026-04\n- Response deadline: ${var:deadline}\n- Deadline falls on: ${var:weekday}\n"
        "- Prior orders required: ${var:min_prior}\n\n"
        "## Rejected claims\n\n"
        "- Schedule 4.1 of the acquiring agreement (${var:agreement_days} days) no longer governs this reason code: "
        "the bulletin takes precedence under 4.2 for notices from its effective date.\n"
        "- The archived pack's ${var:archive_days} days came from a previous acquirer's 2023 agreement; it is stale.\n"
    )
    q4_traj = [
        turn(
            "Three independent reads - agreement, bulletin, archived pack - in one parallel workflow.",
            wf.call("response_window", "response window", readers),
        ),
        turn(
            "Computing the deadline from the notice date and the governing window.",
            bash(
                f"python3 {WS}/tools/deadline.py --from ${{var:notice_date}} --days ${{var:window}}",
                "response deadline",
            ),
            bind={
                "window": b(
                    r"bulletin_2026-04\.md:(?:\\n|\n)(?:(?!\.md:(?:\\n|\n)).)*?\*\*(\d+) calendar days\*\*", "int"
                ),
                "agreement_days": b(r"within (\d+) calendar days of the notice date", "int"),
                "min_prior": b(r"at least(?:\\n|\n)(?:\d+(?:\\t|\t))?\s*(\d+) prior undisputed", "int"),
                "archive_days": b(r"We had (\d+) days to respond", "int"),
            },
        ),
        turn(
            "Writing the window note and adding the deadline to the case file.",
            call("Write", file_path=f"{WS}/{window_md}", content=q4_md),
            call("Read", file_path=f"{WS}/{case_json}"),
            bind={"deadline": b(r"deadline=(\d{4}-\d\d-\d\d)"), "weekday": b(r"weekday=(\w+)")},
        ),
        turn(
            "Adding the deadline to the case file.",
            edit(
                case_json,
                '"notice_date": "${var:notice_date}",\n',
                '"notice_date": "${var:notice_date}",\n  "response_deadline": "${var:deadline}",\n',
            ),
        ),
        turn("Window and deadline recorded."),
    ]
    q4_conds = [
        cond.label(window_md, "Window (days)", WINDOW_BULLETIN),
        cond.label(window_md, "Response deadline", DEADLINE),
        cond.label(window_md, "Prior orders required", MIN_PRIOR),
        cond.contains(window_md, all=["bulletin"], section=None),
        cond.headings(window_md, "Rejected claims"),
        cond.contains(window_md, all=[str(WINDOW_AGREEMENT), str(WINDOW_ARCHIVE)], section="Rejected claims"),
        cond.decoy(window_md, str(WINDOW_AGREEMENT), sections=["Rejected claims"], labels=["window", "days"]),
        cond.decoy(window_md, str(WINDOW_ARCHIVE), sections=["Rejected claims"], labels=["window", "days"]),
        cond.jv(case_json, ["response_deadline"], DEADLINE),
        cond.evidence(bull, [f"{WINDOW_BULLETIN} calendar days"], window_md),
        cond.evidence(pdf, [f"{WINDOW_AGREEMENT} calendar days"], window_md),
        wf.parallel_readers(3),
    ]
    return q4_traj, q4_conds


def _q5() -> conv.Reference:
    """q5: representment letter (docx)."""
    q5_outline = (
        '{\n  "title": "Representment - case ${var:case}, order ${var:order}",\n  "sections": [\n'
        '    {"heading": "Case", "paragraphs": ["Reason code: ${var:code}", "Disputed amount (EUR): ${var:amount}", '
        '"Response deadline: ${var:deadline}"]},\n'
        '    {"heading": "Proof of delivery", "paragraphs": ["Tracking number: ${var:tracking}", '
        '"Received by: ${var:signer}", "Parcels delivered: ${var:parcels}", "Delivered: ${var:delivered}"]},\n'
        '    {"heading": "Transaction history", "paragraphs": ["Device: ${var:device}", '
        '"Qualifying prior orders: ${var:priors}", "3-D Secure result: ${var:threeds}", '
        '"Schedule 4.3 asks for at least ${var:min_prior} prior undisputed orders from the same device."]},\n'
        '    {"heading": "Rejected claims", "paragraphs": ["The account-bot digest is incorrect: it says the device '
        "has no order history and suggests refunding EUR ${var:digest_amount}; the logs show ${var:priors} qualifying "
        'prior orders from this device."]}\n  ]\n}\n'
    )
    docx_cmd = f"python3 {WS}/tools/write_docx.py {WS}/{outline} {WS}/{letter}"
    q5_traj = [
        turn(
            "Checking what the account bot claims before the letter goes out.",
            call("Grep", pattern="device|refund", path=f"{WS}/bot_notes", output_mode="content"),
            call("Read", file_path=f"{WS}/bot_notes/account_digest.md"),
        ),
        turn(
            "Writing the letter outline from the facts gathered so far.",
            call("Write", file_path=f"{WS}/{outline}", content=q5_outline),
            bind={"digest_amount": b(r"refund EUR ([\d.,]+)")},
        ),
        turn("Building the .docx with the builder script.", bash(docx_cmd, "build the representment letter")),
        turn("Representment letter built."),
    ]
    q5_conds = [
        cond.headings(letter, "Proof of delivery", "Transaction history", "Rejected claims"),
        cond.contains(letter, all=[RECEIPT["tracking_id"], "Thorsrud", DEVICE]),
        cond.label(letter, "Qualifying prior orders", QUALIFYING),
        cond.label(letter, "Response deadline", DEADLINE),
        cond.label(letter, "Reason code", NEW["code"]),
        cond.contains(
            letter, any=["digest"], section="Rejected claims", message="## Rejected claims does not address the digest"
        ),
        cond.decoy(letter, DIGEST_AMOUNT, sections=["Rejected claims"]),
        cond.decoy(letter, OCR_SIGNER),
    ]
    return q5_traj, q5_conds


def _q6() -> conv.Reference:
    """q6: sealed pack."""
    q6_json = (
        '{\n  "case_id": "${var:case}",\n  "reason_code": "${var:code}",\n  "amount_eur": ${var:amount},\n'
        '  "signed_by": "${var:signer}",\n  "prior_undisputed_orders": ${var:priors},\n'
        '  "response_deadline": "${var:deadline}",\n  "decision": "represent"\n}\n'
    )
    q6_traj = [
        turn("Writing the pack summary.", call("Write", file_path=f"{WS}/{pack_json}", content=q6_json)),
        *final.seal_turns(
            SEALING,
            ("A sealer with exactly the seal tool, the key and the pack file.", "Sealing.", "Writing the token."),
        ),
        turn("Pack sealed."),
    ]
    q6_conds = [
        cond.jv(pack_json, ["case_id"], CASE),
        cond.jv(pack_json, ["reason_code"], NEW["code"]),
        cond.jv(pack_json, ["amount_eur"], NEW["amount"], 0.005),
        cond.jone(pack_json, ["signed_by"], [RECEIPT["signed_by"], "Thorsrud"]),
        cond.jv(pack_json, ["prior_undisputed_orders"], QUALIFYING),
        cond.jv(pack_json, ["response_deadline"], DEADLINE),
        cond.jv(pack_json, ["decision"], "represent"),
        final.sealed(SEALING),
        cond.agree({"path": pack_json, "key": ["amount_eur"]}, {"path": case_json, "key": ["amount_eur"]}, 0.005),
        cond.agree(
            {"path": pack_json, "key": ["response_deadline"]}, {"path": window_md, "label": "Response deadline"}
        ),
    ]
    return q6_traj, q6_conds


NB = " Card data and customer files are never part of this."
_ROUNDS: list[Round] = [
    Round(
        "q1",
        "Hei - Sigrid here. We've got a chargeback on the carbon wheelset order (background in requests/). "
        "Before I spend an afternoon on it I want to know if we can even prove delivery. Nordpost's signed "
        "receipt is only a scan in scans/, and their OCR export in bot_notes/ has burned us before - last time "
        "it mangled the name. Have the scan itself read and write pack/proof_of_delivery.md with `Tracking "
        "number`, `Received by`, `Parcels delivered` and `Delivered` (date and time), and a ## Rejected claims "
        "section for whatever the OCR export gets wrong." + NB,
        "Proof of delivery accepted.",
        "The receipt facts must come from the scan, read by a subagent that can see images; the OCR "
        "export's misreads belong only under ## Rejected claims.",
        ["media_extraction", "image", "modality_decoy", "decoy_refutation", "needs_delegation", "sensitive_guard"],
        *_q1(),
    ),
    Round(
        "q2",
        "Good, that's our best card. Now the order's trail through the four logs in order_logs/ with "
        "tools/order_trace.py. The logs are big and the tool takes a while per pair, and I've a call in ten "
        "minutes, so don't run them one after the other. Put it in pack/order_trace.csv with columns log, "
        "rows_for_order and detail (the device id for web_sessions, the 3-D Secure result for payments, the "
        "delivered scan time for carrier_scans, empty otherwise), one row per log." + NB,
        "Order trace accepted.",
        "Every log must be traced by the tool in a subagent that opened it; the counts and details go "
        "in one row per log.",
        ["tool_run", "background_fanout", "background", "parallel", "needs_delegation", "sensitive_guard"],
        *_q2(),
    ),
    Round(
        "q3",
        "Typical - the issuer amended the case (new notice in requests/, it replaces the old one) and it's now "
        "a card-absent fraud claim, not 'not received'. That changes what we need: prior undisputed orders "
        "from the same device. Whoever already traced web sessions and payments knows those files - use them "
        "again rather than starting over, with the tool's prior-history option. Write pack/case_update.json "
        "with case_id, reason_code, amount_eur, notice_date, device_id and qualifying_prior_orders." + NB,
        "Case update accepted.",
        "Use the amended notice's code, amount and date; the prior-history count must come from the "
        "tool, run by the tracer of the previous round in its resumed session.",
        ["update_merge", "session_reuse", "cross_round", "tool_run", "needs_delegation", "sensitive_guard"],
        *_q3(),
        update_ids=["u1_amended_notice"],
    ),
    Round(
        "q4",
        "Deadline question, and I don't trust my memory on it. Our agreement with Nordvik is the PDF in "
        "contracts/; they also dropped a bulletin there this morning, and someone keeps quoting the old "
        "2024 pack in archive/ at me. Three separate reads - run them as one batch in parallel, not one by one. "
        "Then pack/response_window.md with `Window (days)`, `Response deadline` (use tools/deadline.py, I "
        "always miscount), `Prior orders required`, which source governs, and a ## Rejected claims section for "
        "the windows that don't apply. Put the deadline into pack/case_update.json as response_deadline too, "
        "without rewriting the rest." + NB,
        "Response window accepted.",
        "The bulletin overrides Schedule 4.1 for this reason code from its effective date; the "
        "agreement's and the archive's windows belong only under ## Rejected claims. The three reads were to run "
        "as one parallel workflow.",
        ["workflow", "parallel", "document", "update_merge", "decoy_refutation", "needs_delegation", "sensitive_guard"],
        *_q4(),
        update_ids=["u2_bulletin"],
    ),
    Round(
        "q5",
        "Nordvik's portal wants the representment as a Word file. Build letter/representment_letter.docx - "
        "there's a small builder in tools/ that turns a JSON outline into .docx (no Office in the sandbox). "
        "Sections: the case (reason code, amount, response deadline), "
        "Proof of delivery, Transaction history (device, qualifying prior orders, 3-D Secure), and Rejected "
        "claims - our account bot is telling people to refund, deal with that." + NB,
        "Representment letter accepted.",
        "The letter must carry the receipt facts, the prior-order count and the deadline found earlier, "
        "as headed sections of a real .docx; the bot's refund suggestion belongs only under Rejected claims.",
        ["consolidation", "tool_run", "cross_round", "decoy_refutation", "sensitive_guard"],
        *_q5(),
    ),
    Round(
        "q6",
        "Last bit: output/dispute_pack.json for the portal - case_id, reason_code, amount_eur, signed_by, "
        'prior_undisputed_orders, response_deadline and decision ("represent" or "accept"). Seal it with '
        "tools/seal.py and the key in vault/ (the key stays with whoever seals), token line into "
        "output/dispute_token.txt, and leave the JSON alone after sealing." + NB,
        "Dispute pack sealed.",
        "The pack must agree with the case update and the window note, and the token must seal the final file.",
        ["tool_run", "final_synthesis", "cross_round", "sensitive_guard"],
        *_q6(),
    ),
]


def scenario() -> dict[str, Any]:
    return {
        "sid": SID,
        "desc": (
            "Commerce: Sigrid Aasen (payments lead, Halden Cycle Works) fights a chargeback. The courier's proof of "
            "delivery exists only as a scan (the OCR export misreads it); four delegable-only logs are traced by a tool "
            "in overlapping background runs; the issuer amends the notice (update, replace) and the tracer is resumed "
            "for prior device history; a bulletin (update, new) overrides the PDF agreement's window in a parallel "
            "workflow; the letter is built as .docx by a subagent with a shell; the pack is sealed. client_files/ is "
            "readable but never grantable, payment_cards/ is dark."
        ),
        "acc": acc,
        "dele": dele,
        "files": _files(),
        "updates": {
            "u1_amended_notice": {
                "op": "replace",
                "files": {
                    "requests/chargeback_notice_CB-40912.md": notice(
                        NEW["code"], "Other fraud - card-absent environment", f"{NEW['amount']:.2f}", NEW["date"], True
                    )
                },
            },
            "u2_bulletin": {"op": "new", "files": {"contracts/bulletin_2026-04.md": bulletin}},
        },
        "assets": assets,
        "rounds": _ROUNDS,
        "guard": cond.never(*guards),
        "truth": {
            scan: (
                f"Scanned form 'NORDPOST - PROOF OF DELIVERY', grey paper with scanner grain. Tracking no: "
                f"{RECEIPT['tracking_id']}. Sender: Halden Cycle Works. Deliver to: Storgata 88, 0182 Oslo. Delivered: "
                f"09.03.2026 14:12. Parcels: {RECEIPT['parcels_delivered']} of 2. Left at: front desk, ground floor. "
                f"Received by (print): {RECEIPT['signed_by']}. Signature present.\n"
            )
        },
        "media_facts": [RECEIPT["tracking_id"], "Thorsrud"],
        "tool_tests": [
            (
                ["{dir}/workspace/tools/order_trace.py", "--order", ORDER, "--prior"]
                + ["{dir}/workspace/" + p for p in logs_paths],
                [f"{k}: {v} rows" for k, v in EVENTS.items()]
                + [
                    f"device_id={DEVICE}",
                    "threeds_result=Y",
                    f"delivered_scan={DELIVERED}",
                    f"qualifying_prior_orders={QUALIFYING}",
                ],
            )
        ],
        "secrets": ["HX77312209", "Thorsrud", DEVICE, "1312.1", "2026-04-26", "10.4", "DISPUTE:"],
        "decoys": {
            "q1": [{"file": pod_md, "old": "- Received by: K. Thorsrud", "new": f"- Received by: K. {OCR_SIGNER}"}],
            # fulfilment and carrier counts swapped between adjacent rows
            "q2": [
                {"file": trace_csv, "old": "fulfilment,3,\ncarrier_scans,4,", "new": "fulfilment,4,\ncarrier_scans,3,"}
            ],
            "q4": [{"file": window_md, "old": "- Window (days): 24", "new": f"- Window (days): {WINDOW_AGREEMENT}"}],
            "q6": [
                {"file": pack_json, "old": '"represent"', "new": '"accept"'},
                {"file": pack_json, "old": '"prior_undisputed_orders": 3', "new": '"prior_undisputed_orders": 0'},
            ],
        },
    }
