#!/usr/bin/env python3
"""Count vibration samples above the 7.1 mm/s alarm level, per machine log.

Usage:
    python3 tools/alarm_samples.py FILE [FILE ...]

Reads vibration velocity logs (one CSV per machine, one sample per measuring point every few seconds) (CSV: columns/fields `ts`, `point`, `velocity_mm_s`). A record counts when its
`velocity_mm_s` is strictly above 7.1 mm/s. For every file it prints one line
    <file name>  alarm_samples=<n>  peak_mm_s=<x.x>  top_point=<point with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 7.1


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("point"), float(tc.get("velocity_mm_s"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["point"], float(r["velocity_mm_s"])
        else:
            for r in csv.DictReader(fh):
                yield r["point"], float(r["velocity_mm_s"])


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
        print(f"{os.path.basename(p)}  alarm_samples={n}  peak_mm_s={peak:.1f}  top_point={top(counts)}")
    print(f"TOTAL  alarm_samples={total}  peak_mm_s={peak_all:.1f}  top_point={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
