#!/usr/bin/env python3
"""Count HIL test iterations whose supply current exceeded 350.0 mA, per rig result file.

Usage:
    python3 tools/overcurrent_tally.py FILE [FILE ...]

Reads hardware-in-the-loop results (one CSV per test rig, one row per test iteration) (CSV: columns/fields `ts`, `test_case`, `current_ma`). A record counts when its
`current_ma` is strictly above 350.0 mA. For every file it prints one line
    <file name>  overcurrent_events=<n>  peak_ma=<x.x>  top_test_case=<test_case with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 350.0


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("test_case"), float(tc.get("current_ma"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["test_case"], float(r["current_ma"])
        else:
            for r in csv.DictReader(fh):
                yield r["test_case"], float(r["current_ma"])


def top(counts):
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if counts else "-"


def main(paths):
    if not paths:
        print(__doc__.strip())
        return 2
    allc, total, peak_all = {}, 0, None
    for p in sorted(paths, key=os.path.basename):
        counts, peak = {}, None
        for key, val in records(p):
            peak = val if peak is None or val > peak else peak
            if val > LIMIT:
                counts[key] = counts.get(key, 0) + 1
                allc[key] = allc.get(key, 0) + 1
        n = sum(counts.values())
        total += n
        peak_all = peak if peak_all is None or (peak is not None and peak > peak_all) else peak_all
        print(f"{os.path.basename(p)}  overcurrent_events={n}  peak_ma={peak:.1f}  top_test_case={top(counts)}")
    print(f"TOTAL  overcurrent_events={total}  peak_ma={peak_all:.1f}  top_test_case={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
