#!/usr/bin/env python3
"""Tally priority-1 breaches and their downtime per incident report.

Usage:
    python3 tools/sla_tally.py FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `classification` column is exactly `P1-BREACH` and sums their `downtime_min` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{"files": {<file name>: {"p1_breaches": <int>, "downtime_min": <number>}}, "total_p1_breaches": <int>, "total_downtime_min": <number>}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = 'classification', 'P1-BREACH', 'downtime_min', 0


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
        print(json.dumps({"files": {k: {'p1_breaches': v[0], 'downtime_min': v[1]} for k, v in sorted(res.items())},
                          "total_p1_breaches": tn, "total_downtime_min": ta}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{k}  p1_breaches={v[0]}  downtime_min={v[1]:.{DEC}f}")
        print(f"TOTAL  p1_breaches={tn}  downtime_min={ta:.{DEC}f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
