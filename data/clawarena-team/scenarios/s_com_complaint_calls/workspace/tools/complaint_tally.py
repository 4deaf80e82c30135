#!/usr/bin/env python3
"""Complaint tally for support-ticket exports (stdlib only, deterministic).

Usage:
    python3 tools/complaint_tally.py --product FAMILY [--by-hub] TICKETS.csv [TICKETS.csv ...]

TICKETS.csv columns: ticket_id, opened, channel, product_family, category, delivery_hub, status.
Counts tickets of the product family per category in each file and in total; tickets with
status duplicate are skipped. With --by-hub it also counts delivery_damage tickets per delivery hub.
"""
import csv
import os
import sys


def main(argv):
    if "--product" not in argv:
        print(__doc__.strip())
        return 2
    fam = argv[argv.index("--product") + 1]
    total, hubs = {}, {}
    for p in [a for a in argv if a.endswith(".csv")]:
        per = {}
        with open(p, encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                if r["product_family"] != fam or r["status"] == "duplicate":
                    continue
                per[r["category"]] = per.get(r["category"], 0) + 1
                if r["category"] == "delivery_damage":
                    hubs[r["delivery_hub"]] = hubs.get(r["delivery_hub"], 0) + 1
        name = os.path.basename(p)[:-4].replace("tickets_", "")
        for c in sorted(per):
            print(f"{name} {c}={per[c]}")
            total[c] = total.get(c, 0) + per[c]
    for c in sorted(total):
        print(f"TOTAL {c}={total[c]}")
    if "--by-hub" in argv:
        for h in sorted(hubs):
            print(f"HUB {h} delivery_damage={hubs[h]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
