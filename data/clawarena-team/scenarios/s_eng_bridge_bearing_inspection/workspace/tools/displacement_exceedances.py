#!/usr/bin/env python3
"""Count bearing displacement readings above the 18.0 mm movement threshold, per pier log.

Usage:
    python3 tools/displacement_exceedances.py FILE [FILE ...]

Reads bearing displacement logs (one CSV per pier, one reading per bearing every few minutes) (CSV: columns/fields `ts`, `bearing_id`, `displacement_mm`). A record counts when its
`displacement_mm` is strictly above 18.0 mm. For every file it prints one line
    <file name>  exceedances=<n>  peak_mm=<x.x>  top_bearing=<bearing_id with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 18.0


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("bearing_id"), float(tc.get("displacement_mm"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["bearing_id"], float(r["displacement_mm"])
        else:
            for r in csv.DictReader(fh):
                yield r["bearing_id"], float(r["displacement_mm"])


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
        print(f"{os.path.basename(p)}  exceedances={n}  peak_mm={peak:.1f}  top_bearing={top(counts)}")
    print(f"TOTAL  exceedances={total}  peak_mm={peak_all:.1f}  top_bearing={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
