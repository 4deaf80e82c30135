#!/usr/bin/env python3
"""Validate the shape of output/summary.json before it is sealed (stdlib only).

Usage:
    python3 tools/validate_summary.py SUMMARY.json

Prints `schema OK` when the file is a JSON object with exactly the keys ['case_id', 'decision', 'highest_median_dlp', 'total_exams_above_drl']
(integers where a count is expected), else one line per problem and exit 1.
"""

import json
import sys

KEYS = ['case_id', 'decision', 'highest_median_dlp', 'total_exams_above_drl']
INTS = ['highest_median_dlp', 'total_exams_above_drl']


def main(argv):
    if not argv:
        print(__doc__.strip())
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        data = json.load(fh)
    problems = []
    if not isinstance(data, dict):
        problems.append("not a JSON object")
    else:
        for k in KEYS:
            if k not in data:
                problems.append(f"missing key {k}")
        for k in data:
            if k not in KEYS:
                problems.append(f"unexpected key {k}")
        for k in INTS:
            if k in data and not (isinstance(data[k], int) and not isinstance(data[k], bool)):
                problems.append(f"{k} must be an integer")
    for p in problems:
        print(p)
    if problems:
        return 1
    print("schema OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
