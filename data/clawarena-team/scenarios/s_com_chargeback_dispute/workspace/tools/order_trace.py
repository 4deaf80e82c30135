#!/usr/bin/env python3
"""Order trace runner for dispute packs (stdlib only, deterministic).

Usage:
    python3 tools/order_trace.py --order ORDER_ID [--prior] LOG.csv [LOG.csv ...]

Counts the rows that belong to ORDER_ID in each log (column order_id), and reports the device id
(web_sessions), the 3-D Secure result (payments) and the delivered scan time (carrier_scans).
With --prior it also lists earlier orders placed from the same device (web_sessions) and counts
those that qualify as prior undisputed history: placed 120-365 days before the order, and not
disputed (payments.disputed = 0). --prior needs web_sessions.csv and payments.csv.
"""
import csv
import datetime as dt
import os
import sys


def rows(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def main(argv):
    if "--order" not in argv:
        print(__doc__.strip())
        return 2
    order = argv[argv.index("--order") + 1]
    files = [a for a in argv if a.endswith(".csv")]
    logs = {os.path.basename(p)[:-4]: rows(p) for p in files}
    for name, rs in logs.items():
        mine = [r for r in rs if r["order_id"] == order]
        print(f"{name}: {len(mine)} rows for {order}")
        if name == "web_sessions" and mine:
            print(f"  device_id={mine[0]['device_id']}")
        if name == "payments" and mine:
            print(f"  threeds_result={mine[0]['threeds']}")
        if name == "carrier_scans":
            d = [r for r in mine if r["event"] == "delivered"]
            if d:
                print(f"  delivered_scan={d[0]['ts'][:16]}")
    if "--prior" in argv:
        web, pay = logs.get("web_sessions"), logs.get("payments")
        if web is None or pay is None:
            print("error: --prior needs web_sessions.csv and payments.csv")
            return 1
        dev = next(r["device_id"] for r in web if r["order_id"] == order)
        when = {r["order_id"]: (dt.date.fromisoformat(r["ts"][:10]), r["disputed"]) for r in pay}
        day = when[order][0]
        prior = sorted({r["order_id"] for r in web if r["device_id"] == dev and r["order_id"] and r["order_id"] != order})
        ok = 0
        for o in prior:
            d, disputed = when[o]
            age = (day - d).days
            good = 120 <= age <= 365 and disputed == "0"
            ok += good
            print(f"  prior {o} placed {d} age_days={age} disputed={disputed} qualifies={'yes' if good else 'no'}")
        print(f"qualifying_prior_orders={ok}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
