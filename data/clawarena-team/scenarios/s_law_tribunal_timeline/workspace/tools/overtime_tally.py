#!/usr/bin/env python3
"""Tally unpaid overtime shifts and hours per rota export.

Usage:
    python3 tools/overtime_tally.py FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `pay_status` column is exactly `UNPAID-OT` and sums their `hours` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{"files": {<file name>: {"unpaid_ot_shifts": <int>, "ot_hours": <number>}}, "total_unpaid_ot_shifts": <int>, "total_ot_hours": <number>}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = 'pay_status', 'UNPAID-OT', 'hours', 1


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
        print(json.dumps({"files": {k: {'unpaid_ot_shifts': v[0], 'ot_hours': v[1]} for k, v in sorted(res.items())},
                          "total_unpaid_ot_shifts": tn, "total_ot_hours": ta}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{k}  unpaid_ot_shifts={v[0]}  ot_hours={v[1]:.{DEC}f}")
        print(f"TOTAL  unpaid_ot_shifts={tn}  ot_hours={ta:.{DEC}f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
