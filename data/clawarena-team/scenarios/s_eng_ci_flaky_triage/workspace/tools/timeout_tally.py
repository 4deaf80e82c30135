#!/usr/bin/env python3
"""Count test executions that ran longer than the 45.0 s per-test timeout, per JUnit shard file.

Usage:
    python3 tools/timeout_tally.py FILE [FILE ...]

Reads JUnit XML results of the nightly runs (one file per CI shard, one testcase element per execution) (JUnit XML: testcase attributes: columns/fields `timestamp`, `name`, `time`). A record counts when its
`time` is strictly above 45.0 seconds. For every file it prints one line
    <file name>  timeouts=<n>  peak_s=<x.x>  top_test=<name with most counted records>
and then a TOTAL line over all files given (ties broken alphabetically; '-' when none count).
"""

import csv
import json
import os
import sys

LIMIT = 45.0


def records(path):
    if path.endswith(".xml"):
        import xml.etree.ElementTree as ET

        for tc in ET.parse(path).iter("testcase"):
            yield tc.get("name"), float(tc.get("time"))
        return
    with open(path, encoding="utf-8") as fh:
        if path.endswith(".jsonl"):
            for line in fh:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    yield r["name"], float(r["time"])
        else:
            for r in csv.DictReader(fh):
                yield r["name"], float(r["time"])


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
        print(f"{os.path.basename(p)}  timeouts={n}  peak_s={peak:.1f}  top_test={top(counts)}")
    print(f"TOTAL  timeouts={total}  peak_s={peak_all:.1f}  top_test={top(allc)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
