#!/usr/bin/env python3
"""Hollin Ridge traffic-light review HRG-TLS-2026-07: tally events_ml12 per station catalogue file.

Usage:
    python3 tools/tally_catalogue.py FILE.csv [FILE.csv ...] [--json] [--decide "N|LABEL_IF_TOTAL_AT_LEAST_N|OTHER_LABEL"]

A row counts when phase_quality is 'A' and ml >= 1.2. For each file the tool prints the number of counted rows
(events_ml12) and the largest pgv_mm_s among the counted rows (max_pgv_mm_s), then a TOTAL line.
With --json it prints one JSON object (slices / total / largest) instead.
"""
import csv
import json
import os
import sys


def tally(path):
    n, best = 0, None
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["phase_quality"] != "A":
                continue
            if float(row["ml"]) >= 1.2:
                n += 1
                v = float(row["pgv_mm_s"])
                best = v if best is None else max(best, v)
    return n, best


def main(argv):
    as_json = "--json" in argv
    rule = None
    if "--decide" in argv:  # --decide "N|LABEL_AT_OR_ABOVE|LABEL_BELOW": apply a threshold rule to the total
        i = argv.index("--decide")
        rule = argv[i + 1].split("|")
        argv = argv[:i] + argv[i + 2 :]
    files = [a for a in argv if a != "--json"]
    if not files:
        print(__doc__)
        return 2
    res = {}
    for f in files:
        res[os.path.basename(f)] = tally(f)
    total = sum(n for n, _ in res.values())
    peaks = [b for _, b in res.values() if b is not None]
    peak = max(peaks) if peaks else None
    if as_json:
        out = {"slices": {k: {"events_ml12": n, "max_pgv_mm_s": b} for k, (n, b) in sorted(res.items())},
               "total_events_ml12": total, "max_pgv_mm_s": peak}
        if rule:
            out["decision"] = rule[1] if total >= int(rule[0]) else rule[2]
        print(json.dumps(out, indent=2))
    else:
        for k, (n, b) in sorted(res.items()):
            print(f"{k}  events_ml12={n}  max_pgv_mm_s={b}")
        print(f"TOTAL  events_ml12={total}  max_pgv_mm_s={peak}")
        if rule:
            print("DECISION  " + (rule[1] if total >= int(rule[0]) else rule[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
