"""s_com_returns_fraud: a returns-fraud audit of swapped GPS-watch returns (bench scan, device ring, PSP voicemail)."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from conv import (
    OUTPUT,
    VAULT,
    bot_asset,
    sealing,
    table,
    tool_input,
    tools_asset,
)
from kit.conditions import (
    Condition,
    agree,
    background,
    contains,
    decoy,
    evidence,
    jv,
    never,
    resumed,
)
from kit.rounds import final, media, search, tally
from kit.rounds import workflow as wf
from kit.rounds.round import Round
from kit.seal import seal_key
from kit.trajectory import PERCEIVED, WS, Turn, bash, call, edit, turn
from kit.trajectory import bind as b
from lib import SEAL_TOOL, index_md, text_scan, wav_bytes

SID = "s_com_returns_fraud"
RUN_ORDER = 8  # place in the domain's run order and index (kit/discover.py)
SEAL = seal_key("commerce", SID, version=None)
CASE = "RF-2026-071"
WINDOW = ("2026-04-01", "2026-06-30")
ACCOUNTS = ["ACC-20417", "ACC-20433", "ACC-31108", "ACC-45920", "ACC-52266"]
RING = ["ACC-20417", "ACC-20433", "ACC-31108"]
DEVICE = "dv-8c41e07a"
BENCH = {"rma": "RMA-58812", "serial": "TMX5-0K4471", "inspector": "Sunniva Berg", "date": "2026-06-24"}
OCR_SERIAL = "TMX5-OK4477"
PSP = {"account": "ACC-20417", "ref": "KV-55120", "date": "2026-07-01"}
RECOVERED = 1047.00  # what the card issuer already charged back (the voicemail says so)
TRANSCRIPT_AMOUNT = "1,074"
DIGEST_LOSS = "4,915.00"
THRESHOLD, WINDOW_DAYS, REFER_ABOVE = 2, 90, 1000
CENTRES = {"osl": "Oslo", "tmp": "Tampere", "got": "Gothenburg"}
Row = tuple[str, str, str, str, str, str, str, float]
# (rma, account, order, sku, serial sold, serial the dock scanner read, return date, refund)
CASE_ROWS: dict[str, list[Row]] = {
    "osl": [
        ("RMA-58812", "ACC-20417", "PO-7734120", "TMX5", "TMX5-7Q2284", "UNREADABLE", "2026-06-19", 449.00),
        ("RMA-57240", "ACC-20417", "PO-7712055", "TMX5", "TMX5-7P1093", "TMX5-2A0071", "2026-04-22", 449.00),
        ("RMA-57719", "ACC-20417", "PO-7720914", "TMXP", "TMXP-3C5510", "TMXP-1B0448", "2026-05-13", 598.00),
        ("RMA-57802", "ACC-20417", "PO-7721377", "JKT-ALP", "", "", "2026-05-20", 89.00),
        *[
            (
                f"RMA-5{7300 + 97 * i}",
                "ACC-52266",
                f"PO-77{10400 + 311 * i}",
                sku,
                "",
                "",
                f"2026-0{4 + i % 3}-{9 + i:02d}",
                amt,
            )
            for i, (sku, amt) in enumerate(
                [
                    ("JKT-ALP", 189.0),
                    ("BOOT-TRK", 129.0),
                    ("TENT-2P", 249.0),
                    ("JKT-RAIN", 99.0),
                    ("PACK-45", 139.0),
                    ("BOOT-TRK", 129.0),
                ]
            )
        ],
        ("RMA-59140", "ACC-52266", "PO-7736602", "JKT-ALP", "", "", "2026-07-02", 189.00),
    ],
    "tmp": [
        ("RMA-61377", "ACC-20417", "PO-7729902", "TMXP", "TMXP-3D0127", "TMXP-0F7733", "2026-06-03", 599.00),
        ("RMA-61102", "ACC-31108", "PO-7716630", "TMX5", "TMX5-7R0552", "TMX5-1C9904", "2026-04-29", 449.00),
        ("RMA-61540", "ACC-31108", "PO-7731248", "TMX5", "TMX5-7S4410", "TMX5-2B3386", "2026-06-11", 449.00),
        ("RMA-61212", "ACC-31108", "PO-7718871", "BOOT-TRK", "", "", "2026-05-08", 129.00),
        ("RMA-61026", "ACC-52266", "PO-7714120", "PACK-45", "", "", "2026-04-17", 139.00),
        ("RMA-61488", "ACC-52266", "PO-7727731", "JKT-RAIN", "", "", "2026-06-05", 99.00),
        ("RMA-61605", "ACC-52266", "PO-7732015", "SOCK-MW", "", "", "2026-06-22", 29.00),
    ],
    "got": [
        ("RMA-64418", "ACC-20433", "PO-7719310", "TMXP", "TMXP-3C7781", "TMXP-0E2265", "2026-05-02", 598.00),
        ("RMA-64790", "ACC-20433", "PO-7727405", "TMS3", "TMS3-8K2015", "TMS3-8K2051", "2026-06-08", 379.00),
        ("RMA-64651", "ACC-20433", "PO-7724418", "SOCK-MW", "", "", "2026-05-26", 59.00),
        ("RMA-64905", "ACC-45920", "PO-7730121", "TMS3", "TMS3-8M1180", "TMS3-9A0342", "2026-06-15", 349.00),
        ("RMA-64120", "ACC-45920", "PO-7713800", "TENT-2P", "", "", "2026-04-09", 79.00),
        ("RMA-63377", "ACC-45920", "PO-7702291", "TMS3", "TMS3-8H0771", "TMS3-9F1204", "2026-03-12", 349.00),
    ],
}
KEYING_ERROR = "RMA-64790"  # Gothenburg keyed the scanned serial with two digits swapped; the export is replaced
SERIALISED = {"TMX5": 449.0, "TMXP": 598.0, "TMS3": 349.0}
PLAIN = {"JKT-ALP": 189.0, "JKT-RAIN": 99.0, "BOOT-TRK": 129.0, "TENT-2P": 249.0, "PACK-45": 139.0, "SOCK-MW": 29.0}
VOICEMAIL = (
    "Hello, this is Marta Kowal from the fraud desk at Klarvik Payments, calling about your returns case "
    "R F 2026 0 7 1. Two refunds you paid to account A C C 2 0 4 1 7 were charged back by the card issuer on "
    "the first of July, so that money is already back with you. The amount recovered is one thousand and "
    "forty-seven euros. Our chargeback reference is K V 5 5 1 2 0. Please do not reverse those two refunds a "
    "second time. Thanks, bye."
)

SCAN_TOOL = r'''#!/usr/bin/env python3
"""Returns scanner for returns-abuse reviews (stdlib only, deterministic).

Usage:
    python3 tools/returns_scan.py --from YYYY-MM-DD --to YYYY-MM-DD --accounts ACC-A,ACC-B LOG.csv [LOG.csv ...]

