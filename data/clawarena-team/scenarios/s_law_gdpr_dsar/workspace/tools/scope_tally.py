#!/usr/bin/env python3
"""Tally in-scope records and their pages per system export.

Usage:
    python3 tools/scope_tally.py FILE.csv [FILE.csv ...] [--json]

Counts the rows whose `scope_status` column is exactly `IN_SCOPE` and sums their `pages` column,
per file and in total. Prints one line per file and a TOTAL line, or with --json an object
{"files": {<file name>: {"records_in_scope": <int>, "pages": <number>}}, "total_records_in_scope": <int>, "total_pages": <number>}.
Stdlib only; deterministic.
"""
import csv
import json
import os
import sys

STATUS, TARGET, AMOUNT, DEC = 'scope_status', 'IN_SCOPE', 'pages', 0


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
        print(json.dumps({"files": {k: {'records_in_scope': v[0], 'pages': v[1]} for k, v in sorted(res.items())},
                          "total_records_in_scope": tn, "total_pages": ta}, sort_keys=True))
    else:
        for k, v in sorted(res.items()):
            print(f"{k}  records_in_scope={v[0]}  pages={v[1]:.{DEC}f}")
        print(f"TOTAL  records_in_scope={tn}  pages={ta:.{DEC}f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
