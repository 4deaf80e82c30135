#!/usr/bin/env python3
"""Format validator for output/region_readout.json (stdlib only).

Usage:
    python3 tools/validate_readout.py output/region_readout.json

Checks that the file is JSON with "test_id", "regions" (one object per region with sessions_a,
orders_a, sessions_b, orders_b, conv_a_pct, conv_b_pct) and "overall" (conv_a_pct, conv_b_pct,
uplift_pp). Prints FORMAT OK or the first problem. It does not check the values.
"""
import json
import sys

KEYS = ("sessions_a", "orders_a", "sessions_b", "orders_b", "conv_a_pct", "conv_b_pct")


def main(argv):
    if not argv:
        print(__doc__.strip())
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        d = json.load(fh)
    for k in ("test_id", "regions", "overall"):
        if k not in d:
            print(f"FORMAT PROBLEM: missing {k}")
            return 1
    for name, r in d["regions"].items():
        for k in KEYS:
            if k not in r:
                print(f"FORMAT PROBLEM: region {name} lacks {k}")
                return 1
    for k in ("conv_a_pct", "conv_b_pct", "uplift_pp"):
        if k not in d["overall"]:
            print(f"FORMAT PROBLEM: overall lacks {k}")
            return 1
    print(f"FORMAT OK: {len(d['regions'])} regions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
