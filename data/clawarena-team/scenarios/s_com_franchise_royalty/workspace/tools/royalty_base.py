#!/usr/bin/env python3
"""Royalty base runner for franchise audits (stdlib only, deterministic).

Usage:
    python3 tools/royalty_base.py POS.csv [POS.csv ...]

POS.csv columns: ts, till, receipt, category, amount_net_eur, vat_eur, line_type. The royalty base is
the net (ex-VAT) amount of sale lines minus refund lines; void lines and the excluded categories
gift_card and staff_meal do not count. Prints the base per file (month) and the total, to the cent.
"""
import csv
import os
import sys
from decimal import Decimal

EXCLUDED = {"gift_card", "staff_meal"}


def main(argv):
    files = [a for a in argv if a.endswith(".csv")]
    if not files:
        print(__doc__.strip())
        return 2
    total = Decimal("0")
    for p in files:
        base = Decimal("0")
        with open(p, encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                if r["category"] in EXCLUDED or r["line_type"] == "void":
                    continue
                amt = Decimal(r["amount_net_eur"])
                base += -amt if r["line_type"] == "refund" else amt
        print(f"{os.path.basename(p)[:-4]} base_eur={base:.2f}")
        total += base
    print(f"TOTAL base_eur={total:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
