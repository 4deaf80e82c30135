#!/usr/bin/env python3
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
