#!/usr/bin/env python3
"""Count gateway requests that breached the 1200 ms latency SLO, per shard log.

Usage:
    python3 tools/slo_breaches.py FILE [FILE ...]

Reads gateway request logs (one JSONL file per shard) (JSON lines: columns/fields `ts`, `endpoint`, `latency_ms`). A record counts when its
`latency_ms` is strictly above 1200 ms. For every file it prints one line
    <file name>  slo_breaches=<n>  peak_ms=<x.x>  top_endpoint=<endpoint with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 1200


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("endpoint"), float(tc.get("latency_ms"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["endpoint"], float(r["latency_ms"])
        else:
            for r in csv.DictReader(fh):
                yield r["endpoint"], float(r["latency_ms"])


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
        print(f"{os.path.basename(p)}  slo_breaches={n}  peak_ms={peak:.1f}  top_endpoint={top(counts)}")
    print(f"TOTAL  slo_breaches={total}  peak_ms={peak_all:.1f}  top_endpoint={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
