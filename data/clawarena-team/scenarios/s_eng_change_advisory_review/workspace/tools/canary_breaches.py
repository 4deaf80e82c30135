#!/usr/bin/env python3
"""Count canary samples whose error rate is above the 2.0 % tolerance line, per regional canary log.

Usage:
    python3 tools/canary_breaches.py FILE [FILE ...]

Reads canary error-rate logs (one CSV per region, one sample per service every few seconds) (CSV: columns/fields `ts`, `service`, `error_rate_pct`). A record counts when its
`error_rate_pct` is strictly above 2.0 %. For every file it prints one line
    <file name>  canary_breaches=<n>  peak_pct=<x.x>  top_service=<service with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 2.0


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("service"), float(tc.get("error_rate_pct"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["service"], float(r["error_rate_pct"])
        else:
            for r in csv.DictReader(fh):
                yield r["service"], float(r["error_rate_pct"])


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
        print(f"{os.path.basename(p)}  canary_breaches={n}  peak_pct={peak:.1f}  top_service={top(counts)}")
    print(f"TOTAL  canary_breaches={total}  peak_pct={peak_all:.1f}  top_service={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
