#!/usr/bin/env python3
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
