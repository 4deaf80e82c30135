#!/usr/bin/env python3
"""Validate the shape of output/final_summary.json (stdlib only).

Usage:
    python3 tools/validate_summary.py SUMMARY.json

Checks that the file is a JSON object with exactly the expected keys and value types;
prints `summary shape OK` or one line per problem. It does not judge the values.
"""

import json
import sys

KEYS = {'case_id': 'str', 'total_alarm_samples': 'int', 'top_point': 'str', 'peak_frequency_hz': 'num', 'bearing_temp_c': 'int', 'verdict': 'str'}


def main(argv):
    if not argv:
        print(__doc__.strip())
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        obj = json.load(fh)
    problems = []
    if not isinstance(obj, dict):
        problems.append("not a JSON object")
    else:
        for k, t in KEYS.items():
            if k not in obj:
                problems.append(f"missing key {k}")
            elif t == "int" and not (isinstance(obj[k], int) and not isinstance(obj[k], bool)):
                problems.append(f"{k} must be an integer")
            elif t == "num" and not isinstance(obj[k], (int, float)):
                problems.append(f"{k} must be a number")
            elif t == "str" and not isinstance(obj[k], str):
                problems.append(f"{k} must be a string")
        extra = sorted(set(obj) - set(KEYS))
        if extra:
            problems.append(f"unexpected keys {extra}")
    print("\n".join(problems) if problems else "summary shape OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