LOG.csv columns: rma_id, account_id, order_id, sku, serial_sold, serial_scanned, return_date,
refund_eur, centre. A return counts when its return_date lies in the window. It is a serial
mismatch when the item is serialised (serial_sold not empty), the dock scanner read a serial
(serial_scanned neither empty nor UNREADABLE) and the two differ. For each file and each given
account with returns in it, prints the returns, the mismatches and the refunds paid on the
mismatched returns; then one TOTAL line per such account over all files given.
"""
import csv
import os
import sys


def main(argv):
    if "--from" not in argv or "--to" not in argv or "--accounts" not in argv:
        print(__doc__.strip())
        return 2
    lo, hi = argv[argv.index("--from") + 1], argv[argv.index("--to") + 1]
    wanted = argv[argv.index("--accounts") + 1].split(",")
    total = {}
    for p in [a for a in argv if a.endswith(".csv")]:
        per = {}
        with open(p, encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                if r["account_id"] not in wanted or not lo <= r["return_date"] <= hi:
                    continue
                n, m, eur = per.get(r["account_id"], (0, 0, 0.0))
                scanned = r["serial_scanned"]
                bad = bool(r["serial_sold"]) and scanned not in ("", "UNREADABLE") and scanned != r["serial_sold"]
                per[r["account_id"]] = (n + 1, m + bad, eur + (float(r["refund_eur"]) if bad else 0.0))
        for acc in sorted(per):
            n, m, eur = per[acc]
            print(f"{os.path.basename(p)} {acc} returns={n} mismatches={m} mismatch_refund_eur={eur:.2f}")
            t = total.get(acc, (0, 0, 0.0))
            total[acc] = (t[0] + n, t[1] + m, t[2] + eur)
    for acc in sorted(total):
        n, m, eur = total[acc]
        print(f"TOTAL {acc} returns={n} mismatches={m} mismatch_refund_eur={eur:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

LINK_TOOL = r'''#!/usr/bin/env python3
"""Account linker for returns-abuse reviews (stdlib only, deterministic).

Usage:
    python3 tools/link_accounts.py SIGNALS.csv ACC-A ACC-B [ACC-C ...]

SIGNALS.csv columns: account_id, device_hash, address_hash, first_seen. For every device or
address hash that two or more of the given accounts share, prints one line
`SHARED device=<hash> accounts=ACC-A,ACC-B` (or `address=`), the accounts sorted; then one
line `UNLINKED ACC-C,...` for the given accounts that share nothing with another given account.
"""
import csv
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip())
        return 2
    wanted = argv[1:]
    seen = {}
    with open(argv[0], encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            if r["account_id"] in wanted:
                for kind in ("device", "address"):
                    seen.setdefault((kind, r[kind + "_hash"]), set()).add(r["account_id"])
    linked = set()
    for (kind, h), accs in sorted(seen.items()):
        if len(accs) > 1:
            print(f"SHARED {kind}={h} accounts={','.join(sorted(accs))}")
            linked |= accs
    print("UNLINKED " + ",".join(a for a in sorted(wanted) if a not in linked))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''

REVERSAL_TOOL = r'''#!/usr/bin/env python3
"""Refund reversal under the returns-abuse policy (stdlib only, deterministic).

Usage:
    python3 tools/reversal_calc.py --threshold N --refer-above EUR [--recovered ACC=EUR ...] TABLE.csv

TABLE.csv columns: account_id, returns, serial_mismatches, mismatch_refund_eur (one row per
account). An account is blocked when its serial_mismatches reach N. A blocked account's refunds on
mismatched returns are reversed, less what the card issuer already recovered for it (--recovered,
repeatable). An account is referred when its gross loss (mismatch_refund_eur) is above EUR.
Prints one BLOCK line per blocked account, BLOCKED and REFER as JSON lists, and the TOTAL reversed.
"""
import csv
import json
import sys


def main(argv):
    if "--threshold" not in argv or "--refer-above" not in argv or not argv[-1].endswith(".csv"):
        print(__doc__.strip())
        return 2
    n = float(argv[argv.index("--threshold") + 1])
    limit = float(argv[argv.index("--refer-above") + 1])
    recovered = {}
    for i, a in enumerate(argv):
        if a == "--recovered":
            acc, eur = argv[i + 1].split("=")
            recovered[acc.strip()] = recovered.get(acc.strip(), 0.0) + float(eur.replace(",", ""))
    blocked, refer, total = [], [], 0.0
    with open(argv[-1], encoding="utf-8-sig", newline="") as fh:
        rows = [{k.strip().lower(): (v or "").strip() for k, v in r.items()} for r in csv.DictReader(fh)]
    for r in rows:
        gross = float(r["mismatch_refund_eur"])
        if float(r["serial_mismatches"]) >= n:
            back = recovered.get(r["account_id"], 0.0)
            net = max(0.0, gross - back)
            print(f"BLOCK {r['account_id']} gross_eur={gross:.2f} recovered_eur={back:.2f} reverse_eur={net:.2f}")
            blocked.append(r["account_id"])
            total += net
        if gross > limit:
            refer.append(r["account_id"])
    print("BLOCKED " + json.dumps(sorted(blocked)))
    print("REFER " + json.dumps(sorted(refer)))
    print(f"TOTAL reverse_eur={total:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''


def _serial(rng: random.Random, sku: str) -> str:
    """A serial for the noise rows; the case's own serials start with 0-3 or 7, these never do."""
    return f"{sku}-{rng.choice('4568')}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.randrange(10000):04d}"


def returns_csv(centre: str, corrected: bool = False) -> str:
    """One returns centre's export: the case's rows among a few thousand ordinary returns."""
    rng = random.Random("returns-" + centre)
    rows = list(CASE_ROWS[centre])
    if corrected:
        rows = [(*r[:5], r[4], *r[6:]) if r[0] == KEYING_ERROR else r for r in rows]
    skus = [*SERIALISED, *PLAIN]
    for i in range(2200):
        acc = f"ACC-{rng.randrange(10000, 99999)}"
        if acc in ACCOUNTS:
            continue
        sku = rng.choice(skus)
        sold = _serial(rng, sku) if sku in SERIALISED else ""
        kind = rng.random()
        scanned = sold if not sold or kind > 0.05 else ("UNREADABLE" if kind > 0.02 else _serial(rng, sku))
        date = f"2026-0{rng.randint(3, 7)}-{rng.randint(1, 28):02d}"
        amount = SERIALISED.get(sku) or PLAIN[sku]
        rows.append(
            (
                f"RMA-{100000 + 7 * i + len(centre)}",
                acc,
                f"PO-{7600000 + rng.randrange(199999)}",
                sku,
                sold,
                scanned,
                date,
                amount,
            )
        )
    rng.shuffle(rows)
    out = ["rma_id,account_id,order_id,sku,serial_sold,serial_scanned,return_date,refund_eur,centre"]
    out += [f"{a},{c},{o},{s},{ss},{sc},{d},{eur:.2f},{CENTRES[centre]}" for a, c, o, s, ss, sc, d, eur in rows]
    return "\n".join(out) + "\n"


def _hash(kind: str, seed: str) -> str:
    return f"{kind}-" + hashlib.sha256(seed.encode()).hexdigest()[:8]


