#!/usr/bin/env python3
"""Soil inter-laboratory comparison ILC-SOIL-2026-02: tally pb_outliers per lab result file file.

Usage:
    python3 tools/pb_outliers.py FILE.csv [FILE.csv ...] [--json] [--decide "N|LABEL_IF_TOTAL_AT_LEAST_N|OTHER_LABEL"]

A row counts when analyte is 'Pb' and abs_z >= 2.0. For each file the tool prints the number of counted rows
(pb_outliers) and the largest value_mg_kg among the counted rows (max_pb_mg_kg), then a TOTAL line.
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
            if row["analyte"] != "Pb":
                continue
            if float(row["abs_z"]) >= 2.0:
                n += 1
                v = float(row["value_mg_kg"])
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
        out = {"slices": {k: {"pb_outliers": n, "max_pb_mg_kg": b} for k, (n, b) in sorted(res.items())},
               "total_pb_outliers": total, "max_pb_mg_kg": peak}
        if rule:
            out["decision"] = rule[1] if total >= int(rule[0]) else rule[2]
        print(json.dumps(out, indent=2))
    else:
        for k, (n, b) in sorted(res.items()):
            print(f"{k}  pb_outliers={n}  max_pb_mg_kg={b}")
        print(f"TOTAL  pb_outliers={total}  max_pb_mg_kg={peak}")
        if rule:
            print("DECISION  " + (rule[1] if total >= int(rule[0]) else rule[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
