#!/usr/bin/env python3
"""Tally employer-risk delay entries and hours lost per site-diary export.

Usage:
    python3 tools/delay_tally.py FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `delay_cause` column is exactly `EMPLOYER-RISK` and sums their `hours_lost` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{"files": {<file name>: {"employer_risk_events": <int>, "hours_lost": <number>}}, "total_employer_risk_events": <int>, "total_hours_lost": <number>}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = 'delay_cause', 'EMPLOYER-RISK', 'hours_lost', 1


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
        print(json.dumps({"files": {k: {'employer_risk_events': v[0], 'hours_lost': v[1]} for k, v in sorted(res.items())},
                          "total_employer_risk_events": tn, "total_hours_lost": ta}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{k}  employer_risk_events={v[0]}  hours_lost={v[1]:.{DEC}f}")
        print(f"TOTAL  employer_risk_events={tn}  hours_lost={ta:.{DEC}f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
