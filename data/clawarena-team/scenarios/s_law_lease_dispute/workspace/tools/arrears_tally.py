#!/usr/bin/env python3
"""Tally unpaid ledger lines (arrears) per estate-ledger export.

Usage:
    python3 tools/arrears_tally.py FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `status` column is exactly `UNPAID` and sums their `amount_gbp` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{"files": {<file name>: {"unpaid_lines": <int>, "arrears_gbp": <number>}}, "total_unpaid_lines": <int>, "total_arrears_gbp": <number>}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = 'status', 'UNPAID', 'amount_gbp', 2


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
        print(json.dumps({"files": {k: {'unpaid_lines': v[0], 'arrears_gbp': v[1]} for k, v in sorted(res.items())},
                          "total_unpaid_lines": tn, "total_arrears_gbp": ta}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{k}  unpaid_lines={v[0]}  arrears_gbp={v[1]:.{DEC}f}")
        print(f"TOTAL  unpaid_lines={tn}  arrears_gbp={ta:.{DEC}f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
