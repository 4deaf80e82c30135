#!/usr/bin/env python3
"""Seller metrics runner for trust & safety reviews (stdlib only, deterministic).

Usage:
    python3 tools/seller_metrics.py --seller SELLER_ID ORDERS.csv [ORDERS.csv ...]

ORDERS.csv columns: order_id, seller_id, week, buyer_id, status, claim_type, claim_status.
For the seller, per file and in total: orders (status not cancelled), item-not-as-described
claims (claim_type inad, claim_status not withdrawn) and the INAD rate = claims / orders in %.
"""
import csv
import os
import sys


def main(argv):
    if "--seller" not in argv:
        print(__doc__.strip())
        return 2
    seller = argv[argv.index("--seller") + 1]
    to, ti = 0, 0
    for p in [a for a in argv if a.endswith(".csv")]:
        o = i = 0
        with open(p, encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                if r["seller_id"] != seller or r["status"] == "cancelled":
                    continue
                o += 1
                i += r["claim_type"] == "inad" and r["claim_status"] != "withdrawn"
        name = os.path.basename(p)[:-4].replace("orders_", "")
        print(f"{name} orders={o} inad_claims={i} inad_rate_pct={100.0 * i / o:.2f}")
        to, ti = to + o, ti + i
    print(f"TOTAL orders={to} inad_claims={ti} inad_rate_pct={100.0 * ti / to:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