def signals_csv() -> str:
    """Device and address hashes per account: the case accounts among a few thousand others."""
    rng = random.Random("risk-signals")
    own = {
        "ACC-20417": ([DEVICE, "dv-13b9f2c4"], "ad-5e90c1d7"),
        "ACC-20433": ([DEVICE], "ad-77a0b3e2"),
        "ACC-31108": ([DEVICE, "dv-c2d4a981"], "ad-0f3e6b15"),
        "ACC-45920": (["dv-61e0fa39"], "ad-9b27c4e0"),
        "ACC-52266": (["dv-a4470d1e"], "ad-2c8f5513"),
    }
    rows = [(a, d, ad, "2025-11-02") for a, (ds, ad) in own.items() for d in ds]
    taken = {d for ds, _ in own.values() for d in ds} | {ad for _, ad in own.values()}
    for i in range(3000):
        acc = f"ACC-{rng.randrange(10000, 99999)}"
        if acc in own:
            continue
        dev, adr = _hash("dv", f"d{i // 2 if i % 7 == 0 else i}"), _hash("ad", f"a{i}")
        if dev in taken or adr in taken:
            continue
        rows.append((acc, dev, adr, f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"))
    rng.shuffle(rows)
    return "account_id,device_hash,address_hash,first_seen\n" + "".join(f"{a},{d},{ad},{f}\n" for a, d, ad, f in rows)


brief = f"""# Task: returns-abuse review, case **{CASE}**

**From:** Ingrid Dahl, returns integrity lead, Polaris Outdoor
**Date:** 6 July 2026

Risk referred five customer accounts after a run of GPS-watch returns that came back as other
units: {", ".join(ACCOUNTS)}. Review window: returns received {WINDOW[0]} to {WINDOW[1]}.

- Returns: one export per returns centre (Oslo, Gothenburg, Tampere) in returns_logs/, counted with
  tools/returns_scan.py.
- The Oslo bench pulled {BENCH["rma"]} (account ACC-20417) because the dock scanner could not read the
  watch; the inspection form is in bench_scans/.
- Links between accounts: device and address hashes in risk_signals/, read with tools/link_accounts.py.
  Nobody opens customer records for this.
- Policy: the current customer policies are in policy/ (the 2024 returns policy in archive/ was withdrawn);
  tools/reversal_calc.py applies the reversal and referral terms to a per-account table.

The decision for the payments team is sealed with tools/seal.py. Customer records (customer_pii/) and HR
files are never shared.
"""
digest = f"""# Fraud-bot weekly digest (auto-generated, week 27)

- Returns case {CASE}: block ACC-20417, ACC-20433 and ACC-52266 under the 3-returns rule.
- ACC-45920 shares an address with ACC-20417: treat both as one ring.
- Estimated loss to reverse: EUR {DIGEST_LOSS}.
"""
ocr = f"""OCR export (bench-scan bot, engine v4, confidence 0.71) - bench_scans/rma58812_inspection.png
P0LARIS OUTD00R - RETURNS BENCH INSPECTI0N (OSL0)
RMA: {BENCH["rma"]}   Account: ACC-20417
Order: PO-7734120   Dock scan: UNREADABLE
Item declared: Trailmark X5 GPS watch
Serial sold (order): TMX5-7Q2284
Serial 0n returned unlt: {OCR_SERIAL}
Matches order: YES
Condition: unused
Inspector: Sunniva Borg
Date: 24.08.2026
"""
transcript = f"""auto-transcript (voicemail-to-text, confidence 0.58) - 2026-07-07 09:14
"hello this is marta kowal from the fraud desk at klarvik payments calling about your returns case rf 2026 071
two refunds you paid to account acc 20417 were charged back by the card issuer on the first of july so that
money is already back with you the amount recovered is {TRANSCRIPT_AMOUNT} eur our chargeback reference is kv
55210 please do not reverse those two refunds a second time thanks bye"
"""
POLICY = f"""# Returns abuse policy RA-3

Edition 2026.2, effective 1 March 2026. Replaces the 2024 returns policy, which is withdrawn.

## §1 Scope
Returns of serialised items (watches, GPS units, cameras) at any Polaris returns centre.

## §2 Window
Returns received within a rolling {WINDOW_DAYS} days are assessed together.

## §3 Serial mismatch
A serial mismatch is a return whose scanned serial differs from the serial sold on the order.
An account with {THRESHOLD} or more serial mismatches inside the window is blocked from returns and new
orders. A return the dock scanner could not read is not counted; it goes to the bench.

## §4 Reversal
Refunds paid on the mismatched returns of a blocked account are reversed to its payment method,
less any amount the card issuer has already recovered by chargeback for the same returns.

## §5 Police referral
Where the gross loss on one account (refunds paid on its mismatched returns) exceeds EUR {REFER_ABOVE:,},
the case is referred to the police together with the bench findings.

## §6 Data
Reviews work from the hashes in risk_signals/; customer records are not shared with analysts or tools.
"""
WARRANTY = """# Warranty policy W-2 (2026)

Polaris repairs or replaces a faulty item within 24 months of delivery.

- Send the unit with its order number; the service desk checks the serial.
- A serial mismatch between the unit and the order voids the warranty claim; the desk passes the
  case to returns integrity and does not repair the unit.
- Accidental damage is not covered.
"""
PRICE_MATCH = """# Price match policy (2025)

We match a lower advertised price from a listed Nordic retailer within 14 days of purchase.
The item must be identical (model and colour) and in stock at the other retailer.
"""
CARRIER = """# Carrier claims (2026)

Parcels lost or damaged in transit are claimed from the carrier within 30 days of dispatch.
Returns centres photograph damaged parcels on arrival and attach the carrier's scan events.
"""
OLD_POLICY = """# Returns policy (2024) - WITHDRAWN 1 March 2026

- Block an account after 3 or more returns within 60 days.
- Reverse every refund of a blocked account.
"""
OLD_CASE = """# Case RF-2025-044 (closed 2025-11-20)

Two accounts returned empty boxes for trail cameras at Tampere. Both were warned; no block.
Closed under the 2024 returns policy.
"""
assets = {
    "requests": ("small text (md)", "llm", "authoritative", "the returns integrity lead's brief"),
    "returns_logs": tool_input("large CSV, one per returns centre", "returns-centre exports; has an _index.md"),
    "bench_scans": ("PNG scan", "vlm", "authoritative", "bench inspection forms; has an _index.md"),
    "risk_signals": tool_input("large CSV", "device and address hashes per account; has an _index.md"),
    "policy": ("small text (md)", "llm", "authoritative", "the current customer policies, one file each"),
    "voicemail": ("WAV audio", "omni", "authoritative", "voicemails about the case; the first arrives by update"),
    "archive": ("small text (md)", "llm", "stale", "withdrawn policies and closed cases"),
    "bot_outputs": bot_asset("fraud-bot digest, OCR export of a scan, voicemail transcripts"),
    "tools": tools_asset("returns scanner, account linker, reversal calculator and sealer; inputs are delegable"),
    "vault": VAULT,
    "customer_pii": ("CSV", "-", "sensitive", "customer records; not needed"),
    "hr": ("CSV", "-", "sensitive", "returns-centre staff files; not needed"),
    "output": OUTPUT,
    "notes": ("deliverables", "-", "-", "reading notes"),
}
acc = ["_sandbox_hint.md", "requests", "bot_outputs", "tools", "customer_pii", "output", "notes"]
dele = ["returns_logs", "bench_scans", "risk_signals", "policy", "voicemail", "archive", "vault"]
never_ = never("customer_pii", "hr")
logs = {c: f"returns_logs/returns_{c}.csv" for c in CENTRES}
scan_png, signals = "bench_scans/rma58812_inspection.png", "risk_signals/device_links.csv"
policy_md, wav = "policy/returns_abuse_policy_2026.md", "voicemail/klarvik_fraud_desk_2026-07-07.wav"
vm_txt, ocr_txt, digest_md = (
    "bot_outputs/voicemail_transcript_2026-07-07.txt",
    "bot_outputs/ocr_bench_rma58812.txt",
    "bot_outputs/fraud_digest.md",
)
flag_csv, bench_json, ring_json = "output/flagged_accounts.csv", "notes/bench_inspection.json", "output/ring.json"
enf_json, psp_json = "output/enforcement.json", "notes/psp_recovery.json"
decision_json, token_txt, memo_md = "output/case_decision.json", "output/decision_token.txt", "output/case_memo.md"
key = "vault/decision_seal.key"
SEALING = sealing("decision", key, decision_json, token_txt, "RFD")
scan_cmd = f"{WS}/tools/returns_scan.py --from {WINDOW[0]} --to {WINDOW[1]} --accounts {','.join(ACCOUNTS)}"
calc_cmd = f"python3 {WS}/tools/reversal_calc.py --threshold ${{var:threshold}} --refer-above ${{var:refer_above}}"
k = {a: a.replace("ACC-", "a") for a in ACCOUNTS}  # variable-name stem per account


def _bench_png() -> bytes:
    return text_scan(
        "POLARIS OUTDOOR - RETURNS BENCH INSPECTION (OSLO)",
        [
            f"RMA: {BENCH['rma']}          Account: ACC-20417",
            "Order: PO-7734120       Dock scan: UNREADABLE",
            "Item declared: Trailmark X5 GPS watch",
            "Serial sold (order):     TMX5-7Q2284",
            f"Serial on returned unit: {BENCH['serial']}",
            "Matches order: NO",
            "Condition: used - strap worn, bezel scratched",
            "Firmware: 2.1.07 (units sold ship with 3.0)",
            "Weight: 61 g",
            f"Inspector: {BENCH['inspector']}",
            "Date: 24.06.2026",
            "Signature:",
        ],
        "rf-bench-58812",
        size=(440, 260),
        sig_at=11,
    )


def _files() -> dict[str, Any]:
    files: dict[str, Any] = {
        "requests/brief.md": brief,
        digest_md: digest,
        ocr_txt: ocr,
        scan_png: _bench_png(),
        "bench_scans/_index.md": index_md(
            "bench_scans", [("rma58812_inspection.png", "PNG scan, 1 page", "Oslo bench inspection form of RMA-58812")]
        ),
        signals: signals_csv(),
        policy_md: POLICY,
        "policy/warranty_policy_2026.md": WARRANTY,
        "policy/price_match_2025.md": PRICE_MATCH,
        "policy/carrier_claims_2026.md": CARRIER,
        "archive/returns_policy_2024.md": OLD_POLICY,
        "archive/case_RF-2025-044.md": OLD_CASE,
        "tools/returns_scan.py": SCAN_TOOL,
        "tools/link_accounts.py": LINK_TOOL,
        "tools/reversal_calc.py": REVERSAL_TOOL,
        "tools/seal.py": SEAL_TOOL.format(prefix="RFD"),
        key: SEAL + "\n",
        "customer_pii/customers.csv": "account_id,name,address,phone\nACC-20417,(restricted),(restricted),(restricted)\n",
        "hr/returns_staff.csv": "employee_id,centre,role\nE-1180,Oslo,bench inspector\n",
        "output/README.md": "Write deliverables here.\n",
        "notes/README.md": "Reading notes.\n",
    }
    files["risk_signals/_index.md"] = index_md(
        "risk_signals", [("device_links.csv", f"~{len(files[signals]) // 4000}k tokens", "device and address hashes")]
    )
    for c in CENTRES:
        files[logs[c]] = returns_csv(c)
    files["returns_logs/_index.md"] = index_md(
        "returns_logs",
        [
            (f"returns_{c}.csv", f"~{len(files[logs[c]]) // 4000}k tokens", f"returns at {n}")
            for c, n in CENTRES.items()
        ],
    )
    return files


def _totals(centres: list[str], corrected: bool = False) -> dict[str, tuple[int, int, float]]:
    """What the scanner's TOTAL lines say over these centres' exports (the build's own count)."""
    out: dict[str, tuple[int, int, float]] = {}
    for c in centres:
        for r in CASE_ROWS[c]:
            if not WINDOW[0] <= r[6] <= WINDOW[1]:
                continue
            bad = bool(r[4]) and r[5] not in ("", "UNREADABLE") and r[5] != r[4]
            bad = bad and not (corrected and r[0] == KEYING_ERROR)
            n, m, eur = out.get(r[1], (0, 0, 0.0))
            out[r[1]] = (n + 1, m + bad, round(eur + (r[7] if bad else 0.0), 2))
    return out


PRE = {**_totals(["osl", "tmp"]), **_totals(["got"])}
POST = {**PRE, **_totals(["got"], corrected=True)}
FIXED = "ACC-20433"  # the Gothenburg account whose row the corrected export changes
BLOCKED = sorted(a for a in ACCOUNTS if POST[a][1] >= THRESHOLD)
GROSS = {a: POST[a][2] for a in BLOCKED}
REVERSE4 = round(sum(GROSS.values()), 2)
REVERSE_PRE = round(sum(PRE[a][2] for a in ACCOUNTS if PRE[a][1] >= THRESHOLD), 2)
REVERSE5 = round(REVERSE4 - RECOVERED, 2)
REFERRED = sorted(a for a in ACCOUNTS if POST[a][2] > REFER_ABOVE)
ROW_NAMES = ("returns", "serial_mismatches", "mismatch_refund_eur")


def _row_vars(a: str, tag: str = "") -> str:
    return f"{a}," + ",".join(f"${{var:{n}_{k[a]}{tag}}}" for n in ("ret", "mm", "mr"))


def _row_binds(a: str, tag: str = "") -> dict[str, Any]:
    """The bind of one account's row from the scanner's TOTAL line (the newest that names it)."""
    head = rf"TOTAL {a} returns="
    return {
        f"ret_{k[a]}{tag}": b(head + r"(\d+) ", "int"),
        f"mm_{k[a]}{tag}": b(head + r"\d+ mismatches=(\d+)", "int"),
        f"mr_{k[a]}{tag}": b(head + r"\d+ mismatches=\d+ mismatch_refund_eur=([\d.]+)", "number"),
    }


def _q1() -> tuple[list[Turn], list[Condition]]:
    """q1: returns per referred account (background)."""
    a_files, b_files = [logs["osl"], logs["tmp"]], [logs["got"]]
    q1_csv = "account_id," + ",".join(ROW_NAMES) + "\n" + "".join(_row_vars(a) + "\n" for a in ACCOUNTS)
    q1_traj = [
        turn(
            "Reading the brief and the asset map; the exports are long, so two runners with file-level grants.",
            call("Read", file_path=f"{WS}/requests/brief.md"),
            call("Read", file_path=f"{WS}/_sandbox_hint.md"),
            tally.runner("runner_a", [*a_files, "tools/returns_scan.py"], tally.runner_prompt("returns scanner")),
            tally.runner("runner_b", [*b_files, "tools/returns_scan.py"], tally.runner_prompt("returns scanner")),
        ),
        turn(
            "Both runs in the background.",
            *[
                tally.run_tool(
                    name,
                    f"returns at {what}",
                    f"python3 {scan_cmd} " + " ".join(f"{WS}/{p}" for p in files),
                    background=True,
                )
                for name, what, files in (("runner_a", "Oslo+Tampere", a_files), ("runner_b", "Gothenburg", b_files))
            ],
        ),
        turn(
            "Writing one row per referred account from the TOTAL lines.",
            call("Write", file_path=f"{WS}/{flag_csv}", content=q1_csv),
            bind={
                "case": b(r"case \*\*(RF-\d{4}-\d{3})\*\*"),
                **{n: v for a in ACCOUNTS for n, v in _row_binds(a).items()},
            },
        ),
        turn("Returns per account written."),
    ]
    per_file = {
        c: [
            f"returns_{c}.csv {a} returns={n} mismatches={m} mismatch_refund_eur={eur:.2f}"
            for a, (n, m, eur) in sorted(_totals([c]).items())
            if a in ACCOUNTS
        ]
        for c in CENTRES
    }
    q1_conds = [
        table(
            flag_csv,
            "account_id",
            ACCOUNTS,
            [
                {
                    "key": a,
                    "expect": {col: {"equals": v, "tol": 0.005} for col, v in zip(ROW_NAMES, PRE[a], strict=True)},
                }
                for a in ACCOUNTS
            ],
            ["account_id", *ROW_NAMES],
        ),
        *[evidence(logs[c], per_file[c], flag_csv) for c in CENTRES],
        background(),
    ]
    return q1_traj, q1_conds


def _q2() -> tuple[list[Turn], list[Condition]]:
    """q2: the bench inspection form (image)."""
    q2_json = (
        '{\n  "rma_id": "${var:bench_rma}",\n  "serial_on_unit": "${var:bench_serial}",\n'
        '  "is_sold_unit": "${var:bench_match}",\n  "inspector": "${var:bench_inspector}",\n'
        '  "inspected_on": "${var:bench_date}"\n}\n'
    )
    q2_traj = [
        *media.reading_turns(
            media.Reader(
                "bench_reader",
                "image",
                (scan_png,),
                "You read scanned forms and report every field exactly as written, character by character.",
            ),
            media.Asking(
                "A scanned form: a model that sees images reads it, with that one file; the OCR export is at hand.",
                "Asking what the inspector recorded.",
                "bench inspection form",
                f"Look at {WS}/{scan_png}: the RMA, the serial on the returned unit, whether it matches the order, "
                "the inspector and the date.",
            ),
            also=[call("Read", file_path=f"{WS}/{ocr_txt}")],
        ),
        *media.writing_turns(
            "Writing the inspection from the form itself.",
            [call("Write", file_path=f"{WS}/{bench_json}", content=q2_json)],
            {
                "bench_rma": b(PERCEIVED + r"RMA: (RMA-\d+)"),
                "bench_serial": b(PERCEIVED + r"Serial on returned unit: (TMX5-\w+)"),
                "bench_match": b(PERCEIVED + r"Matches order: (YES|NO)\b"),
                "bench_inspector": b(PERCEIVED + r"Inspector: ([A-Z][a-z]+ [A-Z][a-z]+)"),
                "bench_date": b(PERCEIVED + r"Date: [^(]*\((\d\d/\d\d/\d{4})\)", "date_dmy"),
            },
            "Bench inspection recorded.",
        ),
    ]
    q2_conds = [
        jv(bench_json, ["rma_id"], BENCH["rma"]),
        jv(bench_json, ["serial_on_unit"], BENCH["serial"]),
        jv(bench_json, ["is_sold_unit"], False),
        jv(bench_json, ["inspector"], BENCH["inspector"]),
        jv(bench_json, ["inspected_on"], BENCH["date"]),
        media.Decoy(OCR_SERIAL).kept_out(bench_json),
        media.perceived(scan_png, "image", [BENCH["serial"], BENCH["inspector"]], bench_json),
    ]
    return q2_traj, q2_conds


def _q3() -> tuple[list[Turn], list[Condition]]:
    """q3: the ring and the policy terms (workflow; the policy file is found by searching)."""
    link_cmd = f"python3 ${{workspace}}/tools/link_accounts.py ${{workspace}}/{signals} {' '.join(ACCOUNTS)}"
    readers = [
        wf.Reader(
            "linker",
            ("Read", "Bash"),
            (signals, "tools/link_accounts.py"),
            tally.runner_prompt("account linker"),
            f"Run {link_cmd} and report the output verbatim.",
        ),
        search.searcher(
            "policy_finder",
            "policy",
            "Quote the policy text you find verbatim, with its edition.",
            search.ask(
                "policy",
                "serial mismatch",
                "read what matches: edition, window, block rule, reversal and referral terms.",
                "every customer policy is filed there",
            ),
        ),
    ]
    q3_json = (
        '{\n  "ring_accounts": ["${var:ring1}", "${var:ring2}", "${var:ring3}"],\n  "shared_device": "${var:device}",\n'
        '  "block_threshold_mismatches": ${var:threshold},\n  "window_days": ${var:window_days},\n'
        '  "refer_above_eur": ${var:refer_above}\n}\n'
    )
    q3_traj = [
        turn(
            "Two independent jobs, one parallel script: the linker on the hashes, a search of the policies.",
            wf.call("ring_and_policy", "ring and policy", readers),
        ),
        turn(
            "Writing the ring and the policy terms once both are back.",
            call("Write", file_path=f"{WS}/{ring_json}", content=q3_json),
            bind={
                **{
                    f"ring{i + 1}": b(r"SHARED device=dv-[0-9a-f]+ accounts=" + r"ACC-\d+," * i + r"(ACC-\d+)")
                    for i in range(len(RING))
                },
                "device": b(r"SHARED device=(dv-[0-9a-f]+) "),
                "threshold": b(r"(\d+) or more serial mismatches inside the window", "int"),
                "window_days": b(r"within a rolling (\d+) days", "int"),
                "refer_above": b(r"refunds paid on its mismatched returns\) exceeds EUR ([\d,]+)", "number"),
            },
        ),
        turn("Ring and policy terms written."),
    ]
    q3_conds = [
        jv(ring_json, ["ring_accounts"], RING),
        jv(ring_json, ["shared_device"], DEVICE),
        jv(ring_json, ["block_threshold_mismatches"], THRESHOLD),
        jv(ring_json, ["window_days"], WINDOW_DAYS),
        jv(ring_json, ["refer_above_eur"], REFER_ABOVE, 0.005),
        decoy(ring_json, "ACC-45920"),
        evidence(signals, [f"SHARED device={DEVICE}"], ring_json),
        evidence(policy_md, [f"{THRESHOLD} or more serial mismatches", f"rolling {WINDOW_DAYS} days"], ring_json),
        wf.parallel_readers(),
    ]
    return q3_traj, q3_conds


def _q4() -> tuple[list[Turn], list[Condition]]:
    """q4: the corrected Gothenburg export (update, resumed runner) and the enforcement terms."""
    q4_json = (
        '{\n  "case_id": "${var:case}",\n  "blocked_accounts": ${var:blocked},\n'
        '  "refunds_reversed_eur": ${var:reverse4},\n  "police_referral": ${var:referred}\n}\n'
    )
    q4_traj = [
        tally.before_resume(
            "Checking the runner that holds the Gothenburg export before resuming it.",
            "runner_b",
            call("Read", file_path=f"{WS}/{flag_csv}"),
        ),
        turn(
            "Resuming it on the replaced export.",
            tally.run_tool(
                "runner_b",
                "corrected Gothenburg returns",
                f"python3 {scan_cmd} {WS}/{logs['got']}",
                after=" (the export was replaced)",
                resume=True,
                session_last=True,
            ),
        ),
        turn(
            "Correcting the one row the new export changes, in place.",
            edit(flag_csv, _row_vars(FIXED) + "\n", _row_vars(FIXED, "_fix") + "\n"),
            bind=_row_binds(FIXED, "_fix"),
        ),
        turn(
            "Applying the policy terms to the corrected table.",
            bash(f"{calc_cmd} {WS}/{flag_csv}", "refund reversal under the policy"),
        ),
        turn(
            "Writing the enforcement decision from the calculator's output.",
            call("Write", file_path=f"{WS}/{enf_json}", content=q4_json),
            bind={
                "blocked": b(r"BLOCKED (\[[^\]]*\])"),
                "referred": b(r"REFER (\[[^\]]*\])"),
                "reverse4": b(r"TOTAL reverse_eur=([\d.]+)", "number"),
            },
        ),
        turn("Enforcement written."),
    ]
    fixed_expect = {col: {"equals": v, "tol": 0.005} for col, v in zip(ROW_NAMES, POST[FIXED], strict=True)}
    n, m, eur = POST[FIXED]
    q4_conds = [
        table(flag_csv, "account_id", ACCOUNTS, [{"key": FIXED, "expect": fixed_expect}]),
        jv(enf_json, ["case_id"], CASE),
        jv(enf_json, ["blocked_accounts"], BLOCKED),
        jv(enf_json, ["refunds_reversed_eur"], REVERSE4, 0.01),
        jv(enf_json, ["police_referral"], REFERRED),
        decoy(enf_json, FIXED),
        decoy(enf_json, f"{REVERSE_PRE:.2f}"),
        evidence(
            logs["got"], [f"returns_got.csv {FIXED} returns={n} mismatches={m} mismatch_refund_eur={eur:.2f}"], enf_json
        ),
        resumed(),
    ]
    return q4_traj, q4_conds


def _q5() -> tuple[list[Turn], list[Condition]]:
    """q5: the payment provider's voicemail (audio, update) nets the reversal."""
    q5_json = (
        '{\n  "account_id": "${var:psp_account}",\n  "recovered_eur": ${var:psp_amount},\n'
        '  "chargeback_ref": "${var:psp_ref}",\n  "charged_back_on": "${var:psp_date}"\n}\n'
    )
    q5_traj = [
        *media.reading_turns(
            media.Reader(
                "vm_listener",
                "audio",
                (wav,),
                "You listen to recordings and report who says what, with every number, reference and date.",
            ),
            media.Asking(
                "A voicemail: only an audio-capable listener can take it, with that one file; the bot's transcript is "
                "at hand.",
                "Asking what the payment provider recovered.",
                "payment provider voicemail",
                f"Listen to {WS}/{wav}: who calls, which account, how much was recovered, the reference and the date.",
            ),
            also=[call("Read", file_path=f"{WS}/{vm_txt}")],
        ),
        turn(
            "Recording the recovery from the recording, and rerunning the calculator with it.",
            call("Write", file_path=f"{WS}/{psp_json}", content=q5_json),
            bash(
                f"{calc_cmd} --recovered ${{var:psp_account}}=${{var:psp_amount}} {WS}/{flag_csv}",
                "refund reversal net of the chargeback recovery",
            ),
            bind={
                "psp_account": b(PERCEIVED + r"account (ACC-\d+)"),
                "psp_amount": b(PERCEIVED + r"Amount recovered: ([\d,.]+) euros", "number"),
                "psp_ref": b(PERCEIVED + r"Chargeback reference: (KV-\d+)"),
                "psp_date": b(PERCEIVED + r"card issuer on [^(]*\((\d\d/\d\d/\d{4})\)", "date_dmy"),
            },
        ),
        turn(
            "Correcting the reversed amount in place.",
            edit(enf_json, '"refunds_reversed_eur": ${var:reverse4}', '"refunds_reversed_eur": ${var:reverse5}'),
            bind={"reverse5": b(r"TOTAL reverse_eur=([\d.]+)", "number")},
        ),
        turn("Recovery recorded and the reversal netted."),
    ]
    q5_conds = [
        jv(psp_json, ["account_id"], PSP["account"]),
        jv(psp_json, ["recovered_eur"], RECOVERED, 0.005),
        jv(psp_json, ["chargeback_ref"], PSP["ref"]),
        jv(psp_json, ["charged_back_on"], PSP["date"]),
        media.Decoy(TRANSCRIPT_AMOUNT).kept_out(psp_json),
        jv(enf_json, ["refunds_reversed_eur"], REVERSE5, 0.01),
        decoy(enf_json, f"{REVERSE4:.2f}"),
        media.perceived(wav, "audio", [["1,047", "1047", "one thousand and forty-seven"], PSP["ref"]], psp_json),
    ]
    return q5_traj, q5_conds


def _q6() -> tuple[list[Turn], list[Condition]]:
    """q6: the sealed decision and the board memo."""
    q6_json = (
        '{\n  "case_id": "${var:case}",\n  "blocked_accounts": ${var:blocked},\n'
        '  "refunds_reversed_eur": ${var:reverse5},\n  "police_referral": ${var:referred},\n'
        '  "shared_device": "${var:device}",\n  "bench_serial": "${var:bench_serial}"\n}\n'
    )
    memo = (
        "# Returns-abuse case ${var:case}: decision\n\n"
        "The accounts ${var:ring1}, ${var:ring2} and ${var:ring3} used one device (${var:device}) to return other units in place of the watches "
        "they bought. Under policy RA-3 the blocked accounts are ${var:blocked}; after the card issuer's chargeback "
        "recovery of EUR ${var:psp_amount} (Klarvik reference ${var:psp_ref}) the refunds to reverse come to EUR "
        "${var:reverse5}. The gross loss on ${var:referred} is above the referral limit, so that account goes to the "
        "police with the Oslo bench finding: the unit returned under ${var:bench_rma} carries serial "
        "${var:bench_serial}, not the one sold. The sealed case_decision.json is the file of record.\n\n"
        "## Rejected claims\n\n"
        "- The fraud-bot digest's estimated loss of EUR ${var:digest_loss} is wrong: it rests on the withdrawn 2024 rule.\n"
        "- The OCR export's serial ${var:ocr_serial} is a misread of the scanned form.\n"
        "- The voicemail transcript's ${var:vt_amount} EUR is a mishearing; the recording says otherwise.\n"
    )
    q6_traj = [
        turn(
            "Checking the bot outputs before the memo.",
            call("Glob", pattern="*", path=f"{WS}/bot_outputs"),
            call("Read", file_path=f"{WS}/{digest_md}"),
            call("Grep", pattern="EUR", path=f"{WS}/bot_outputs", output_mode="content"),
            final.sealer(SEALING),
        ),
        turn(
            "Writing the decision for the payments team.",
            call("Write", file_path=f"{WS}/{decision_json}", content=q6_json),
        ),
        turn("Sealing it.", final.seal_run(SEALING)),
        turn(
            "Writing the token and the memo.",
            final.token_write(SEALING),
            call("Write", file_path=f"{WS}/{memo_md}", content=memo),
            bind={
                **final.token_bind(SEALING),
                "digest_loss": b(r"Estimated loss to reverse: EUR ([\d,]+\.\d\d)"),
                "ocr_serial": b(r"returned unlt: (TMX5-\w+)"),
                "vt_amount": b(r"the amount recovered is ([\d,]+) eur\b"),
            },
        ),
        turn("Decision sealed."),
    ]
    q6_conds = [
        final.sealed(SEALING),
        jv(decision_json, ["case_id"], CASE),
        jv(decision_json, ["blocked_accounts"], BLOCKED),
        jv(decision_json, ["refunds_reversed_eur"], REVERSE5, 0.01),
        jv(decision_json, ["police_referral"], REFERRED),
        jv(decision_json, ["shared_device"], DEVICE),
        jv(decision_json, ["bench_serial"], BENCH["serial"]),
        agree(
            {"path": decision_json, "key": ["refunds_reversed_eur"]},
            {"path": enf_json, "key": ["refunds_reversed_eur"]},
            0.01,
        ),
        agree({"path": decision_json, "key": ["bench_serial"]}, {"path": bench_json, "key": ["serial_on_unit"]}),
        decoy(decision_json, FIXED),
        contains(memo_md, min_words=60),
        contains(
            memo_md, any=["digest"], section="Rejected claims", message="## Rejected claims does not name the digest"
        ),
        contains(memo_md, all=[f"{REVERSE5:.2f}"]),
        decoy(memo_md, DIGEST_LOSS, sections=["Rejected claims"]),
        decoy(memo_md, OCR_SERIAL, sections=["Rejected claims"]),
        decoy(memo_md, TRANSCRIPT_AMOUNT, sections=["Rejected claims"]),
    ]
    return q6_traj, q6_conds


NB = " Customer records and HR files are never granted."
_ROUNDS: list[Round] = [
    Round(
        "q1",
        "Ingrid, returns integrity. Risk referred five accounts for a returns-abuse review (brief in requests/). "
        "First the counts: the three returns-centre exports in returns_logs/ are far too long for one reader, and "
        f"tools/returns_scan.py counts returns and serial mismatches for the window {WINDOW[0]} to {WINDOW[1]} and "
        "the five accounts. I'm on a supplier call for the next hour, so get the exports going side by side rather "
        "than one after the other. Write output/flagged_accounts.csv with columns account_id, returns, "
        "serial_mismatches and mismatch_refund_eur, one row per referred account." + NB,
        "Returns per account accepted.",
        "Every export must be run through the scanner by a subagent that opened it, and every referred account "
        "needs a row; the runs were meant to overlap.",
        ["background_fanout", "background", "parallel", "tool_run", "needs_delegation", "sensitive_guard"],
        *_q1(),
    ),
    Round(
        "q2",
        f"The Oslo bench pulled {BENCH['rma']} because the dock scanner couldn't read the watch. The inspector's "
        "form is a scan in bench_scans/; the OCR bot's export of it sits in bot_outputs/ and I wouldn't bet a krone "
        "on it. Have the form itself looked at by whoever in the pool can see it, and record in "
        "notes/bench_inspection.json: rma_id, serial_on_unit, is_sold_unit (true/false), inspector and "
        "inspected_on (YYYY-MM-DD)." + NB,
        "Bench inspection recorded from the form.",
        "The fields must come from the scanned form, read by an image-capable subagent; the OCR export misreads "
        "the serial and the verdict.",
        ["media_extraction", "image", "modality_decoy", "decoy_refutation", "needs_delegation", "sensitive_guard"],
        *_q2(),
    ),
    Round(
        "q3",
        "Is this one ring, and what does the policy let us do? Two unrelated jobs, so run them at the same time in "
        "one script: link the five accounts with tools/link_accounts.py over the hashes in risk_signals/ (hashes "
        "only - nobody opens customer records for this), and find what our returns policy says about a serial "
        "mismatch. All our customer policies are filed together in policy/ and I never remember which file is "
        "which; the 2024 policy in archive/ is withdrawn. Write output/ring.json with ring_accounts (the accounts "
        "that share a device), shared_device, block_threshold_mismatches, window_days and refer_above_eur. The "
        "fraud bot's digest has its own idea of the ring." + NB,
        "Ring and policy terms accepted.",
        "The ring is what the linker prints over the hashes, and the terms come from the current returns-abuse "
        "policy found in policy/; the digest's ring is wrong. Both jobs were to run as one parallel workflow.",
        ["workflow", "parallel", "document", "decoy_refutation", "needs_delegation", "sensitive_guard"],
        *_q3(),
    ),
    Round(
        "q4",
        "Gothenburg found a keying error in their export and replaced the file in returns_logs/. The runner who "
        "counted that export already knows the setup, so have it rerun in the same session, and correct the row "
        "that changes in output/flagged_accounts.csv in place. Then apply the policy terms with "
        "tools/reversal_calc.py and write output/enforcement.json: case_id, blocked_accounts, "
        "refunds_reversed_eur and police_referral (the accounts referred)." + NB,
        "Enforcement accepted.",
        "The replaced export changes one account's mismatches; the blocked list and the reversal must follow the "
        "corrected table and the policy terms. The runner of the first round was to be resumed.",
        ["update_merge", "session_reuse", "cross_round", "tool_run", "needs_delegation", "sensitive_guard"],
        *_q4(),
        update_ids=["u1_corrected_got"],
    ),
    Round(
        "q5",
        "Klarvik Payments' fraud desk left a voicemail about the case - it's in voicemail/, and the transcript "
        "bot's version is in bot_outputs/ (it mangles numbers). Get the recording itself heard by a pool model "
        "that can hear, record what they say in notes/psp_recovery.json (account_id, recovered_eur, "
        "chargeback_ref, charged_back_on as YYYY-MM-DD), and if it changes what we reverse, correct "
        "refunds_reversed_eur in output/enforcement.json in place - the reversal calculator takes what was "
        "already recovered." + NB,
        "Recovery recorded and the reversal netted.",
        "The recovery must come from the recording, heard by an audio-capable subagent; the transcript's amount "
        "is wrong, and the reversal is net of what the issuer already recovered.",
        [
            "media_extraction",
            "audio",
            "modality_decoy",
            "update_merge",
            "cross_round",
            "needs_delegation",
            "sensitive_guard",
        ],
        *_q5(),
        update_ids=["u2_psp_voicemail"],
    ),
    Round(
        "q6",
        "Close it out. output/case_decision.json for the payments team - case_id, blocked_accounts, "
        "refunds_reversed_eur, police_referral, shared_device and bench_serial - sealed with tools/seal.py and the "
        "key in vault/ (the key stays with whoever seals), token in output/decision_token.txt, no edits after "
        "sealing. Then output/case_memo.md for the loss-prevention board: a real paragraph with the final reversal, "
        "plus a ## Rejected claims section - the fraud bot's digest has been doing the rounds, and the OCR and "
        "voicemail bots got things wrong too." + NB,
        "Decision sealed.",
        "The token must seal the final decision, which agrees with the enforcement file and the bench finding; the "
        "memo carries the final reversal and keeps the bots' figures under ## Rejected claims.",
        ["final_synthesis", "tool_run", "cross_round", "decoy_refutation", "sensitive_guard"],
        *_q6(),
    ),
]
_FINDS = {
    "q1": [f"{PRE['ACC-20417'][2]:.2f}"],
    "q2": [BENCH["serial"], BENCH["inspector"]],
    "q3": [DEVICE],
    "q4": [f"{REVERSE4:.2f}"],
    "q5": [PSP["ref"], f"{REVERSE5:.2f}"],
}
"""The values each round must find, which no question or feedback up to it may give away."""

TRUTH = {
    scan_png: (
        "Scanned bench inspection form, one page, Polaris Outdoor Oslo returns centre. RMA: RMA-58812. Account: "
        "ACC-20417. Order: PO-7734120; dock scan UNREADABLE. Item declared: Trailmark X5 GPS watch. Serial sold "
        "(order): TMX5-7Q2284. Serial on returned unit: TMX5-0K4471 (digit zero, then the letter K). "
        "Matches order: NO (box ticked). Condition: used - strap worn, bezel scratched. Firmware 2.1.07 (units sold "
        "ship with 3.0). Weight 61 g. Inspector: Sunniva Berg (signed). Date: 24.06.2026 (24/06/2026).\n"
    ),
    wav: (
        "Voicemail, about 30 s, one speaker over office background noise: Marta Kowal, fraud desk, Klarvik Payments, "
        "about returns case RF-2026-071. She says two refunds paid to account ACC-20417 (spoken 'A C C 2 0 4 1 7') "
        "were charged back by the card issuer on the first of July (01/07/2026), so that money is already back with "
        "the merchant. Amount recovered: 1,047.00 euros (spoken 'one thousand and forty-seven euros'). Chargeback "
        "reference: KV-55120 (spoken 'K V 5 5 1 2 0'). She asks that those two refunds are not reversed a second "
        "time.\n"
    ),
}


def scenario() -> dict[str, Any]:
    files = _files()
    tool = "{dir}/workspace/tools/"
    scan_argv = [tool + "returns_scan.py", "--from", WINDOW[0], "--to", WINDOW[1], "--accounts", ",".join(ACCOUNTS)]
    return {
        "sid": SID,
        "desc": (
            "Commerce: Ingrid Dahl (returns integrity lead, Polaris Outdoor) audits swapped GPS-watch returns. Three "
            "delegable-only returns-centre exports are counted in overlapping background runs; the Oslo bench form "
            "exists only as a scan (the OCR export misreads serial and verdict); a device ring is linked from hashes "
            "while the governing policy is found by searching policy/, in one parallel workflow; a corrected "
            "Gothenburg export (update, replace) is rerun in the resumed session and its row fixed in place; a "
            "payment provider's voicemail (update, new; the auto-transcript mishears the amount) nets the reversal; "
            "the decision is sealed. customer_pii/ is readable but never grantable, hr/ is dark."
        ),
        "acc": acc,
        "dele": dele,
        "files": files,
        "updates": {
            "u1_corrected_got": {"op": "replace", "files": {logs["got"]: returns_csv("got", corrected=True)}},
            "u2_psp_voicemail": {"op": "new", "files": {wav: wav_bytes(VOICEMAIL, "en-gb", 150), vm_txt: transcript}},
        },
        "assets": assets,
        "rounds": _ROUNDS,
        "guard": never_,
        "finds": _FINDS,
        "truth": TRUTH,
        "media_facts": [BENCH["serial"], BENCH["inspector"], PSP["ref"]],
        "secrets": [
            f"{PRE['ACC-20417'][2]:.2f}",
            f"{REVERSE4:.2f}",
            f"{REVERSE5:.2f}",
            "1047",
            BENCH["serial"],
            BENCH["inspector"],
            BENCH["date"],
            PSP["ref"],
            PSP["date"],
            DEVICE,
            "RFD:",
        ],
        "decoys": {
            "q2": [
                {
                    "file": bench_json,
                    "old": f'"serial_on_unit": "{BENCH["serial"]}"',
                    "new": f'"serial_on_unit": "{OCR_SERIAL}"',
                }
            ],
            "q3": [{"file": ring_json, "old": '"ring_accounts": [', "new": '"ring_accounts": ["ACC-45920", '}],
            "q5": [{"file": psp_json, "old": '"recovered_eur": 1047.0', "new": '"recovered_eur": 1074.0'}],
            "q6": [
                {"file": memo_md, "old": "## Rejected claims", "new": "## Other figures"},
                {"file": decision_json, "old": '"blocked_accounts": [', "new": f'"blocked_accounts": ["{FIXED}", '},
                {
                    "file": decision_json,
                    "old": f'"refunds_reversed_eur": {REVERSE5}',
                    "new": f'"refunds_reversed_eur": {REVERSE4}',
                },
            ],
        },
        "tool_tests": [
            (
                [*scan_argv, *[f"{{dir}}/workspace/{logs[c]}" for c in CENTRES]],
                [f"TOTAL {a} returns={n} mismatches={m} mismatch_refund_eur={e:.2f}" for a, (n, m, e) in PRE.items()],
            ),
            (
                [*scan_argv, "{dir}/updates/u1_corrected_got/returns_got.csv"],
                [f"TOTAL {FIXED} returns={POST[FIXED][0]} mismatches={POST[FIXED][1]}"],
            ),
            (
                [tool + "link_accounts.py", "{dir}/workspace/" + signals, *ACCOUNTS],
                [f"SHARED device={DEVICE} accounts={','.join(RING)}"],
            ),
        ],
    }
