#!/usr/bin/env python3
"""Tally recoverable payments and outlay per payment export.

Usage:
    python3 tools/outlay_tally.py FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `recovery_status` column is exactly `RECOVERABLE` and sums their `amount_gbp` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{"files": {<file name>: {"recoverable_payments": <int>, "outlay_gbp": <number>}}, "total_recoverable_payments": <int>, "total_outlay_gbp": <number>}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = 'recovery_status', 'RECOVERABLE', 'amount_gbp', 2


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
        print(json.dumps({"files": {k: {'recoverable_payments': v[0], 'outlay_gbp': v[1]} for k, v in sorted(res.items())},
                          "total_recoverable_payments": tn, "total_outlay_gbp": ta}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{k}  recoverable_payments={v[0]}  outlay_gbp={v[1]:.{DEC}f}")
        print(f"TOTAL  recoverable_payments={tn}  outlay_gbp={ta:.{DEC}f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
