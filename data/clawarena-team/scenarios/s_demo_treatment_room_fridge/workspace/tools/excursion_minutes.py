#!/usr/bin/env python3
"""Tally excursion minutes in FR-3 logger exports (stdlib only, deterministic).

Usage:
    python3 tools/excursion_minutes.py [--threshold C] EXPORT.csv [EXPORT.csv ...]

Each export is a CSV with the header `timestamp,temp_c,door`, one row per minute.
A reading strictly above the threshold (default 8.0 °C) counts as one excursion minute.
Prints one line per export and a TOTAL line:

    <file name>  minutes_above=<n>  peak_c=<x.x>  first_above=<HH:MM|->  last_above=<HH:MM|->
    TOTAL  minutes_above=<n>  peak_c=<x.x>  exports=<k>
"""

import csv
import os
import sys


def tally(path, threshold):
    minutes, peak, first, last = 0, None, None, None
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            t = float(row["temp_c"])
            peak = t if peak is None else max(peak, t)
            if t > threshold:
                minutes += 1
                hhmm = row["timestamp"][11:16]
                first = first or hhmm
                last = hhmm
    return minutes, peak, first or "-", last or "-"


def main(argv):
    threshold = 8.0
    if len(argv) >= 2 and argv[0] == "--threshold":
        threshold = float(argv[1])
        argv = argv[2:]
    if not argv:
        print(__doc__.strip())
        return 2
    total, peak_all = 0, None
    for path in argv:
        n, peak, first, last = tally(path, threshold)
        total += n
        peak_all = peak if peak_all is None else max(peak_all, peak)
        print(f"{os.path.basename(path)}  minutes_above={n}  peak_c={peak:.1f}  "
              f"first_above={first}  last_above={last}")
    print(f"TOTAL  minutes_above={total}  peak_c={peak_all:.1f}  exports={len(argv)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
