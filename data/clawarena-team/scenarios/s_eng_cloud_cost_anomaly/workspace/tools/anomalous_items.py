#!/usr/bin/env python3
"""Count billing line items above USD 250.0 (the anomaly line), per billing-day CSV.

Usage:
    python3 tools/anomalous_items.py FILE [FILE ...]

Reads billing line items (one CSV per billing day) (CSV: columns/fields `ts`, `service`, `cost_usd`). A record counts when its
`cost_usd` is strictly above 250.0 USD. For every file it prints one line
    <file name>  anomalous_items=<n>  peak_usd=<x.x>  top_service=<service with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 250.0


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("service"), float(tc.get("cost_usd"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["service"], float(r["cost_usd"])
        else:
            for r in csv.DictReader(fh):
                yield r["service"], float(r["cost_usd"])


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
        print(f"{os.path.basename(p)}  anomalous_items={n}  peak_usd={peak:.1f}  top_service={top(counts)}")
    print(f"TOTAL  anomalous_items={total}  peak_usd={peak_all:.1f}  top_service={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
