#!/usr/bin/env python3
"""A/B readout runner for price tests (stdlib only, deterministic).

Usage:
    python3 tools/ab_readout.py [--json] ORDERS.csv [ORDERS.csv ...]

Each CSV holds one session per row (columns session_id, date, region, arm, device, is_bot,
pdp_views, ordered, units, revenue_eur, referrer, landing_page). Bot sessions (is_bot = 1) are excluded. For every file
and for all files together it prints sessions and orders per arm, conversion (orders / sessions,
in %, 2 decimals) per arm and the uplift B - A in percentage points.
"""

import csv
import json
import os
import sys


def tally(paths):
    out, tot = {}, [0, 0, 0, 0]
    for p in paths:
        s = [0, 0, 0, 0]
        with open(p, encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                if row["is_bot"].strip() == "1":
                    continue
                k = 0 if row["arm"].strip() == "A" else 2
                s[k] += 1
                s[k + 1] += int(row["ordered"])
        name = os.path.basename(p).replace("orders_", "").replace(".csv", "")
        out[name] = s
        tot = [a + b for a, b in zip(tot, s)]
    return out, tot


def row(s):
    ca, cb = 100.0 * s[1] / s[0], 100.0 * s[3] / s[2]
    return {"sessions_a": s[0], "orders_a": s[1], "sessions_b": s[2], "orders_b": s[3],
            "conv_a_pct": round(ca, 2), "conv_b_pct": round(cb, 2), "uplift_pp": round(cb - ca, 2)}


def main(argv):
    files = [a for a in argv if not a.startswith("--")]
    if not files:
        print(__doc__.strip())
        return 2
    per, tot = tally(files)
    res = {"slices": {k: row(v) for k, v in per.items()}, "overall": row(tot)}
    if "--json" in argv:
        print(json.dumps(res, indent=2, sort_keys=True))
        return 0
    for k, r in list(res["slices"].items()) + [("OVERALL", res["overall"])]:
        print(f"{k:10} A {r['orders_a']}/{r['sessions_a']} = {r['conv_a_pct']:.2f}%   "
              f"B {r['orders_b']}/{r['sessions_b']} = {r['conv_b_pct']:.2f}%   uplift {r['uplift_pp']:+.2f} pp")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
