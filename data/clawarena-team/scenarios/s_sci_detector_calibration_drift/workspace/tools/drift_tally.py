#!/usr/bin/env python3
"""Calorimeter calibration run CAL-2026-07: tally drifting_channels per crate gain log file.

Usage:
    python3 tools/drift_tally.py FILE.csv [FILE.csv ...] [--json] [--decide "N|LABEL_IF_TOTAL_AT_LEAST_N|OTHER_LABEL"]

A row counts when status is 'ok' and gain_drift_pct >= 0.5. For each file the tool prints the number of counted rows
(drifting_channels) and the largest hv_ripple_mv among the counted rows (max_hv_ripple_mv), then a TOTAL line.
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
            if row["status"] != "ok":
                continue
            if float(row["gain_drift_pct"]) >= 0.5:
                n += 1
                v = float(row["hv_ripple_mv"])
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
        out = {"slices": {k: {"drifting_channels": n, "max_hv_ripple_mv": b} for k, (n, b) in sorted(res.items())},
               "total_drifting_channels": total, "max_hv_ripple_mv": peak}
        if rule:
            out["decision"] = rule[1] if total >= int(rule[0]) else rule[2]
        print(json.dumps(out, indent=2))
    else:
        for k, (n, b) in sorted(res.items()):
            print(f"{k}  drifting_channels={n}  max_hv_ripple_mv={b}")
        print(f"TOTAL  drifting_channels={total}  max_hv_ripple_mv={peak}")
        if rule:
            print("DECISION  " + (rule[1] if total >= int(rule[0]) else rule[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
