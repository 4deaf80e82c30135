#!/usr/bin/env python3
"""CRM revenue runner for commission runs (stdlib only, deterministic).

Usage:
    python3 tools/crm_revenue.py --quarter YYYY-QN DEALS.csv [DEALS.csv ...]

DEALS.csv columns: deal_id, rep_id, stage, close_date, amount_eur, status. Counts deals with
stage closed_won, close_date inside the quarter and status booked (cancelled deals excluded).
Prints booked revenue per rep per file and per rep over all files given.
"""
import csv
import os
import sys

Q = {"Q1": ("01-01", "03-31"), "Q2": ("04-01", "06-30"), "Q3": ("07-01", "09-30"), "Q4": ("10-01", "12-31")}


def main(argv):
    if "--quarter" not in argv:
        print(__doc__.strip())
        return 2
    y, q = argv[argv.index("--quarter") + 1].split("-")
    lo, hi = f"{y}-{Q[q][0]}", f"{y}-{Q[q][1]}"
    total = {}
    for p in [a for a in argv if a.endswith(".csv")]:
        per = {}
        with open(p, encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                if r["stage"] == "closed_won" and r["status"] == "booked" and lo <= r["close_date"] <= hi:
                    per[r["rep_id"]] = per.get(r["rep_id"], 0.0) + float(r["amount_eur"])
        for rep in sorted(per):
            print(f"{os.path.basename(p)} {rep} revenue_eur={per[rep]:.2f}")
            total[rep] = total.get(rep, 0.0) + per[rep]
    for rep in sorted(total):
        print(f"TOTAL {rep} revenue_eur={total[rep]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
