#!/usr/bin/env python3
"""1-3s QC rejection tally for analyser QC exports.

Usage:
    python3 tools/qc_rejection_tally.py FILE.csv [FILE.csv ...]

For each CSV export prints one line
    <file name>  rejections_1_3s=<n>  max_abs_z=<x.x>
and a final TOTAL line over all files. A row counts when its `abs_z` value is at or above
the review threshold and its status is not 'withdrawn'; `max_abs_z` is the highest `abs_z`
among the rows that are not withdrawn. Stdlib only, deterministic.
"""

import csv
import os
import sys

MEASURE = "abs_z"
THRESHOLD = 3.0


def tally(path):
    n, top = 0, None
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").strip().lower() == "withdrawn":
                continue
            v = float(row[MEASURE])
            top = v if top is None or v > top else top
            if v >= THRESHOLD:
                n += 1
    return n, top


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 2
    total, peak = 0, None
    for p in argv:
        n, top = tally(p)
        total += n
        peak = top if peak is None or (top is not None and top > peak) else peak
        print(f"{os.path.basename(p)}  rejections_1_3s={n}  max_abs_z={top:.1f}")
    print(f"TOTAL  rejections_1_3s={total}  max_abs_z={peak:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
