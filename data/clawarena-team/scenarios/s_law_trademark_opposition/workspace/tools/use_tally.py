#!/usr/bin/env python3
"""Tally invoices that show the mark and their net turnover per export.

Usage:
    python3 tools/use_tally.py FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `mark_status` column is exactly `MARK-SHOWN` and sums their `net_eur` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{"files": {<file name>: {"qualifying_invoices": <int>, "turnover_eur": <number>}}, "total_qualifying_invoices": <int>, "total_turnover_eur": <number>}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = 'mark_status', 'MARK-SHOWN', 'net_eur', 2


def main(argv):
    as_json = "--json" in argv
    files = [a for a in argv if a != "--json"]
    if not files:
        print(__doc__)
        return 2
    res = {}
    for path in files:
        n, amt = 0, 0.0
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                if row.get(STATUS) == TARGET:
                    n += 1
                    amt += float(row.get(AMOUNT) or 0)
        res[os.path.basename(path)] = (n, round(amt, DEC) if DEC else int(round(amt)))
    tn = sum(v[0] for v in res.values())
    ta = round(sum(v[1] for v in res.values()), DEC) if DEC else sum(v[1] for v in res.values())
    if as_json:
        print(json.dumps({"files": {k: {'qualifying_invoices': v[0], 'turnover_eur': v[1]} for k, v in sorted(res.items())},
                          "total_qualifying_invoices": tn, "total_turnover_eur": ta}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{k}  qualifying_invoices={v[0]}  turnover_eur={v[1]:.{DEC}f}")
        print(f"TOTAL  qualifying_invoices={tn}  turnover_eur={ta:.{DEC}f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
