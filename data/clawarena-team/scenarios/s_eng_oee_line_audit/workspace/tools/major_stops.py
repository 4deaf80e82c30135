#!/usr/bin/env python3
"""Count stop events longer than 5.0 minutes (major stops), per shift log.

Usage:
    python3 tools/major_stops.py FILE [FILE ...]

Reads machine stop-event logs (one CSV per shift, one row per stop event) (CSV: columns/fields `ts`, `machine`, `stop_min`). A record counts when its
`stop_min` is strictly above 5.0 minutes. For every file it prints one line
    <file name>  major_stops=<n>  peak_min=<x.x>  top_machine=<machine with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 5.0


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("machine"), float(tc.get("stop_min"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["machine"], float(r["stop_min"])
        else:
            for r in csv.DictReader(fh):
                yield r["machine"], float(r["stop_min"])


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
        print(f"{os.path.basename(p)}  major_stops={n}  peak_min={peak:.1f}  top_machine={top(counts)}")
    print(f"TOTAL  major_stops={total}  peak_min={peak_all:.1f}  top_machine={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
